"""Joker release (RKB-6) as the solver's sweep sees it: one position per way the table
jokers may go (a *plan*: each joker kept as a stand-in for its tile, or released by a
rack copy of it), so that every layout the sweep finds is a table ``check_turn``
accepts, and every legal table is some plan's layout. Why: docs/solvers.md, "Rummikub:
joker release in the sweep".
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import NamedTuple

from rummyhall.cards import JOKER
from rummyhall.games.rummikub.melds import interpret
from rummyhall.games.rummikub.sweep_position import SweepPosition
from rummyhall.games.rummikub.turn import joker_readings


class JokerPlan(NamedTuple):
    """What the table jokers do in one sweep: the faces they keep standing for and the
    faces of the rack tiles played to release them (docs/solvers.md)."""

    kept: tuple[int, ...]
    released: tuple[int, ...]


def joker_plans(joker_sets: Sequence[Sequence[int]], rack: Sequence[int]) -> list[JokerPlan]:
    """Every plan for the jokers of ``joker_sets`` (the old table's sets holding one) given
    the rack's counts per face, without repeats, those releasing more jokers first (a
    freed joker goes anywhere and the tile releasing it is placed too: the likely best,
    whose score makes a floor for the others)."""
    plans: set[JokerPlan] = set()
    for pick in product(*(joker_readings(tuple(sorted(faces))) for faces in joker_sets)):
        faces = [f for reading in pick for f in reading]
        for released in product((False, True), repeat=len(faces)):
            freed = sorted(f for f, r in zip(faces, released, strict=True) if r)
            if all(rack[f] >= freed.count(f) for f in freed):
                kept = sorted(f for f, r in zip(faces, released, strict=True) if not r)
                plans.add(JokerPlan(tuple(kept), tuple(freed)))
    return sorted(plans, key=lambda plan: (-len(plan.released), plan))


def plan_position(
    plan: JokerPlan, table: list[int], rack: list[int], rack_jokers: int
) -> SweepPosition:
    """The sweep's position under ``plan``: per-face counts of the old table's real tiles
    (``table``) and of the rack, plus the stand-ins and the forced rack tiles."""
    table, rack = list(table), list(rack)
    for face in plan.kept:
        table[face] += 1
    for face in plan.released:
        table[face] += 1
        rack[face] -= 1
    return SweepPosition(table, rack, len(plan.released), rack_jokers)


def place_jokers(sets: list[list[int]], kept: Sequence[int]) -> list[list[int]]:
    """The layout with each stand-in shown as the joker it is: one copy of each kept face
    becomes ``*``, preferably in a set that shows the joker as that face (``melds``
    reads it so), else in the first set holding the face; any such set is legal."""
    out = [list(faces) for faces in sets]
    for face in kept:
        holding = [faces for faces in out if face in faces]
        shown = [
            faces
            for faces in holding
            if face in (interpret([JOKER if f == face else f for f in faces]) or ())
        ]
        chosen = (shown or holding)[0]
        chosen[chosen.index(face)] = JOKER
    return out
