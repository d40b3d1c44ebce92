"""A room: the one authority over its seats, the clients in it and the match at its table.

The path of an action, one way: the connection reads the message, and the protocol
reads its action into an :class:`~rummyhall.actions.Action` as it validates it
(``malformed``, ``invalid_action``). The room takes its lock and checks the sender (a
seat here, a match under way); its :class:`~rummyhall.server.rooms.table.Table` checks the
state counter, the turn and the rules, logs the action and waits for the commit,
applies it, finishes the match if it is over, and renders each seat's state text; the
room queues each connected seat its own and the spectators the public one. A request
that fails a check changes nothing. Bots and the away bot go the same way, so a stale
bot move is dropped like a stale click.
"""

from __future__ import annotations

import logging
import math
import time
from dataclasses import dataclass, field

from rummyhall.actions import Action, Event
from rummyhall.game import random_seed
from rummyhall.server.people.players import Player
from rummyhall.server.rooms.autoplay import Autoplay
from rummyhall.server.rooms.catalogue import GameOptions
from rummyhall.server.rooms.peers import Peers
from rummyhall.server.rooms.seating import Seating
from rummyhall.server.rooms.seats import Client, Seat, require_filled
from rummyhall.server.rooms.table import Actor, Table
from rummyhall.server.settings import Settings
from rummyhall.server.storage.records import LogConflict, StoredRoom
from rummyhall.server.storage.store import Store
from rummyhall.server.wire.messages import CheckedMessage, HintMessage
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


@dataclass
class Services:
    """What every room shares, with the directory of open rooms by code (the lobby's),
    which limits that span rooms read."""

    settings: Settings
    store: Store
    autoplay: Autoplay
    rooms: dict[str, Room] = field(default_factory=dict)
    """The rooms this process plays."""
    cluster: Peers | None = None
    """The other processes of the site (``serve --redis``), or ``None``."""


