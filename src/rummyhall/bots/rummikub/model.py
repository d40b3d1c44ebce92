"""The Rummikub hard bot's opponent model: which style the opponent plays, read from his
turns, and what that says about the rack he hides.

The model is a mixture of the styles of ``rummikub/styles.py`` (and medium's maximum),
plus "anyone" (any rack, the maximum as his reply) for a player none of them explains.
Each style's weight is its prior times the likelihood of every turn the opponent has
played: a play the style would never make (the hoarder playing with a small rack, the
joker holder laying a joker, the new-sets player touching the table, the keeper laying a
reserve beside other tiles) counts :data:`SLIP`; a draw after melding by a style that
draws only when nothing fits the table counts the chance that none of his tiles did
(those his previous turn had not cleared, against the table's fits; the others against
the fits that are new since); laying a tile that fit the table he left on his previous
turn contradicts a style that would have laid it then. A style also says which faces his
rack cannot hold now: after a turn on which it would have laid every tile that fits the
table on its own, the tiles he kept do not (only a tile he has just drawn may be
anything); and after a draw, a sampled rack must make the style's policy draw too
(:meth:`Belief.explains`).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rummyhall.bots.rummikub.styles import (
    HOARD_LIMIT,
    Policy,
    Position,
    hoarding,
    holding_jokers,
    keeping_reserves,
    maximum,
    new_sets,
)
from rummyhall.bots.rummikub.tiles import fitting_faces
from rummyhall.games.rummikub.view import RummikubSeatView

SLIP = 0.02
"""The likelihood of a play a style never makes: people slip, and a style is a sketch."""
ANYONE_PRIOR = 0.05
"""The prior weight of "anyone" against 1 for each style: it explains every turn, so it
takes over only once every style has been contradicted."""
RACK_SIZE = 14
"""Tiles dealt to each player (RKB-1)."""
TILES = 106
"""Tiles in the game (RKB-1): the pool starts with those not dealt."""


@dataclass(frozen=True)
class OpponentTurn:
    """One turn of a player as every seat saw it."""

    kind: str
    """``play``, ``draw`` or ``pass``."""
    melded: bool
    """Whether he had melded before this turn."""
    table: list[list[str]]
    """The table he found."""
    rack_size: int
    """His tiles when the turn began."""
    pool: int
    """Tiles in the pool when the turn began."""
    played: list[str]
    """The rack tiles he laid (none for a draw or a pass)."""
    left: list[list[str]]
    """The table he left."""


def turns_of(view: RummikubSeatView, seat: int) -> list[OpponentTurn]:
    """Every turn ``seat`` has played this round, rebuilt from the view's moves."""
    players = view["players"]
    table: list[list[str]] = []
    racks = [RACK_SIZE] * players
    pool = TILES - RACK_SIZE * players
    melded = [False] * players
    found = []
    for move in view["moves"]:
        kind, who = move["type"], move.get("seat")
        if who is None or kind == "part_over":
            continue
        before, played = table, []
        if kind == "play":
            played = list(move["played"])
            table = [list(tiles) for tiles in move["table"]]
        if who == seat:
            found.append(OpponentTurn(kind, melded[who], before, racks[who], pool, played, table))
        if kind == "play":
            racks[who] -= len(played)
            melded[who] = True
        elif kind == "draw":
            racks[who] += 1
            pool -= 1
    return found


def last_turn(view: RummikubSeatView, seat: int) -> tuple[str | None, bool]:
    """What ``seat`` did on his last turn (``"play"``, ``"draw"``, ``"pass"`` or
    ``None`` before his first) and whether he had melded before it."""
    turns = turns_of(view, seat)
    if not turns:
        return None, False
    return turns[-1].kind, turns[-1].melded


def touches_table(turn: OpponentTurn) -> bool:
    """Whether a play changed a set already on the table (a lay-off, a rearrangement)."""
    left = Counter(tuple(sorted(tiles)) for tiles in turn.left)
    left.subtract(Counter(tuple(sorted(tiles)) for tiles in turn.table))
    return any(count < 0 for count in left.values())


def lays_reserve_with_others(turn: OpponentTurn) -> bool:
    """Whether a play laid a tile that fit the table on its own beside other tiles."""
    fits = fitting_faces(turn.table)
    return len(turn.played) > 1 and any(tile in fits for tile in turn.played)


@dataclass(frozen=True)
class Style:
    """A component of the mixture: how the style plays and what its turns reveal."""

    name: str
    policy: Policy
    """How he plays: his reply in the lookahead, and the check of his draws."""
    never: Callable[[OpponentTurn], bool]
    """A play this style does not make."""
    clears_on_play: bool
    """After a play once melded, nothing he kept fits the table on its own."""
    clears_on_draw: bool
    """He draws (or passes) once melded only when nothing on his rack fits the table."""
    keeps_jokers: bool = False
    """The joker is left out of what clears: he keeps it whatever fits."""
    replays_draws: bool = True
    """A sampled rack must make :attr:`policy` draw where he drew (:meth:`Belief.explains`)."""
    chance: float = 1.0
    """The likelihood of each melded turn of a style that draws whatever its rack holds
    (whether it plays or draws is then a coin its rules do not decide)."""

    def fits(self, table: Sequence[Sequence[str]]) -> frozenset[str]:
        """The faces whose tiles this style lays whenever they fit ``table`` alone."""
        faces = fitting_faces(table)
        return faces - {"*"} if self.keeps_jokers else faces


def _hoards(turn: OpponentTurn) -> bool:
    return turn.rack_size < HOARD_LIMIT and turn.pool > 0


