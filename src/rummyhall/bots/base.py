"""The bot protocol and the registry of bot kinds.

A bot is handed what its seat may know (the JSON-safe ``state.view(seat)``) and the legal
actions, and answers one of them. It never receives a game state: :mod:`rummyhall.bots.play`
is the only code that holds one and asks bots for moves, so a bot cannot peek.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from rummyhall.actions import JSON, Action
from rummyhall.errors import NotationError

LEVELS = ("easy", "medium", "hard")
"""The playing strengths every game offers, weakest first."""
KINDS = (*LEVELS, "random")
"""Everything :func:`make_bot` accepts: the levels, plus a uniformly random player."""
DEFAULT_BUDGET = 1.0
"""Seconds a searching bot may think per move unless told otherwise."""


class Bot(Protocol):
    """A player: given what its seat may know, pick one of the legal actions."""

    seed: int

    def act(self, view: JSON, legal_actions: Sequence[Action]) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions (seeded)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def act(self, view: JSON, legal_actions: Sequence[Action]) -> Action:
        return self.rng.choice(list(legal_actions))


def _factories(game: str) -> dict[str, Callable[..., Bot]]:
    # Imported here: each game's bots import that game's solvers.
    if game == "gin":
        from rummyhall.bots import gin as module
    elif game == "indian":
        from rummyhall.bots import indian as module  # type: ignore[no-redef]
    elif game == "rummikub":
        from rummyhall.bots import rummikub as module  # type: ignore[no-redef]
    else:
        raise NotationError(f"no bots for {game!r} (games: gin, indian, rummikub)")
    return module.BOTS


def make_bot(game: str, level: str, seed: int = 0, **options: Any) -> Bot:
    """A bot of ``level`` (one of :data:`KINDS`) for ``game``.

    ``options`` reach the hard bots: ``budget`` (seconds per move, default
    :data:`DEFAULT_BUDGET`) or ``simulations`` (a fixed amount of search per move, which
    makes the bot's decisions a function of ``seed`` alone).

    >>> make_bot("gin", "medium", seed=3).seed
    3
    """
    if level == "random":
        return RandomBot(seed)
    factories = _factories(game)
    if level not in factories:
        raise NotationError(f"no {level!r} bot for {game!r} (try: {', '.join(KINDS)})")
    return factories[level](seed=seed, **options)