class Room(Seating):
    """A room and the match at its table: starting one, the seats' requests on it, its
    end, and every seat's state after each action."""

    @property
    def turn(self) -> int | None:
        """The state counter of the match under way or last played (``None``: none yet)."""
        return None if self.table is None else self.table.state.turn

    async def handle(self, client: Client, message: ClientMessageType) -> None:
        """One request of ``client`` here: joining, or anything said once in the room
        (wherever the client is connected: a forwarded request comes this way too)."""
        if isinstance(message, Join):
            await self.join(client, message.role, message.seat)
            client.send(await self.chat.history(client, self.spectator_chat))
        elif isinstance(message, ChatRequest):
            await self.chat.say(client, self.clients(), self.spectator_chat, text=message.text)
        elif isinstance(message, ReactRequest):
            await self.chat.say(
                client, self.clients(), self.spectator_chat, reaction=message.reaction
            )
        elif isinstance(message, Leave):
            await self.leave(client, message.id)
        elif isinstance(message, SetSeat):
            await self.set_seat(client, message.seat, message.occupant, message.level)
        elif isinstance(message, Remove):
            await self.remove(client, message.seat)
        elif isinstance(message, Start):
            await self.start(client)
        elif isinstance(message, Rematch):
            await self.rematch(client)
        elif isinstance(message, Ready):
            await self.ready(client)
        elif isinstance(message, ActionRequest):
            await self.act(client, message.turn, message.action)
        elif isinstance(message, CheckRequest):
            reply = await self.check(client, message.turn, message.action)
            client.send(reply.model_copy(update={"ref": message.id}))
        elif isinstance(message, HintRequest):
            hint = await self.hint(client, message.turn)
            client.send(hint.model_copy(update={"ref": message.id}))
        elif isinstance(message, Back):
            await self.back(client)
        elif isinstance(message, HandOver):
            await self.hand_over(client, message.seat)

    async def start(self, client: Client) -> None:
        self._require_host(client)
        await self.begin()

    async def begin(self) -> None:
        """Start the room's first match (the host's ``start``, or quick pairing's once
        it has seated its players)."""
        async with self.lock:
            if self.status != "waiting":
                raise ProtocolError("room_started")
            await self._start_match()
        self.standins.kick()

    async def rematch(self, client: Client) -> None:
        async with self.lock:
            if self._seat_of(client) is None:
                raise ProtocolError("not_seated")
            if self.status != "finished":
                raise ProtocolError("game_not_over")
            await self._start_match()
        self.standins.kick()

    async def _start_match(self) -> None:
        require_filled(self.seats)
        fixed = self.settings.match_seed
        seed = random_seed() if fixed is None else fixed
        number = 1 if self.table is None else self.table.number + 1
        store = self.services.store
        table = await Table.start(store, self.stored("playing"), self.options, number, seed)
        self.table = table
        self.status = "playing"
        self.clock.reset()
        log.info("room %s: match %d (%s) started", self.code, number, table.id)
        for seat in self.seats:
            if seat.client is None:
                self.standins.start_away_timer(seat)
        await self.announce_status()
        await self._publish(table, [])

    # ------------------------------------------------------------------ playing

    def _playing(self, client: Client, turn: int) -> tuple[Table, int]:
        """The table and the client's seat, for a request made on state counter
        ``turn``: refused unless the client is seated, a match is under way and the
        counter is the current one."""
        seat = self._seat_of(client)
        if seat is None:
            raise ProtocolError("not_seated")
        table = self.table
        if table is None or self.status != "playing":
            raise ProtocolError("no_game")
        table.require_turn(turn)
        return table, seat.index

    async def act(self, client: Client, turn: int, action: Action) -> None:
        async with self.lock:
            table, seat = self._playing(client, turn)
            if self.pause is not None:
                raise ProtocolError("part_pause")
            table.check(seat, action)
            await self.play_checked(table, seat, action, "player")
            self.take_back(seat)
        self.standins.kick()

    async def check(self, client: Client, turn: int, action: Action) -> CheckedMessage:
        """Whether an action would be legal, changing nothing."""
        async with self.lock:
            table, seat = self._playing(client, turn)
            try:
                table.check(seat, action)
            except ProtocolError as error:
                return CheckedMessage(
                    turn=turn,
                    ok=False,
                    code=error.code,
                    rule=error.rule,
                    message=error.message(client.locale),
                )
            return CheckedMessage(turn=turn, ok=True)

    async def hint(self, client: Client, turn: int) -> HintMessage:
        async with self.lock:
            table, seat = self._playing(client, turn)
            if not self.hints:
                raise ProtocolError("hints_disabled")
            view, legal = await table.position(seat)
        return HintMessage(turn=turn, hint=await table.hint(view, legal))

    async def play_checked(self, table: Table, seat: int, action: Action, actor: Actor) -> None:
        """Play a checked action at the table, finish the match if it is over, and
        publish (the caller holds the lock): a person's, a bot's, the away bot's."""
        clock = self.clock.record(seat, actor, table.part)
        try:
            events = await table.play(seat, action, actor, clock)
        except LogConflict:
            turn = table.state.turn
            log.warning("room %s: turn %d is logged already; reading it again", self.code, turn)
            await self._read_again()
            raise ProtocolError("stale", given=turn, turn=self.turn) from None
        self.clock.settle(clock)
        if table.state.is_over:
            await self._finish_match(table)
        await self._publish(table, events, actor)
        if not table.state.is_over and any(event.type == "part_scored" for event in events):
            self.begin_pause()  # after the result went out: the room then says who it waits for
        self.follow_clock()

    # ------------------------------------------------------------------ slow turns

    async def back(self, client: Client) -> None:
        """A player takes his seat back from the computer."""
        async with self.lock:
            seat = self._seat_of(client)
            if seat is None:
                raise ProtocolError("not_seated")
            self.take_back(seat.index)
        self.standins.kick()

    async def hand_over(self, client: Client, index: int) -> None:
        """In a room without a clock, a player asks that seat ``index``, whose turn has
        lasted ``hand_over_after``, be played by the computer; once most of the other
        connected players have asked, it is (as an away seat, until its player acts)."""
        async with self.lock:
            voter = self._seat_of(client)
            if voter is None:
                raise ProtocolError("not_seated")
            if self.clock.limits is not None:
                raise ProtocolError("clock_runs")
            if self.table is None or self.status != "playing":
                raise ProtocolError("no_game")
            if index == voter.index:
                raise ProtocolError("own_seat")
            turn, deadline = self.clock.turn, self.clock.deadline()
            if turn is None or deadline is None or turn.seat != index:
                raise ProtocolError(
                    "not_stalled", seat=index, seconds=math.ceil(self.settings.hand_over_after)
                )
            if not self.clock.stalled():
                raise ProtocolError(
                    "not_stalled", seat=index, seconds=math.ceil(deadline - time.time())
                )
            turn.votes.add(voter.index)
            others = {
                seat.index
                for seat in self.seats
                if seat.player is not None and seat.client is not None and seat.index != index
            }
            if 2 * len(turn.votes & others) > len(others):
                self.seats[index].away = True
                log.info("room %s: seat %d handed to the computer", self.code, index)
                self.broadcast_room()
            else:
                self.send_clock()
        self.standins.kick()

    async def _finish_match(self, table: Table) -> None:
        winners = await table.finish(self.stored("finished"), self.settings.bot_levels)
        self.status = "finished"
        log.info("room %s: match %s finished, winners %s", self.code, table.id, winners)
        for seat in self.seats:
            seat.cancel_timer()
        await self.announce_status()

    async def _read_again(self) -> None:
        """The log holds a turn this room has not played: another process wrote it
        (the room's former owner, or a commit whose answer was lost with the database
        connection). The match is replayed from the log and every client shown it."""
        stored = await self.services.store.open_room(self.code)
        table = None if stored is None else Table.restore(self.services.store, stored, self.options)
        if table is None:
            return
        self.table = table
        if table.state.is_over and self.status == "playing":
            await self._finish_match(table)  # idempotent, as after a crash
        await self._publish(table, [])

    # ------------------------------------------------------------------ output

    async def _publish(self, table: Table, events: list[Event], actor: Actor | None = None) -> None:
        """Queue every connected seat its view and the spectators the public one."""
        seated = {seat.index: seat.client for seat in self.seats if seat.client is not None}
        texts, public = await table.render(events, seated, bool(self.spectators), actor)
        for index, client in seated.items():
            client.send(texts[index])
        if public is not None:
            for client in self.spectators:
                client.send(public)

    # ------------------------------------------------------------------ lifecycle

    @classmethod
    def restore(
        cls,
        services: Services,
        stored: StoredRoom,
        players: dict[str, Player],
        options: GameOptions,
    ) -> Room:
        """Rebuild a saved room; its match is replayed from seed and log."""
        seats = []
        for index, occupant in enumerate(stored.seats):
            seat = Seat(index)
            if occupant and "player" in occupant:
                seat.player = players[occupant["player"]]
            elif occupant and "bot" in occupant:
                seat.bot = occupant["bot"]
            seats.append(seat)
        room = cls(
            services,
            id=stored.id,
            code=stored.code,
            game=stored.game,
            options=options,
            public=stored.public,
            spectators_allowed=stored.spectators,
            hints=stored.hints,
            spectator_chat=stored.spectator_chat,
            clock=stored.clock,
            host=players[stored.host_id],
            seats=seats,
            status=stored.status,  # type: ignore[arg-type]
        )
        room.table = table = Table.restore(services.store, stored, options)
        if table is not None and stored.match is not None:
            match = stored.match
            timed = room.timed_seat()
            room.clock.restore(match.clock, match.started, timed, table.part, room.clock_deadline)
        return room

    async def resume(self, away_at: dict[int, float] | None = None) -> None:
        """After a restart, or taken over from a process that died: finish a match whose
        last action was logged just before a crash (idempotent, like all of start-up: a
        crash here is repaired by the next start), start the away timers of the seats
        nobody has reconnected to (at the deadlines ``away_at`` by seat, where a former
        owner set them), and describe the room to the lobby."""
        away_at = away_at or {}
        async with self.lock:
            if self.table is not None and self.status == "playing":
                if self.table.state.is_over:
                    await self._finish_match(self.table)
                for seat in self.seats:
                    self.standins.start_away_timer(seat, away_at.get(seat.index))
            self.broadcast_room()
