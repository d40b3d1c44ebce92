"""The match at a room's table: starting one, the seats' actions on it, its end, every
seat's state after each action, and the moves of those who stand in for a person (a
seat's bot, the computer when a turn's clock runs out, the away bot), with the slow
turns and pauses between parts.

A layer of the :class:`~rummyhall.server.rooms.room.Room`, which hands it the requests
about the match; it changes the room's :class:`~rummyhall.server.rooms.state.RoomState`
and has it tell the clients, and calls nothing above it. Everything it changes, it
changes under the room's lock; a request that fails a check changes nothing.
"""

from __future__ import annotations

import logging

from rummyhall.actions import Action, Event
from rummyhall.game import random_seed
from rummyhall.server.rooms.seats import Client, Seat, require_filled
from rummyhall.server.rooms.state import RoomState
from rummyhall.server.rooms.table import Actor, Table
from rummyhall.server.settings import Settings
from rummyhall.server.storage.records import LogConflict
from rummyhall.server.wire.messages import CheckedMessage, HintMessage
from rummyhall.server.wire.protocol import ProtocolError

log = logging.getLogger(__name__)


def new_seed(settings: Settings) -> int:
    """A new match's seed: random, or the one the settings fix (tests)."""
    fixed = settings.match_seed
    return random_seed() if fixed is None else fixed


