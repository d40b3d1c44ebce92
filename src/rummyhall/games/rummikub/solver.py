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
dicts from state to best score, and a parent map per step rebuilds one optimal layout.

What keeps it fast (all exact): choices that are never better are not offered (a run
that starts with a joker must end at 13, else the joker could move to the top for more
value; a long run is not stopped while a rack copy could extend it); group tallies that
the colours still to come cannot complete are dropped; a state is dropped when another
with the same fields has one track longer (or one more long run) and no lower score
(``_dominating``); and a state is dropped when even placing every remaining rack tile
that could still join a set cannot lift it to a floor. The floor comes from a cheap beam
pass (``_search``): an exact sweep with a floor just above the beam's layout either finds
the optimum or returns nothing, quickly, which proves the beam's layout optimal.

The initial meld (RKB-4) adds one more field: the value placed so far, capped at 30, so
the ≥ 30 condition is decided exactly while maximising tiles then value.

Output order: each set in canonical order (``melds.canonical``: runs ascending, groups
by colour R B K O, jokers in the place they represent) and the sets sorted by what they
represent, tile by tile, number first then colour (``melds.set_key``). The layout
returned is a deterministic function of the tile counts given: the order of the table's
sets or of the rack never changes the answer.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from heapq import nlargest
from itertools import product

from rummyhall.cards import JOKER, TILE_NAMES, parse_tiles
from rummyhall.errors import IllegalAction, NotationError
from rummyhall.games.rummikub.melds import (
    MAX_JOKERS,
    canonical_faces,
    interpret,
    set_key,
)

INITIAL_MELD_VALUE = 30
"""RKB-4: the initial meld totals at least 30."""

BIG = 1 << 12
"""Weight of one rack tile in the score: above any table value (106 tiles × 13 < 4096)."""

MAX_TRACKS = 4
"""Open runs of one colour at one number: two real copies plus at most two jokers."""

BEAM = 64
"""States kept per step (best score + bound first) by the heuristic pass that finds a
layout, and so a floor, for the exact pass."""

VALUE_PROBES = (24, 12, 6)
"""Value margins above the guess probed (top down) before the guess itself (``_search``)."""

TRACK_STATES: tuple[tuple[int, int, int], ...] = tuple(
    (a, b, d)
    for a in range(MAX_TRACKS + 1)
    for b in range(MAX_TRACKS + 1)
    for d in range(MAX_TRACKS + 1)
    if a + b + d <= MAX_TRACKS
)
_TRACK_INDEX = {s: i for i, s in enumerate(TRACK_STATES)}


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


_DOMINATING = tuple(_dominating(t) for t in TRACK_STATES)

# State bit fields: per colour the index of its track state (6 bits each), the jokers used,
# and the tally of the number being swept: colours giving one / two tiles to groups.
_JOKER_SHIFT = 24
_N1_SHIFT = 26
_N2_SHIFT = 29
_VALUE_SHIFT = 32
_TALLY_MASK = (7 << _N1_SHIFT) | (7 << _N2_SHIFT)
_LOW_MASK = (1 << _VALUE_SHIFT) - 1

Layout = list[list[int]]  # sets as lists of faces


# ------------------------------------------------------------------- static tables


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
    """Per tally ``n1 | n2 << 3``: the joker counts that complete groups (by symmetry only
    the numbers of colours giving one and two tiles matter)."""
    table: dict[int, tuple[int, ...]] = {}
    for n2 in range(5):
        for n1 in range(5 - n2):
            counts = [2] * n2 + [1] * n1 + [0] * (4 - n1 - n2)
            ok = tuple(j for j in range(MAX_JOKERS + 1) if group_partition(counts, j) is not None)
            table[n1 | n2 << 3] = ok
    return table


_GROUP_JOKERS = _group_jokers_table()


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


# ---------------------------------------------------------------------------- sweep


