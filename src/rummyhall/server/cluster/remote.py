"""The two ends of a client connected to one process and playing in a room another
process owns.

On the process holding the socket, the connection's room is a :class:`RemoteRoom`,
which forwards each request to the owner and waits for its answer. On the owner, the
connection is a :class:`RemoteClient`, which the room seats, watches and sends to like
any other client: what it is sent, and where the room puts it, goes back over the bus.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from rummyhall.server.cluster.bus import Bus
from rummyhall.server.people.players import Player
from rummyhall.server.wire.errors import ErrorCode
from rummyhall.server.wire.i18n import Locale
from rummyhall.server.wire.messages import ServerMessage
from rummyhall.server.wire.protocol import ClientMessageType, Leave

if TYPE_CHECKING:
    from rummyhall.server.rooms.seats import Client


class Forwarder(Protocol):
    """Where a :class:`RemoteRoom` sends its requests (the process's cluster)."""

    async def forward(self, room: RemoteRoom, client: Client, message: ClientMessageType) -> None:
        """Hand the request to the room's owner; back once it has been handled."""

    def gone(self, room: RemoteRoom, client: Client) -> None:
        """``client``'s socket has closed."""


class RemoteRoom:
    """A room owned by process ``owner``, as this process's connections reach it."""

    def __init__(self, cluster: Forwarder, code: str, owner: str) -> None:
        self.cluster = cluster
        self.code = code
        self.owner = owner

    @property
    def turn(self) -> int | None:
        """Unknown here: the owner puts the counter in its own answers."""
        return None

    @property
    def match_id(self) -> str | None:
        """Unknown here: the owner knows it."""
        return None

    async def handle(self, client: Client, message: ClientMessageType) -> None:
        await self.cluster.forward(self, client, message)

    async def leave(self, client: Client, ref: str | None = None) -> None:
        await self.handle(client, Leave(type="leave", id=ref))

    async def disconnect(self, client: Client) -> None:
        self.cluster.gone(self, client)


class RemoteClient:
    """A connection held by process ``node``, as the owner's rooms see it (the
    :class:`~rummyhall.server.rooms.seats.Client` protocol)."""

    def __init__(self, bus: Bus, node: str, socket: str, player: Player, locale: Locale) -> None:
        self.bus = bus
        self.node = node
        self.socket = socket
        """The connection's name on its process."""
        self.player: Player | None = player
        self.locale = locale
        self._room: Any = None
        self._seat: int | None = None

    @property
    def room(self) -> Any:
        return self._room

    @room.setter
    def room(self, room: Any) -> None:
        self._room = room
        self._placed()

    @property
    def seat(self) -> int | None:
        return self._seat

    @seat.setter
    def seat(self, seat: int | None) -> None:
        self._seat = seat
        self._placed()

    def _placed(self) -> None:
        code = None if self._room is None else self._room.code
        self._post({"t": "at", "room": code, "seat": self._seat, "owner": self.bus.node})

    @property
    def gone(self) -> bool:
        """Known on its own process only: that process forwards no join once its socket
        is gone, but one already on its way is carried out here (its disconnect follows
        it on the bus, and frees the seat again)."""
        return False

    def send(self, message: ServerMessage | str) -> None:
        text = message if isinstance(message, str) else message.model_dump_json()
        self.bus.post_text(self.node, self.socket, text)

    def close(self, code: ErrorCode) -> None:
        self._post({"t": "close", "code": code})

    def _post(self, envelope: dict[str, Any]) -> None:
        envelope["socket"] = self.socket
        self.bus.post(self.node, envelope)
