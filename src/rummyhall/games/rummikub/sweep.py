"""The sweep over the numbers 1 … 13 (``solver.py`` explains the method) and the layout it
rebuilds from the states it passed through.

Two implementations of the same algorithm give the same answers, down to the tie-breaks
and so the layout: the compiled ``_sweep`` (C, ``_sweep.c``) and ``python_sweep`` below,
the readable reference and the fallback where the C extension was not built. Both return
the best score and the path of states (the state after each step, from the empty state),
or ``None`` when nothing reaches the floor; ``rebuild`` turns a path into a layout.
``SWEEP_IMPLEMENTATION`` says which one ``sweep`` uses: ``"c"`` when the extension is
built and current, else ``"python"``.

The environment variable ``RUMMYHALL_SWEEP`` overrides the choice (``python`` or ``c``,
as :mod:`rummyhall.compiled` explains).
"""

from __future__ import annotations

from collections.abc import Callable
from heapq import nlargest
from pathlib import Path

from rummyhall.cards import JOKER
from rummyhall.compiled import load_compiled
from rummyhall.games.rummikub.melds import MAX_JOKERS
from rummyhall.games.rummikub.sweep_position import ColourStep, SweepPosition
from rummyhall.games.rummikub.sweep_tables import (
    BIG,
    DOMINATING,
    GROUP_JOKERS,
    JOKER_SHIFT,
    MAX_COPIES,
    N1_SHIFT,
    N2_SHIFT,
    N3_SHIFT,
    TALLY_BITS,
    TALLY_MASK,
    TALLY_STEP,
    TRACK_BITS,
    TRACK_STATES,
    VALUE_SHIFT,
    VIABLE_SIZE,
    colour_options,
    group_partition,
)

Layout = list[list[int]]  # sets as lists of faces
SweepResult = tuple[int, list[int]]  # best score, path of states
Sweep = Callable[[SweepPosition, int, int, int], SweepResult | None]
"""``(position, cap, floor, beam) -> SweepResult | None``: see ``python_sweep``."""

_TRACK_MASK = (1 << TRACK_BITS) - 1
_ALL_SHIFTS = tuple(TRACK_BITS * c for c in range(4))
_TALLY_FIELD = (1 << TALLY_BITS) - 1
_GIVEN = {step << N1_SHIFT: given for given, step in enumerate(TALLY_STEP)}
"""What a colour step adds to the state's tally, to the tiles the colour gave to groups."""


def sweep(pos: SweepPosition, cap: int, floor: int, beam: int) -> SweepResult | None:
    """Best score and the path of states to it (``rebuild`` makes the layout), or ``None``
    if the best scores below ``floor``; by the implementation ``SWEEP_IMPLEMENTATION``
    names (arguments: ``python_sweep``)."""
    return SWEEPS[SWEEP_IMPLEMENTATION](pos, cap, floor, beam)


# --------------------------------------------------------- the pure-Python reference


def python_sweep(pos: SweepPosition, cap: int, floor: int, beam: int) -> SweepResult | None:
    """Best score and the path of states to it, or ``None`` if the best scores below
    ``floor``.

    States whose bound (``SweepPosition.rest``) cannot reach ``floor`` are dropped, so the
    closer ``floor`` is to the optimum, the faster. With ``cap`` > 0 (initial meld) only
    layouts worth at least ``cap`` count. With ``beam`` > 0 only that many states are kept
    after each colour step, the best by score plus bound (``heapq.nlargest``: ties in the
    order met, the kept layer best first): a fast heuristic giving a good ``floor``, not
    an exact answer.
    """
    total_jokers = pos.jokers
    layer: dict[int, int] = {0: 0}
    steps: list[dict[int, int]] = []
    for colour_step in pos.steps:
        rest = pos.rest[len(steps)]
        move = _Move(colour_step, total_jokers, [floor - r for r in rest])
        layer, parents = move.apply(layer, cap)
        if beam and len(layer) > beam:
            layer = dict(
                nlargest(
                    beam,
                    layer.items(),
                    key=lambda item: item[1] + rest[total_jokers - (item[0] >> JOKER_SHIFT & 3)],
                )
            )
        steps.append(parents)
        if colour_step.colour == 3:
            need = [floor - r for r in pos.rest[len(steps)]]
            layer, parents = _group_step(layer, colour_step.number, total_jokers, cap, need)
            steps.append(parents)
    best_state, best_score = -1, floor - 1
    for state, score in layer.items():
        if (state >> JOKER_SHIFT & 3) < pos.table_jokers:
            continue
        if cap and state >> VALUE_SHIFT < cap:
            continue
        if any(TRACK_STATES[state >> shift & _TRACK_MASK][:2] != (0, 0) for shift in _ALL_SHIFTS):
            continue
        if score > best_score:
            best_state, best_score = state, score
    if best_state < 0:
        return None
    path = [best_state]
    for parents in reversed(steps):
        path.append(parents[path[-1]])
    path.reverse()
    return best_score, path


