"""Exact Rummikub solvers: the best play after the initial meld (RKB-5) and the best
initial meld (RKB-4), by dynamic programming over the numbers 1 … 13 (after van Rijn,
Takes & Vis, 2015), jokers and joker release (RKB-6) handled exactly inside the sweep.

This module holds the search for a floor (a beam pass), the public API and the output
order: each set in canonical order (``melds.canonical``), the sets sorted by what they
represent (``melds.set_key``), the same whatever the order of the tiles given. The sweep
is ``sweep.py`` (``sweep_tables.py``, ``sweep_position.py``, ``joker_release.py``). How
and why it works: docs/solvers.md, "Rummikub: best play and initial meld".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from rummyhall.arguments import quoted
from rummyhall.cards import JOKER, TILE_NAMES, parse_tiles
from rummyhall.errors import IllegalAction, NotationError
from rummyhall.games.rummikub.joker_release import (
    JokerPlan,
    joker_plans,
    place_jokers,
    plan_position,
)
from rummyhall.games.rummikub.melds import MAX_JOKERS, canonical_faces, interpret, set_key
from rummyhall.games.rummikub.sweep import Layout, SweepResult, rebuild, sweep
from rummyhall.games.rummikub.sweep_position import SweepPosition
from rummyhall.games.rummikub.sweep_tables import BIG

INITIAL_MELD_VALUE = 30
"""RKB-4: the initial meld totals at least 30."""

BEAM = 64
"""States kept per step (best score + bound first) by the heuristic pass that finds a
layout, and so a floor, for the exact pass."""


def _names(sets: Layout) -> list[list[str]]:
    """Sets in canonical order, each in canonical order (module docstring)."""
    shown = []
    for faces in sets:
        meaning = interpret(faces)
        assert meaning is not None, faces
        shown.append((set_key(meaning), canonical_faces(faces, meaning)))
    shown.sort()
    return [[TILE_NAMES[f] for f in faces] for _, faces in shown]


def _tally(tiles: Iterable[int], into: list[int]) -> int:
    """Add faces to per-face counts; returns the jokers seen."""
    jokers = 0
    for face in tiles:
        if face == JOKER:
            jokers += 1
        else:
            into[face] += 1
    return jokers


def _check_copies(table: list[int], rack: list[int], jokers: int) -> None:
    if jokers > MAX_JOKERS:
        raise NotationError(f"{jokers} jokers given; the game has {MAX_JOKERS} (RKB-1)")
    for face in range(52):
        if table[face] + rack[face] > 2:
            raise NotationError(
                f"{TILE_NAMES[face]} appears {table[face] + rack[face]} times; "
                "the game has two copies of each tile (RKB-1)"
            )


def _rack_counts(rack: Iterable[str] | str) -> tuple[list[int], int]:
    counts = [0] * 52
    jokers = _tally(parse_tiles(rack, "rack"), counts)
    return counts, jokers


def _table_sets(table: object) -> list[Iterable[str] | str]:
    """The table's sets, each still in notation; a clear error when the table is not a
    list of sets (a single string, ``None``, a dict)."""
    if isinstance(table, str | bytes | Mapping) or not isinstance(table, Iterable):
        raise NotationError(
            "table must be a list of sets, each a list of tiles or one string of them, "
            f"not {quoted(table)}"
        )
    return list(table)


def _search(positions: Sequence[SweepPosition]) -> tuple[SweepResult, int] | None:
    """The exact best score over ``positions`` (a play's joker plans), a path to it and
    the index of its position; ``None`` if no layout places a rack tile.

    An exact sweep with a floor returns the optimum if the floor is at or below it and
    nothing otherwise; the closer the floor, the more states it drops. So: a narrow beam
    (ranked by score plus the optimistic bound of what is left, so it does not spend the
    jokers early) finds a real layout per position, usually optimal, and the best so far
    is the floor of the next; then one exact sweep per position with a floor just above
    the best either finds something better (the new best) or proves there is nothing
    better there. The floor starts at one rack tile placed: less is no play.
    """
    floor, best = BIG, None
    for exact in (False, True):
        for index, pos in enumerate(positions):
            result = sweep(pos, 0, floor, 0 if exact else BEAM)
            if result is not None:
                best, floor = (result, index), result[0] + 1
    return best


def meld_position(rack: Iterable[str] | str) -> SweepPosition:
    """The position of an initial meld: the rack alone (raises ``NotationError`` on bad
    notation or too many copies)."""
    counts, jokers = _rack_counts(rack)
    _check_copies([0] * 52, counts, jokers)
    return SweepPosition([0] * 52, counts, 0, jokers)


def play_positions(
    table: Iterable[Iterable[str] | str], rack: Iterable[str] | str
) -> list[tuple[JokerPlan, SweepPosition]]:
    """The positions of a play after the initial meld, one per joker plan (RKB-6,
    ``joker_release``); ``IllegalAction("RKB-2")`` for a table set that is not valid,
    ``NotationError`` on bad notation or too many copies."""
    table_counts = [0] * 52
    table_jokers = 0
    joker_sets = []
    for number, tiles in enumerate(_table_sets(table), 1):
        faces = parse_tiles(tiles, f"table set {number}")
        if interpret(faces) is None:
            names = " ".join(TILE_NAMES[f] for f in faces)
            raise IllegalAction(
                "RKB-2",
                f"table set is not a valid set: {names or 'empty'}",
                key="rkb.table_not_a_set",
                values={"tiles": names or "—"},
            )
        jokers = _tally(faces, table_counts)
        if jokers:
            table_jokers += jokers
            joker_sets.append(faces)
    rack_counts, rack_jokers = _rack_counts(rack)
    _check_copies(table_counts, rack_counts, table_jokers + rack_jokers)
    return [
        (plan, plan_position(plan, table_counts, rack_counts, rack_jokers))
        for plan in joker_plans(joker_sets, rack_counts)
    ]


def best_initial_meld(rack: Iterable[str] | str) -> list[list[str]] | None:
    """The initial meld (RKB-4): sets from the rack only, worth ≥ 30 in total (jokers at
    the number they represent), placing the most tiles, then the most value; ``None`` if
    no such meld exists.

    >>> best_initial_meld("R10 R11 R12 B3 K3 O3 B9")
    [['B3', 'K3', 'O3'], ['R10', 'R11', 'R12']]
    >>> best_initial_meld("R1 R2 R3 B1 K1") is None
    True
    """
    result = sweep(meld_position(rack), INITIAL_MELD_VALUE, 0, 0)
    if result is None:
        return None
    return _names(rebuild(result[1]))


def best_play(
    table: Iterable[Iterable[str] | str], rack: Iterable[str] | str
) -> list[list[str]] | None:
    """The whole new table after the best legal play (RKB-5, RKB-6): every table tile
    kept, the table rearranged freely, a table joker moved only where it still stands for
    its tile unless that tile is played from the rack; placing the most rack tiles, then
    the most value (docs/solvers.md); ``None`` if no rack tile can be placed.

    ``table`` is a list of valid sets (RKB-2); anything else raises
    ``IllegalAction("RKB-2")``.

    >>> best_play([["R5", "R6", "R7"], ["B9", "K9", "O9"]], "R4 R8 B1")
    [['R4', 'R5', 'R6', 'R7', 'R8'], ['B9', 'K9', 'O9']]
    >>> best_play([["R1", "R2", "R3", "*"]], "B7 B8") is None  # the joker is R4 (RKB-6)
    True
    """
    plans = play_positions(table, rack)
    found = _search([pos for _, pos in plans])
    if found is None:
        return None
    (_, path), index = found
    return _names(place_jokers(rebuild(path), plans[index][0].kept))
