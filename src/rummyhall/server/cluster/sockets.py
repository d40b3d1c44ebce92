"""The socket's end of forwarding: this process's connections in rooms other processes
play, the requests forwarded for them and what comes back."""

from __future__ import annotations

import asyncio
import itertools
import logging
from typing import TYPE_CHECKING

from rummyhall.server.cluster.bus import Bus, Envelope
from rummyhall.server.cluster.remote import RemoteRoom
from rummyhall.server.wire.protocol import ClientMessageType, ProtocolError, client_message_data

if TYPE_CHECKING:
    from rummyhall.server.cluster.remote import Forwarder
    from rummyhall.server.rooms.seats import Client

log = logging.getLogger(__name__)


def name(client: Client) -> str:
    """A connection's name on the bus (unique among the live ones of this process)."""
    return f"{id(client):x}"


def code_of(client: Client) -> str | None:
    return None if client.room is None else client.room.code


class Sockets:
    def __init__(self, bus: Bus, timeout: float, cluster: Forwarder) -> None:
        self.bus = bus
        self.timeout = timeout
        self.cluster = cluster
        """Where the connections' remote rooms forward their requests."""
        self.sockets: dict[str, Client] = {}
        """By name, the connections here that are in (or joining) a room played elsewhere."""
        self._answers: dict[str, tuple[RemoteRoom, str, asyncio.Future[Envelope]]] = {}
        """Request id → the room, the process it was sent to, and its answer to come."""
        self._requests = itertools.count()

    async def request(
        self, room: RemoteRoom, client: Client, message: ClientMessageType
    ) -> Envelope:
        """Hand ``client``'s request to the room's owner; its answer, once handled
        (``moved``: the room has gone elsewhere meanwhile). ``unavailable`` if it does
        not come in time."""
        assert client.player is not None
        socket = name(client)
        self.sockets[socket] = client
        envelope = {
            "t": "request",
            "socket": socket,
            "player": [client.player.id, client.player.nickname],
            "locale": client.locale,
            "message": client_message_data(message),
        }
        return await self.ask(room, envelope)

    async def ask(self, room: RemoteRoom, envelope: Envelope) -> Envelope:
        """Send ``envelope`` about ``room`` to its owner (a client's request, or quick
        pairing's for a seat); the answer, as :meth:`request` says."""
        request = f"{self.bus.node}.{next(self._requests)}"
        answer: asyncio.Future[Envelope] = asyncio.get_running_loop().create_future()
        sent_to = room.owner
        self._answers[request] = (room, sent_to, answer)
        self.bus.post(sent_to, envelope | {"from": self.bus.node, "id": request, "room": room.code})
        try:
            async with asyncio.timeout(self.timeout):
                reply = await answer
        except TimeoutError:
            log.warning("cluster: %s did not answer about room %s in time", sent_to, room.code)
            raise ProtocolError("unavailable") from None
        finally:
            self._answers.pop(request, None)
        return reply | {"sent_to": sent_to}

    def answered(self, envelope: Envelope) -> None:
        waiting = self._answers.get(envelope["id"])
        if waiting is not None and not waiting[2].done():
            waiting[2].set_result(envelope)

    def gone(self, room: RemoteRoom, client: Client) -> None:
        """``client``'s socket closed: its room's owner lets go of it."""
        socket = name(client)
        self.sockets.pop(socket, None)
        self.bus.post(room.owner, {"t": "gone", "from": self.bus.node, "socket": socket})

    def forget(self, client: Client) -> None:
        """``client`` is now in a room played here."""
        self.sockets.pop(name(client), None)

    def delivered(self, envelope: Envelope) -> None:
        """Something the owner did to one of the connections here: a message for it,
        closing it, or where it now is."""
        client = self.sockets.get(envelope["socket"])
        if client is None:
            return
        kind = envelope["t"]
        if kind == "out":
            client.send(envelope["text"])
        elif kind == "close":
            client.close(envelope["code"])
        elif kind == "at":
            code = envelope["room"]
            if code is None:
                self.sockets.pop(envelope["socket"], None)
                client.room = None
            elif isinstance(client.room, RemoteRoom) and client.room.code == code:
                client.room.owner = envelope["owner"]
            else:
                client.room = RemoteRoom(self.cluster, code, envelope["owner"])
            client.seat = envelope["seat"]

    def moved(self, code: str, owner: str) -> list[Client]:
        """Room ``code`` is now played by ``owner``: the requests waiting on another
        process are answered ``moved`` (to be sent again), and the connections here in
        that room, returned, follow it."""
        for room, sent_to, answer in self._answers.values():
            if room.code == code and sent_to != owner and not answer.done():
                answer.set_result({"t": "answer", "moved": True, "sent_to": sent_to})
        movers = [client for client in self.sockets.values() if code_of(client) == code]
        for client in movers:
            if owner != self.bus.node and isinstance(client.room, RemoteRoom):
                client.room.owner = owner
        return movers
