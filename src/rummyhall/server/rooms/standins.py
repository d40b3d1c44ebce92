"""Who plays a seat of a room when its person does not: the seat's bot, the computer
once the turn's clock has run out, or the away bot once the player has been gone
``away_after`` seconds (while someone else is at the table: with nobody there the game
waits).

A part of the :class:`~rummyhall.server.rooms.room.Room`: it says who stands in for a
seat and chooses their moves, off the event loop; the room runs the moves one by one and
plays each the way of every action, under its lock (so a stale bot move is dropped like
a stale click).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Coroutine, Sequence
from typing import Any

from rummyhall.actions import JSON, Action
from rummyhall.server.rooms.autoplay import Autoplay, move_seed
from rummyhall.server.rooms.clock import TurnClock
from rummyhall.server.rooms.seats import Seat
from rummyhall.server.rooms.table import Actor, Table

log = logging.getLogger(__name__)


class Standins:
    """The stand-ins of one room's seats: who plays each, their moves, the away timers."""

    def __init__(self, seats: Sequence[Seat], clock: TurnClock, autoplay: Autoplay) -> None:
        self.seats = seats
        self.clock = clock
        self.autoplay = autoplay
        self.settings = autoplay.settings
        self._task: asyncio.Task[None] | None = None

    def actor(self, index: int) -> Actor | None:
        """Who plays seat ``index`` when a person does not (``None``: a person): its bot,
        the computer once the turn's clock has run out, or the away bot."""
        seat = self.seats[index]
        if seat.bot is not None:
            return "bot"
        if self.clock.expired(index):
            return "clock"
        if seat.away and any(s.client is not None for s in self.seats if s is not seat):
            return "away"
        return None

    # ------------------------------------------------------------------ away seats

    def start_away_timer(
        self, seat: Seat, on_away: Callable[[Seat], None], away_at: float | None = None
    ) -> None:
        """A player's connection is gone: ``on_away`` is called unless he is back in
        time, ``away_after`` from now or at ``away_at`` (wall clock: the deadline a
        process that played the room before set)."""
        if seat.player is None or seat.away or seat.timer:
            return
        now = time.time()
        seat.away_at = now + self.settings.away_after if away_at is None else away_at
        loop = asyncio.get_running_loop()
        seat.timer = loop.call_later(max(0.0, seat.away_at - now), self._gone, seat, on_away)

    def _gone(self, seat: Seat, on_away: Callable[[Seat], None]) -> None:
        seat.timer = None
        if seat.client is None and seat.player is not None:
            on_away(seat)

    # ------------------------------------------------------------------ moves

    @property
    def moving(self) -> bool:
        """Whether the room's stand-ins are making their moves already."""
        return self._task is not None and not self._task.done()

    def run(self, moves: Callable[[], Coroutine[Any, Any, None]], room: str) -> None:
        """Run ``moves`` (the room's loop of stand-in moves) as this room's one task."""
        self._task = asyncio.create_task(self._logged(moves(), room), name=f"autoplay {room}")

    async def _logged(self, moves: Coroutine[Any, Any, None], room: str) -> None:
        try:
            await moves
        except Exception:
            log.exception("autoplay failed in room %s", room)

    def level(self, index: int, actor: Actor) -> str:
        """The bot level that plays seat ``index`` for ``actor``: the seat's own bot, or
        the away level."""
        level = self.seats[index].bot if actor == "bot" else self.settings.away_level
        assert level is not None
        return level

    async def choose(
        self, table: Table, seat: int, level: str, view: JSON, legal: Sequence[Action]
    ) -> Action:
        """The move of bot ``level`` for ``seat`` in the position (``view``, ``legal``)
        at ``table``'s current turn, after the configured ``bot_delay``: a bot that
        fails, or chooses an illegal move, plays the first legal action."""
        turn = table.state.turn
        if self.settings.bot_delay:
            await asyncio.sleep(self.settings.bot_delay)
        try:
            seed = move_seed(table.seed, seat, turn)
            action = await self.autoplay.think(table.game, level, seed, view, legal)
        except Exception:
            log.exception("bot failed in room %s; it plays its first legal action", table.room)
            return legal[0]
        if table.state.turn == turn and table.state.is_legal(action) is not None:
            log.error("bot chose an illegal %s in room %s", action, table.room)
            return legal[0]
        return action

    def stop(self) -> None:
        """Stop the timers and any move under way (the log on disk loses nothing)."""
        for seat in self.seats:
            seat.cancel_timer()
        if self._task is not None:
            self._task.cancel()
