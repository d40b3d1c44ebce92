"""A room: the one authority over a table, its seats and the match being played.

Everything that changes a room happens under its lock, in this order: check the request
(seat, state counter, turn, the rules), append the action to the log and wait for the
commit, apply it to the game state, then queue each connected seat its own view and
every spectator the public one. A request that fails a check changes nothing. Bots and
the away bot go through the same path, so a stale bot move is dropped like a stale
click.
"""

from __future__ import annotations

import asyncio
import logging
import math
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import anyio.to_thread

from rummyhall.actions import Action, Event, action_from_json
from rummyhall.errors import NotationError
from rummyhall.game import GameState, random_seed
from rummyhall.server.advice import arrangement as hand_arrangement
from rummyhall.server.advice import describe_legal
from rummyhall.server.advice import hint as solver_hint
from rummyhall.server.autoplay import Autoplay, move_seed
from rummyhall.server.catalog import GameOptions, start_match, winners_of
from rummyhall.server.players import Player
from rummyhall.server.protocol import (
    CheckedMessage,
    HintMessage,
    LeftMessage,
    MatchInfo,
    ProtocolError,
    RemovedMessage,
    RoomInfo,
    RoomMessage,
    state_text,
)
from rummyhall.server.seats import Client, Seat, result_rows
from rummyhall.server.settings import Settings
from rummyhall.server.storage.repository import StoredMatch, StoredRoom
from rummyhall.server.storage.store import Store

log = logging.getLogger(__name__)

Status = Literal["waiting", "playing", "finished", "closed"]
Actor = Literal["player", "bot", "away"]


@dataclass
class Services:
    """What every room shares, with the directory of open rooms by code (the lobby's),
    which limits that span rooms read."""

    settings: Settings
    store: Store
    autoplay: Autoplay
    rooms: dict[str, Room] = field(default_factory=dict)


@dataclass
class LiveMatch:
    id: str
    number: int
    seed: int
    state: GameState
    seats: list[Any]


