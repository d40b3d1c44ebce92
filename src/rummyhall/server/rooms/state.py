"""A room's state: what its host chose, who sits where, its status, its match, the
pause between parts and the turn clock; and how it is saved, described and told (to its
clients and, in a cluster, to the other processes).

The lowest of a room's layers (:mod:`~rummyhall.server.rooms.room`): the room and its
:class:`~rummyhall.server.rooms.play.MatchPlay` change it and have it tell, and it calls
neither, but for the ``wake`` a timer calls: when a pause ends or a turn's clock runs
out, a stand-in may have to move.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Literal

from rummyhall.server.people.players import Player
from rummyhall.server.rooms.autoplay import Autoplay
from rummyhall.server.rooms.catalogue import GameOptions
from rummyhall.server.rooms.clock import OFF, Turn, TurnClock
from rummyhall.server.rooms.lock import RoomLock, RoomMoved
from rummyhall.server.rooms.pause import Pause
from rummyhall.server.rooms.peers import Peers
from rummyhall.server.rooms.seating import Seating
from rummyhall.server.rooms.seats import Client, Seat
from rummyhall.server.rooms.standins import Standins
from rummyhall.server.rooms.table import Table
from rummyhall.server.settings import Settings
from rummyhall.server.storage.records import StoredRoom
from rummyhall.server.storage.store import Store
from rummyhall.server.wire.messages import MatchInfo, RoomInfo, RoomMessage

log = logging.getLogger(__name__)

Status = Literal["waiting", "playing", "finished", "closed"]


class RoomState:
    """A room's state and parts, its description, and what its clients are told."""

    def __init__(
        self,
        settings: Settings,
        store: Store,
        autoplay: Autoplay,
        cluster: Peers | None,
        *,
        id: str,
        code: str,
        game: str,
        options: GameOptions,
        public: bool,
        spectators_allowed: bool,
        hints: bool,
        seating: Seating,
        spectator_chat: bool = False,
        clock: str = OFF,
        rated: bool = True,
        status: Status = "waiting",
    ) -> None:
        self.settings = settings
        self.store = store
        self.autoplay = autoplay
        self.cluster = cluster
        """The other processes of the site (``serve --redis``), or ``None``."""
        self.id = id
        self.code = code
        self.game = game
        self.options = options
        self.public = public
        self.spectators_allowed = spectators_allowed
        self.hints = hints
        self.spectator_chat = spectator_chat
        """Spectators' chat messages reach the players too (the host's choice)."""
        self.rated = rated
        """Its matches between people move ratings (``False``: casual)."""
        self.seating = seating
        self.status: Status = status
        self.table: Table | None = None
        """The latest match, over or not (``None`` before the first)."""
        self.pause: Pause | None = None
        """Between two parts: who the next one waits for (:mod:`~rummyhall.server.rooms.pause`)."""
        self.clock = TurnClock(clock, len(seating.seats), settings.hand_over_after)
        """The turn clock (:mod:`~rummyhall.server.rooms.clock`), following every change."""
        self.standins = Standins(seating.seats, self.clock, autoplay)
        self.lock = RoomLock()
        """Everything that changes the room happens under it."""
        self.wake: Callable[[], None] = lambda: None
        """Wakes the stand-ins (the room's :class:`~rummyhall.server.rooms.play.MatchPlay`)."""
        self._deadlines: set[asyncio.Task[None]] = set()

    @classmethod
    def restore(
        cls,
        settings: Settings,
        store: Store,
        autoplay: Autoplay,
        cluster: Peers | None,
        stored: StoredRoom,
        players: Mapping[str, Player],
        options: GameOptions,
    ) -> RoomState:
        """A saved room's state (``players`` by id: its host and seated players); its
        match is replayed from seed and log."""
        room = cls(
            settings,
            store,
            autoplay,
            cluster,
            id=stored.id,
            code=stored.code,
            game=stored.game,
            options=options,
            public=stored.public,
            spectators_allowed=stored.spectators,
            hints=stored.hints,
            spectator_chat=stored.spectator_chat,
            clock=stored.clock,
            rated=stored.rated,
            seating=Seating.restore(stored, players),
            status=stored.status,  # type: ignore[arg-type]
        )
        room.table = table = Table.restore(store, stored, options)
        if table is not None and stored.match is not None:
            match = stored.match
            timed = room.timed_seat()
            room.clock.restore(match.clock, match.started, timed, table.part, room.clock_deadline)
        return room

    @property
    def turn(self) -> int | None:
        """The state counter of the match under way or last played (``None``: none yet)."""
        return None if self.table is None else self.table.state.turn

    @property
    def seats(self) -> Sequence[Seat]:
        return self.seating.seats

    def clients(self) -> list[Client]:
        return self.seating.clients()

    def stop(self) -> None:
        """Stop the timers and the stand-ins (nothing is lost: the log is on disk)."""
        self.standins.stop()
        self.clock.stop()
        if self.pause is not None:
            self.pause.cancel()

    # ------------------------------------------------------------------ description and output

    def info(self) -> RoomInfo:
        table = self.table
        return RoomInfo(
            code=self.code,
            link=f"/?room={self.code}",
            game=self.game,
            title=self.options.label(),
            options=self.options.model_dump(),
            public=self.public,
            spectators_allowed=self.spectators_allowed,
            hints=self.hints,
            spectator_chat=self.spectator_chat,
            host=self.seating.host.info(),
            status=self.status,
            seats=[seat.info() for seat in self.seating.seats],
            spectators=len(self.seating.spectators),
            away_after=self.settings.away_after,
            clock=self.clock.setting,
            rated=self.rated,
            match=None
            if table is None
            else MatchInfo(id=table.id, number=table.number, over=table.state.is_over),
            pause=None if self.pause is None else self.pause.info(),
        )

    def stored(self, status: Status | None = None) -> StoredRoom:
        """The room as saved; ``status`` saves it in a status it is about to enter (the
        memory changes only once the commit has succeeded)."""
        return StoredRoom(
            id=self.id,
            code=self.code,
            game=self.game,
            options=self.options.model_dump(),
            public=self.public,
            spectators=self.spectators_allowed,
            hints=self.hints,
            host_id=self.seating.host.id,
            seats=[seat.stored() for seat in self.seating.seats],
            status=status or self.status,
            match=None,
            spectator_chat=self.spectator_chat,
            clock=self.clock.setting,
            rated=self.rated,
        )

    async def save(self) -> None:
        await self.store.save_room(self.stored())

    def broadcast_room(self) -> None:
        """Queue every client in the room the room's description (and the clock, if a
        change of the room began or ended a timed turn); the other processes see it
        soon after."""
        self._tell_clients()
        if self.cluster is not None:
            self.cluster.changed(self)

    async def announce_status(self) -> None:
        """:meth:`broadcast_room` after a change of status, once the other processes
        see it: a process killed after its clients learn the match began or ended
        leaves the shared lobby saying so too."""
        if self.cluster is not None:
            await self.cluster.announce(self)
        self._tell_clients()

    def _tell_clients(self) -> None:
        self.follow_clock()
        info = self.info()
        for client in self.clients():
            client.send(RoomMessage(room=info, you=client.seat))

    # ------------------------------------------------------------------ between parts

    def begin_pause(self) -> None:
        """A part has ended and the next is dealt: hold it until every human seat has
        closed the result (the caller holds the lock and has published the result)."""
        humans = self.seating.humans()
        if humans:
            self.pause = Pause.begin(humans, self.settings.part_pause, self.end_pause)
            self.broadcast_room()

    def end_pause(self) -> None:
        """Start the next part: everyone is ready, or the timeout is up."""
        if self.pause is None:
            return
        self.pause.cancel()
        self.pause = None
        self.broadcast_room()
        self.wake()

    # ------------------------------------------------------------------ the clock

    def timed_seat(self) -> int | None:
        """The seat whose turn is timed: a person's to move (nobody's while a bot or the
        away bot plays it, during a pause, or once the match is over)."""
        table = self.table
        if table is None or self.status != "playing" or self.pause is not None:
            return None
        seat = table.state.current_player
        if seat is None or self.standins.actor(seat) not in (None, "clock"):
            return None
        return seat

    def follow_clock(self) -> None:
        """Time the seat to move now and, with a clock, tell the room when a turn begins
        or ends (without one, the room hears only of a stalled turn: most turns end
        long before, and a message a turn would cost every table)."""
        part = 0 if self.table is None else self.table.part
        changed = self.clock.follow(self.timed_seat(), part, self.clock_deadline)
        if changed and self.clock.limits is not None:
            self.send_clock()

    def send_clock(self) -> None:
        if self.table is not None:
            message = self.clock.message(self.code, self.table.state.turn)
            for client in self.clients():
                client.send(message)

    def clock_deadline(self) -> None:
        """The turn's deadline has come (a timer's callback): act on it under the lock."""
        turn = self.clock.turn
        if turn is not None:
            task = asyncio.create_task(self._deadline(turn), name=f"clock {self.code}")
            self._deadlines.add(task)
            task.add_done_callback(self._deadlines.discard)

    async def _deadline(self, turn: Turn) -> None:
        """With a clock, the computer plays the rest of ``turn`` (and after three such
        turns in a row the seat is away); without one, the others may now hand it over
        (:meth:`TurnClock.expire`)."""
        try:
            async with self.lock:
                if self.clock.turn is not turn:
                    return  # the turn ended meanwhile
                if self.clock.expire():
                    self.seating.seats[turn.seat].away = True
                    log.info("room %s: seat %d timed out three times: away", self.code, turn.seat)
                    self.broadcast_room()
                self.send_clock()
        except RoomMoved:
            return
        self.wake()
