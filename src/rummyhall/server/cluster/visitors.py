"""The owner's end of forwarding: the connections other processes hold in the rooms
played here, each a :class:`~rummyhall.server.cluster.remote.RemoteClient`, and the
requests they forward."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from rummyhall.server.cluster.bus import Bus, Envelope
from rummyhall.server.cluster.leases import Leases
from rummyhall.server.cluster.remote import RemoteClient
from rummyhall.server.rooms.lock import RoomMoved
from rummyhall.server.storage.store import StorageUnavailable
from rummyhall.server.wire.messages import ErrorMessage, error_message
from rummyhall.server.wire.protocol import Join, ProtocolError, client_message_from_data

if TYPE_CHECKING:
    from rummyhall.server.people.players import Players
    from rummyhall.server.rooms.room import Room
    from rummyhall.server.rooms.seats import Client

log = logging.getLogger(__name__)

Key = tuple[str, str]
"""(the process holding the socket, the socket's name there)."""


class Visitors:
    def __init__(
        self, bus: Bus, leases: Leases, rooms: Mapping[str, Room], players: Players
    ) -> None:
        self.bus = bus
        self.leases = leases
        self.rooms = rooms
        """The rooms played here (the lobby's)."""
        self.players = players
        self.visitors: dict[Key, RemoteClient] = {}

    async def serve(self, envelope: Envelope) -> None:
        """A request forwarded by the process holding the client's socket: handled as
        the client's own, its errors sent to the client, then answered."""
        node, code = envelope["from"], envelope["room"]
        room = self.rooms.get(code)
        answer = {"t": "answer", "id": envelope["id"]}
        if room is None:
            self.bus.post(node, answer | {"moved": True})
            return
        visitor = self._visitor(envelope)
        message = client_message_from_data(envelope["message"])
        try:
            try:
                if visitor.room is not room and not isinstance(message, Join):
                    await self._seat_again(room, visitor)
                await room.handle(visitor, message)
            except StorageUnavailable:
                raise ProtocolError("storage_unavailable") from None
        except RoomMoved:  # it left while the request waited: the socket's end sends it on
            self.bus.post(node, answer | {"moved": True})
            return
        except ProtocolError as error:
            visitor.send(error_message(error, visitor.locale, turn=room.turn, ref=message.id))
        except Exception:
            log.exception("failed to handle a forwarded message")
            visitor.send(ErrorMessage(code="internal", message="internal error", ref=message.id))
        if visitor.room is None:
            self.visitors.pop((visitor.node, visitor.socket), None)
        self.bus.post(node, answer)

    async def reserve(self, envelope: Envelope) -> None:
        """Quick pairing on another process gives its seeker an open seat of a room
        played here (:meth:`Places.reserve
        <rummyhall.server.cluster.places.Places.reserve>`): the seat and the people
        seated, or why not."""
        node, room = envelope["from"], self.rooms.get(envelope["room"])
        answer: Envelope = {"t": "answer", "id": envelope["id"]}
        try:
            if room is None:
                raise RoomMoved
            try:
                seat, people = await room.reserve(self.players.known(*envelope["player"]))
            except StorageUnavailable:
                raise ProtocolError("storage_unavailable") from None
        except RoomMoved:
            answer["moved"] = True
        except ProtocolError as error:
            answer |= {"error": error.code, "values": error.values}
        else:
            answer |= {"seat": seat, "players": [person.model_dump() for person in people]}
        self.bus.post(node, answer)

    @staticmethod
    async def _seat_again(room: Room, visitor: RemoteClient) -> None:
        """A request from a socket this room does not know yet: it moved here a moment
        ago, and the socket's process has not joined it again (an outside probe found
        actions answered ``not_seated`` then). A player who holds a seat here is joined
        to it first, as that rejoin would; for anybody else the room is
        ``unavailable`` until then (docs/protocol.md: sending it again is harmless)."""
        assert visitor.player is not None
        seat = room.state.seating.seat_held_by(visitor.player)
        if seat is None:
            raise ProtocolError("unavailable")
        join = Join(type="join", id=None, room=room.code, role="player", seat=seat.index)
        await room.handle(visitor, join)

    def _visitor(self, envelope: Envelope) -> RemoteClient:
        key = (envelope["from"], envelope["socket"])
        visitor = self.visitors.get(key)
        if visitor is None:
            player_id, nickname = envelope["player"]
            player = self.players.known(player_id, nickname)
            visitor = RemoteClient(self.bus, key[0], key[1], player, envelope["locale"])
            self.visitors[key] = visitor
        return visitor

    async def gone(self, key: Key) -> None:
        """The visitor's socket closed: its room sees it disconnect."""
        visitor = self.visitors.pop(key, None)
        if visitor is not None and visitor.room is not None:
            await visitor.room.disconnect(visitor)

    async def drop_dead(self) -> None:
        """The connections of a process that died are gone: their seats turn away."""
        nodes = sorted({node for node, _ in self.visitors})
        alive = await self.leases.alive(nodes)
        for key in [key for key in self.visitors if key[0] not in alive]:
            await self.gone(key)

    def sole_process(self, room: Room) -> str | None:
        """The other process holding every connection in ``room`` (``None``: some are
        held here, or by several processes, or there are none)."""
        clients = room.state.clients()
        nodes = {client.node if isinstance(client, RemoteClient) else None for client in clients}
        return nodes.pop() if len(nodes) == 1 else None

    def locals_of(self, clients: Iterable[Client]) -> list[Client]:
        """Of a room's ``clients``, those of this process; its visitors are forgotten
        (the room is no longer played here: they join again where it goes)."""
        own = []
        for client in clients:
            if isinstance(client, RemoteClient):
                self.visitors.pop((client.node, client.socket), None)
            else:
                own.append(client)
        return own