class _Move:
    """One colour's step at one number, applied to a whole layer of states; ``need``: per
    count of jokers left, the least score a state must have after this step."""

    def __init__(self, step: ColourStep, total_jokers: int, need: list[int]) -> None:
        self.step = step
        self.total_jokers = total_jokers
        self.need = need

    def options(self, track: int, used: int, tally: int) -> list[tuple[int, int, int, int]]:
        """``(state delta, score gain, value gain, least score before)`` per choice."""
        step = self.step
        shift = TRACK_BITS * step.colour
        number = step.number
        out = []
        for new, jokers, grouped, placed in colour_options(
            track, step.table, step.rack, self.total_jokers - used, number, step.ahead
        ):
            after = tally + TALLY_STEP[grouped]
            if not step.viable[after | (used + jokers) << TALLY_BITS]:
                continue
            delta = (new - track) << shift
            delta += jokers << JOKER_SHIFT
            delta += TALLY_STEP[grouped] << N1_SHIFT
            value = number * (placed + jokers)
            gain = (placed - step.table + jokers) * BIG + value
            least = self.need[self.total_jokers - used - jokers] - gain
            out.append((delta, gain, value, least))
        return out

    def apply(self, layer: dict[int, int], cap: int) -> tuple[dict[int, int], dict[int, int]]:
        shift = TRACK_BITS * self.step.colour
        moves: dict[int, list[tuple[int, int, int, int]]] = {}
        out: dict[int, int] = {}
        parents: dict[int, int] = {}
        for state, score in layer.items():
            track = state >> shift & _TRACK_MASK
            used = state >> JOKER_SHIFT & 3
            tally = state >> N1_SHIFT & _TALLY_FIELD
            key = track | used << 6 | tally << 8
            options = moves.get(key)
            if options is None:
                options = moves[key] = self.options(track, used, tally)
            for delta, gain, value, least in options:
                if score < least:
                    continue
                new_state = state + delta
                if cap:
                    worth = new_state >> VALUE_SHIFT
                    if worth < cap:
                        new_state += min(value, cap - worth) << VALUE_SHIFT
                new_score = score + gain
                if out.get(new_state, -1) < new_score:
                    out[new_state] = new_score
                    parents[new_state] = state
        return _undominated(out, (shift,)), parents


def _group_step(
    layer: dict[int, int], number: int, total_jokers: int, cap: int, need: list[int]
) -> tuple[dict[int, int], dict[int, int]]:
    """Close the groups of ``number``: the tally of each state, completed by the jokers
    that ``GROUP_JOKERS`` allows."""
    out: dict[int, int] = {}
    parents: dict[int, int] = {}
    for state, score in layer.items():
        tally = state >> N1_SHIFT & _TALLY_FIELD
        used = state >> JOKER_SHIFT & 3
        base = state & ~TALLY_MASK
        for jokers in GROUP_JOKERS[tally]:
            if used + jokers > total_jokers:
                break
            new_score = score + jokers * (BIG + number)
            if new_score < need[total_jokers - used - jokers]:
                continue
            new_state = base + (jokers << JOKER_SHIFT)
            if cap and jokers:
                worth = new_state >> VALUE_SHIFT
                if worth < cap:
                    new_state += min(number * jokers, cap - worth) << VALUE_SHIFT
            if out.get(new_state, -1) < new_score:
                out[new_state] = new_score
                parents[new_state] = state
    return _undominated(out, _ALL_SHIFTS), parents


