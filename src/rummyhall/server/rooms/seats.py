"""A seat of a room: who holds it (a player, a bot, nobody), the connection playing it,
whether the away bot has taken over, and how it is saved and shown; and the rules of
who may sit or watch."""

from __future__ import annotations

import asyncio
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from rummyhall.server.people.players import Player
from rummyhall.server.wire.errors import ErrorCode
from rummyhall.server.wire.i18n import Locale
from rummyhall.server.wire.messages import SeatInfo, ServerMessage
from rummyhall.server.wire.protocol import ProtocolError


class Client(Protocol):
    """A connection as a room sees it (``rummyhall.server.net.connection.Connection``)."""

    player: Player | None
    locale: Locale
    room: Any
    """The :class:`~rummyhall.server.rooms.room.Room` it is in, or ``None`` (typed ``Any``:
    that module imports this one)."""
    seat: int | None

    @property
    def gone(self) -> bool:
        """Its socket has closed, or it was told to go: it is not seated any more."""

    def send(self, message: ServerMessage | str) -> None: ...

    def close(self, code: ErrorCode) -> None: ...


class Place(Protocol):
    """A room as a connection reaches it: the room itself where this process owns it,
    or its stand-in that forwards to the process that does
    (:class:`~rummyhall.server.cluster.remote.RemoteRoom`)."""

    @property
    def code(self) -> str: ...

    @property
    def turn(self) -> int | None:
        """The state counter of its match, where this process knows it."""

    @property
    def match_id(self) -> str | None:
        """The id of its match under way or last played, where this process knows it."""

    async def handle(self, client: Client, message: Any) -> None:
        """One request of ``client`` (a parsed client message) in or into the room."""

    async def leave(self, client: Client, ref: str | None = None) -> None: ...

    async def disconnect(self, client: Client) -> None: ...


@dataclass
class Seat:
    index: int
    player: Player | None = None
    bot: str | None = None
    client: Client | None = None
    away: bool = False
    timer: asyncio.TimerHandle | None = None
    away_at: float | None = None
    """When (wall clock, ``time.time()``) the away bot takes the absent player's seat
    over: kept in a cluster's shared lobby, so a room that moves keeps its deadlines."""

    @property
    def is_open(self) -> bool:
        return self.player is None and self.bot is None

    def stored(self) -> dict[str, str] | None:
        if self.player is not None:
            return {"player": self.player.id}
        if self.bot is not None:
            return {"bot": self.bot}
        return None

    def info(self) -> SeatInfo:
        if self.player is not None:
            return SeatInfo(
                seat=self.index,
                occupant="human",
                player=self.player.info(),
                connected=self.client is not None,
                away=self.away,
            )
        if self.bot is not None:
            return SeatInfo(seat=self.index, occupant="bot", bot=self.bot, connected=True)
        return SeatInfo(seat=self.index, occupant="open")

    def cancel_timer(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        self.away_at = None


def free_seat(seats: Sequence[Seat], wanted: int | None) -> Seat:
    """Seat ``wanted`` if it is open, else the first open one (refused when there is
    none, or ``wanted`` is not a seat here)."""
    if wanted is not None:
        if not 0 <= wanted < len(seats):
            raise ProtocolError("no_such_seat", seat=wanted)
        if not seats[wanted].is_open:
            raise ProtocolError("seat_taken", seat=wanted)
        return seats[wanted]
    for seat in seats:
        if seat.is_open:
            return seat
    raise ProtocolError("room_full")


def seat_at(seats: Sequence[Seat], index: int) -> Seat:
    """Seat ``index``, refused (``no_such_seat``) if the room has none such."""
    if not 0 <= index < len(seats):
        raise ProtocolError("no_such_seat", seat=index)
    return seats[index]


def require_filled(seats: Sequence[Seat]) -> None:
    """A match starts with every seat taken and at least one person at the table."""
    if any(seat.is_open for seat in seats):
        raise ProtocolError("seats_not_filled")
    if all(seat.player is None for seat in seats):
        raise ProtocolError("no_human")


def require_room_to_watch(
    spectators: Collection[Client], player: Player, most: int, most_per_player: int
) -> None:
    """Refuse a new spectator beyond ``most`` in a room, or beyond ``most_per_player``
    connections of one player watching it."""
    if len(spectators) >= most:
        raise ProtocolError("spectators_full")
    own = sum(1 for other in spectators if other.player and other.player.id == player.id)
    if own >= most_per_player:
        raise ProtocolError("spectator_limit", count=own)
