"""An exhaustive Rummikub search written for the tests, independent of the solver.

A set is checked by trying every tile each joker could stand for and testing the
joker-free result against RKB-2 directly; its value is the best such reading. The best
play tries every sub-multiset of the rack and, for each, every way to split the table
plus those tiles into valid sets. Only for small instances (a dozen tiles or so).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations, product

COLOURS = "RBKO"
FACES = [f"{c}{n}" for c in COLOURS for n in range(1, 14)]


def _plain_set_ok(faces: tuple[str, ...]) -> bool:
    """RKB-2 without jokers."""
    if len(faces) < 3 or len(set(faces)) != len(faces):
        return False
    colours = [f[0] for f in faces]
    numbers = sorted(int(f[1:]) for f in faces)
    if len(set(numbers)) == 1:
        return len(faces) <= 4 and len(set(colours)) == len(faces)
    return len(set(colours)) == 1 and numbers == list(range(numbers[0], numbers[0] + len(faces)))


@cache
def brute_set_value(tiles: tuple[str, ...]) -> int | None:
    """The value of a set (best reading of its jokers), ``None`` if it is not a set."""
    tiles = tuple(sorted(tiles))
    real = [t for t in tiles if t != "*"]
    jokers = len(tiles) - len(real)
    if jokers > 2:
        return None
    best = None
    for stand_ins in product(FACES, repeat=jokers):
        faces = (*real, *stand_ins)
        if _plain_set_ok(faces):
            value = sum(int(f[1:]) for f in faces)
            best = value if best is None else max(best, value)
    return best


def _candidate_sets(pool: Counter[str]) -> list[tuple[str, ...]]:
    """Every valid set (as a sorted tuple) that the tiles of ``pool`` can form."""
    tiles = sorted(pool.elements())
    found = set()
    for size in range(3, len(tiles) + 1):
        for chosen in combinations(tiles, size):
            if chosen in found:
                continue
            if sum(1 for t in chosen if t != "*") and brute_set_value(chosen) is not None:
                found.add(chosen)
    return sorted(found)


def _best_split(tiles: Counter[str], candidates: list[tuple[str, ...]]) -> int | None:
    """The highest total value of a split of ``tiles`` (all of them) into sets."""

    @cache
    def split(rest: tuple[str, ...]) -> int | None:
        if not rest:
            return 0
        first = rest[0]
        left = Counter(rest)
        best = None
        for cand in candidates:
            if first not in cand or Counter(cand) - left:
                continue
            tail = split(tuple(sorted((left - Counter(cand)).elements())))
            if tail is not None:
                total = tail + (brute_set_value(cand) or 0)
                best = total if best is None else max(best, total)
        return best

    return split(tuple(sorted(tiles.elements())))


def _sub_multisets(rack: Counter[str]) -> list[Counter[str]]:
    faces = sorted(rack)
    out = []
    for counts in product(*(range(rack[f] + 1) for f in faces)):
        out.append(Counter({f: k for f, k in zip(faces, counts, strict=True) if k}))
    return out


def brute_best_play(table: list[list[str]], rack: list[str]) -> tuple[int, int]:
    """``(rack tiles placed, value of the new table)`` of the best play, jokers at the
    numbers they represent. (The old table's value is a constant, so the most value placed
    is the most valuable new table.) ``(0, 0)`` if nothing can be placed."""
    table_tiles = Counter(t for s in table for t in s)
    rack_tiles = Counter(rack)
    candidates = _candidate_sets(table_tiles + rack_tiles)
    best = (0, 0)
    for chosen in _sub_multisets(rack_tiles):
        count = sum(chosen.values())
        if (count, 1 << 30) <= best:
            continue
        value = _best_split(table_tiles + chosen, candidates)
        if value is not None and count:
            best = max(best, (count, value))
    return best


def brute_initial_meld(rack: list[str]) -> tuple[int, int] | None:
    """``(tiles, value)`` of the best initial meld (RKB-4), ``None`` if none reaches 30."""
    rack_tiles = Counter(rack)
    candidates = _candidate_sets(rack_tiles)
    best = None
    for chosen in _sub_multisets(rack_tiles):
        value = _best_split(chosen, candidates)
        if value is not None and value >= 30:
            key = (sum(chosen.values()), value)
            best = key if best is None else max(best, key)
    return best
