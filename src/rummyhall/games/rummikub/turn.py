"""Is a proposed Rummikub table a legal play? (RKB-2 … RKB-6)

A turn is submitted as the whole new table (rearranging, RKB-5, makes a move list
meaningless); this module says whether it is legal given the table at the start of the
turn, the rack and the initial meld, and which rack tiles it used, or raises
:class:`IllegalAction` naming the rule and the set or tile at fault. The checks, in
order, and what a joker represents: docs/solvers.md, "Rummikub: is a proposed table
legal?".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement, product

from rummyhall.cards import JOKER, TILE_NAMES, parse_tiles
from rummyhall.errors import IllegalAction, NotationError
from rummyhall.games.rummikub.melds import (
    MAX_JOKERS,
    canonical_faces,
    colour_of,
    interpret,
    number_of,
    set_key,
)

INITIAL_MELD = 30
"""RKB-4: the initial meld totals at least 30."""

Faces = tuple[int, ...]
Readings = tuple[Faces, ...]


@dataclass(frozen=True)
class Turn:
    """An accepted play: the rack faces it placed (sorted) and the new table in canonical
    order (each set as ``melds.canonical``, sets by what they represent)."""

    played: list[int]
    table: list[list[str]]


def check_turn(
    table: Sequence[Sequence[str]],
    rack: Sequence[str],
    proposal: Sequence[Sequence[str]],
    *,
    melded: bool,
) -> Turn:
    """Accept ``proposal`` as the new table or raise :class:`IllegalAction` (docs/solvers.md).

    ``table`` (valid sets) and ``rack`` are trusted; ``melded`` says whether the player
    has made his initial meld on an earlier turn.

    >>> check_turn([["R5", "R6", "R7"]], ["R8", "B2"], [["R5", "R6", "R7", "R8"]],
    ...            melded=True).played
    [7]
    >>> check_turn([["R5", "R6", "R7"]], ["R8"], [["R5", "R6"], ["R7", "R8"]], melded=True)
    Traceback (most recent call last):
    rummyhall.errors.IllegalAction: RKB-2: set 1 (R5 R6): a set has at least 3 tiles
    """
    old = [tuple(parse_tiles(tiles)) for tiles in table]
    new = _parse_sets(proposal)
    for index, faces in enumerate(new):
        _check_set(index, faces)
    played = _check_conservation(_tally(old), Counter(parse_tiles(rack)), _tally(new))
    if not played:
        raise IllegalAction(
            "RKB-5", "play at least one tile from your rack (or draw)", key="rkb.play_one"
        )
    if melded:
        _check_jokers(old, new, played)
    else:
        _check_initial_meld(old, new, played)
    return Turn(sorted(played.elements()), arrange(new))


def arrange(sets: Sequence[Sequence[int]]) -> list[list[str]]:
    """Valid sets in canonical order: each set as ``melds.canonical``, the sets sorted by
    what they represent (``melds.set_key``), then by their names."""
    shown = [(faces, interpret(faces)) for faces in sets]
    named = [
        (set_key(reading), [TILE_NAMES[f] for f in canonical_faces(faces, reading)])
        for faces, reading in shown
        if reading is not None
    ]
    return [names for _, names in sorted(named)]


def _names(faces: Sequence[int]) -> str:
    return " ".join(TILE_NAMES[f] for f in faces)


def _tally(sets: Sequence[Faces]) -> Counter[int]:
    return Counter(f for faces in sets for f in faces)


def _parse_sets(proposal: Sequence[Sequence[str]]) -> list[Faces]:
    try:
        return [tuple(parse_tiles(tiles)) for tiles in proposal]
    except NotationError as error:
        raise IllegalAction("RKB-1", str(error)) from None


def _check_set(index: int, faces: Faces) -> None:
    if interpret(faces) is None:
        key, reason, values = _flaw(faces)
        tiles = _names(faces) or "empty"
        raise IllegalAction(
            "RKB-2",
            f"set {index + 1} ({tiles}): {reason}",
            key=key,
            values={"set": index + 1, "tiles": tiles, **values},
        )


Flaw = tuple[str, str, dict[str, object]]
"""Why tiles are no set: the catalogue key, the English and its values."""


def _flaw(faces: Faces) -> Flaw:
    """Why tiles that ``interpret`` rejects are no set (RKB-2)."""
    real = sorted(f for f in faces if f != JOKER)
    if len(faces) < 3:
        return "rkb.set.short", "a set has at least 3 tiles", {}
    if len(faces) - len(real) > MAX_JOKERS:
        return "rkb.set.jokers", "the game has only two jokers", {}
    if len(set(real)) != len(real):
        return (
            "rkb.set.repeated",
            "a tile is repeated (no duplicate colour and number in a set)",
            {},
        )
    if len({number_of(f) for f in real}) == 1:
        return "rkb.set.group_size", "a group has at most 4 tiles, one of each colour", {}
    if len({colour_of(f) for f in real}) > 1:
        return (
            "rkb.set.mixed",
            "a group's tiles share one number and a run's one colour; these mix both",
            {},
        )
    return _run_flaw(real, len(faces))


def _run_flaw(real: list[int], size: int) -> Flaw:
    low, high = number_of(real[0]), number_of(real[-1])
    if size > 13:
        return "rkb.set.run_size", "a run has at most 13 tiles", {}
    if low == 1 and high == 13:
        return "rkb.set.wrap", "1 is low only: 12-13-1 is not a run", {}
    return (
        "rkb.set.gap",
        f"the numbers {low}…{high} are not consecutive and the jokers cannot fill the gaps",
        {"low": low, "high": high},
    )


def _check_conservation(old: Counter[int], rack: Counter[int], new: Counter[int]) -> Counter[int]:
    """Nothing copied or lost (RKB-5); returns the rack faces played."""
    copied = new - (old + rack)
    if copied:
        face = min(copied)
        raise IllegalAction(
            "RKB-5",
            f"{TILE_NAMES[face]} is on the new table {new[face]} times but the table and "
            f"your rack hold {old[face] + rack[face]}: nothing may be copied",
            key="rkb.copied",
            values={"tile": TILE_NAMES[face], "times": new[face], "held": old[face] + rack[face]},
        )
    missing = old - new
    if missing:
        names = _names(sorted(missing.elements()))
        if new.total() < old.total():
            raise IllegalAction(
                "RKB-5",
                f"{names} would be lost: every table tile stays",
                key="rkb.lost",
                values={"tiles": names},
            )
        raise IllegalAction(
            "RKB-5",
            f"{names} would go back from the table to your rack: tiles never return",
            key="rkb.back_to_rack",
            values={"tiles": names},
        )
    return new - old


def _check_initial_meld(old: list[Faces], new: list[Faces], played: Counter[int]) -> None:
    """RKB-4: old sets untouched, new sets from the rack only, worth ≥ 30."""
    unmatched = Counter(tuple(sorted(faces)) for faces in new)
    unmatched.subtract(tuple(sorted(faces)) for faces in old)
    changed = [faces for faces, n in unmatched.items() if n < 0]
    fresh = [faces for faces, n in unmatched.items() for _ in range(n) if n > 0]
    if changed:
        for faces in fresh:
            if Counter(faces) - played and Counter(faces) & played:
                raise IllegalAction(
                    "RKB-4",
                    f"{_names(faces)} uses table tiles: the initial meld is new sets from "
                    "your rack only (adding to a table set does not count)",
                    key="rkb.initial_from_table",
                    values={"tiles": _names(faces)},
                )
        raise IllegalAction(
            "RKB-4",
            f"the table set {_names(changed[0])} was rearranged: that is allowed only from "
            "the turn after your initial meld",
            key="rkb.initial_rearranged",
            values={"tiles": _names(changed[0])},
        )
    value = sum(number_of(f) for faces in fresh for f in interpret(faces) or ())
    if value < INITIAL_MELD:
        raise IllegalAction(
            "RKB-4",
            f"your initial meld totals {value}; it must reach {INITIAL_MELD} "
            "(jokers count as the number they represent)",
            key="rkb.initial_value",
            values={"value": value, "need": INITIAL_MELD},
        )


def _check_jokers(old: list[Faces], new: list[Faces], played: Counter[int]) -> None:
    """RKB-6 (docs/solvers.md): some readings keep or release every old joker."""
    before = [joker_readings(tuple(sorted(faces))) for faces in old if JOKER in faces]
    if not before:
        return
    after = [joker_readings(tuple(sorted(faces))) for faces in new if JOKER in faces]
    for was in _combined(before):
        for now in _combined(after):
            if not (Counter(was) - Counter(now)) - played:
                return
    stood = [_stood_for(faces) for faces in old if JOKER in faces]
    english = "; ".join(f"the joker of {tiles} stood for {' or '.join(f)}" for tiles, f in stood)
    raise IllegalAction(
        "RKB-6",
        "a table joker may stand for another tile only if you play the tile it stood for "
        f"from your rack this turn: {english}",
        key="rkb.joker_kept",
        values={"stood": "; ".join(f"{tiles} → {' / '.join(f)}" for tiles, f in stood)},
    )


def _stood_for(faces: Faces) -> tuple[str, list[str]]:
    """A table set with a joker and the tiles its joker may have stood for."""
    tiles = sorted({f for reading in joker_readings(tuple(sorted(faces))) for f in reading})
    return _names(faces), [TILE_NAMES[f] for f in tiles]


def _combined(choices: list[Readings]) -> Iterator[Faces]:
    """Every way of picking one reading per set, each as the tiles of all its jokers."""
    for pick in product(*choices):
        yield tuple(f for reading in pick for f in reading)


@cache
def joker_readings(faces: Faces) -> Readings:
    """Every tile tuple (sorted) the jokers of a valid set may represent (docs/solvers.md).

    >>> [[TILE_NAMES[f] for f in r] for r in joker_readings(tuple(parse_tiles("R5 R6 *")))]
    [['R4'], ['R7']]
    """
    real = [f for f in faces if f != JOKER]
    jokers = len(faces) - len(real)
    # a group's jokers share its number; a run's its colour, within `jokers` of its tiles
    low, high = min(real) - jokers, max(real) + jokers
    near = [
        f
        for f in range(JOKER)
        if all(number_of(f) == number_of(r) for r in real)
        or (all(colour_of(f) == colour_of(r) for r in real) and low <= f <= high)
    ]
    return tuple(
        tiles
        for tiles in combinations_with_replacement(near, jokers)
        if interpret([*real, *tiles]) is not None
    )
