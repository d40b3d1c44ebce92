"""Bots in rooms: the players of bot seats and of away seats, thinking off the event loop.

A bot is made by ``rummyhall.bots.make_bot(game, level, seed=…)`` and sees exactly what
a client of its seat would: the seat's view and the legal actions. It thinks in a worker
thread (a hard bot may take a second) so other rooms keep playing meanwhile.
"""

from __future__ import annotations

from collections.abc import Sequence

import anyio
import anyio.to_thread

from rummyhall.actions import JSON, Action
from rummyhall.bots import Bot, make_bot
from rummyhall.errors import RummyhallError
from rummyhall.server.settings import Settings


class Autoplay:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.limiter = anyio.CapacityLimiter(settings.bot_threads)

    def offers(self, game: str, level: str) -> bool:
        """Whether a ``level`` bot is offered for ``game`` on this server."""
        if level not in self.settings.bot_levels:
            return False
        try:
            make_bot(game, level, seed=0)
        except RummyhallError:
            return False
        return True

    def make(self, game: str, level: str, seed: int) -> Bot:
        return make_bot(game, level, seed=seed)

    async def think(self, bot: Bot, view: JSON, legal: Sequence[Action]) -> Action:
        return await anyio.to_thread.run_sync(bot.act, view, legal, limiter=self.limiter)
