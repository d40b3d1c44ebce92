"""Who plays a seat of a room when its person does not: the seat's bot, the computer
once the turn's clock has run out, or the away bot once the player has been gone
``away_after`` seconds (while someone else is at the table: with nobody there the game
waits). A stand-in's move goes the way of every action, through
:meth:`Room.play_checked <rummyhall.server.rooms.room.Room.play_checked>` under the
room's lock, so a stale bot move is dropped like a stale click."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Protocol

from rummyhall.actions import Action
from rummyhall.server.rooms.autoplay import Autoplay, move_seed
from rummyhall.server.rooms.clock import TurnClock
from rummyhall.server.rooms.lock import RoomLock
from rummyhall.server.rooms.pause import Pause
from rummyhall.server.rooms.seats import Seat
from rummyhall.server.rooms.table import Actor, Table

log = logging.getLogger(__name__)


class Stood(Protocol):
    """What the stand-ins read of their room (:class:`~rummyhall.server.rooms.room.Room`),
    and its one way to play a move; a protocol, so that this module imports no room."""

    @property
    def code(self) -> str: ...

    @property
    def game(self) -> str: ...

    @property
    def status(self) -> str: ...

    @property
    def seats(self) -> list[Seat]: ...

    @property
    def table(self) -> Table | None: ...

    @property
    def pause(self) -> Pause | None: ...

    @property
    def lock(self) -> RoomLock: ...

    @property
    def clock(self) -> TurnClock: ...

    def broadcast_room(self) -> None: ...

    async def play_checked(self, table: Table, seat: int, action: Action, actor: Actor) -> None: ...


class Standins:
    """The stand-ins of one room: its bots' moves and its away timers."""

    def __init__(self, room: Stood, autoplay: Autoplay) -> None:
        self.room = room
        self.autoplay = autoplay
        self.settings = autoplay.settings
        self._task: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ away seats

    def start_away_timer(self, seat: Seat, away_at: float | None = None) -> None:
        """A player's connection is gone: mark the seat away unless he is back in time,
        ``away_after`` from now or at ``away_at`` (wall clock: the deadline a process
        that played the room before set)."""
        if self.room.status != "playing" or seat.player is None or seat.away or seat.timer:
            return
        now = time.time()
        seat.away_at = now + self.settings.away_after if away_at is None else away_at
        loop = asyncio.get_running_loop()
        seat.timer = loop.call_later(max(0.0, seat.away_at - now), self._mark_away, seat.index)

    def _mark_away(self, index: int) -> None:
        seat = self.room.seats[index]
        seat.timer = None
        if seat.client is None and seat.player is not None and self.room.status == "playing":
            seat.away = True
            self.room.broadcast_room()
            self.kick()

    def actor(self, index: int) -> Actor | None:
        """Who plays seat ``index`` when a person does not (``None``: a person): its bot,
        the computer once the turn's clock has run out, or the away bot."""
        seat = self.room.seats[index]
        if seat.bot is not None:
            return "bot"
        if self.room.clock.expired(index):
            return "clock"
        if seat.away and any(s.client is not None for s in self.room.seats if s is not seat):
            return "away"
        return None

    # ------------------------------------------------------------------ moves

    def kick(self) -> None:
        """Start the autoplay task if a bot or the away bot is to move."""
        if self._task is not None and not self._task.done():
            return
        table = self.room.table
        if table is None or self.room.status != "playing" or self.room.pause is not None:
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
            if table is None or room.status != "playing" or room.pause is not None:
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
