"""What the Rummikub bots read off a rack and a table: the tiles a play lays, what a rack
costs, the solver's maximum, and the tiles that fit the table on their own."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence

from rummyhall.actions import Action, Play
from rummyhall.cards import JOKER, TILE_NAMES, parse_tiles
from rummyhall.games.rummikub import best_initial_meld, best_play
from rummyhall.games.rummikub.melds import canonical_faces, interpret, number_of

JOKER_VALUE = 30
"""A joker left on a rack costs 30 (RKB-8)."""


def rack_value(tiles: Sequence[str]) -> int:
    """What a rack costs its owner at the end of a round (RKB-8, RKB-9)."""
    return sum(JOKER_VALUE if name == "*" else int(name[1:]) for name in tiles)


def remove(
    rack: Sequence[str], table: Sequence[Sequence[str]], new: Sequence[Sequence[str]]
) -> list[str]:
    """The rack left after playing from ``table`` to ``new``."""
    left = Counter(rack)
    left.subtract(Counter(t for tiles in new for t in tiles))
    left.update(Counter(t for tiles in table for t in tiles))
    return sorted(left.elements())


def laid(table: Sequence[Sequence[str]], new: Sequence[Sequence[str]]) -> list[str]:
    """The rack tiles a turn from ``table`` to ``new`` lays down."""
    return remove([tile for tiles in new for tile in tiles], [], table)


def no_play(legal_actions: Sequence[Action]) -> Action:
    """Draw from the pool, or pass once it is empty (RKB-7, RKB-9)."""
    return next(a for a in legal_actions if not isinstance(a, Play))


def solver_play(
    table: Sequence[Sequence[str]], rack: Sequence[str], melded: bool
) -> list[list[str]] | None:
    """The solver's maximum as a new table (medium's move), or ``None`` to draw: the
    initial meld placing the most tiles before melding (RKB-4), the best play after."""
    if not melded:
        melds = best_initial_meld(rack)
        return None if melds is None else [*map(list, table), *melds]
    return best_play(table, rack)


def fitting_faces(table: Sequence[Sequence[str]]) -> frozenset[str]:
    """The tiles that fit a set of ``table`` on their own: extending a run at either end,
    splitting a run of five or more in two runs, completing a group of three, or taking
    the place a joker holds (RKB-5, RKB-6); the joker fits wherever a run can grow or a
    group has three tiles. Rearrangements of several sets are not looked for, so a tile
    left out may still be playable.

    >>> sorted(fitting_faces([["R3", "R4", "R5", "R6", "R7"], ["B9", "K9", "*"]]))
    ['*', 'O9', 'R2', 'R5', 'R8', 'R9']

    The opponent model asks this of every table of the round at every move, so the
    answers are remembered.
    """
    return _fitting_faces(tuple(map(tuple, table)))


@functools.lru_cache(maxsize=4096)
def _fitting_faces(table: tuple[tuple[str, ...], ...]) -> frozenset[str]:
    fits: set[int] = set()
    for tiles in table:
        faces = parse_tiles(tiles)
        shown = interpret(faces)
        if shown is None:
            continue
        fits.update(shown[i] for i, f in enumerate(canonical_faces(faces, shown)) if f == JOKER)
        numbers = [number_of(f) for f in shown]
        if len(set(numbers)) == 1:  # a group
            if len(shown) == 3:
                fits.update(f for f in range(numbers[0] - 1, 52, 13) if f not in shown)
                fits.add(JOKER)
            continue
        low, high, first = numbers[0], numbers[-1], shown[0]
        if low > 1:
            fits.add(first - 1)
        if high < 13:
            fits.add(shown[-1] + 1)
        if low > 1 or high < 13:
            fits.add(JOKER)
        fits.update(first + k for k in range(2, len(shown) - 2))
    return frozenset(TILE_NAMES[f] for f in fits)
