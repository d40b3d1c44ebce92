"""Static tables of the solver's sweep (``solver.py`` explains the method): how a state is
packed into an int, the per-colour track states and which of them dominate which, the
joker counts that complete groups, and one colour's choices at one number.

Both sweeps (the pure-Python reference in ``sweep.py`` and the compiled ``_sweep``) read
these tables; the compiled one gets them once, when ``sweep.py`` is imported.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations_with_replacement

from rummyhall.games.rummikub.melds import MAX_JOKERS

BIG = 1 << 12
"""Weight of one rack tile in the score: above any table value (106 tiles × 13 < 4096)."""

MAX_TRACKS = 4
"""Open runs of one colour at one number: two real copies plus at most two jokers (free
ones or stand-ins for the face, ``MAX_COPIES``)."""

TRACK_STATES: tuple[tuple[int, int, int], ...] = tuple(
    (a, b, d)
    for a in range(MAX_TRACKS + 1)
    for b in range(MAX_TRACKS + 1)
    for d in range(MAX_TRACKS + 1)
    if a + b + d <= MAX_TRACKS
)
"""One colour's open runs ``(a, b, d)``: how many of length 1, of 2 and of ≥ 3."""
_TRACK_INDEX = {s: i for i, s in enumerate(TRACK_STATES)}

MAX_COPIES = 4
"""Copies of one face a position may hold: the two real ones plus, when table jokers keep
the tile they represent (RKB-6, ``joker_release``), up to two stand-ins for it."""

# State bit fields: per colour the index of its track state (6 bits each, colour c at
# ``TRACK_BITS * c``), the jokers used, and the tally of the number being swept: how many
# colours give one (``N1``), two (``N2``) or three (``N3``, 0–2) tiles to groups, ``N3``
# being 3 for a colour giving four (that takes both jokers as stand-ins, so no other
# colour can give three). The initial meld adds the value placed, capped at 30.
TRACK_BITS = 6
JOKER_SHIFT = 24
N1_SHIFT = 26
N2_SHIFT = 29
N3_SHIFT = 32
VALUE_SHIFT = 34
TALLY_BITS = 8
TALLY_MASK = ((1 << TALLY_BITS) - 1) << N1_SHIFT
TALLY_STEP = (0, 1, 1 << N2_SHIFT - N1_SHIFT, 1 << N3_SHIFT - N1_SHIFT, 3 << N3_SHIFT - N1_SHIFT)
"""Per tiles a colour gives to groups (0–4): what it adds to the tally ``state >> N1_SHIFT``."""

VIABLE_SIZE = 1 << (TALLY_BITS + 2)
"""Length of a ``viable_tallies`` table: indices ``tally | jokers used << TALLY_BITS``."""


STAND_INS = (0, 0, 0, 1, 2)
"""Per tiles a colour gives to groups (0–4): the stand-ins it needs at the least (a face
has two real copies)."""


def tally_of(given: Sequence[int]) -> int | None:
    """The tally of colours giving ``given[i]`` tiles (0–4) to groups at one number, or
    ``None`` if no position can give that (more than four colours, or more than two
    stand-ins would be needed)."""
    if sum(STAND_INS[g] for g in given) > MAX_JOKERS or sum(1 for g in given if g) > 4:
        return None
    return sum(TALLY_STEP[g] for g in given)


TALLIES: dict[int, tuple[int, ...]] = {
    tally: given
    for size in range(5)
    for given in combinations_with_replacement(range(1, MAX_COPIES + 1), size)
    if (tally := tally_of(given)) is not None
}
"""Every tally a sweep can meet, with the tiles its colours give to groups (the order of
the colours does not matter, by symmetry)."""


def _dominating(track: tuple[int, int, int]) -> tuple[int, ...]:
    """Index offsets to the track states one step better than ``track``: one more run of
    length ≥ 3, or one run longer. Every move open to ``track`` at the next numbers is
    open to them too (a longer run may go on or stop; an extra long run may stop, or go on
    in place of a newly started one), so a state with such tracks and an equal or higher
    score makes ``track`` useless.
    """
    a, b, d = track
    better = []
    if a + b + d < MAX_TRACKS:
        better.append((a, b, d + 1))
    if a:
        better += [(a - 1, b, d + 1), (a - 1, b + 1, d)]
    if b:
        better.append((a, b - 1, d + 1))
    me = _TRACK_INDEX[track]
    return tuple(_TRACK_INDEX[t] - me for t in better)


DOMINATING = tuple(_dominating(t) for t in TRACK_STATES)
"""Per track state index: the offsets of ``_dominating``."""


Partition = tuple[tuple[tuple[int, ...], int], ...]
"""Groups of one number: per group its colours and its jokers."""


