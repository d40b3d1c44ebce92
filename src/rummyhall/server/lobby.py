"""The lobby: every open room by invite code, room creation within the limits, the
public list a page at a time, lookups by code within a guessing budget, and bringing
rooms back after a restart."""

from __future__ import annotations

import asyncio
import bisect
import itertools
import logging
import secrets
import time
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rummyhall.server.catalog import parse_options
from rummyhall.server.limits import KeyedLimiter
from rummyhall.server.players import Player, Players
from rummyhall.server.protocol import ProtocolError, RoomInfo, RoomPage
from rummyhall.server.rooms import Room, Services
from rummyhall.server.seats import Seat

log = logging.getLogger(__name__)

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Invite codes avoid look-alikes (no I, O, 0, 1)."""
CODE_LENGTH = 10
"""32¹⁰ ≈ 1.1·10¹⁵ codes (50 bits): see docs/security.md for the guessing arithmetic."""

LISTED_ORDER = {"waiting": 0, "playing": 1, "finished": 2}
"""The public list shows rooms waiting for players first."""
LISTING_TTL = 1.0
"""Seconds the sorted public list and the pages answered from it are reused: a page
costs a bisection and its own rooms' descriptions once a second, then a lookup."""
PAGES_KEPT = 256
"""Distinct pages (cursor, size, filters) kept between two sorts at most."""

ListedStatus = Literal["waiting", "playing", "finished"]
UNFINISHED = ("waiting", "playing")
"""The rooms one may resume: not started yet, or a match under way."""


class RoomRequest(BaseModel):
    """``POST /api/rooms``: what to play, who may watch, and who sits where."""

    model_config = ConfigDict(extra="forbid")

    game: str = Field(max_length=16)
    options: dict[str, Any] = Field(default_factory=dict)
    public: bool = True
    """Listed in the lobby; a private room is found only by its code."""
    spectators: bool = True
    hints: bool = True
    host_seat: int | None = Field(0, ge=0, le=5)
    """The seat the host takes (``null``: the host does not play)."""
    bots: list[str | None] = Field(default_factory=list, max_length=6)
    """Per seat, a bot level or ``null`` (a seat for a person)."""


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def listing_key(room: Room) -> str:
    """A room's place in the public list, which is also the page cursor after it."""
    return f"{LISTED_ORDER.get(room.status, 3)}{room.code}"


