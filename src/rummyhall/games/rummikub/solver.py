"""Exact Rummikub solvers: the best play after the initial meld (RKB-5) and the best
initial meld (RKB-4), by dynamic programming over the numbers 1 … 13.

Why a DP (after van Rijn, Takes & Vis, "The complexity of Rummikub problems", 2015):
every set lives at one number (a group) or on consecutive numbers of one colour (a run).
Sweeping the numbers upwards, all the past needs to tell the future is, per colour, how
many runs are open and how long each is: 1, 2 or "3 or more" (long enough to stop). The
two copies of a face are interchangeable, so the open runs of a colour are an unordered
multiset ``(a, b, d)`` = (runs of length 1, of length 2, of length ≥ 3). At each number
every tile copy placed there either extends/starts a run of its colour or joins a group of
that number; groups are closed at once, so they need no memory beyond the number.

Jokers are handled exactly, inside the same sweep: a joker may fill any slot of a run
(start, gap, end) or complete a group, and the state counts the jokers used so far (at
most two exist, RKB-1). A joker may even stand for a face whose two real copies sit in
other runs, so a colour may carry up to four open runs; in practice the joker budget keeps
those states rare.

Joker release (RKB-6, ``joker_release.py``). A joker on the table at the start of the
turn may stand for another tile only if the tile it stood for is played from the rack. The
search models that exactly, inside the sweep, not by filtering its answers: one sweep per
*joker plan*, a reading of the old jokers' sets and, per table joker, "kept" (to the sweep
a table copy of the tile it stands for: it must be placed, as a table tile) or "released
by the rack tile f" (one rack copy of f must be placed; the joker is free, as the sweep
treats jokers). A face may then have three or four copies (two real, up to two
stand-ins), so the counts, track states and group tallies allow four. The legal tables
are exactly the union of the plans' layouts, so the best over the plans is the best legal
play; the layout returned shows each stand-in as its joker, and ``check_turn`` accepts it.
A kept joker's value is the number of the tile it keeps: a table's value counts each joker
at its best *legal* reading. On the initial meld (RKB-4) the table is not touched, so
there is nothing to release.

Objective, as one integer: ``BIG × (rack tiles placed) + (value of the whole new table)``,
where jokers count as tiles from the rack when they come from it and as the number they
represent for the value. ``BIG`` exceeds any table value, so the most tiles win and the
value only breaks ties. Table tiles (and table jokers) must all be placed. The value of
the old table is a constant, so "most value placed" is the new table's value minus the
old one's, with jokers at the numbers they represent (RKB-3, RKB-4).

The sweep runs colour by colour inside each number, so a step only enumerates one
colour's choices; the group decision is taken once per number from a tally of how many
colours gave one or two tiles to groups (a precomputed feasibility table says which
joker counts can complete such groups). States are small ints (bit fields), layers are
maps from state to best score, and a parent map per step rebuilds one optimal layout.

What keeps it fast (all exact): choices that are never better are not offered (a run
that starts with a joker must end at 13, else the joker could move to the top for more
value; a long run is not stopped while a rack copy could extend it); group tallies that
the colours still to come cannot complete are dropped; a state is dropped when another
with the same fields has one track longer (or one more long run) and no lower score
(``sweep_tables.DOMINATING``); and a state is dropped when even placing every remaining rack tile
that could still join a set cannot lift it to a floor. The floor comes from a cheap beam
pass (``_search``): an exact sweep with a floor just above the beam's layout either finds
the optimum or returns nothing, quickly, which proves the beam's layout optimal. With
several joker plans the best score so far is the floor of the next sweep, the plans that
release jokers first (likely the best), so most sweeps of the other plans end at once.

The initial meld (RKB-4) adds one more field: the value placed so far, capped at 30, so
the ≥ 30 condition is decided exactly while maximising tiles then value.

Where it lives: ``sweep_tables.py`` (the state's bit fields and the static tables),
``sweep_position.py`` (a position's colour steps and bounds), ``joker_release.py`` (the
joker plans and their positions), ``sweep.py`` (the sweep and the layout it rebuilds),
and this module (the search for the floor, the public API and the output order).

Output order: each set in canonical order (``melds.canonical``: runs ascending, groups
by colour R B K O, jokers in the place they represent) and the sets sorted by what they
represent, tile by tile, number first then colour (``melds.set_key``). The layout
returned is a deterministic function of the tile counts given: the order of the table's
sets or of the rack never changes the answer.
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
    the most value (module docstring); ``None`` if no rack tile can be placed.

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