def _undominated(layer: dict[int, int], shifts: tuple[int, ...]) -> dict[int, int]:
    """The states of a layer that no other state dominates (``DOMINATING``) in the
    tracks of the colours at ``shifts``."""
    kept: dict[int, int] = {}
    get = layer.get
    for state, score in layer.items():
        for shift in shifts:
            for offset in DOMINATING[state >> shift & _TRACK_MASK]:
                if get(state + (offset << shift), -1) >= score:
                    break
            else:
                continue
            break
        else:
            kept[state] = score
    return kept


# ---------------------------------------------------------------------------- layout


def rebuild(path: list[int]) -> Layout:
    """Replay the chosen steps with concrete runs and groups."""
    sets: Layout = []
    open_runs: list[list[list[int]]] = [[], [], [], []]
    step = 0
    for number in range(1, 14):
        grouped = [0, 0, 0, 0]
        for colour in range(4):
            before, after = path[step], path[step + 1]
            step += 1
            shift = TRACK_BITS * colour
            _, b, _ = TRACK_STATES[before >> shift & _TRACK_MASK]
            start, _, long_after = TRACK_STATES[after >> shift & _TRACK_MASK]
            jokers = (after >> JOKER_SHIFT & 3) - (before >> JOKER_SHIFT & 3)
            tally = (after & TALLY_MASK) - (before & TALLY_MASK)
            grouped[colour] = _GIVEN[tally]
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
        jokers = (path[step + 1] >> JOKER_SHIFT & 3) - (path[step] >> JOKER_SHIFT & 3)
        step += 1
        partition = group_partition(tuple(grouped), jokers)
        assert partition is not None
        for colours, extra in partition:
            sets.append([c * 13 + number - 1 for c in colours] + [JOKER] * extra)
    for runs in open_runs:
        sets.extend(runs)
    return sets


# ------------------------------------------------------------- choice of implementation


_TABLES = (colour_options, DOMINATING, GROUP_JOKERS, TRACK_STATES)
"""What ``_sweep.configure`` gets, with ``_LAYOUT``: the static tables."""
_LAYOUT = (
    BIG,
    TRACK_BITS,
    JOKER_SHIFT,
    N1_SHIFT,
    N2_SHIFT,
    N3_SHIFT,
    VALUE_SHIFT,
    VIABLE_SIZE,
    MAX_JOKERS,
    MAX_COPIES,
)
"""The state's bit layout, which ``_sweep.c`` checks against its own."""

_SOURCE = Path(__file__).with_name("_sweep.c")
"""The compiled sweep's source: present in a source tree (and an editable install)."""


def _load_compiled() -> Sweep | None:
    """The compiled sweep, configured, if it is built, current and wanted (module
    docstring); ``None`` for the Python reference."""
    extension = load_compiled("rummyhall.games.rummikub._sweep", _SOURCE, "RUMMYHALL_SWEEP")
    if extension is None:
        return None
    extension.configure(*_TABLES, _LAYOUT)
    compiled = extension.sweep

    def compiled_sweep(pos: SweepPosition, cap: int, floor: int, beam: int) -> SweepResult | None:
        """``python_sweep``, compiled (``_sweep.c``)."""
        result: SweepResult | None = compiled(
            pos.steps, pos.rest, pos.jokers, pos.table_jokers, cap, floor, beam
        )
        return result

    return compiled_sweep


_COMPILED = _load_compiled()

SWEEPS: dict[str, Sweep] = {"python": python_sweep}
"""The implementations available here, by name."""
if _COMPILED is not None:
    SWEEPS["c"] = _COMPILED

SWEEP_IMPLEMENTATION = "c" if "c" in SWEEPS else "python"
"""The implementation ``sweep`` uses: ``"c"`` or ``"python"``."""
