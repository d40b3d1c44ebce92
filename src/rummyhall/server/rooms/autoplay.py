"""Bots in rooms: the players of bot seats and of away seats, thinking off the event loop.

A bot sees exactly what a client of its seat would: the seat's view and the legal
actions (as ``rummyhall.bots.decide`` hands them; the state itself stays in the room).
Bots keep nothing between moves but their random generator, so each move is made by a
fresh ``make_bot(game, level, seed=…)`` seeded from the match seed, the seat and the state
counter: a bot's play is reproducible, survives a restart, and may run in any worker.

The searching level (``hard``, a second a move) runs in worker processes, so its search
neither holds the interpreter lock that the event loop needs nor delays the quick
levels, which run in threads.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

import anyio
import anyio.to_thread

from rummyhall.actions import JSON, Action
from rummyhall.bots import make_bot
from rummyhall.errors import RummyhallError
from rummyhall.server.metrics import BOT_SECONDS
from rummyhall.server.settings import Settings

SEARCHING = frozenset({"hard"})
"""Levels that think long enough to deserve a process of their own."""


def choose(game: str, level: str, seed: int, view: JSON, legal: Sequence[Action]) -> Action:
    """One move of a fresh ``level`` bot."""
    return make_bot(game, level, seed=seed).act(view, legal)


def exit_with_parent() -> None:
    """Worker initializer: end the worker when the server dies, even by SIGKILL (the
    bots' processes and the reviews')."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        parent.join()
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def move_seed(match_seed: int, seat: int, turn: int) -> int:
    """The seed of the bot moving for ``seat`` at state counter ``turn``.

    >>> move_seed(7, 1, 0) != move_seed(7, 0, 1)
    True
    """
    return (match_seed * 1_000_003 + seat * 7_919 + turn * 104_729) % 2**63


class Autoplay:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.limiter = anyio.CapacityLimiter(settings.bot_threads)
        self._processes: ProcessPoolExecutor | None = None

    def offers(self, game: str, level: str) -> bool:
        """Whether a ``level`` bot is offered for ``game`` on this server."""
        if level not in self.settings.bot_levels:
            return False
        try:
            make_bot(game, level, seed=0)
        except RummyhallError:
            return False
        return True

    async def think(
        self, game: str, level: str, seed: int, view: JSON, legal: Sequence[Action]
    ) -> Action:
        with BOT_SECONDS.labels(level).time():
            if level in SEARCHING:
                loop = asyncio.get_running_loop()
                return await loop.run_in_executor(
                    self._pool(), choose, game, level, seed, view, list(legal)
                )
            return await anyio.to_thread.run_sync(
                choose, game, level, seed, view, legal, limiter=self.limiter
            )

    def _pool(self) -> ProcessPoolExecutor:
        if self._processes is None:  # started on first use: most servers never need it
            self._processes = ProcessPoolExecutor(
                self.settings.bot_processes,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=exit_with_parent,
            )
        return self._processes

    def close(self) -> None:
        if self._processes is not None:
            self._processes.shutdown(wait=True, cancel_futures=True)
