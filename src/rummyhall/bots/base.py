"""The bot protocol, the bot kinds and the random player (``registry.py`` says which bot
plays which game).

A bot is handed what its seat may know (the JSON-safe ``state.view(seat)``) and the legal
actions, and answers one of them. It never receives a game state: :mod:`rummyhall.bots.play`
is the only code that holds one and asks bots for moves, so a bot cannot peek.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NamedTuple, Protocol, runtime_checkable

from rummyhall.actions import JSON, Action
from rummyhall.view import View

LEVELS = ("easy", "medium", "hard")
"""The playing strengths every game offers, weakest first."""
KINDS = (*LEVELS, "random")
"""The kinds of bot every game has: the levels, plus a uniformly random player
(``registry.kinds`` adds a game's styles and the other projects' players)."""
DEFAULT_BUDGET = 1.0
"""Seconds a searching bot may think per move unless told otherwise."""


class Bot(Protocol):
    """A player: given what its seat may know, pick one of the legal actions.

    ``view`` is typed per game, by each game's bots (``GinSeatView``, …): bots are
    chosen by the game's name, so this protocol takes any game's."""

    seed: int

    def act(self, view: Any, legal_actions: Sequence[Action]) -> Action: ...


class Decision(NamedTuple):
    """A move and why it was chosen: ``reason`` is ``{"kind": ..., **facts}`` (cards as
    names, numbers as numbers), which the web catalogue puts in words (``reason.<kind>``),
    so a hint says why without a second copy of the bot's logic."""

    action: Action
    reason: JSON


@runtime_checkable
class Adviser(Protocol):
    """A bot that can say why it plays its move (the medium bots: the hints' source)."""

    def decide(self, view: Any, legal_actions: Sequence[Action]) -> Decision: ...


class RandomBot:
    """Picks uniformly among the legal actions (seeded)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def act(self, view: View, legal_actions: Sequence[Action]) -> Action:
        return self.rng.choice(list(legal_actions))
