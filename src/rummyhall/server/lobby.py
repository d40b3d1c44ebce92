"""The lobby: every open room by invite code, room creation within the limits, the
public list, and bringing rooms back after a restart."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rummyhall.server.catalog import parse_options
from rummyhall.server.players import Player
from rummyhall.server.protocol import ProtocolError, RoomInfo
from rummyhall.server.rooms import Room, Seat, Services

log = logging.getLogger(__name__)

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Invite codes avoid look-alikes (no I, O, 0, 1)."""


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
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))


class Lobby:
    def __init__(self, services: Services) -> None:
        self.services = services
        self.rooms: dict[str, Room] = {}

    def find(self, code: str) -> Room:
        room = self.rooms.get(code.upper())
        if room is None or room.status == "closed":
            raise ProtocolError("room_not_found", room=code)
        return room

    def public_rooms(self) -> list[RoomInfo]:
        """Public rooms, those waiting for players first."""
        listed = [room for room in self.rooms.values() if room.public and room.status != "closed"]
        order = {"waiting": 0, "playing": 1, "finished": 2}
        listed.sort(key=lambda room: (order.get(room.status, 3), room.code))
        return [room.info() for room in listed]

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
        log.info("room %s opened by %s: %s", code, host.id, options.label())
        return room

    async def _unused_code(self) -> str:
        repository = self.services.store.repository
        while True:
            code = new_code()
            if code not in self.rooms and not await self.services.store.call(
                repository.code_taken, code
            ):
                return code

    async def restore(self) -> None:
        """Rebuild every room that was open when the server stopped.

        Start-up is recovery, and it is idempotent: what it writes (orphan matches
        marked abandoned, matches whose last action was logged just before a crash
        finished) is written so that a crash at any point of it is repaired by the next
        start, which ends in the same state. A room whose log cannot be replayed stays
        down, logged, without keeping every other room down with it."""
        store = self.services.store
        repository = store.repository
        abandoned = await store.call(repository.abandon_orphans)
        if abandoned:
            log.warning("marked %d orphan matches abandoned", abandoned)
        stored_rooms = await store.call(repository.open_rooms)
        ids = {stored.host_id for stored in stored_rooms}
        for stored in stored_rooms:
            ids |= {seat["player"] for seat in stored.seats if seat and "player" in seat}
        names = await store.call(repository.nicknames, sorted(ids))
        players = {pid: Player(pid, nickname) for pid, nickname in names.items()}
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