class _Position:
    """Tile counts of a position, per face: on the table (all must be placed) and on the
    rack (may be), plus what the bounds of the sweep need."""

    def __init__(self, table: list[int], rack: list[int], table_jokers: int, rack_jokers: int):
        self.table = table
        self.rack = rack
        self.table_jokers = table_jokers
        self.jokers = table_jokers + rack_jokers
        self.present = [table[f] + rack[f] for f in range(52)]
        self.rest = self._rest_bounds()

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

    def _rest_bounds(self) -> list[list[int]]:
        """Per step of the sweep (per number: four colours, then the groups) and per count
        of jokers left: the most score the steps after it can still add."""
        order = [c * 13 + n for n in range(13) for c in range(4)]
        suffix = [0] * (MAX_JOKERS + 1)
        after_face: list[list[int]] = []
        for face in reversed(order):
            after_face.append(list(suffix))
            number = face % 13 + 1
            for left in range(MAX_JOKERS + 1):
                suffix[left] += self.table[face] * number
                if self.rack[face] and self.placeable(face, left):
                    suffix[left] += self.rack[face] * (BIG + number)
        after_face.reverse()
        steps = []
        for index in range(len(order)):
            steps.append(after_face[index])
            if index % 4 == 3:
                steps.append(after_face[index])  # the group step of this number
        return [
            [rest[left] + left * (BIG + 13) for left in range(MAX_JOKERS + 1)] for rest in steps
        ]


def _sweep(pos: _Position, cap: int, floor: int, beam: int) -> tuple[int, Layout] | None:
    """Best score and one optimal layout, or ``None`` if the best scores below ``floor``.

    States whose bound (``_Position.rest``) cannot reach ``floor`` are dropped, so the
    closer ``floor`` is to the optimum, the faster. With ``cap`` > 0 (initial meld) only
    layouts worth at least ``cap`` count. With ``beam`` > 0 only that many best-scoring
    states are kept per step: a fast heuristic giving a good ``floor``, not an exact answer.
    """
    total_jokers = pos.jokers
    present = pos.present
    layer: dict[int, int] = {0: 0}
    steps: list[dict[int, int]] = []
    step = 0
    for number in range(1, 14):
        most = [min(2, present[c * 13 + number - 1]) for c in range(4)]
        for colour in range(4):
            face = colour * 13 + number - 1
            # A run that starts with a joker ends at 13 (else that joker could move to the
            # top, a strictly better layout): its other slots up to 13 need tiles, all but
            # the remaining jokers' worth.
            gaps = sum(1 for f in range(face + 1, colour * 13 + 13) if not present[f])
            ahead = gaps < total_jokers and any(
                present[face + i] for i in (1, 2) if number + i <= 13
            )
            move = _Move(
                colour,
                number,
                pos.table[face],
                pos.rack[face],
                ahead,
                total_jokers,
                _viable_tallies(tuple(most[colour + 1 :]), total_jokers),
                [floor - r for r in pos.rest[step]],
            )
            layer, parents = move.apply(layer, cap)
            if beam and len(layer) > beam:
                rest = pos.rest[step]
                layer = dict(
                    nlargest(
                        beam,
                        layer.items(),
                        key=lambda item: (
                            item[1] + rest[total_jokers - (item[0] >> _JOKER_SHIFT & 3)]
                        ),
                    )
                )
            steps.append(parents)
            step += 1
        layer, parents = _group_step(
            layer, number, total_jokers, cap, [floor - r for r in pos.rest[step]]
        )
        steps.append(parents)
        step += 1
    best_state, best_score = -1, floor - 1
    for state, score in layer.items():
        if (state >> _JOKER_SHIFT & 3) < pos.table_jokers:
            continue
        if cap and state >> _VALUE_SHIFT < cap:
            continue
        if any(TRACK_STATES[state >> (6 * c) & 63][:2] != (0, 0) for c in range(4)):
            continue
        if score > best_score:
            best_state, best_score = state, score
    if best_state < 0:
        return None
    path = [best_state]
    for parents in reversed(steps):
        path.append(parents[path[-1]])
    path.reverse()
    return best_score, _rebuild(path)


@cache
def _viable_tallies(most: tuple[int, ...], total_jokers: int) -> frozenset[int]:
    """Tallies ``n1 | n2 << 3 | jokers used << 6`` from which the colours still to come
    (able to give at most ``most[i]`` tiles to groups) and the jokers left can complete
    groups at this number."""
    viable = set()
    for used in range(total_jokers + 1):
        for n2 in range(5):
            for n1 in range(5 - n2):
                for extra in product(*(range(m + 1) for m in most)):
                    tally = n1 + extra.count(1) | (n2 + extra.count(2)) << 3
                    if any(used + j <= total_jokers for j in _GROUP_JOKERS.get(tally, ())):
                        viable.add(n1 | n2 << 3 | used << 6)
                        break
    return frozenset(viable)


