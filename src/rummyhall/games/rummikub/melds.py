"""What a Rummikub set is (RKB-2, RKB-3) and what its jokers stand for (RKB-4).

A set is judged as a multiset (``R7 R5 R6`` is the run 5-6-7); when a joker's tile is not
forced, it takes the legal reading of highest value (RKB-4), and outputs list a set in
canonical order: the tiles it represents, runs ascending, groups by colour R B K O. Why,
and the rules of the choice: docs/solvers.md, "Rummikub: what a set is and what its
jokers stand for".

>>> canonical("R7 * R5")
['R5', '*', 'R7']
>>> joker_values("R5 R6 *"), set_value("R5 R6 *")
([7], 18)
>>> canonical("* O9 R9")
['R9', '*', 'O9']
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from rummyhall.cards import JOKER, TILE_NAMES, parse_tiles
from rummyhall.errors import IllegalAction

MAX_JOKERS = 2
"""RKB-1: two jokers exist, so no set (and no table) holds more."""


def colour_of(face: int) -> int:
    """Colour index of a number tile: R = 0, B = 1, K = 2, O = 3."""
    return face // 13


def number_of(face: int) -> int:
    """Number 1–13 of a number tile."""
    return face % 13 + 1


def interpret(faces: Iterable[int]) -> tuple[int, ...] | None:
    """The tiles a set represents, in canonical order, or ``None`` if it is not a set.

    Real tiles represent themselves; jokers take the highest-valued legal reading (module
    docstring). The result has one face per tile given and holds no joker.
    """
    return _reading(tuple(sorted(faces)))


@lru_cache(maxsize=1 << 16)
def _reading(tiles: tuple[int, ...]) -> tuple[int, ...] | None:
    """:func:`interpret` of the tiles in sorted order (the reading does not depend on
    their order), remembered: the solver and the searches ask again and again about the
    same sets (some 850,000 times in one Rummikub round's review; remembered, the
    review's longest round took 7.92 s instead of 10.75: docs/review.md, "Marks")."""
    jokers = tiles.count(JOKER)
    real = [f for f in tiles if f != JOKER]
    size = len(tiles)
    if size < 3 or jokers > MAX_JOKERS or not real:
        return None
    run = _as_run(real, size)
    group = _as_group(real, size)
    if group is None:
        return run
    if run is None or sum(map(number_of, group)) > sum(map(number_of, run)):
        return group
    return run


def _as_run(real: list[int], size: int) -> tuple[int, ...] | None:
    """RKB-2 run: one colour, distinct numbers, 1 low only; jokers fill gaps, then go up."""
    colour = colour_of(real[0])
    if any(colour_of(f) != colour for f in real) or len(set(real)) != len(real):
        return None
    low, high = real[0], real[-1]
    if high - low + 1 > size or size > 13:
        return None
    top = min(13 * colour + 12, low + size - 1)
    return tuple(range(top - size + 1, top + 1))


def _as_group(real: list[int], size: int) -> tuple[int, ...] | None:
    """RKB-2 group: 3 or 4 tiles of one number in distinct colours; jokers take the first
    missing colours in the order R B K O."""
    number = number_of(real[0])
    colours = {colour_of(f) for f in real}
    if size > 4 or any(number_of(f) != number for f in real) or len(colours) != len(real):
        return None
    missing = [c for c in range(4) if c not in colours][: size - len(real)]
    return tuple(sorted(13 * c + number - 1 for c in colours | set(missing)))


def _interpreted(tiles: Iterable[str] | str) -> tuple[list[int], tuple[int, ...]]:
    faces = parse_tiles(tiles)
    shown = interpret(faces)
    if shown is None:
        names = " ".join(TILE_NAMES[f] for f in faces)
        raise IllegalAction(
            "RKB-2",
            f"not a valid set (group or run): {names or 'no tiles'}",
            key="rkb.not_a_set",
            values={"tiles": names or "—"},
        )
    return faces, shown


def canonical_faces(faces: Iterable[int], shown: tuple[int, ...]) -> list[int]:
    """The faces of a set in canonical order, given what it represents (``interpret``)."""
    present = {f for f in faces if f != JOKER}  # distinct: a set never repeats a face
    return [f if f in present else JOKER for f in shown]


def is_valid_set(tiles: Iterable[str] | str) -> bool:
    """RKB-2, RKB-3: a group or a run, jokers standing for any tile, in any order.

    >>> is_valid_set("R12 R13 R1"), is_valid_set("K4 * K2"), is_valid_set("R5 B5 R5")
    (False, True, False)
    """
    return interpret(parse_tiles(tiles)) is not None


def joker_values(tiles: Iterable[str] | str) -> list[int]:
    """The number each joker of a valid set represents, in canonical order (ascending for a
    run); an empty list if there is none. Ambiguity: highest-valued reading (docs/solvers.md).

    Raises ``IllegalAction("RKB-2")`` if the tiles are not a valid set.

    >>> joker_values("* R12 R13"), joker_values("R13 * *"), joker_values("B3 B1 *")
    ([11], [13, 13], [2])
    """
    faces, shown = _interpreted(tiles)
    ordered = canonical_faces(faces, shown)
    return [number_of(s) for f, s in zip(ordered, shown, strict=True) if f == JOKER]


def set_value(tiles: Iterable[str] | str) -> int:
    """Sum of the numbers of a valid set, each joker at the number it represents (RKB-4).

    >>> set_value("R10 B10 K10"), set_value("O1 * O3 *")
    (30, 10)
    """
    return sum(number_of(s) for s in _interpreted(tiles)[1])


def canonical(tiles: Iterable[str] | str) -> list[str]:
    """A valid set in canonical order (runs ascending, groups R B K O, jokers in place)."""
    faces, shown = _interpreted(tiles)
    return [TILE_NAMES[f] for f in canonical_faces(faces, shown)]


def set_key(shown: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """Sort key of a set by what it represents: tile by tile, number first, then colour
    R B K O. So sets are listed by their lowest number; at equal start a group (R5 B5 …)
    comes before a run (R5 R6 …), and runs of colours R B K O in that order."""
    return tuple((number_of(f), colour_of(f)) for f in shown)
