"""A room as a place: its seats and who plays them, its spectators, the host's changes
before a match starts, and how the room is described, saved and told to its clients;
its :class:`~rummyhall.server.rooms.standins.Standins` play a seat when its person does
not. :class:`~rummyhall.server.rooms.room.Room` adds the match at its table.

Everything that changes a room happens under its lock; a request that fails a check
changes nothing, and a seat taken or given up counts only once it is saved.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from abc import ABC, abstractmethod

from rummyhall.actions import Action
from rummyhall.server.people.players import Player
from rummyhall.server.rooms.catalogue import GameOptions
from rummyhall.server.rooms.chat import Chat
from rummyhall.server.rooms.clock import OFF, Turn, TurnClock
from rummyhall.server.rooms.lock import RoomLock, RoomMoved
from rummyhall.server.rooms.pause import Pause
from rummyhall.server.rooms.seats import Client, Seat, free_seat, require_room_to_watch, seat_at
from rummyhall.server.rooms.shared import Shared, Status
from rummyhall.server.rooms.standins import Standins
from rummyhall.server.rooms.table import Actor, Table
from rummyhall.server.settings import Settings
from rummyhall.server.storage.records import StoredRoom
from rummyhall.server.wire.messages import (
    LeftMessage,
    MatchInfo,
    RemovedMessage,
    RoomInfo,
    RoomMessage,
)
from rummyhall.server.wire.protocol import ProtocolError

log = logging.getLogger(__name__)


class Seating(ABC):
    """The room without its match: who sits where, who watches, the host's changes
    before the start, the room's description, and its lifecycle."""

    def __init__(
        self,
        services: Shared,
        *,
        id: str,
        code: str,
        game: str,
        options: GameOptions,
        public: bool,
        spectators_allowed: bool,
        hints: bool,
        host: Player,
        spectator_chat: bool = False,
        clock: str = OFF,
        seats: list[Seat],
        status: Status = "waiting",
    ) -> None:
        self.services = services
        self.id = id
        self.code = code
        self.game = game
        self.options = options
        self.public = public
        self.spectators_allowed = spectators_allowed
        self.hints = hints
        self.spectator_chat = spectator_chat
        """Spectators' chat messages reach the players too (the host's choice)."""
        self.chat = Chat(services.store, id, code)
        self.host = host
        self.seats = seats
        self.status: Status = status
        self.table: Table | None = None
        """The latest match, over or not (``None`` before the first)."""
        self.pause: Pause | None = None
        """Between two parts: who the next one waits for (:mod:`~rummyhall.server.rooms.pause`)."""
        self.spectators: set[Client] = set()
        self.removed: dict[str, float] = {}
        """Player id → when (monotonic) a player the host removed may sit again."""
        self.lock = RoomLock()
        self.idle_since = time.monotonic()
        self.standins = Standins(self, services.autoplay)
        self.clock = TurnClock(clock, len(seats), services.settings.hand_over_after)
        """The turn clock (:mod:`~rummyhall.server.rooms.clock`), following every change."""
        self._deadlines: set[asyncio.Task[None]] = set()

    @abstractmethod
    async def play_checked(self, table: Table, seat: int, action: Action, actor: Actor) -> None:
        """Play an action already checked (the caller holds the lock): a person's, a
        bot's or the away bot's; :class:`~rummyhall.server.rooms.room.Room` does."""

    # ------------------------------------------------------------------ description

    @property
    def settings(self) -> Settings:
        return self.services.settings

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
            host=self.host.info(),
            status=self.status,
            seats=[seat.info() for seat in self.seats],
            spectators=len(self.spectators),
            away_after=self.settings.away_after,
            clock=self.clock.setting,
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
            host_id=self.host.id,
            seats=[seat.stored() for seat in self.seats],
            status=status or self.status,
            match=None,
            spectator_chat=self.spectator_chat,
            clock=self.clock.setting,
        )

    def clients(self) -> list[Client]:
        seated = [seat.client for seat in self.seats if seat.client is not None]
        return [*seated, *self.spectators]

    def hosted_by(self, player: Player) -> bool:
        """The host is fixed for the room's life, seated or not, connected or not."""
        return self.host.id == player.id

    def seat_held_by(self, player: Player) -> Seat | None:
        return next((s for s in self.seats if s.player and s.player.id == player.id), None)

    async def save(self) -> None:
        await self.services.store.save_room(self.stored())

    # ------------------------------------------------------------------ joining

    async def join(self, client: Client, role: str, wanted: int | None) -> None:
        assert client.player is not None
        async with self.lock:
            if self.status == "closed":
                raise ProtocolError("room_not_found", room=self.code)
            if client.gone:
                # It went while its join waited (found by the fuzzer): seated, the dead
                # socket would take the seat from the window that replaced it.
                return
            if role == "spectator":
                self._add_spectator(client)
            else:
                await self._seat(client, client.player, wanted)
            self.idle_since = time.monotonic()
            self.broadcast_room()
            if self.table is not None:
                client.send(await self.table.text(client.seat, []))
                if self.clock.limits is not None or self.clock.stalled():
                    client.send(self.clock.message(self.code, self.table.state.turn))
        self.standins.kick()

    def _add_spectator(self, client: Client) -> None:
        assert client.player is not None
        if not self.spectators_allowed:
            raise ProtocolError("spectators_not_allowed")
        if client not in self.spectators:
            settings = self.settings
            require_room_to_watch(
                self.spectators,
                client.player,
                settings.max_spectators,
                settings.max_spectators_per_player,
            )
        if client.room is self:  # a seated player who would rather watch
            self._detach(client)
        self.spectators.add(client)
        client.room, client.seat = self, None

    async def _seat(self, client: Client, player: Player, wanted: int | None) -> None:
        held = self.seat_held_by(player)
        if held is None:
            if self.status != "waiting":
                raise ProtocolError("room_started")
            elsewhere = await self._waiting_seats_elsewhere(player)
            held = free_seat(self.seats, wanted)
            self._may_sit(player, elsewhere)
            held.player = player  # no await since the checks: they still hold
            try:
                await self.save()
            except BaseException:
                held.player = None  # not saved: not taken
                raise
        elif held.client is not None and held.client is not client:
            previous = held.client
            previous.room = previous.seat = None
            previous.close("replaced")
        held.client = client
        held.away = False
        held.cancel_timer()
        self.spectators.discard(client)
        client.room, client.seat = self, held.index

    async def _waiting_seats_elsewhere(self, player: Player) -> int:
        """In a cluster, the seats ``player`` holds in other hosts' rooms that have not
        started and that other processes play (0 for one process)."""
        cluster = self.services.cluster
        if cluster is None:
            return 0
        return await cluster.waiting_seats(player.id, besides=self.services.rooms)

    def _may_sit(self, player: Player, elsewhere: int) -> None:
        """Refuse a player the host removed a moment ago, and one who already holds
        ``max_waiting_seats`` seats in other hosts' rooms that have not started (here,
        and ``elsewhere`` in other processes')."""
        until = self.removed.get(player.id, 0.0)
        now = time.monotonic()
        if until > now:
            raise ProtocolError("removed", seconds=math.ceil(until - now))
        self.removed.pop(player.id, None)
        if self.hosted_by(player):
            return
        held = elsewhere + sum(
            1
            for room in self.services.rooms.values()
            if room is not self
            and room.status == "waiting"
            and not room.hosted_by(player)
            and room.seat_held_by(player) is not None
        )
        if held >= self.settings.max_waiting_seats:
            raise ProtocolError("seat_limit", count=held)

    async def leave(self, client: Client, ref: str | None = None) -> None:
        """Leave on purpose: a seat is given up before the start, kept afterwards.
        ``ref`` is the ``id`` of the client's ``leave``, echoed by ``left``."""
        async with self.lock:
            seat = self._seat_of(client)
            if seat is not None and self.status == "waiting":
                seat.player = None
                seat.client = None
                await self.save()
            self._detach(client)
            client.send(LeftMessage(room=self.code, ref=ref))
            client.room = client.seat = None
            self.broadcast_room()

    async def disconnect(self, client: Client) -> None:
        """The connection dropped: the seat is kept, and the away timer starts."""
        async with self.lock:
            self._detach(client)
            client.room = client.seat = None
            self.broadcast_room()

    def _seat_of(self, client: Client) -> Seat | None:
        if client.seat is None:
            return None
        seat = self.seats[client.seat]
        return seat if seat.client is client else None

    def _detach(self, client: Client) -> None:
        self.spectators.discard(client)
        seat = self._seat_of(client)
        if seat is not None:
            seat.client = None
            self.standins.start_away_timer(seat)
        if not self.clients():
            self.idle_since = time.monotonic()

    # ------------------------------------------------------------------ between parts

    def begin_pause(self) -> None:
        """A part has ended and the next is dealt: hold it until every human seat has
        closed the result (the caller holds the lock and has published the result)."""
        humans = [seat.index for seat in self.seats if seat.player is not None]
        if humans:
            self.pause = Pause.begin(humans, self.settings.part_pause, self.end_pause)
            self.broadcast_room()

    async def ready(self, client: Client) -> None:
        """A seated player has closed the result (again, or with no pause: nothing)."""
        async with self.lock:
            seat = self._seat_of(client)
            if seat is None:
                raise ProtocolError("not_seated")
            if self.pause is None or seat.index not in self.pause.waiting:
                return
            if self.pause.ready(seat.index):
                self.end_pause()
            else:
                self.broadcast_room()

    def end_pause(self) -> None:
        """Start the next part: everyone is ready, or the timeout is up."""
        if self.pause is None:
            return
        self.pause.cancel()
        self.pause = None
        self.broadcast_room()
        self.standins.kick()

    # ------------------------------------------------------------------ the host

    async def set_seat(self, client: Client, index: int, occupant: str, level: str | None) -> None:
        """Before the start, the host seats a bot or opens a seat (also the seat of a
        player who has disconnected)."""
        async with self.lock:
            seat = self._seat_before_start(client, index)
            # A player who has gone may be replaced; a connected one (or the host) not.
            if seat.player is not None and (
                seat.client is not None or seat.player.id == self.host.id
            ):
                raise ProtocolError("seat_taken", seat=index)
            if occupant == "bot":
                level = level or self.settings.away_level
                if not self.services.autoplay.offers(self.game, level):
                    raise ProtocolError("bot_unavailable", level=level, game=self.game)
            seat.player = None
            seat.bot = level if occupant == "bot" else None
            await self.save()
            self.broadcast_room()

    async def remove(self, client: Client, index: int) -> None:
        """Before the start, the host sends a player away: the seat opens, the player's
        connection is told (``removed``) and he may not sit here again for
        ``remove_ban`` seconds (watching stays open to him, as to anyone)."""
        async with self.lock:
            seat = self._seat_before_start(client, index)
            player, gone = seat.player, seat.client
            if player is None or self.hosted_by(player):
                raise ProtocolError("not_removable", seat=index)
            seat.player = seat.client = None
            try:
                await self.save()
            except BaseException:
                seat.player, seat.client = player, gone  # not saved: not removed
                raise
            self.removed[player.id] = time.monotonic() + self.settings.remove_ban
            if gone is not None:
                gone.room = gone.seat = None
                gone.send(RemovedMessage(room=self.code))
            log.info("room %s: the host removed %s from seat %d", self.code, player.id, index)
            self.broadcast_room()

    def _seat_before_start(self, client: Client, index: int) -> Seat:
        """Seat ``index``, for the host to change before the start (else refused)."""
        self._require_host(client)
        if self.status != "waiting":
            raise ProtocolError("room_started")
        return seat_at(self.seats, index)

    def _require_host(self, client: Client) -> None:
        assert client.player is not None
        if not self.hosted_by(client.player):
            raise ProtocolError("not_host")

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
                    self.seats[turn.seat].away = True
                    log.info("room %s: seat %d timed out three times: away", self.code, turn.seat)
                    self.broadcast_room()
                self.send_clock()
        except RoomMoved:
            return
        self.standins.kick()

    def take_back(self, index: int) -> None:
        """The player of seat ``index`` plays it himself again (he acted, or said he is
        back): no longer away, no timeouts in a row."""
        seat = self.seats[index]
        if seat.away or self.clock.timeouts[index]:
            seat.away = False
            self.clock.back(index)
            self.broadcast_room()
            self.send_clock()

    # ------------------------------------------------------------------ output and lifecycle

    def broadcast_room(self) -> None:
        """Queue every client in the room the room's description (and the clock, if a
        change of the room began or ended a timed turn); the other processes see it
        soon after."""
        self._tell_clients()
        if self.services.cluster is not None:
            self.services.cluster.changed(self)

    async def announce_status(self) -> None:
        """:meth:`broadcast_room` after a change of status, once the other processes
        see it: a process killed after its clients learn the match began or ended
        leaves the shared lobby saying so too."""
        if self.services.cluster is not None:
            await self.services.cluster.announce(self)
        self._tell_clients()

    def _tell_clients(self) -> None:
        self.follow_clock()
        info = self.info()
        for client in self.clients():
            client.send(RoomMessage(room=info, you=client.seat))

    async def close(self) -> None:
        async with self.lock:
            self.status = "closed"
            self.stop()
            await self.save()

    def stop(self) -> None:
        """Server shutdown: stop timers and bots (nothing is lost: the log is on disk)."""
        self.standins.stop()
        self.clock.stop()
        if self.pause is not None:
            self.pause.cancel()

    def move_away(self) -> None:
        """Another process plays the room from now on: stop here, and refuse whoever
        still waits for the lock."""
        self.stop()
        self.lock.moved = True