@cache
def group_partition(counts: tuple[int, ...], jokers: int) -> Partition | None:
    """Split tiles of one number into groups: ``counts[c]`` copies of colour ``c`` (0–4) and
    ``jokers`` jokers, every one used, each group 3–4 tiles of distinct colours (RKB-2).

    Returns ``((colours, jokers in it), …)`` or ``None``. The first found wins; the search
    tries bigger groups first. Cached: ``rebuild`` asks it at every number.
    """
    first = next((c for c in range(4) if counts[c]), None)
    if first is None:
        return () if jokers == 0 else None
    others = [c for c in range(first + 1, 4) if counts[c]]
    options = []
    for mask in range(1 << len(others)):
        chosen = (first, *(others[i] for i in range(len(others)) if mask >> i & 1))
        for extra in range(jokers + 1):
            if 3 <= len(chosen) + extra <= 4:
                options.append((chosen, extra))
    options.sort(key=lambda o: -(len(o[0]) + o[1]))
    for chosen, extra in options:
        rest = list(counts)
        for c in chosen:
            rest[c] -= 1
        tail = group_partition(tuple(rest), jokers - extra)
        if tail is not None:
            return ((chosen, extra), *tail)
    return None


def _group_jokers_table() -> dict[int, tuple[int, ...]]:
    """Per tally (``TALLIES``): the joker counts that complete groups, ascending."""
    table: dict[int, tuple[int, ...]] = {}
    for tally, given in TALLIES.items():
        counts = (*given, *[0] * (4 - len(given)))
        table[tally] = tuple(
            j for j in range(MAX_JOKERS + 1) if group_partition(counts, j) is not None
        )
    return table


GROUP_JOKERS = _group_jokers_table()


@cache
def colour_options(
    track: int, table: int, rack: int, jokers_left: int, number: int, ahead: bool
) -> tuple[tuple[int, int, int, int], ...]:
    """One colour's choices at one number: ``(new track state, jokers in runs, tiles to
    groups, copies placed)``.

    ``track`` indexes ``TRACK_STATES``; ``table`` copies of the face must be placed,
    ``rack`` more may be; ``ahead``: this colour has tiles at one of the next two numbers
    (a run started by a joker needs a real tile there). Runs of length 1 and 2 must go on;
    a run of length ≥ 3 may stop. Two dominated choices are not offered: stopping a run of
    length ≥ 3 while starting one, or while leaving a rack copy of this face unplaced
    (continuing the long run with that tile is the same or more tiles, and a long open run
    can do everything a shorter or stopped one can).
    """
    a, b, d = TRACK_STATES[track]
    options = []
    for placed in range(table, table + rack + 1):
        for go_on in range(d + 1):
            for start in range(MAX_TRACKS + 1 - a - b - go_on):
                if go_on < d and (start or placed < table + rack):
                    continue  # dominated: continue a long run with that tile instead
                if (start and number > 11) or (a and number > 12):
                    continue  # a run started now could not reach length 3 by 13
                slots = a + b + go_on + start
                for jokers in range(min(jokers_left, slots) + 1):
                    real = slots - jokers
                    if real > placed:
                        continue
                    if start > real and not ahead:
                        continue
                    new = _TRACK_INDEX[(start, a, b + go_on)]
                    options.append((new, jokers, placed - real, placed))
    return tuple(options)


@cache
def viable_tallies(most: tuple[int, ...], total_jokers: int) -> bytes:
    """Which tallies ``tally | jokers used << TALLY_BITS`` the colours still to come (able
    to give at most ``most[i]`` tiles to groups) and the jokers left can complete into
    groups at this number: a table of ``VIABLE_SIZE`` flags, 1 where they can."""
    # what the colours to come may add: (tally, colours giving, stand-ins needed)
    extras = {(0, 0, 0)}
    for m in most:
        extras = {
            (tally + TALLY_STEP[g], colours + (g > 0), stand_ins + STAND_INS[g])
            for tally, colours, stand_ins in extras
            for g in range(m + 1)
        }
    viable = bytearray(VIABLE_SIZE)
    for tally, given in TALLIES.items():
        own = sum(STAND_INS[g] for g in given)
        finals = [
            tally + extra
            for extra, colours, stand_ins in extras
            if colours + len(given) <= 4 and stand_ins + own <= MAX_JOKERS
        ]
        # the fewest jokers that complete the groups of some final tally
        fewest = min((GROUP_JOKERS[t][0] for t in finals if GROUP_JOKERS[t]), default=None)
        if fewest is not None:
            for used in range(total_jokers - fewest + 1):
                viable[tally | used << TALLY_BITS] = 1
    return bytes(viable)