class Lobby:
    def __init__(self, services: Services) -> None:
        self.services = services
        self.rooms = services.rooms
        settings = services.settings
        self.guesses = KeyedLimiter(
            settings.room_guesses_per_minute / 60, settings.room_guess_burst
        )
        """Lookups by code that found no room, per client address."""
        self._listing: list[tuple[str, Room]] = []
        self._listing_keys: list[str] = []
        self._listed_at = -LISTING_TTL
        self._pages: dict[tuple[int, str | None, str | None, str | None], bytes] = {}

    def find(self, code: str) -> Room:
        room = self.rooms.get(code.upper())
        if room is None or room.status == "closed":
            raise ProtocolError("room_not_found", room=code)
        return room

    def lookup(self, code: str, address: str) -> Room:
        """:meth:`find` for a client at ``address``: each code that finds nothing spends
        one of its guesses, and with none left every lookup is refused for a while."""
        self.guesses.guard(address)
        try:
            return self.find(code)
        except ProtocolError:
            self.guesses.spend(address)
            raise

    def seated_rooms(self, player: Player) -> list[tuple[Room, int]]:
        """The rooms not over where ``player`` holds a seat, and that seat."""
        seated = []
        for room in self.rooms.values():
            seat = room.seat_held_by(player)
            if seat is not None and room.status in UNFINISHED:
                seated.append((room, seat.index))
        return seated

    def renamed(self, player: Player) -> None:
        """``player`` has a new nickname: every room that shows it tells its clients."""
        for room in self.rooms.values():
            if room.status != "closed" and (
                room.hosted_by(player) or room.seat_held_by(player) is not None
            ):
                room.broadcast_room()
        self._forget_listing()

    def public_page(
        self,
        limit: int,
        cursor: str | None = None,
        game: str | None = None,
        status: ListedStatus | None = None,
    ) -> bytes:
        """The JSON of a :class:`RoomPage`: up to ``limit`` public rooms after ``cursor``
        (of ``game``, in ``status``), as they were at most :data:`LISTING_TTL` ago.

        A room that changed meanwhile keeps its old place until the next sort, so a
        client paging then may see it twice or not at all; between sorts pages are
        consistent."""
        now = time.monotonic()
        if now - self._listed_at > LISTING_TTL:
            listed = [room for room in self.rooms.values() if room.public]
            self._listing = sorted((listing_key(room), room) for room in listed)
            self._listing_keys = [key for key, _ in self._listing]
            self._listed_at = now
            self._pages.clear()
        asked = (limit, cursor, game, status)
        page = self._pages.get(asked)
        if page is None:
            if len(self._pages) >= PAGES_KEPT:
                self._pages.clear()
            page = self._pages[asked] = self._page(*asked).model_dump_json().encode()
        return page

    def _page(
        self, limit: int, cursor: str | None, game: str | None, status: str | None
    ) -> RoomPage:
        def shown(room: Room) -> bool:
            return (
                room.status != "closed"
                and (game is None or room.game == game)
                and (status is None or room.status == status)
            )

        start = 0 if cursor is None else bisect.bisect_right(self._listing_keys, cursor)
        page: list[RoomInfo] = []
        last = after = None
        for key, room in itertools.islice(self._listing, start, None):
            if not shown(room):
                continue
            if len(page) == limit:
                after = last  # a further room exists: the next page starts after ours
                break
            page.append(room.info())
            last = key
        total = sum(1 for _, room in self._listing if shown(room))
        return RoomPage(rooms=page, next=after, total=total)

    def _forget_listing(self) -> None:
        """A room opened or closed: sort again on the next page."""
        self._listed_at = -LISTING_TTL

    async def create(self, host: Player, request: RoomRequest) -> Room:
        settings = self.services.settings
        if len(self.rooms) >= settings.max_rooms:
            raise ProtocolError("room_limit")
        hosted = sum(room.hosted_by(host) for room in self.rooms.values())
        if hosted >= settings.max_rooms_per_player:
            raise ProtocolError("player_room_limit", count=hosted)
        try:
            options = parse_options(request.game, request.options)
        except KeyError:
            raise ProtocolError("unknown_game", game=request.game) from None
        except ValidationError as error:
            first = error.errors()[0]
            where = ".".join(str(part) for part in first["loc"]) or "options"
            raise ProtocolError("bad_options", detail=f"{where}: {first['msg']}") from None
        seats = [Seat(index) for index in range(options.seats)]
        if len(request.bots) > len(seats):
            raise ProtocolError("bad_options", detail=f"bots: {len(seats)} seats at most")
        for seat, level in zip(seats, request.bots, strict=False):
            if level is not None:
                if not self.services.autoplay.offers(request.game, level):
                    raise ProtocolError("bot_unavailable", level=level, game=request.game)
                seat.bot = level
        if request.host_seat is not None:
            if request.host_seat >= len(seats) or not seats[request.host_seat].is_open:
                raise ProtocolError("bad_options", detail="host_seat: not a free seat")
            seats[request.host_seat].player = host
        code = await self._unused_code()
        room = Room(
            self.services,
            id=secrets.token_hex(8),
            code=code,
            game=request.game,
            options=options,
            public=request.public,
            spectators_allowed=request.spectators,
            hints=request.hints,
            host=host,
            seats=seats,
        )
        await room.save()
        self.rooms[code] = room
        self._forget_listing()
        log.info("room %s opened by %s: %s", code, host.id, options.label())
        return room

    async def _unused_code(self) -> str:
        while True:
            code = new_code()
            if code not in self.rooms and not await self.services.store.code_taken(code):
                return code

    async def restore(self, guests: Players) -> None:
        """Rebuild every room that was open when the server stopped.

        Start-up is recovery, and it is idempotent: what it writes (orphan matches
        marked abandoned, matches whose last action was logged just before a crash
        finished) is written so that a crash at any point of it is repaired by the next
        start, which ends in the same state. A room whose log cannot be replayed stays
        down, logged, without keeping every other room down with it. Its players are
        ``guests``' own objects, so a later rename reaches their seats."""
        store = self.services.store
        abandoned = await store.abandon_orphans()
        if abandoned:
            log.warning("marked %d orphan matches abandoned", abandoned)
        stored_rooms = await store.open_rooms()
        ids = {stored.host_id for stored in stored_rooms}
        for stored in stored_rooms:
            ids |= {seat["player"] for seat in stored.seats if seat and "player" in seat}
        names = await store.nicknames(sorted(ids))
        players = {pid: guests.known(pid, nickname) for pid, nickname in names.items()}
        restored = 0
        for stored in stored_rooms:
            try:
                options = parse_options(stored.game, stored.options)
                room = Room.restore(self.services, stored, players, options)
            except Exception:
                log.exception("room %s could not be restored; it stays down", stored.code)
                continue
            self.rooms[room.code] = room
            await room.resume()
            restored += 1
        log.info("restored %d rooms", restored)

    async def sweep(self) -> None:
        """Close rooms nobody has been in for ``room_idle_close`` seconds."""
        limit = time.monotonic() - self.services.settings.room_idle_close
        for code, room in list(self.rooms.items()):
            if not room.clients() and room.idle_since < limit:
                await room.close()
                del self.rooms[code]
                self._forget_listing()
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