class Room:
    def __init__(
        self,
        services: Services,
        *,
        id: str,
        code: str,
        game: str,
        options: GameOptions,
        public: bool,
        spectators_allowed: bool,
        hints: bool,
        host: Player,
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
        self.host = host
        self.seats = seats
        self.status: Status = status
        self.match: LiveMatch | None = None
        self.spectators: set[Client] = set()
        self.removed: dict[str, float] = {}
        """Player id → when (monotonic) a player the host removed may sit again."""
        self.lock = asyncio.Lock()
        self.idle_since = time.monotonic()
        self._autoplay_task: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ description

    @property
    def settings(self) -> Settings:
        return self.services.settings

    def info(self) -> RoomInfo:
        match = self.match
        return RoomInfo(
            code=self.code,
            link=f"/?room={self.code}",
            game=self.game,
            title=self.options.label(),
            options=self.options.model_dump(),
            public=self.public,
            spectators_allowed=self.spectators_allowed,
            hints=self.hints,
            host=self.host.info(),
            status=self.status,
            seats=[seat.info() for seat in self.seats],
            spectators=len(self.spectators),
            away_after=self.settings.away_after,
            match=None
            if match is None
            else MatchInfo(id=match.id, number=match.number, over=match.state.is_over),
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
        await self.services.store.call(self.services.store.repository.save_room, self.stored())

    # ------------------------------------------------------------------ joining

    async def join(self, client: Client, role: str, wanted: int | None) -> None:
        assert client.player is not None
        async with self.lock:
            if self.status == "closed":
                raise ProtocolError("room_not_found", room=self.code)
            if role == "spectator":
                self._add_spectator(client)
            else:
                await self._seat(client, client.player, wanted)
            self.idle_since = time.monotonic()
            self._broadcast_room()
            if self.match is not None:
                await self._send_state(client)
        self.kick()

    def _add_spectator(self, client: Client) -> None:
        assert client.player is not None
        if not self.spectators_allowed:
            raise ProtocolError("spectators_not_allowed")
        if client not in self.spectators:
            if len(self.spectators) >= self.settings.max_spectators:
                raise ProtocolError("spectators_full")
            own = client.player.id
            watching = sum(
                1 for other in self.spectators if other.player and other.player.id == own
            )
            if watching >= self.settings.max_spectators_per_player:
                raise ProtocolError("spectator_limit", count=watching)
        if client.room is self:  # a seated player who would rather watch
            self._detach(client)
        self.spectators.add(client)
        client.room, client.seat = self, None

    async def _seat(self, client: Client, player: Player, wanted: int | None) -> None:
        held = self.seat_held_by(player)
        if held is None:
            held = self._free_seat(wanted)
            self._may_sit(player)
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

    def _may_sit(self, player: Player) -> None:
        """Refuse a player the host removed a moment ago, and one who already holds
        ``max_waiting_seats`` seats in other hosts' rooms that have not started."""
        until = self.removed.get(player.id, 0.0)
        now = time.monotonic()
        if until > now:
            raise ProtocolError("removed", seconds=math.ceil(until - now))
        self.removed.pop(player.id, None)
        if self.hosted_by(player):
            return
        held = sum(
            1
            for room in self.services.rooms.values()
            if room is not self
            and room.status == "waiting"
            and not room.hosted_by(player)
            and room.seat_held_by(player) is not None
        )
        if held >= self.settings.max_waiting_seats:
            raise ProtocolError("seat_limit", count=held)

    def _free_seat(self, wanted: int | None) -> Seat:
        if self.status != "waiting":
            raise ProtocolError("room_started")
        if wanted is not None:
            if not 0 <= wanted < len(self.seats):
                raise ProtocolError("no_such_seat", seat=wanted)
            if not self.seats[wanted].is_open:
                raise ProtocolError("seat_taken", seat=wanted)
            return self.seats[wanted]
        for seat in self.seats:
            if seat.is_open:
                return seat
        raise ProtocolError("room_full")

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
            self._broadcast_room()

    async def disconnect(self, client: Client) -> None:
        """The connection dropped: the seat is kept, and the away timer starts."""
        async with self.lock:
            self._detach(client)
            client.room = client.seat = None
            self._broadcast_room()

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
            self._start_away_timer(seat)
        if not self.clients():
            self.idle_since = time.monotonic()

    # ------------------------------------------------------------------ away seats

    def _start_away_timer(self, seat: Seat) -> None:
        if self.status != "playing" or seat.player is None or seat.away or seat.timer:
            return
        loop = asyncio.get_running_loop()
        seat.timer = loop.call_later(self.settings.away_after, self._mark_away, seat.index)

    def _mark_away(self, index: int) -> None:
        seat = self.seats[index]
        seat.timer = None
        if seat.client is None and seat.player is not None and self.status == "playing":
            seat.away = True
            self._broadcast_room()
            self.kick()

    def _automation(self, index: int) -> Actor | None:
        """Who plays seat ``index`` when a person does not: its bot, or the away bot
        while someone else is at the table (with nobody there the game waits)."""
        seat = self.seats[index]
        if seat.bot is not None:
            return "bot"
        if seat.away and any(s.client is not None for s in self.seats if s is not seat):
            return "away"
        return None

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
            self._broadcast_room()

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
            self._broadcast_room()

    def _seat_before_start(self, client: Client, index: int) -> Seat:
        """Seat ``index``, for the host to change before the start (else refused)."""
        self._require_host(client)
        if self.status != "waiting":
            raise ProtocolError("room_started")
        if not 0 <= index < len(self.seats):
            raise ProtocolError("no_such_seat", seat=index)
        return self.seats[index]

    def _require_host(self, client: Client) -> None:
        assert client.player is not None
        if not self.hosted_by(client.player):
            raise ProtocolError("not_host")

    async def start(self, client: Client) -> None:
        async with self.lock:
            self._require_host(client)
            if self.status != "waiting":
                raise ProtocolError("room_started")
            await self._start_match()
        self.kick()

    async def rematch(self, client: Client) -> None:
        async with self.lock:
            if self._seat_of(client) is None:
                raise ProtocolError("not_seated")
            if self.status != "finished":
                raise ProtocolError("game_not_over")
            await self._start_match()
        self.kick()

    async def _start_match(self) -> None:
        if any(seat.is_open for seat in self.seats):
            raise ProtocolError("seats_not_filled")
        if all(seat.player is None for seat in self.seats):
            raise ProtocolError("no_human")
        fixed = self.services.settings.match_seed
        seed = random_seed() if fixed is None else fixed
        number = 1 if self.match is None else self.match.number + 1
        seats = [seat.stored() for seat in self.seats]
        stored = StoredMatch(
            secrets.token_hex(8), number, seed, self.options.model_dump(), seats, "playing"
        )
        state = start_match(self.game, self.options, seed)
        store = self.services.store
        await store.call(store.repository.start_match, self.stored("playing"), stored)
        self.match = LiveMatch(stored.id, number, seed, state, seats)
        self.status = "playing"
        log.info("room %s: match %d (%s) started", self.code, number, stored.id)
        for seat in self.seats:
            if seat.client is None:
                self._start_away_timer(seat)
        self._broadcast_room()
        await self._publish([])

    # ------------------------------------------------------------------ playing

    def _playing(self, client: Client, turn: int) -> tuple[LiveMatch, int]:
        seat = self._seat_of(client)
        if seat is None:
            raise ProtocolError("not_seated")
        match = self.match
        if match is None or self.status != "playing":
            raise ProtocolError("no_game")
        if turn != match.state.turn:
            raise ProtocolError("stale", given=turn, turn=match.state.turn)
        return match, seat.index

    def _parse_action(self, data: dict[str, Any]) -> Action:
        try:
            return action_from_json(data)
        except NotationError as error:
            raise ProtocolError("invalid_action", detail=str(error)) from None

    def _legal_check(self, state: GameState, seat: int, action: Action) -> None:
        current = state.current_player
        if current != seat:
            raise ProtocolError("not_your_turn", current=current)
        error = state.is_legal(action)
        if error is not None:
            raise ProtocolError("illegal", rule=error.rule, detail=error.message)

    async def act(self, client: Client, turn: int, data: dict[str, Any]) -> None:
        async with self.lock:
            match, seat = self._playing(client, turn)
            action = self._parse_action(data)
            self._legal_check(match.state, seat, action)
            await self._commit(match, seat, action, "player")
        self.kick()

    async def check(self, client: Client, turn: int, data: dict[str, Any]) -> CheckedMessage:
        """Whether an action would be legal, changing nothing."""
        async with self.lock:
            match, seat = self._playing(client, turn)
            try:
                self._legal_check(match.state, seat, self._parse_action(data))
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
            match, seat = self._playing(client, turn)
            if not self.hints:
                raise ProtocolError("hints_disabled")
            state = match.state
            view = state.view(seat)
            actions = await self._legal(state) if state.current_player == seat else []
        suggestion = await anyio.to_thread.run_sync(solver_hint, self.game, view, actions)
        return HintMessage(turn=turn, hint=suggestion)

    async def _commit(self, match: LiveMatch, seat: int, action: Action, actor: Actor) -> None:
        """Log, then apply, then publish a checked action (the caller holds the lock)."""
        state = match.state
        row = {
            "match_id": match.id,
            "seq": state.turn,
            "seat": seat,
            "actor": actor,
            "action": action.to_json(),
        }
        # Shielded: once the row may be on disk, the action must be applied too.
        await asyncio.shield(self.services.store.append_action(row))
        events = state.apply(action)
        if state.is_over:
            await self._finish_match(match)
        await self._publish(events)

    async def _finish_match(self, match: LiveMatch) -> None:
        state = match.state
        winners = winners_of(state)
        scores = state.scores
        rows = result_rows(self.seats, self.game, scores, winners, self.settings.bot_levels)
        result = {"scores": scores, "winners": winners}
        store = self.services.store
        await store.call(
            store.repository.finish_match, self.stored("finished"), match.id, result, rows
        )
        self.status = "finished"
        log.info("room %s: match %s finished, winners %s", self.code, match.id, winners)
        for seat in self.seats:
            seat.cancel_timer()
        self._broadcast_room()

    # ------------------------------------------------------------------ bots

    def kick(self) -> None:
        """Start the autoplay task if a bot or the away bot is to move."""
        if self._autoplay_task is not None and not self._autoplay_task.done():
            return
        if self.match is None or self.status != "playing":
            return
        current = self.match.state.current_player
        if current is None or self._automation(current) is None:
            return
        self._autoplay_task = asyncio.create_task(self._autoplay(), name=f"autoplay {self.code}")

    async def _autoplay(self) -> None:
        try:
            while await self._autoplay_once():
                pass
        except Exception:
            log.exception("autoplay failed in room %s", self.code)

    async def _autoplay_once(self) -> bool:
        """One bot move; ``False`` once no bot is to move."""
        async with self.lock:
            match = self.match
            if match is None or self.status != "playing":
                return False
            state = match.state
            seat = state.current_player
            actor = None if seat is None else self._automation(seat)
            if seat is None or actor is None:
                return False
            turn = state.turn
            view = state.view(seat)
            legal = await self._legal(state)
            level = self.seats[seat].bot if actor == "bot" else self.settings.away_level
            assert level is not None
        if self.settings.bot_delay:
            await asyncio.sleep(self.settings.bot_delay)
        try:
            seed = move_seed(match.seed, seat, turn)
            action = await self.services.autoplay.think(self.game, level, seed, view, legal)
        except Exception:
            log.exception("bot failed in room %s; it plays its first legal action", self.code)
            action = legal[0]
        async with self.lock:
            if self.match is not match or state.turn != turn or self._automation(seat) != actor:
                return True  # the table moved on (a reconnect, a restart): look again
            if state.is_legal(action) is not None:
                log.error("bot chose an illegal %s in room %s", action, self.code)
                action = legal[0]
            await self._commit(match, seat, action, actor)
        return True

    # ------------------------------------------------------------------ output

    async def _legal(self, state: GameState) -> list[Action]:
        if state.legal_actions_complete:
            return state.legal_actions()
        # Rummikub asks its solver for suggested plays: keep that off the event loop.
        return await anyio.to_thread.run_sync(state.legal_actions)

    def _state_text(
        self, seat: int | None, events: list[dict[str, Any]], legal: Sequence[Action]
    ) -> str:
        assert self.match is not None
        state = self.match.state
        view = state.view(seat)
        return state_text(
            room=self.code,
            turn=state.turn,
            seat=seat,
            view=view,
            legal=describe_legal(state, view, legal) if legal else [],
            legal_complete=state.legal_actions_complete,
            events=events,
            arrangement=None if seat is None else hand_arrangement(self.game, view),
            current_player=state.current_player,
            scores=state.scores,
            over=state.is_over,
        )

    async def _publish(self, events: list[Event]) -> None:
        """Queue every connected seat its view and the spectators the public one."""
        assert self.match is not None
        state = self.match.state
        current = state.current_player
        payload = [event.to_json() for event in events]
        for seat in self.seats:
            if seat.client is not None:
                legal = await self._legal(state) if seat.index == current else []
                seat.client.send(self._state_text(seat.index, payload, legal))
        if self.spectators:
            text = self._state_text(None, payload, [])
            for client in self.spectators:
                client.send(text)

    async def _send_state(self, client: Client) -> None:
        assert self.match is not None
        state = self.match.state
        seat = client.seat
        legal = (
            await self._legal(state) if seat is not None and seat == state.current_player else []
        )
        client.send(self._state_text(seat, [], legal))

    def _broadcast_room(self) -> None:
        info = self.info()
        for client in self.clients():
            client.send(RoomMessage(room=info, you=client.seat))

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
            host=players[stored.host_id],
            seats=seats,
            status=stored.status,  # type: ignore[arg-type]
        )
        if stored.match is not None:
            m = stored.match
            state = start_match(stored.game, options, m.seed)
            state.replay(m.log)
            room.match = LiveMatch(m.id, m.number, m.seed, state, m.seats)
        return room

    async def resume(self) -> None:
        """After a restart: finish a match whose last action was logged just before a
        crash (idempotent, like all of start-up: a crash here is repaired by the next
        start), and start the away timers of the seats nobody has reconnected to."""
        async with self.lock:
            if self.match is not None and self.status == "playing":
                if self.match.state.is_over:
                    await self._finish_match(self.match)
                for seat in self.seats:
                    self._start_away_timer(seat)

    async def close(self) -> None:
        async with self.lock:
            self.status = "closed"
            for seat in self.seats:
                seat.cancel_timer()
            await self.save()
        if self._autoplay_task is not None:
            self._autoplay_task.cancel()

    def stop(self) -> None:
        """Server shutdown: stop timers and bots (nothing is lost: the log is on disk)."""
        for seat in self.seats:
            seat.cancel_timer()
        if self._autoplay_task is not None:
            self._autoplay_task.cancel()
