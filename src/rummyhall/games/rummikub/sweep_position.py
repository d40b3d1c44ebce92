"""One position as the sweep sees it: tile counts per face, what each colour step may do,
and the optimistic bounds that let a sweep drop states that cannot reach its floor.

Everything here depends on the position only, so it is worked out once and shared by
every sweep of a search (``solver._search``) and by both sweep implementations.
"""

from __future__ import annotations

from operator import add
from typing import NamedTuple

from rummyhall.games.rummikub.melds import MAX_JOKERS
from rummyhall.games.rummikub.sweep_tables import BIG, viable_tallies


class ColourStep(NamedTuple):
    """One colour at one number: the sweep's steps run number by number, colours R B K O
    inside each, then that number's group step."""

    colour: int
    number: int
    table: int
    """Copies of this face on the table: all must be placed (0–4: a joker plan adds its
    stand-ins and the rack tiles it must play, ``joker_release``)."""
    rack: int
    """Copies on the rack: any may be placed."""
    ahead: bool
    """A run started here by a joker can still be completed (``colour_options``)."""
    viable: bytes
    """``viable_tallies`` of the colours after this one at this number."""


Bounds = tuple[tuple[int, ...], ...]
"""Per step (four colour steps, then the group step, per number) and per count of jokers
left: the most score the steps after it can still add."""


class SweepPosition:
    """Tile counts of a position, per face: on the table (all must be placed) and on the
    rack (may be), plus the colour steps and the bounds of the sweep. ``table_jokers``
    must all be placed too; all jokers are free (any slot of any set)."""

    def __init__(self, table: list[int], rack: list[int], table_jokers: int, rack_jokers: int):
        self.table = table
        self.rack = rack
        self.table_jokers = table_jokers
        self.jokers = table_jokers + rack_jokers
        self.present = [table[f] + rack[f] for f in range(52)]
        self.steps = self._colour_steps()
        self.rest = self._rest_bounds()

    def _colour_steps(self) -> tuple[ColourStep, ...]:
        present, table, rack, jokers = self.present, self.table, self.rack, self.jokers
        # per face: the faces of its colour above it that are absent
        gaps_above = [0] * 52
        for colour in range(4):
            gaps = 0
            for face in range(colour * 13 + 12, colour * 13 - 1, -1):
                gaps_above[face] = gaps
                gaps += not present[face]
        steps = []
        for number in range(1, 14):
            most = [present[c * 13 + number - 1] for c in range(4)]
            for colour in range(4):
                face = colour * 13 + number - 1
                # A run that starts with a joker ends at 13 (else that joker could move to
                # the top, a strictly better layout): its other slots up to 13 need tiles,
                # all but the remaining jokers' worth.
                ahead = gaps_above[face] < jokers and bool(
                    (number <= 12 and present[face + 1]) or (number <= 11 and present[face + 2])
                )
                viable = viable_tallies(tuple(most[colour + 1 :]), jokers)
                steps.append(ColourStep(colour, number, table[face], rack[face], ahead, viable))
        return tuple(steps)

    def placeable(self, face: int, jokers_left: int) -> bool:
        """Could a rack tile of ``face`` still join a set when the sweep reaches it with
        ``jokers_left`` jokers unused? Jokers already used may sit below it in its run."""
        if jokers_left >= 2:
            return True  # the tile and two jokers
        number = face % 13
        if sum(1 for c in range(4) if self.present[c * 13 + number]) + jokers_left >= 3:
            return True
        base = face - number
        for low in range(max(0, number - 2), min(number, 10) + 1):
            missing = [n for n in range(low, low + 3) if not self.present[base + n]]
            above = sum(1 for n in missing if n > number)
            if above <= jokers_left and len(missing) <= self.jokers:
                return True
        return False

    def _rest_bounds(self) -> Bounds:
        table, rack = self.table, self.rack
        order = [c * 13 + n for n in range(13) for c in range(4)]
        suffix = [0] * (MAX_JOKERS + 1)
        after_face: list[list[int]] = []
        for face in reversed(order):
            after_face.append(list(suffix))
            number = face % 13 + 1
            for left in range(MAX_JOKERS + 1):
                suffix[left] += table[face] * number
                if rack[face] and self.placeable(face, left):
                    suffix[left] += rack[face] * (BIG + number)
        after_face.reverse()
        bonus = [left * (BIG + 13) for left in range(MAX_JOKERS + 1)]  # the jokers left
        steps = []
        for index, rest in enumerate(after_face):
            bounds = tuple(map(add, rest, bonus))
            steps.append(bounds)
            if index % 4 == 3:
                steps.append(bounds)  # the group step of this number
        return tuple(steps)
