"""A room: the one authority over its seats, the clients in it and the match at its table.

It is built in layers, each calling only the ones below it:

- :class:`Room`, here: a client's requests in (:meth:`Room.handle`), joining and leaving,
  the host's changes before the start, and the room's life (resumed, closed, moved);
- its :class:`~rummyhall.server.rooms.play.MatchPlay`: the match (its start, the seats'
  actions, its end) and the moves of whoever stands in for a person;
- its :class:`~rummyhall.server.rooms.state.RoomState`: what the room is (the host's
  choices, the seating, status, table, pause and clock), saved, described and told;
- the parts, which only check and change: the
  :class:`~rummyhall.server.rooms.seating.Seating`, the
  :class:`~rummyhall.server.rooms.table.Table`, the
  :class:`~rummyhall.server.rooms.standins.Standins`, the turn clock, the pause, the chat.

Only a timer calls back up, the function it was given (a pause or a turn's clock ends,
an absent player's time is up). The path of an action, one way, is numbered in
docs/design.md: the protocol reads it into an :class:`~rummyhall.actions.Action`, the
room hands it to its play, which takes the lock and checks the sender; the table checks
the state counter, the turn and the rules, logs the action, applies it once committed
and renders each seat's state text, which the play queues to each client. A request
that fails a check changes nothing. Bots and the away bot go the same way, so a stale
bot move is dropped like a stale click.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping

from rummyhall.server.people.players import Player
from rummyhall.server.rooms.chat import Chat
from rummyhall.server.rooms.gate import Gate
from rummyhall.server.rooms.play import MatchPlay
from rummyhall.server.rooms.seats import Client, Seat, seat_at
from rummyhall.server.rooms.state import RoomState
from rummyhall.server.wire.messages import LeftMessage, PlayerInfo, RemovedMessage, error_message
from rummyhall.server.wire.protocol import (
    ActionRequest,
    Back,
    ChatRequest,
    CheckRequest,
    ClientMessageType,
    HandOver,
    HintRequest,
    Join,
    Leave,
    ProtocolError,
    ReactRequest,
    Ready,
    Rematch,
    Remove,
    SetSeat,
    Start,
)

log = logging.getLogger(__name__)


class Room:
    """A room: who may join and sit, the host's changes before the start, and its life
    (saved, restored, closed, moved to another process); its
    :class:`~rummyhall.server.rooms.play.MatchPlay` takes the requests about the match."""

    def __init__(self, state: RoomState, rooms: Mapping[str, Room], gate: Gate) -> None:
        self.state = state
        self.play = MatchPlay(state)
        self.rooms = rooms
        """Every room this process plays, by code (the lobby's)."""
        self.gate = gate
        """Refuses a seat to a player moderators suspended."""
        self.chat = Chat(state.store, state.id, state.code)
        self.idle_since = time.monotonic()

    @property
    def code(self) -> str:
        return self.state.code

    @property
    def turn(self) -> int | None:
        """The state counter of the match under way or last played (``None``: none yet)."""
        return self.state.turn

    @property
    def match_id(self) -> str | None:
        """The match under way or last played (``None``: none yet)."""
        table = self.state.table
        return None if table is None else table.id

    async def handle(self, client: Client, message: ClientMessageType) -> None:
        """One request of ``client`` here: joining, or anything said once in the room
        (wherever the client is connected: a forwarded request comes this way too)."""
        state = self.state
        if isinstance(message, Join):
            await self.join(client, message.role, message.seat)
            client.send(await self.chat.history(client, state.spectator_chat))
        elif isinstance(message, ChatRequest):
            clients = state.seating.clients()
            await self.chat.say(client, clients, state.spectator_chat, text=message.text)
        elif isinstance(message, ReactRequest):
            clients = state.seating.clients()
            await self.chat.say(client, clients, state.spectator_chat, reaction=message.reaction)
        elif isinstance(message, Leave):
            await self.leave(client, message.id)
        elif isinstance(message, SetSeat):
            await self.set_seat(client, message.seat, message.occupant, message.level)
        elif isinstance(message, Remove):
            await self.remove(client, message.seat)
        elif isinstance(message, Start):
            await self.play.start(client)
        elif isinstance(message, Rematch):
            await self.play.rematch(client)
        elif isinstance(message, Ready):
            await self.play.ready(client)
        elif isinstance(message, ActionRequest):
            await self.play.act(client, message.turn, message.action)
        elif isinstance(message, CheckRequest):
            reply = await self.play.check(client, message.turn, message.action)
            client.send(reply.model_copy(update={"ref": message.id}))
        elif isinstance(message, HintRequest):
            hint = await self.play.hint(client, message.turn)
            client.send(hint.model_copy(update={"ref": message.id}))
        elif isinstance(message, Back):
            await self.play.back(client)
        elif isinstance(message, HandOver):
            await self.play.hand_over(client, message.seat)

    # ------------------------------------------------------------------ coming and going

    async def join(self, client: Client, role: str, wanted: int | None) -> None:
        """``client`` watches, or plays his seat (taking one before the start); a seat
        is refused to a player suspended from the site or, here if rated, from rated
        play (wherever his connection is: a forwarded join is checked here too)."""
        state = self.state
        assert client.player is not None
        if role != "spectator":
            await self.gate.may_play(client.player.id, state.rated)
        async with state.lock:
            if state.status == "closed":
                raise ProtocolError("room_not_found", room=state.code)
            if client.gone:
                # It went while its join waited (found by the fuzzer): seated, the dead
                # socket would take the seat from the window that replaced it.
                return
            if role == "spectator":
                self._watch(client)
            else:
                await self._sit(client, client.player, wanted)
            self.idle_since = time.monotonic()
            state.broadcast_room()
            if state.table is not None:
                client.send(await state.table.text(client.seat, []))
                if state.clock.limits is not None or state.clock.stalled():
                    client.send(state.clock.message(state.code, state.table.state.turn))
        self.play.wake_standins()

    def _watch(self, client: Client) -> None:
        state = self.state
        if not state.spectators_allowed:
            raise ProtocolError("spectators_not_allowed")
        settings = state.settings
        most, per_player = settings.max_spectators, settings.max_spectators_per_player
        state.seating.require_room_to_watch(client, most, per_player)
        if client.room is self:  # a seated player who would rather watch
            self._detach(client)
        state.seating.spectators.add(client)
        client.room, client.seat = self, None

    async def _sit(self, client: Client, player: Player, wanted: int | None) -> None:
        state = self.state
        held = state.seating.seat_held_by(player) or await self._take(player, wanted)
        state.seating.connect(held, client)
        client.room, client.seat = self, held.index

    async def _take(self, player: Player, wanted: int | None) -> Seat:
        """Seat ``wanted`` (or the first open one) for ``player`` before the match
        starts, saved; refused as a join is (the caller holds the lock)."""
        state = self.state
        if state.status != "waiting":
            raise ProtocolError("room_started")
        waiting = await self._waiting_seats(player)
        held = state.seating.sit(player, wanted, waiting, state.settings.max_waiting_seats)
        try:  # no await since the checks: they still hold
            await state.save()
        except BaseException:
            held.player = None  # not saved: not taken
            raise
        return held

    async def reserve(self, player: Player) -> tuple[int, list[PlayerInfo]]:
        """Quick pairing gives ``player`` an open seat of this room before its match
        starts (the first one): his, saved, until he joins to take it as a player back
        after a dropped connection would; refused as a join is. The seat's index, and
        the people seated then."""
        state = self.state
        await self.gate.may_play(player.id, state.rated)
        async with state.lock:
            if state.status == "closed":
                raise ProtocolError("room_not_found", room=state.code)
            held = state.seating.seat_held_by(player) or await self._take(player, None)
            state.broadcast_room()
            people = [seat.player.info() for seat in state.seats if seat.player is not None]
        return held.index, people

    async def _waiting_seats(self, player: Player) -> int:
        """The seats ``player`` holds in other hosts' rooms that have not started: here,
        and in a cluster in the rooms other processes play."""
        state = self.state
        cluster = state.cluster
        elsewhere = 0 if cluster is None else await cluster.waiting_seats(player.id, self.rooms)
        return elsewhere + sum(
            1
            for other in self.rooms.values()
            if other is not self
            and other.state.status == "waiting"
            and not other.state.seating.hosted_by(player)
            and other.state.seating.seat_held_by(player) is not None
        )

    async def leave(self, client: Client, ref: str | None = None) -> None:
        """Leave on purpose: a seat is given up before the start, kept afterwards.
        ``ref`` is the ``id`` of the client's ``leave``, echoed by ``left``."""
        state = self.state
        async with state.lock:
            seat = state.seating.seat_of(client)
            if seat is not None and state.status == "waiting":
                seat.player = None
                seat.client = None
                await state.save()
            self._detach(client)
            client.send(LeftMessage(room=state.code, ref=ref))
            client.room = client.seat = None
            state.broadcast_room()

    async def bar(self, player_id: str, error: ProtocolError) -> None:
        """``player_id`` may sit here no more (suspended): the connection playing his
        seat leaves it, told ``error``; the seat stays his, and the away rules play it."""
        state = self.state
        async with state.lock:
            held = (s for s in state.seating.seats if s.player and s.player.id == player_id)
            seat = next(held, None)
            client = None if seat is None else seat.client
            if client is None:
                return
            self._detach(client)
            client.send(error_message(error, client.locale))  # first: see remove
            client.room = client.seat = None
            state.broadcast_room()
        log.info("room %s: %s may not sit here now (%s)", state.code, player_id, error.code)

    async def disconnect(self, client: Client) -> None:
        """The connection dropped: the seat is kept, and the away timer starts."""
        state = self.state
        async with state.lock:
            self._detach(client)
            client.room = client.seat = None
            state.broadcast_room()

    def _detach(self, client: Client) -> None:
        state = self.state
        seat = state.seating.detach(client)
        if seat is not None:
            self.play.start_away_timer(seat)
        if not state.seating.clients():
            self.idle_since = time.monotonic()

    # ------------------------------------------------------------------ the host

    async def set_seat(self, client: Client, index: int, occupant: str, level: str | None) -> None:
        """Before the start, the host seats a bot or opens a seat (also the seat of a
        player who has disconnected)."""
        state = self.state
        async with state.lock:
            seat = self._seat_before_start(client, index)
            state.seating.require_replaceable(seat)
            bot = None
            if occupant == "bot":
                bot = level or state.settings.away_level
                if not state.autoplay.offers(state.game, bot):
                    raise ProtocolError("bot_unavailable", level=bot, game=state.game)
            seat.player, seat.bot = None, bot
            await state.save()
            state.broadcast_room()

    async def remove(self, client: Client, index: int) -> None:
        """Before the start, the host sends a player away: the seat opens, the player's
        connection is told (``removed``) and he may not sit here again for
        ``remove_ban`` seconds (watching stays open to him, as to anyone)."""
        state = self.state
        async with state.lock:
            seat = self._seat_before_start(client, index)
            player, gone = state.seating.remove(seat)
            try:
                await state.save()
            except BaseException:
                seat.player, seat.client = player, gone  # not saved: not removed
                raise
            state.seating.ban(player, state.settings.remove_ban)
            if gone is not None:
                # Told first: a connection held by another process is forgotten there
                # once it is in no room, and what comes after that reaches nobody.
                gone.send(RemovedMessage(room=state.code))
                gone.room = gone.seat = None
            log.info("room %s: the host removed %s from seat %d", state.code, player.id, index)
            state.broadcast_room()

    def _seat_before_start(self, client: Client, index: int) -> Seat:
        """Seat ``index``, for the host to change before the start (else refused)."""
        state = self.state
        state.seating.require_host(client)
        if state.status != "waiting":
            raise ProtocolError("room_started")
        return seat_at(state.seating.seats, index)

    # ------------------------------------------------------------------ lifecycle

    async def resume(self, away_at: dict[int, float] | None = None) -> None:
        """After a restart, or taken over from a process that died: finish a match whose
        last action was logged just before a crash (idempotent, like all of start-up: a
        crash here is repaired by the next start), start the away timers of the seats
        nobody has reconnected to (at the deadlines ``away_at`` by seat, where a former
        owner set them), and describe the room to the lobby."""
        state = self.state
        away_at = away_at or {}
        async with state.lock:
            if state.table is not None and state.status == "playing":
                if state.table.state.is_over:
                    await self.play.finish_match(state.table)
                for seat in state.seating.seats:
                    self.play.start_away_timer(seat, away_at.get(seat.index))
            state.broadcast_room()

    async def close(self) -> None:
        state = self.state
        async with state.lock:
            state.status = "closed"
            self.stop()
            await state.save()

    def stop(self) -> None:
        """Server shutdown: stop timers and bots (nothing is lost: the log is on disk)."""
        self.state.stop()

    def move_away(self) -> None:
        """Another process plays the room from now on: stop here, and refuse whoever
        still waits for the lock."""
        self.state.stop()
        self.state.lock.moved = True