class _Move:
    """One colour's step at one number, applied to a whole layer of states."""

    def __init__(
        self,
        colour: int,
        number: int,
        table: int,
        rack: int,
        ahead: bool,
        total_jokers: int,
        viable: frozenset[int],
        need: list[int],
    ) -> None:
        self.colour = colour
        self.number = number
        self.table = table
        self.rack = rack
        self.ahead = ahead
        self.total_jokers = total_jokers
        self.viable = viable
        self.need = need  # per jokers left: the least score a state must have after this step

    def options(self, track: int, used: int, tally: int) -> list[tuple[int, int, int, int]]:
        """``(state delta, score gain, value gain, least score before)`` per choice."""
        shift = 6 * self.colour
        number = self.number
        out = []
        for new, jokers, grouped, placed in colour_options(
            track, self.table, self.rack, self.total_jokers - used, number, self.ahead
        ):
            after = tally + (1 if grouped == 1 else 8 if grouped == 2 else 0)
            if after | (used + jokers) << 6 not in self.viable:
                continue
            delta = (new - track) << shift
            delta += jokers << _JOKER_SHIFT
            if grouped == 1:
                delta += 1 << _N1_SHIFT
            elif grouped == 2:
                delta += 1 << _N2_SHIFT
            value = number * (placed + jokers)
            gain = (placed - self.table + jokers) * BIG + value
            least = self.need[self.total_jokers - used - jokers] - gain
            out.append((delta, gain, value, least))
        return out

    def apply(self, layer: dict[int, int], cap: int) -> tuple[dict[int, int], dict[int, int]]:
        shift = 6 * self.colour
        moves: dict[int, list[tuple[int, int, int, int]]] = {}
        out: dict[int, int] = {}
        parents: dict[int, int] = {}
        for state, score in layer.items():
            track = state >> shift & 63
            used = state >> _JOKER_SHIFT & 3
            tally = state >> _N1_SHIFT & 63
            key = track | used << 6 | tally << 8
            options = moves.get(key)
            if options is None:
                options = moves[key] = self.options(track, used, tally)
            for delta, gain, value, least in options:
                if score < least:
                    continue
                new_state = state + delta
                if cap:
                    worth = new_state >> _VALUE_SHIFT
                    if worth < cap:
                        new_state += min(value, cap - worth) << _VALUE_SHIFT
                new_score = score + gain
                if out.get(new_state, -1) < new_score:
                    out[new_state] = new_score
                    parents[new_state] = state
        return _undominated(out, (shift,)), parents


def _group_step(
    layer: dict[int, int], number: int, total_jokers: int, cap: int, need: list[int]
) -> tuple[dict[int, int], dict[int, int]]:
    out: dict[int, int] = {}
    parents: dict[int, int] = {}
    for state, score in layer.items():
        tally = state >> _N1_SHIFT & 7 | (state >> _N2_SHIFT & 7) << 3
        used = state >> _JOKER_SHIFT & 3
        base = state & ~_TALLY_MASK
        for jokers in _GROUP_JOKERS[tally]:
            if used + jokers > total_jokers:
                break
            new_score = score + jokers * (BIG + number)
            if new_score < need[total_jokers - used - jokers]:
                continue
            new_state = base + (jokers << _JOKER_SHIFT)
            if cap and jokers:
                worth = new_state >> _VALUE_SHIFT
                if worth < cap:
                    new_state += min(number * jokers, cap - worth) << _VALUE_SHIFT
            if out.get(new_state, -1) < new_score:
                out[new_state] = new_score
                parents[new_state] = state
    return _undominated(out), parents


def _undominated(layer: dict[int, int], shifts: tuple[int, ...] = (0, 6, 12, 18)) -> dict[int, int]:
    """The states of a layer that no other state dominates (``_dominating``) in the
    tracks of the colours at ``shifts``."""
    kept: dict[int, int] = {}
    get = layer.get
    for state, score in layer.items():
        for shift in shifts:
            for offset in _DOMINATING[state >> shift & 63]:
                if get(state + (offset << shift), -1) >= score:
                    break
            else:
                continue
            break
        else:
            kept[state] = score
    return kept


