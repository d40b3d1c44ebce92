"""Rummikub player styles: coherent ways a person or a program plays that are not
medium's "lay the solver's maximum every turn".

Each style is a *policy*: given a :class:`Position` (the table, one rack, whether its owner
has melded, the tiles left in the pool) it answers the new table to propose, or ``None``
to draw (to pass once the pool is empty). The same policies are the opponents of the
arena's zoo (:class:`StyleBot` wraps one as a bot) and the replies the hard bot's opponent
model plays in its lookahead (``rummikub/model.py``), so a style is written once.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import NamedTuple

from rummyhall.actions import Action, Play
from rummyhall.bots.rummikub.tiles import fitting_faces, no_play, rack_value, solver_play
from rummyhall.games.rummikub import best_play
from rummyhall.games.rummikub.view import RummikubSeatView

HOARD_LIMIT = 20
"""Rack size at which the hoarder stops waiting and plays its maximum."""


class Position(NamedTuple):
    """What a policy decides from: one player's side of a turn."""

    table: Sequence[Sequence[str]]
    rack: Sequence[str]
    melded: bool
    pool: int
    """Tiles left in the pool (0: a player who cannot play passes, RKB-9)."""


Policy = Callable[[Position, random.Random], list[list[str]] | None]
"""A style's move: the new table, or ``None`` to draw (or pass). The random source is
only read by the styles that are random."""


def goes_out(position: Position, table: Sequence[Sequence[str]] | None) -> bool:
    """Whether proposing ``table`` empties the rack (RKB-8)."""
    if table is None:
        return False
    placed = sum(map(len, table)) - sum(map(len, position.table))
    return placed == len(position.rack)


def maximum(position: Position, rng: random.Random) -> list[list[str]] | None:
    """Medium's move: the solver's maximum (most rack tiles, then most value)."""
    return solver_play(position.table, position.rack, position.melded)


def keeping_reserves(position: Position, rng: random.Random) -> list[list[str]] | None:
    """Once melded, the maximum without the rack tiles that fit the table on their own
    (:func:`fitting_faces`), kept to play on later turns instead of drawing; when the
    other tiles give nothing, the most valuable of those tiles alone; the whole maximum
    when it goes out. Before melding, the maximum initial meld."""
    full = maximum(position, rng)
    if not position.melded or goes_out(position, full):
        return full
    playable = fitting_faces(position.table)
    reserves = [t for t in position.rack if t in playable]
    if not reserves:
        return full
    rest = [t for t in position.rack if t not in playable]
    table = best_play(position.table, rest) if rest else None
    if table is None:
        table = best_play(position.table, [max(reserves, key=lambda t: rack_value([t]))])
    return table


def holding_jokers(position: Position, rng: random.Random) -> list[list[str]] | None:
    """The maximum with the jokers left on the rack, unless playing them goes out."""
    full = maximum(position, rng)
    if "*" not in position.rack or goes_out(position, full):
        return full
    plain = [t for t in position.rack if t != "*"]
    return solver_play(position.table, plain, position.melded) if plain else None


def new_sets(position: Position, rng: random.Random) -> list[list[str]] | None:
    """Only new sets made from the rack alone (the most tiles, then the most value),
    beside the table as it stands: never a lay-off, never a rearrangement. Before
    melding, the maximum initial meld (RKB-4)."""
    if not position.melded:
        return maximum(position, rng)
    sets = best_play([], position.rack)
    return None if sets is None else [*map(list, position.table), *sets]


def hoarding(position: Position, rng: random.Random) -> list[list[str]] | None:
    """Draws, keeping everything back, until its maximum goes out in one go, its rack
    holds :data:`HOARD_LIMIT` tiles or the pool is empty; then the maximum."""
    full = maximum(position, rng)
    if goes_out(position, full) or len(position.rack) >= HOARD_LIMIT or not position.pool:
        return full
    return None


def beginner(position: Position, rng: random.Random) -> list[list[str]] | None:
    """Half the time (at random) sees only the new sets its rack makes, as
    :func:`new_sets`; the other half plays the maximum."""
    return maximum(position, rng) if rng.random() < 0.5 else new_sets(position, rng)


class StyleBot:
    """A bot playing one :data:`Policy` (seeded: only the beginner draws on it)."""

    policy: Policy

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def act(self, view: RummikubSeatView, legal_actions: Sequence[Action]) -> Action:
        position = Position(
            view["table"], view["rack"], view["melded"][view["seat"]], view["pool_count"]
        )
        table = type(self).policy(position, self.rng)
        if table is None:
            return no_play(legal_actions)
        return Play(tuple(map(tuple, table)))


class KeeperBot(StyleBot):
    """Keeps back the tiles that fit the table on their own, to play one of them on a
    later turn instead of drawing (:func:`keeping_reserves`)."""

    policy = staticmethod(keeping_reserves)


class JokerHolderBot(StyleBot):
    """Never plays a joker unless it goes out with it (:func:`holding_jokers`)."""

    policy = staticmethod(holding_jokers)


class NewSetsBot(StyleBot):
    """Plays only new sets from its rack, never touching the table (:func:`new_sets`)."""

    policy = staticmethod(new_sets)


class HoarderBot(StyleBot):
    """Waits to go out in one go, drawing until its rack is full (:func:`hoarding`)."""

    policy = staticmethod(hoarding)


class BeginnerBot(StyleBot):
    """Misses the table half the time (:func:`beginner`)."""

    policy = staticmethod(beginner)