class MatchPlay:
    """A room's match and its stand-ins' moves, played on the room's state."""

    def __init__(self, state: RoomState) -> None:
        self.state = state
        state.wake = self.wake_standins

    async def start(self, client: Client) -> None:
        self.state.seating.require_host(client)
        await self.begin()

    async def begin(self) -> None:
        """Start the room's first match (the host's ``start``, or quick pairing's once
        it has seated its players)."""
        room = self.state
        async with room.lock:
            if room.status != "waiting":
                raise ProtocolError("room_started")
            await self._start_match()
        self.wake_standins()

    async def rematch(self, client: Client) -> None:
        room = self.state
        async with room.lock:
            room.seating.seated(client)
            if room.status != "finished":
                raise ProtocolError("game_not_over")
            await self._start_match()
        self.wake_standins()

    async def _start_match(self) -> None:
        room = self.state
        require_filled(room.seating.seats)
        number = 1 if room.table is None else room.table.number + 1
        seed = new_seed(room.settings)
        table = await Table.start(room.store, room.stored("playing"), room.options, number, seed)
        await self._started(table)

    async def started(self, table: Table) -> None:
        """The room's first match, dealt and saved by quick pairing (its pass's tables
        in one commit), is under way."""
        async with self.state.lock:
            await self._started(table)
        self.wake_standins()

    async def _started(self, table: Table) -> None:
        """``table``'s match, saved, is under way: the room plays it and tells so."""
        room = self.state
        room.table = table
        room.status = "playing"
        room.clock.reset()
        log.info("room %s: match %d (%s) started", room.code, table.number, table.id)
        for seat in room.seating.seats:
            if seat.client is None:
                self.start_away_timer(seat)
        await room.announce_status()
        await self._publish(table, [])

    def _playing(self, client: Client, turn: int) -> tuple[Table, int]:
        """The table and the client's seat, for a request made on state counter
        ``turn``: refused unless the client is seated, a match is under way and the
        counter is the current one."""
        room = self.state
        seat = room.seating.seated(client)
        table = room.table
        if table is None or room.status != "playing":
            raise ProtocolError("no_game")
        table.require_turn(turn)
        return table, seat.index

    async def act(self, client: Client, turn: int, action: Action) -> None:
        room = self.state
        async with room.lock:
            table, seat = self._playing(client, turn)
            if room.pause is not None:
                raise ProtocolError("part_pause")
            table.check(seat, action)
            await self._play(table, seat, action, "player")
            self.take_back(seat)
        self.wake_standins()

    async def check(self, client: Client, turn: int, action: Action) -> CheckedMessage:
        """Whether an action would be legal, changing nothing."""
        room = self.state
        async with room.lock:
            table, seat = self._playing(client, turn)
            try:
                table.check(seat, action)
            except ProtocolError as error:
                message = error.message(client.locale)
                return CheckedMessage(
                    turn=turn, ok=False, code=error.code, rule=error.rule, message=message
                )
            return CheckedMessage(turn=turn, ok=True)

    async def hint(self, client: Client, turn: int) -> HintMessage:
        room = self.state
        async with room.lock:
            table, seat = self._playing(client, turn)
            if not room.hints:
                raise ProtocolError("hints_disabled")
            view, legal = await table.position(seat)
        return HintMessage(turn=turn, hint=await table.hint(view, legal))

    async def _play(self, table: Table, seat: int, action: Action, actor: Actor) -> None:
        """Play a checked action at the table, finish the match if it is over, and
        publish (the caller holds the lock): a person's, a bot's, the away bot's."""
        room = self.state
        clock = room.clock.record(seat, actor, table.part)
        try:
            events = await table.play(seat, action, actor, clock)
        except LogConflict:
            turn = table.state.turn
            log.warning("room %s: turn %d is logged already; reading it again", room.code, turn)
            await self._read_again()
            raise ProtocolError("stale", given=turn, turn=room.turn) from None
        room.clock.settle(clock)
        if table.state.is_over:
            await self.finish_match(table)
        await self._publish(table, events, actor)
        if not table.state.is_over and any(event.type == "part_scored" for event in events):
            room.begin_pause()  # after the result went out: the room then says who it waits for
        room.follow_clock()

    async def finish_match(self, table: Table) -> None:
        room = self.state
        winners = await table.finish(room.stored("finished"), room.settings.bot_levels)
        room.status = "finished"
        log.info("room %s: match %s finished, winners %s", room.code, table.id, winners)
        for seat in room.seating.seats:
            seat.cancel_timer()
        await room.announce_status()

    async def _read_again(self) -> None:
        """The log holds a turn this room has not played: another process wrote it
        (the room's former owner, or a commit whose answer was lost with the database
        connection). The match is replayed from the log and every client shown it."""
        room = self.state
        stored = await room.store.open_room(room.code)
        table = None if stored is None else Table.restore(room.store, stored, room.options)
        if table is None:
            return
        room.table = table
        if table.state.is_over and room.status == "playing":
            await self.finish_match(table)  # idempotent, as after a crash
        await self._publish(table, [])

    async def _publish(self, table: Table, events: list[Event], actor: Actor | None = None) -> None:
        """Queue every connected seat its view and the spectators the public one."""
        room = self.state
        seats, spectators = room.seating.seats, room.seating.spectators
        seated = {seat.index: seat.client for seat in seats if seat.client is not None}
        texts, public = await table.render(events, seated, bool(spectators), actor)
        for index, client in seated.items():
            client.send(texts[index])
        if public is not None:
            for client in spectators:
                client.send(public)

    # ------------------------------------------------------------------ stand-ins

    def wake_standins(self) -> None:
        """Start the stand-ins' moves if a bot, the computer or the away bot is to move."""
        room = self.state
        if not room.standins.moving and self._standin_due() is not None:
            room.standins.run(self._standin_moves, room.code)

    def _standin_due(self) -> tuple[Table, int, Actor] | None:
        """The table, seat and stand-in to move now, if one is."""
        room = self.state
        table = room.table
        if table is None or room.status != "playing" or room.pause is not None:
            return None
        seat = table.state.current_player
        actor = None if seat is None else room.standins.actor(seat)
        return None if seat is None or actor is None else (table, seat, actor)

    async def _standin_moves(self) -> None:
        """One stand-in move after another, each under the lock, until no stand-in is to
        move; a move whose turn has passed meanwhile (a reconnect, a restart) is dropped."""
        room = self.state
        while True:
            async with room.lock:
                due = self._standin_due()
                if due is None:
                    return
                table, seat, actor = due
                turn = table.state.turn
                view, legal = await table.position(seat)
                level = room.standins.level(seat, actor)
            action = await room.standins.choose(table, seat, level, view, legal)
            async with room.lock:
                moved_on = room.table is not table or turn != table.state.turn
                if not moved_on and room.standins.actor(seat) == actor:
                    await self._play(table, seat, action, actor)

    def start_away_timer(self, seat: Seat, away_at: float | None = None) -> None:
        room = self.state
        if room.status == "playing":
            room.standins.start_away_timer(seat, self._gone_away, away_at)

    def _gone_away(self, seat: Seat) -> None:
        """The away timer of ``seat``'s absent player has run out: the away bot plays it."""
        room = self.state
        if room.status == "playing":
            seat.away = True
            room.broadcast_room()
            self.wake_standins()

    # ------------------------------------------------------------------ slow turns and pauses

    async def back(self, client: Client) -> None:
        """A player takes his seat back from the computer."""
        room = self.state
        async with room.lock:
            self.take_back(room.seating.seated(client).index)
        self.wake_standins()

    def take_back(self, index: int) -> None:
        """The player of seat ``index`` plays it himself again (he acted, or said he is
        back): no longer away, no timeouts in a row."""
        room = self.state
        seat = room.seating.seats[index]
        if seat.away or room.clock.timeouts[index]:
            seat.away = False
            room.clock.back(index)
            room.broadcast_room()
            room.send_clock()

    async def hand_over(self, client: Client, index: int) -> None:
        """In a room without a clock, a player asks that seat ``index``, whose turn has
        lasted ``hand_over_after``, be played by the computer; once most of the other
        connected players have asked, it is (as an away seat, until its player acts)."""
        room = self.state
        async with room.lock:
            voter = room.seating.seated(client)
            if room.clock.limits is not None:
                raise ProtocolError("clock_runs")
            if room.table is None or room.status != "playing":
                raise ProtocolError("no_game")
            if index == voter.index:
                raise ProtocolError("own_seat")
            others = {
                seat.index
                for seat in room.seating.seats
                if seat.player is not None and seat.client is not None and seat.index != index
            }
            if room.clock.vote(index, voter.index, others):
                room.seating.seats[index].away = True
                log.info("room %s: seat %d handed to the computer", room.code, index)
                room.broadcast_room()
            else:
                room.send_clock()
        self.wake_standins()

    async def ready(self, client: Client) -> None:
        """A seated player has closed the result (again, or with no pause: nothing)."""
        room = self.state
        async with room.lock:
            seat = room.seating.seated(client)
            if room.pause is None or seat.index not in room.pause.waiting:
                return
            if room.pause.ready(seat.index):
                room.end_pause()
            else:
                room.broadcast_room()
