"""A seat of a room: who holds it (a player, a bot, nobody), the connection playing it,
whether the away bot has taken over, and how it is saved and shown."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any, Protocol

from rummyhall.server.i18n import Locale
from rummyhall.server.players import Player
from rummyhall.server.protocol import SeatInfo, ServerMessage


class Client(Protocol):
    """A connection as a room sees it (``rummyhall.server.connection.Connection``)."""

    player: Player | None
    locale: Locale
    room: Any
    """The :class:`~rummyhall.server.rooms.Room` it is in, or ``None`` (typed ``Any``:
    that module imports this one)."""
    seat: int | None

    def send(self, message: ServerMessage | str) -> None: ...

    def close(self, code: str) -> None: ...


@dataclass
class Seat:
    index: int
    player: Player | None = None
    bot: str | None = None
    client: Client | None = None
    away: bool = False
    timer: asyncio.TimerHandle | None = None

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
