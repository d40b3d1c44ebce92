"""Bots in rooms: the players of bot seats and of away seats, thinking off the event loop.

A bot sees exactly what a client of its seat would: the seat's view and the legal
actions (as ``rummyhall.bots.decide`` hands them; the state itself stays in the room).
Bots keep nothing between moves but their random generator, so each move is made by a
fresh ``make_bot(game, level, seed=…)`` seeded from the match seed, the seat and the state
counter: a bot's play is reproducible, survives a restart, and may run in any worker.

The searching level (``hard``, a second a move) runs in worker processes, so its search
neither holds the interpreter lock that the event loop needs nor delays the quick
levels, which run in threads.

Each room has its :class:`Standins`: the away timers of its seats, and the task that
plays a bot's or the away bot's turn through the room's own path (under its lock, so a
stale bot move is dropped like a stale click).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Protocol

import anyio
import anyio.to_thread

from rummyhall.actions import JSON, Action
from rummyhall.bots import make_bot
from rummyhall.errors import RummyhallError
from rummyhall.server.seats import Seat
from rummyhall.server.settings import Settings
from rummyhall.server.table import Actor, Table

log = logging.getLogger(__name__)

SEARCHING = frozenset({"hard"})
"""Levels that think long enough to deserve a process of their own."""


def choose(game: str, level: str, seed: int, view: JSON, legal: Sequence[Action]) -> Action:
    """One move of a fresh ``level`` bot."""
    return make_bot(game, level, seed=seed).act(view, legal)


def _exit_with_parent() -> None:
    """Worker initializer: end the worker when the server dies, even by SIGKILL."""
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
                initializer=_exit_with_parent,
            )
        return self._processes

    def close(self) -> None:
        if self._processes is not None:
            self._processes.shutdown(wait=True, cancel_futures=True)


class Hosting(Protocol):
    """A room as its stand-ins see it (:class:`rummyhall.server.rooms.Room`)."""

    code: str
    game: str
    lock: asyncio.Lock
    seats: list[Seat]

    @property
    def status(self) -> str: ...

    @property
    def table(self) -> Table | None: ...

    def broadcast_room(self) -> None: ...

    async def play_checked(self, table: Table, seat: int, action: Action, actor: Actor) -> None: ...


class Standins:
    """Who plays a seat of one room when its person does not: the seat's bot, or the
    away bot once the player has been gone ``away_after`` seconds, while someone else
    is at the table (with nobody there the game waits)."""

    def __init__(self, room: Hosting, autoplay: Autoplay) -> None:
        self.room = room
        self.autoplay = autoplay
        self.settings = autoplay.settings
        self._task: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ away seats

    def start_away_timer(self, seat: Seat) -> None:
        """A player's connection is gone: mark the seat away unless he is back in time."""
        if self.room.status != "playing" or seat.player is None or seat.away or seat.timer:
            return
        loop = asyncio.get_running_loop()
        seat.timer = loop.call_later(self.settings.away_after, self._mark_away, seat.index)

    def _mark_away(self, index: int) -> None:
        seat = self.room.seats[index]
        seat.timer = None
        if seat.client is None and seat.player is not None and self.room.status == "playing":
            seat.away = True
            self.room.broadcast_room()
            self.kick()

    def actor(self, index: int) -> Actor | None:
        """Who plays seat ``index`` when a person does not (``None``: a person)."""
        seat = self.room.seats[index]
        if seat.bot is not None:
            return "bot"
        if seat.away and any(s.client is not None for s in self.room.seats if s is not seat):
            return "away"
        return None

    # ------------------------------------------------------------------ moves

    def kick(self) -> None:
        """Start the autoplay task if a bot or the away bot is to move."""
        if self._task is not None and not self._task.done():
            return
        table = self.room.table
        if table is None or self.room.status != "playing":
            return
        current = table.state.current_player
        if current is None or self.actor(current) is None:
            return
        self._task = asyncio.create_task(self._run(), name=f"autoplay {self.room.code}")

    async def _run(self) -> None:
        try:
            while await self._move():
                pass
        except Exception:
            log.exception("autoplay failed in room %s", self.room.code)

    async def _move(self) -> bool:
        """One bot move; ``False`` once no bot is to move."""
        room = self.room
        async with room.lock:
            table = room.table
            if table is None or room.status != "playing":
                return False
            state = table.state
            seat = state.current_player
            actor = None if seat is None else self.actor(seat)
            if seat is None or actor is None:
                return False
            turn = state.turn
            view, legal = await table.position(seat)
            level = room.seats[seat].bot if actor == "bot" else self.settings.away_level
            assert level is not None
        if self.settings.bot_delay:
            await asyncio.sleep(self.settings.bot_delay)
        try:
            seed = move_seed(table.seed, seat, turn)
            action = await self.autoplay.think(room.game, level, seed, view, legal)
        except Exception:
            log.exception("bot failed in room %s; it plays its first legal action", room.code)
            action = legal[0]
        async with room.lock:
            if room.table is not table or state.turn != turn or self.actor(seat) != actor:
                return True  # the table moved on (a reconnect, a restart): look again
            if state.is_legal(action) is not None:
                log.error("bot chose an illegal %s in room %s", action, room.code)
                action = legal[0]
            await room.play_checked(table, seat, action, actor)
        return True

    def stop(self) -> None:
        """Stop the timers and any move under way (the log on disk loses nothing)."""
        for seat in self.room.seats:
            seat.cancel_timer()
        if self._task is not None:
            self._task.cancel()