STYLES_MODELLED = (
    Style("medium", maximum, lambda turn: False, clears_on_play=True, clears_on_draw=True),
    Style(
        "keeper",
        keeping_reserves,
        lambda turn: turn.melded and lays_reserve_with_others(turn),
        clears_on_play=False,
        clears_on_draw=True,
    ),
    Style(
        "joker-holder",
        holding_jokers,
        lambda turn: "*" in turn.played,
        clears_on_play=True,
        clears_on_draw=True,
        keeps_jokers=True,
    ),
    Style(
        "new-sets",
        new_sets,
        lambda turn: turn.melded and touches_table(turn),
        clears_on_play=False,
        clears_on_draw=False,
    ),
    Style("hoarder", hoarding, _hoards, clears_on_play=True, clears_on_draw=False),
)
"""The styles the model weighs (each with a prior weight of 1)."""
ANYONE = Style(
    "anyone",
    maximum,
    lambda turn: False,
    clears_on_play=False,
    clears_on_draw=False,
    replays_draws=False,
    chance=0.5,
)


@dataclass(frozen=True)
class Belief:
    """A style's weight and the faces his rack cannot hold under it, with how many of his
    tiles are exempt (the one he has just drawn)."""

    style: Style
    weight: float
    barred: frozenset[str]
    exempt: int
    last: OpponentTurn | None = None
    """His last turn."""

    def explains(self, rack: Sequence[str], rng: random.Random) -> bool:
        """Whether a sampled ``rack`` explains his last turn if it was a draw or a pass:
        holding it (less the tile he then drew, the last one), the style draws too. The
        hoarder, say, would have gone out with a rack that can."""
        last = self.last
        if last is None or last.kind == "play" or not self.style.replays_draws:
            return True
        held = rack[:-1] if last.kind == "draw" else rack
        return self.style.policy(Position(last.table, held, last.melded, last.pool), rng) is None


def share(unseen: Counter[str], faces: frozenset[str]) -> float:
    """The share of the unseen tiles whose face is in ``faces``."""
    total = sum(unseen.values())
    return sum(unseen[face] for face in faces) / total if total else 0.0


def draw_likelihood(
    style: Style, turn: OpponentTurn, previous: OpponentTurn | None, unseen: Counter[str]
) -> float:
    """The chance that a melded player of ``style`` finds nothing that fits on ``turn``:
    his tiles the previous turn cleared need a fit that is new since, the others any."""
    fits = style.fits(turn.table)
    cleared = 0
    new = fits
    if previous is not None and previous.melded:
        if previous.kind == "play":  # what he kept did not fit, or the reserves were laid
            cleared = turn.rack_size
            new = fits - style.fits(previous.left if style.clears_on_play else previous.table)
        else:
            cleared = turn.rack_size - (previous.kind == "draw")
            new = fits - style.fits(previous.left)
    return (1 - share(unseen, new)) ** cleared * (1 - share(unseen, fits)) ** (
        turn.rack_size - cleared
    )


def log_likelihood(style: Style, turns: Sequence[OpponentTurn], unseen: Counter[str]) -> float:
    """How well ``style`` explains all of ``turns`` (a log, so long rounds do not
    underflow)."""
    odds = 0.0
    for index, turn in enumerate(turns):
        previous = turns[index - 1] if index else None
        if turn.kind == "play" and (style.never(turn) or lays_kept_fit(style, turn, previous)):
            odds += math.log(SLIP)
        if not turn.melded:
            continue
        if not style.clears_on_draw:
            odds += math.log(style.chance)
        elif turn.kind != "play":
            odds += math.log(max(draw_likelihood(style, turn, previous, unseen), SLIP))
    return odds


def lays_kept_fit(style: Style, turn: OpponentTurn, previous: OpponentTurn | None) -> bool:
    """Whether ``turn`` lays tiles that fit the table he left on his previous turn, which
    under ``style`` he could not have kept then (but for the one he drew)."""
    if previous is None:
        return False
    faces, exempt = barred(style, previous)
    return sum(tile in faces for tile in turn.played) > exempt


def barred(style: Style, turn: OpponentTurn | None) -> tuple[frozenset[str], int]:
    """The faces the rack kept after ``turn`` cannot hold under ``style`` (the turn's
    table being the one the bot sees), and how many of his tiles are exempt."""
    if turn is None or not turn.melded:
        return frozenset(), 0
    if turn.kind == "play" and style.clears_on_play:
        return style.fits(turn.left), 0
    if turn.kind != "play" and style.clears_on_draw:
        return style.fits(turn.left), 1 if turn.kind == "draw" else 0
    return frozenset(), 0


def beliefs(view: RummikubSeatView, opponent: int, unseen: Counter[str]) -> list[Belief]:
    """The mixture over the opponent's style, weights summing to 1. With more than two
    players the table the bot sees is not the one he left: only "anyone" is used then."""
    if view["players"] != 2:
        return [Belief(ANYONE, 1.0, frozenset(), 0)]
    turns = turns_of(view, opponent)
    logs = [log_likelihood(style, turns, unseen) for style in STYLES_MODELLED]
    logs.append(math.log(ANYONE_PRIOR) + log_likelihood(ANYONE, turns, unseen))
    weights = [math.exp(odds - max(logs)) for odds in logs]
    last = turns[-1] if turns else None
    return [
        Belief(style, weight / sum(weights), *barred(style, last), last)
        for style, weight in zip((*STYLES_MODELLED, ANYONE), weights, strict=True)
    ]
