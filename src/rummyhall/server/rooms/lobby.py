"""The lobby: every open room by invite code, room creation within the limits, the
public list (:mod:`~rummyhall.server.rooms.listing`), lookups by code within a guessing
budget; bringing rooms back after a restart is its part
:mod:`~rummyhall.server.rooms.recovery`."""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rummyhall.server.net.limits import Limiter
from rummyhall.server.people.players import Player
from rummyhall.server.rooms.autoplay import Autoplay
from rummyhall.server.rooms.catalogue import GameOptions, parse_options
from rummyhall.server.rooms.clock import OFF, require_clock
from rummyhall.server.rooms.gate import Gate
from rummyhall.server.rooms.listing import UNFINISHED, PublicList
from rummyhall.server.rooms.peers import Peers
from rummyhall.server.rooms.recovery import Recovery
from rummyhall.server.rooms.room import Room
from rummyhall.server.rooms.seating import Seating
from rummyhall.server.rooms.seats import Place, Seat
from rummyhall.server.rooms.state import RoomState
from rummyhall.server.settings import Settings
from rummyhall.server.storage.records import Creation
from rummyhall.server.storage.store import Store
from rummyhall.server.wire.messages import RoomInfo
from rummyhall.server.wire.protocol import ProtocolError

log = logging.getLogger(__name__)

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Invite codes avoid look-alikes (no I, O, 0, 1)."""
CODE_LENGTH = 10
"""32¹⁰ ≈ 1.1·10¹⁵ codes (50 bits): see docs/security.md for the guessing arithmetic."""


class RoomRequest(BaseModel):
    """``POST /api/rooms``: what to play, who may watch, and who sits where."""

    model_config = ConfigDict(extra="forbid")

    game: str = Field(max_length=16)
    options: dict[str, Any] = Field(default_factory=dict)
    public: bool = True
    """Listed in the lobby; a private room is found only by its code."""
    spectators: bool = True
    hints: bool = True
    spectator_chat: bool = False
    """Spectators' chat messages reach the players too (else spectators chat among
    themselves)."""
    clock: str = Field(OFF, max_length=16)
    """The turn clock: ``off`` or one the server offers (``30+60``, ``60+120``; not for
    Rummikub, RKB-7)."""
    rated: bool = True
    """Matches between people move their ratings (``False``: casual, they do not)."""
    host_seat: int | None = Field(0, ge=0, le=5)
    """The seat the host takes (``null``: the host does not play)."""
    bots: list[str | None] = Field(default_factory=list, max_length=6)
    """Per seat, a bot level or ``null`` (a seat for a person)."""

    def seats(
        self, options: GameOptions, host: Player, guests: Sequence[Player], autoplay: Autoplay
    ) -> list[Seat]:
        """The seats asked for: the bots, the host's (if he plays) and quick pairing's
        ``guests`` in the seats after it; refused when they do not fit the game."""
        seats = [Seat(index) for index in range(options.seats)]
        if len(self.bots) > len(seats):
            raise ProtocolError("bad_options", detail=f"bots: {len(seats)} seats at most")
        for seat, level in zip(seats, self.bots, strict=False):
            if level is not None:
                if not autoplay.offers(self.game, level):
                    raise ProtocolError("bot_unavailable", level=level, game=self.game)
                seat.bot = level
        if self.host_seat is not None:
            if self.host_seat >= len(seats) or not seats[self.host_seat].is_open:
                raise ProtocolError("bad_options", detail="host_seat: not a free seat")
            seats[self.host_seat].player = host
        for seat, guest in zip(seats[1:], guests, strict=False):
            seat.player = guest
        return seats


def room_options(game: str, options: dict[str, Any]) -> GameOptions:
    """A room's options for ``game``, validated: else ``unknown_game`` or
    ``bad_options`` naming the first field at fault."""
    try:
        return parse_options(game, options)
    except KeyError:
        raise ProtocolError("unknown_game", game=game) from None
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "options"
        raise ProtocolError("bad_options", detail=f"{where}: {first['msg']}") from None


def creation_of(request: RoomRequest, key: str) -> Creation:
    """The creation of a room by ``request`` with ``Idempotency-Key`` ``key``: the same
    key with another request is refused."""
    return Creation(key, hashlib.sha256(request.model_dump_json().encode()).hexdigest())


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


class Lobby:
    def __init__(
        self,
        settings: Settings,
        store: Store,
        autoplay: Autoplay,
        cluster: Peers | None,
        guesses: Limiter,
        gate: Gate,
    ) -> None:
        """``gate``: refuses seats to the players moderators suspended."""
        self.settings = settings
        self.store = store
        self.autoplay = autoplay
        self.cluster = cluster
        """The other processes of the site (``serve --redis``), or ``None``."""
        self.rooms: dict[str, Room] = {}
        """The rooms this process plays, by code."""
        self.guesses = guesses
        """Lookups by code that found no room, per client address."""
        self.listing = PublicList(self.rooms, self.elsewhere)
        """The public list, a page at a time."""
        self._creating: dict[tuple[str, str], asyncio.Future[tuple[RoomInfo, bool]]] = {}
        """Keyed creations under way here, by host and key."""
        self.rename_listeners: list[Callable[[Player], None]] = []
        """Told of every new nickname shown here (the replay caches drop the records
        naming the player)."""
        self.gate = gate
        self.recovery = Recovery(settings, store, autoplay, cluster, self.rooms, self._opened, gate)
        """Bringing saved rooms back (at start-up, and rooms adopted in a cluster)."""

    async def find(self, code: str) -> Place:
        """The open room ``code``: played here, or (in a cluster) where another process
        plays it, or taken over here if no process does."""
        code = code.upper()
        room = self.rooms.get(code)
        if room is not None:
            if room.state.status != "closed":
                return room
        elif self.cluster is not None:
            place = await self.cluster.find(code)
            if place is not None:
                return place
        raise ProtocolError("room_not_found", room=code)

    async def lookup(self, code: str, address: str) -> Place:
        """:meth:`find` for a client at ``address``: each code that finds nothing spends
        one of its guesses, and with none left every lookup is refused for a while."""
        await self.guesses.guard(address)
        try:
            return await self.find(code)
        except ProtocolError as error:
            if error.code == "room_not_found":
                await self.guesses.spend(address)
            raise

    async def describe(self, code: str, address: str) -> RoomInfo:
        """:meth:`lookup`'s room, described."""
        return await self._described(await self.lookup(code, address))

    async def _described(self, place: Place) -> RoomInfo:
        if isinstance(place, Room):
            return place.state.info()
        assert self.cluster is not None
        info = await self.cluster.described(place.code)
        if info is None:  # its owner has not written it since Redis came back
            raise ProtocolError("unavailable")
        return info

    async def seated_rooms(self, player: Player) -> list[tuple[RoomInfo, int]]:
        """The rooms not over where ``player`` holds a seat, and that seat."""
        seated = []
        for room in self.rooms.values():
            seat = room.state.seating.seat_held_by(player)
            if seat is not None and room.state.status in UNFINISHED:
                seated.append((room.state.info(), seat.index))
        for data, raw in (await self.elsewhere()).values():
            if data["status"] not in UNFINISHED:
                continue
            for seat_data in data["seats"]:
                if (seat_data.get("player") or {}).get("id") == player.id:
                    seated.append((RoomInfo.model_validate_json(raw), seat_data["seat"]))
        return seated

    async def elsewhere(self) -> dict[str, tuple[dict[str, Any], str]]:
        """In a cluster, the shared lobby's rooms other processes play (a snapshot
        :data:`~rummyhall.server.cluster.directory.SNAPSHOT_TTL` old at most)."""
        if self.cluster is None:
            return {}
        rooms = await self.cluster.listing()
        return {code: entry for code, entry in rooms.items() if code not in self.rooms}

    def renamed(self, player: Player) -> None:
        """``player`` has a new nickname: every room here that shows it tells its
        clients, and so do the other processes' rooms."""
        self.show_rename(player)
        if self.cluster is not None:
            self.cluster.renamed(player)

    def show_rename(self, player: Player) -> None:
        """``player`` has a new nickname: every room here that shows it tells its clients
        (and each of :attr:`rename_listeners` hears it)."""
        for listener in self.rename_listeners:
            listener(player)
        for room in self.rooms.values():
            state, seating = room.state, room.state.seating
            if state.status != "closed" and (
                seating.hosted_by(player) or seating.seat_held_by(player) is not None
            ):
                state.broadcast_room()
        self.listing.forget()

    async def create(
        self,
        host: Player,
        request: RoomRequest,
        key: str | None = None,
        guests: Sequence[Player] | None = None,
    ) -> tuple[RoomInfo, bool]:
        """Open a room for ``host``: its description and ``True``. With a request
        ``key`` (``Idempotency-Key``) that opened a room before, that room as it is now
        and ``False``: a doubled or retried request opens one room. The key is kept in
        the room's first commit (a database key: also across processes and crashes);
        here, a second request with a key waits for the first to finish. ``guests``
        (quick pairing) sit after the host."""
        if key is None:
            room = await self._open(host, request, guests=guests)
            assert room is not None
            return room.state.info(), True
        creation = creation_of(request, key)
        asked = (host.id, key)
        while (running := self._creating.get(asked)) is not None:
            await asyncio.wait([running])
        task = asyncio.ensure_future(self._create_once(host, request, creation, guests))
        self._creating[asked] = task
        task.add_done_callback(lambda _: self._creating.pop(asked, None))
        return await asyncio.shield(task)  # a client gone mid-way does not stop it

    async def _create_once(
        self,
        host: Player,
        request: RoomRequest,
        creation: Creation,
        guests: Sequence[Player] | None,
    ) -> tuple[RoomInfo, bool]:
        store = self.store
        done = await store.room_created(host.id, creation.key)
        if done is None:
            room = await self._open(host, request, creation, guests)
            if room is not None:
                return room.state.info(), True
            done = await store.room_created(host.id, creation.key)  # another process's
            assert done is not None
        if done.digest != creation.digest:
            raise ProtocolError("key_reused")
        return await self._described(await self.find(done.code)), False

    async def _open(
        self,
        host: Player,
        request: RoomRequest,
        creation: Creation | None = None,
        guests: Sequence[Player] | None = None,
    ) -> Room | None:
        """A new room, saved (with ``creation``'s key); ``None`` when that key opened a
        room elsewhere first. With ``guests`` (quick pairing), they sit in the seats
        after the host's, and the host has no limit of rooms."""
        state = await self.new_state(host, request, guests)
        opened: str | None = None  # the id of the room the request opened, once saved
        try:
            if creation is None:
                await state.save()
                opened = state.id
            else:
                opened = await self.store.create_room(state.stored(), creation)
        finally:
            if opened != state.id:
                self.unclaim(state.code)
        return self.add(state) if opened == state.id else None

    async def new_state(
        self,
        host: Player,
        request: RoomRequest,
        guests: Sequence[Player] | None = None,
        beside: int = 0,
    ) -> RoomState:
        """A new room's state, not saved yet, within the limits (``beside``: rooms being
        opened with it, not counted yet); in a cluster its code's lease is held here
        (:meth:`unclaim` lets it go if the room is not opened). With ``guests`` (quick
        pairing), they sit in the seats after the host's, and the host has no limit of
        rooms."""
        settings = self.settings
        elsewhere = await self.elsewhere()
        if len(self.rooms) + len(elsewhere) + beside >= settings.max_rooms:
            raise ProtocolError("room_limit")
        if guests is None:  # (counted only then: a pass's tables, hundreds a second, skip it)
            hosted = sum(room.state.seating.hosted_by(host) for room in self.rooms.values())
            hosted += sum(1 for data, _ in elsewhere.values() if data["host"]["id"] == host.id)
            if hosted >= settings.max_rooms_per_player:
                raise ProtocolError("player_room_limit", count=hosted)
        options = room_options(request.game, request.options)
        require_clock(request.clock, self.settings.clocks, request.game)
        seats = request.seats(options, host, guests or (), self.autoplay)
        return RoomState(
            self.settings,
            self.store,
            self.autoplay,
            self.cluster,
            id=secrets.token_hex(8),
            code=await self._unused_code(),
            game=request.game,
            options=options,
            public=request.public,
            spectators_allowed=request.spectators,
            hints=request.hints,
            spectator_chat=request.spectator_chat,
            clock=request.clock,
            rated=request.rated,
            seating=Seating(host, seats),
        )

    def add(self, state: RoomState) -> Room:
        """The room of ``state``, saved, is open here."""
        room = Room(state, self.rooms, self.gate)
        self._opened(room)
        log.info(
            "room %s opened by %s: %s", state.code, state.seating.host.id, state.options.label()
        )
        return room

    def unclaim(self, code: str) -> None:
        """Code ``code`` of a room :meth:`new_state` made and that was not opened: its
        lease let go (in a cluster)."""
        if self.cluster is not None:
            self.cluster.closed(code)

    async def _unused_code(self) -> str:
        """A code no room has; in a cluster, with its lease already held here."""
        while True:
            code = new_code()
            if code in self.rooms or await self.store.code_taken(code):
                continue
            if self.cluster is None or await self.cluster.claim_new(code):
                return code

    def _opened(self, room: Room) -> None:
        """``room`` is played here from now on: in the directory and the lobby."""
        self.rooms[room.code] = room
        self.listing.forget()
        if self.cluster is not None:
            self.cluster.changed(room.state)

    async def bar_from_rated(self, player_id: str, error: ProtocolError) -> None:
        """``player_id`` is suspended from rated play (``error`` says until when and
        why): out of his seats at the rated tables played here."""
        for room in list(self.rooms.values()):
            if room.state.rated:
                await room.bar(player_id, error)

    async def sweep(self) -> None:
        """Close rooms nobody has been in for ``room_idle_close`` seconds."""
        limit = time.monotonic() - self.settings.room_idle_close
        for code, room in list(self.rooms.items()):
            if not room.state.clients() and room.idle_since < limit:
                await room.close()
                del self.rooms[code]
                self.listing.forget()
                if self.cluster is not None:
                    self.cluster.closed(code)
                log.info("room %s closed after standing empty", code)

    async def sweep_forever(self, every: float = 60.0) -> None:
        while True:
            await asyncio.sleep(every)
            try:
                await self.sweep()
            except Exception:
                log.exception("closing idle rooms failed")

    def stop(self) -> None:
        for room in self.rooms.values():
            room.stop()