def _rebuild(path: list[int]) -> Layout:
    """Replay the chosen steps with concrete runs and groups."""
    sets: Layout = []
    open_runs: list[list[list[int]]] = [[], [], [], []]
    step = 0
    for number in range(1, 14):
        grouped = [0, 0, 0, 0]
        for colour in range(4):
            before, after = path[step], path[step + 1]
            step += 1
            shift = 6 * colour
            _, b, _ = TRACK_STATES[before >> shift & 63]
            start, _, long_after = TRACK_STATES[after >> shift & 63]
            jokers = (after >> _JOKER_SHIFT & 3) - (before >> _JOKER_SHIFT & 3)
            tally = (after & _TALLY_MASK) - (before & _TALLY_MASK)
            grouped[colour] = 1 if tally == 1 << _N1_SHIFT else 2 if tally else 0
            runs = open_runs[colour]
            go_on_long = long_after - b
            keep: list[list[int]] = []
            for run in runs:
                if len(run) >= 3:
                    if go_on_long:
                        go_on_long -= 1
                    else:
                        sets.append(run)
                        continue
                keep.append(run)
            keep.extend([] for _ in range(start))
            face = colour * 13 + number - 1
            for i, run in enumerate(keep):
                run.append(JOKER if i < jokers else face)
            open_runs[colour] = keep
        jokers = (path[step + 1] >> _JOKER_SHIFT & 3) - (path[step] >> _JOKER_SHIFT & 3)
        step += 1
        partition = group_partition(grouped, jokers)
        assert partition is not None
        for colours, extra in partition:
            sets.append([c * 13 + number - 1 for c in colours] + [JOKER] * extra)
    for runs in open_runs:
        sets.extend(runs)
    return sets


# ------------------------------------------------------------------------ public API


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
    jokers = _tally(parse_tiles(rack), counts)
    return counts, jokers


def _search(pos: _Position, known: int) -> tuple[int, Layout]:
    """The exact best score and layout, given a score ``known`` to be reachable.

    An exact sweep with a floor returns the optimum if the floor is at or below it and
    nothing otherwise; the closer the floor, the more states it drops. So: a narrow beam
    (ranked by score plus the optimistic bound of what is left, so it does not spend the
    jokers early) finds a real layout, usually optimal; one exact sweep with a floor just
    above it either finds something better (then that is the optimum) or proves the beam's
    layout optimal. If the beam finds nothing, floors above ``known`` are probed — one more
    tile, then a little more value — from the top down, then ``known`` itself.
    """
    guess = _sweep(pos, 0, known, BEAM)
    if guess is not None:
        # The beam's layout is a real one: if nothing scores above it, it is optimal.
        result = _sweep(pos, 0, guess[0] + 1, 0)
        return guess if result is None else result
    for floor in [(known // BIG + 1) * BIG] + [known + d for d in VALUE_PROBES]:
        result = _sweep(pos, 0, floor, 0)
        if result is not None:
            return result
    result = _sweep(pos, 0, known, 0)
    assert result is not None  # ``known`` is reachable
    return result


def best_initial_meld(rack: Iterable[str] | str) -> list[list[str]] | None:
    """The initial meld (RKB-4): sets from the rack only, worth ≥ 30 in total (jokers at
    the number they represent), placing the most tiles, then the most value; ``None`` if
    no such meld exists.

    >>> best_initial_meld("R10 R11 R12 B3 K3 O3 B9")
    [['B3', 'K3', 'O3'], ['R10', 'R11', 'R12']]
    >>> best_initial_meld("R1 R2 R3 B1 K1") is None
    True
    """
    counts, jokers = _rack_counts(rack)
    _check_copies([0] * 52, counts, jokers)
    result = _sweep(_Position([0] * 52, counts, 0, jokers), INITIAL_MELD_VALUE, 0, 0)
    if result is None:
        return None
    return _names(result[1])


def best_play(
    table: Iterable[Iterable[str] | str], rack: Iterable[str] | str
) -> list[list[str]] | None:
    """The whole new table after the best play (RKB-5): every table tile kept, the table
    rearranged freely, placing the most rack tiles, then the most value (module
    docstring); ``None`` if no rack tile can be placed.

    ``table`` is a list of valid sets (RKB-2); anything else raises
    ``IllegalAction("RKB-2")``.

    >>> best_play([["R5", "R6", "R7"], ["B9", "K9", "O9"]], "R4 R8 B1")
    [['R4', 'R5', 'R6', 'R7', 'R8'], ['B9', 'K9', 'O9']]
    """
    table_counts = [0] * 52
    table_jokers = table_value = 0
    for tiles in table:
        faces = parse_tiles(tiles)
        shown = interpret(faces)
        if shown is None:
            names = " ".join(TILE_NAMES[f] for f in faces)
            raise IllegalAction("RKB-2", f"table set is not a valid set: {names or 'empty'}")
        table_jokers += _tally(faces, table_counts)
        table_value += sum(f % 13 + 1 for f in shown)
    rack_counts, rack_jokers = _rack_counts(rack)
    _check_copies(table_counts, rack_counts, table_jokers + rack_jokers)
    pos = _Position(table_counts, rack_counts, table_jokers, rack_jokers)
    score, sets = _search(pos, BIG * table_jokers + table_value)
    if score // BIG == table_jokers:
        return None
    return _names(sets)
