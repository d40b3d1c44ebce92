"""The bot protocol and the registry of bot kinds."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from rummyhall.actions import JSON, Action
from rummyhall.errors import NotationError


class Bot(Protocol):
    """A player: given what its seat may know, pick one of the legal actions."""

    def act(self, view: JSON, legal_actions: Sequence[Action]) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions (seeded)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, view: JSON, legal_actions: Sequence[Action]) -> Action:
        return self.rng.choice(list(legal_actions))


def make_bot(game: str, kind: str, seed: int = 0) -> Bot:
    """A bot of ``kind`` (``random``, ``simple``) for ``game``."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "simple" and game == "gin":
        from rummyhall.bots.gin import SimpleGinBot

        return SimpleGinBot()
    raise NotationError(f"no {kind!r} bot for {game!r} (try: random, simple)")
