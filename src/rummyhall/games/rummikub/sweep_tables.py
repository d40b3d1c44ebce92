"""Static tables of the solver's sweep (``solver.py`` explains the method): how a state is
packed into an int, the per-colour track states and which of them dominate which, the
joker counts that complete groups, and one colour's choices at one number.

Both sweeps (the pure-Python reference in ``sweep.py`` and the compiled ``_sweep``) read
these tables; the compiled one gets them once, when ``sweep.py`` is imported.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import product

from rummyhall.games.rummikub.melds import MAX_JOKERS

BIG = 1 << 12
"""Weight of one rack tile in the score: above any table value (106 tiles × 13 < 4096)."""

MAX_TRACKS = 4
"""Open runs of one colour at one number: two real copies plus at most two jokers."""

TRACK_STATES: tuple[tuple[int, int, int], ...] = tuple(
    (a, b, d)
    for a in range(MAX_TRACKS + 1)
    for b in range(MAX_TRACKS + 1)
    for d in range(MAX_TRACKS + 1)
    if a + b + d <= MAX_TRACKS
)
"""One colour's open runs ``(a, b, d)``: how many of length 1, of 2 and of ≥ 3."""
_TRACK_INDEX = {s: i for i, s in enumerate(TRACK_STATES)}

# State bit fields: per colour the index of its track state (6 bits each, colour c at
# ``TRACK_BITS * c``), the jokers used, and the tally of the number being swept: colours
# giving one / two tiles to groups. The initial meld adds the value placed, capped at 30.
TRACK_BITS = 6
JOKER_SHIFT = 24
N1_SHIFT = 26
N2_SHIFT = 29
VALUE_SHIFT = 32
TALLY_MASK = (7 << N1_SHIFT) | (7 << N2_SHIFT)

VIABLE_SIZE = 1 << 8
"""Length of a ``viable_tallies`` table: indices ``n1 | n2 << 3 | jokers used << 6``."""


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


def group_partition(counts: Sequence[int], jokers: int) -> list[tuple[list[int], int]] | None:
    """Split tiles of one number into groups: ``counts[c]`` copies of colour ``c`` (0–2) and
    ``jokers`` jokers, every one used, each group 3–4 tiles of distinct colours (RKB-2).

    Returns ``[(colours, jokers in it), …]`` or ``None``. The first found wins; the search
    tries bigger groups first.
    """
    first = next((c for c in range(4) if counts[c]), None)
    if first is None:
        return [] if jokers == 0 else None
    others = [c for c in range(first + 1, 4) if counts[c]]
    options = []
    for mask in range(1 << len(others)):
        chosen = [first] + [others[i] for i in range(len(others)) if mask >> i & 1]
        for extra in range(jokers + 1):
            if 3 <= len(chosen) + extra <= 4:
                options.append((chosen, extra))
    options.sort(key=lambda o: -(len(o[0]) + o[1]))
    for chosen, extra in options:
        rest = list(counts)
        for c in chosen:
            rest[c] -= 1
        tail = group_partition(rest, jokers - extra)
        if tail is not None:
            return [(chosen, extra), *tail]
    return None


def _group_jokers_table() -> dict[int, tuple[int, ...]]:
    """Per tally ``n1 | n2 << 3``: the joker counts that complete groups, ascending (by
    symmetry only the numbers of colours giving one and two tiles matter)."""
    table: dict[int, tuple[int, ...]] = {}
    for n2 in range(5):
        for n1 in range(5 - n2):
            counts = [2] * n2 + [1] * n1 + [0] * (4 - n1 - n2)
            ok = tuple(j for j in range(MAX_JOKERS + 1) if group_partition(counts, j) is not None)
            table[n1 | n2 << 3] = ok
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
    """Which tallies ``n1 | n2 << 3 | jokers used << 6`` the colours still to come (able to
    give at most ``most[i]`` tiles to groups) and the jokers left can complete into groups
    at this number: a table of ``VIABLE_SIZE`` flags, 1 where they can."""
    extras = {(e.count(1), e.count(2)) for e in product(*(range(m + 1) for m in most))}
    viable = bytearray(VIABLE_SIZE)
    for n2 in range(5):
        for n1 in range(5 - n2):
            finals = [(n1 + e1) | (n2 + e2) << 3 for e1, e2 in extras]
            # the fewest jokers that complete the groups of some final tally
            fewest = min((GROUP_JOKERS[t][0] for t in finals if GROUP_JOKERS.get(t)), default=None)
            if fewest is not None:
                for used in range(total_jokers - fewest + 1):
                    viable[n1 | n2 << 3 | used << 6] = 1
    return bytes(viable)
