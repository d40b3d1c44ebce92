"""An exhaustive Rummikub search written for the tests, independent of the solver.

A set is checked by trying every tile each joker could stand for and testing the
joker-free result against RKB-2 directly; each such reading has a value. The best play
tries every sub-multiset of the rack and, for each, every way to split the table plus
those tiles into valid sets and every reading of their jokers, keeping those that RKB-6
allows (written here from docs/rulebook.md, not from ``turn.py``): a joker that was on the table
still stands for a tile it stood for, or that tile was played from the rack. Only for
small instances (a dozen tiles or so).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
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
def set_readings(tiles: tuple[str, ...]) -> dict[tuple[str, ...], int]:
    """Every reading of a set: the tiles its jokers stand for (sorted) and the value of
    the set so read; empty if it is not a set."""
    tiles = tuple(sorted(tiles))
    real = [t for t in tiles if t != "*"]
    jokers = len(tiles) - len(real)
    readings: dict[tuple[str, ...], int] = {}
    if jokers > 2 or not real or len(tiles) > 13 or len(set(real)) < len(real):
        return readings
    if len({r[0] for r in real}) > 1 and len({r[1:] for r in real}) > 1:
        return readings  # neither one colour nor one number
    # a run shares its colour, a group its number: a joker stands for a tile that shares
    # one of them with a real tile
    near = [f for f in FACES if any(f[0] == r[0] or f[1:] == r[1:] for r in real)]
    for stand_ins in product(near, repeat=jokers):
        faces = (*real, *stand_ins)
        if _plain_set_ok(faces):
            readings[tuple(sorted(stand_ins))] = sum(int(f[1:]) for f in faces)
    return readings


def brute_set_value(tiles: tuple[str, ...]) -> int | None:
    """The value of a set (best reading of its jokers), ``None`` if it is not a set."""
    return max(set_readings(tiles).values(), default=None)


def _candidate_sets(pool: Counter[str]) -> list[tuple[str, ...]]:
    """Every valid set (as a sorted tuple) that the tiles of ``pool`` can form: every run
    and group of faces, with up to as many jokers as the pool holds standing in for any of
    them, whose real tiles are all in ``pool`` (each checked by ``set_readings``)."""
    shapes = [
        [f"{c}{n}" for n in range(low, high + 1)]
        for c in COLOURS
        for low in range(1, 12)
        for high in range(low + 2, 14)
    ]
    shapes += [
        [f"{c}{n}" for c in chosen]
        for n in range(1, 14)
        for size in (3, 4)
        for chosen in combinations(COLOURS, size)
    ]
    found = set()
    for faces in shapes:
        if sum(1 for f in faces if not pool[f]) > pool["*"]:
            continue
        for count in range(min(pool["*"], len(faces) - 1) + 1):
            for stand_ins in combinations(range(len(faces)), count):
                tiles = ["*" if i in stand_ins else f for i, f in enumerate(faces)]
                if all(pool[t] for t in tiles if t != "*"):
                    found.add(tuple(sorted(tiles)))
    return sorted(c for c in found if set_readings(c))


Readings = dict[tuple[str, ...], int]
"""Per multiset of the tiles the jokers of a whole table stand for: its best value."""


def _splitter(candidates: list[tuple[str, ...]]) -> Callable[[Counter[str]], Readings]:
    """Every split of some tiles (all of them) into ``candidates``, every reading of its
    jokers: the best value per multiset of joker readings (empty if there is no split)."""

    @cache
    def split(rest: tuple[str, ...]) -> Readings:
        if not rest:
            return {(): 0}
        first = rest[0]
        left = Counter(rest)
        best: Readings = {}
        for cand in candidates:
            if first not in cand or Counter(cand) - left:
                continue
            tail = split(tuple(sorted((left - Counter(cand)).elements())))
            for now, value in set_readings(cand).items():
                for more, rest_value in tail.items():
                    key = tuple(sorted(now + more))
                    best[key] = max(best.get(key, -1), value + rest_value)
        return best

    return lambda tiles: split(tuple(sorted(tiles.elements())))


def released_ok(
    was_options: list[tuple[str, ...]], now: tuple[str, ...], played: Counter[str]
) -> bool:
    """RKB-6, read off docs/rulebook.md: for some reading of the old table's jokers, each still
    stands for its tile or the player played that tile from his rack, one per joker."""
    return any(not (Counter(was) - Counter(now)) - played for was in was_options)


def old_joker_readings(table: list[list[str]]) -> list[tuple[str, ...]]:
    """Every reading of the jokers of the whole old table (one per set, combined)."""
    per_set = [list(set_readings(tuple(s))) for s in table if "*" in s]
    return [tuple(t for part in pick for t in part) for pick in product(*per_set)]


def _sub_multisets(rack: Counter[str]) -> list[Counter[str]]:
    faces = sorted(rack)
    out = []
    for counts in product(*(range(rack[f] + 1) for f in faces)):
        out.append(Counter({f: k for f, k in zip(faces, counts, strict=True) if k}))
    return out


def brute_best_play(table: list[list[str]], rack: list[str]) -> tuple[int, int]:
    """``(rack tiles placed, value of the new table)`` of the best legal play (RKB-5,
    RKB-6), jokers at the numbers they legally stand for (the best such reading). (The old
    table's value is a constant, so the most value placed is the most valuable new table.)
    ``(0, 0)`` if nothing can be placed."""
    table_tiles = Counter(t for s in table for t in s)
    rack_tiles = Counter(rack)
    splits = _splitter(_candidate_sets(table_tiles + rack_tiles))
    was_options = old_joker_readings(table)
    best = (0, 0)
    for chosen in _sub_multisets(rack_tiles):
        count = sum(chosen.values())
        if not count or (count, 1 << 30) <= best:
            continue
        for now, value in splits(table_tiles + chosen).items():
            if released_ok(was_options, now, chosen):
                best = max(best, (count, value))
    return best


def legal_value(table: list[list[str]], rack: list[str], result: list[list[str]]) -> int | None:
    """The value of the new table ``result`` under its best legal reading (RKB-6, as
    ``brute_best_play`` counts it), ``None`` if no reading is legal."""
    played = Counter(t for s in result for t in s) - Counter(t for s in table for t in s)
    was_options = old_joker_readings(table)
    per_set = [set_readings(tuple(s)).items() for s in result]
    best = None
    for pick in product(*per_set):
        now = tuple(sorted(t for stand_ins, _ in pick for t in stand_ins))
        if released_ok(was_options, now, played):
            value = sum(v for _, v in pick)
            best = value if best is None else max(best, value)
    return best


def brute_initial_meld(rack: list[str]) -> tuple[int, int] | None:
    """``(tiles, value)`` of the best initial meld (RKB-4), ``None`` if none reaches 30."""
    rack_tiles = Counter(rack)
    splits = _splitter(_candidate_sets(rack_tiles))
    best = None
    for chosen in _sub_multisets(rack_tiles):
        value = max(splits(chosen).values(), default=None)
        if value is not None and value >= 30:
            key = (sum(chosen.values()), value)
            best = key if best is None else max(best, key)
    return best
