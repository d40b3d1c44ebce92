"""Where this process's connections find their rooms, from the socket's side: played
here, on another process (a :class:`~rummyhall.server.cluster.remote.RemoteRoom` their
requests are forwarded to), or taken over when nobody plays it; and the connections
following a room when it moves to another process. A part of
:class:`~rummyhall.server.cluster.node.Cluster`, which hands it what arrives on the bus."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine, Sequence
from typing import TYPE_CHECKING, Any, Literal

from rummyhall.server.cluster.bus import Bus
from rummyhall.server.cluster.client import unavailable_without_redis
from rummyhall.server.cluster.leases import Leases
from rummyhall.server.cluster.ownership import Ownership
from rummyhall.server.cluster.remote import RemoteRoom
from rummyhall.server.cluster.sockets import Sockets, code_of
from rummyhall.server.storage.store import StorageUnavailable
from rummyhall.server.wire.messages import PlayerInfo, error_message
from rummyhall.server.wire.protocol import ClientMessageType, Join, ProtocolError

if TYPE_CHECKING:
    from rummyhall.server.people.players import Player
    from rummyhall.server.rooms.lobby import Lobby
    from rummyhall.server.rooms.seats import Client, Place
    from rummyhall.server.settings import Settings

log = logging.getLogger(__name__)

FIND_LEASES = 2
"""Leases' lives a lookup waits for a room whose owner has died (or who has not renewed
since Redis restarted) before it answers ``unavailable``."""
REJOIN_TRIES = 5
"""Attempts to join a connection to its room again after a gap, before it is told."""


class Places:
    """Finding rooms, forwarding to them, and following them when they move."""

    def __init__(
        self,
        bus: Bus,
        leases: Leases,
        ownership: Ownership,
        lobby: Lobby,
        settings: Settings,
        spawn: Callable[[Coroutine[Any, Any, None]], None],
    ) -> None:
        """``spawn`` runs a task the cluster cancels when it stops."""
        self.node = bus.node
        self.leases = leases
        self.ownership = ownership
        self.lobby = lobby
        self.lease_ttl = settings.lease_ttl
        self.sockets = Sockets(bus, settings.forward_timeout, self)
        self._spawn = spawn

    async def lost(self, code: str) -> None:
        """Another process holds the lease of a room played here: stop playing it, and
        send this process's connections in it to the new owner."""
        sockets = self.ownership.give_up(code)
        if sockets is None:
            return
        log.warning("cluster: lost room %s to another process", code)
        owner = (await self.leases.owners([code]))[0]
        if owner is not None:
            self.moved(code, owner, extra=sockets)

    async def find(self, code: str) -> Place | None:
        """Room ``code`` where another process owns it, or taken over here if nobody
        does (``None``: no open room has that code). A room whose owner has died is
        waited for until its lease lapses, and a room without an owner while Redis has
        not :attr:`settled <Ownership.settled>` until its owner may have renewed; at most
        :data:`FIND_LEASES` leases' lives, then ``unavailable``."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + FIND_LEASES * self.lease_ttl
        with unavailable_without_redis():
            while loop.time() < deadline:
                owner = (await self.leases.owners([code]))[0]
                if owner == self.node:  # adopted a moment ago, or handed here
                    taking = self.ownership.taking.get(code)
                    if taking is not None:
                        await asyncio.wait([taking])
                    room = self.lobby.rooms.get(code)
                    if room is not None:
                        return room
                elif owner is not None and await self.leases.alive([owner]):
                    return RemoteRoom(self, code, owner)
                if owner is None and self.ownership.settled:
                    if await self.leases.claim(code):
                        return await self.ownership.take_over(code)
                    continue  # another process was quicker: look again
                await asyncio.sleep(self.lease_ttl / 6)
        raise ProtocolError("unavailable")

    async def forward(self, room: RemoteRoom, client: Client, message: ClientMessageType) -> None:
        """Hand ``client``'s request to the room's owner, and wait until it has been
        handled (its answers reach the client on the way); sent again to the room's
        next owner if it moved meanwhile."""
        reply = await self.sockets.request(room, client, message)
        if reply.get("moved"):
            place = await self.find(room.code)
            if place is None:
                raise ProtocolError("room_not_found", room=room.code)
            if isinstance(place, RemoteRoom):
                if place.owner == reply["sent_to"]:
                    raise ProtocolError("unavailable")
            elif (
                not isinstance(message, Join)
                and client not in self.lobby.rooms[room.code].state.clients()
            ):
                # Played here now: in its seat first. Not "client.room is place": the
                # rejoin of the move sets that before its join is through (the join
                # awaits the player's standing with the moderators), and the action
                # came before the seat (not_seated: test_cluster, under load).
                await self._join(client, place)
            await place.handle(client, message)

    async def reserve(self, code: str, player: Player) -> tuple[int, list[PlayerInfo]]:
        """Quick pairing: an open seat of room ``code`` for ``player``, given by the
        process that plays it (here, if it was adopted meanwhile), as
        :meth:`Room.reserve <rummyhall.server.rooms.room.Room.reserve>` gives one:
        the seat and the people seated; refused as it refuses (a room that moved
        meanwhile: ``unavailable``)."""
        place = await self.find(code)
        if place is None:
            raise ProtocolError("room_not_found", room=code)
        if not isinstance(place, RemoteRoom):  # played here
            return await self.lobby.rooms[code].reserve(player)
        envelope = {"t": "reserve", "player": [player.id, player.nickname]}
        reply = await self.sockets.ask(place, envelope)
        if reply.get("moved"):
            raise ProtocolError("unavailable")
        if "error" in reply:
            raise ProtocolError(reply["error"], **reply["values"])
        return reply["seat"], [PlayerInfo(**info) for info in reply["players"]]

    def gone(self, room: RemoteRoom, client: Client) -> None:
        self.sockets.gone(room, client)

    def moved(self, code: str, owner: str, extra: Sequence[Client] = ()) -> None:
        """Room ``code`` has a new owner: join this process's connections in it again
        there (each gets the room and its state anew)."""
        if owner != self.node and code in self.lobby.rooms:
            self._spawn(self.lost(code))
            return
        movers = self.sockets.moved(code, owner)
        if movers or extra:
            log.info(
                "cluster: room %s at %s: joining %d clients again",
                code,
                owner,
                len(movers) + len(extra),
            )
        for client in [*movers, *extra]:
            self._spawn(self._rejoin(client, code))

    async def _rejoin(self, client: Client, code: str) -> None:
        """Join ``client`` to room ``code`` again, in its seat or as a spectator; tried
        :data:`REJOIN_TRIES` times while the room is ``unavailable`` (its owner may not
        have subscribed again yet)."""
        for attempt in range(REJOIN_TRIES):
            try:
                try:
                    place = await self.find(code)
                    if place is None:
                        raise ProtocolError("room_not_found", room=code)
                    await self._join(client, place)
                    return
                except StorageUnavailable:
                    raise ProtocolError("storage_unavailable") from None
            except ProtocolError as error:
                if error.code != "unavailable" or attempt == REJOIN_TRIES - 1:
                    client.send(error_message(error, client.locale))
                    return
            await asyncio.sleep(self.lease_ttl / 3)

    async def _join(self, client: Client, place: Place) -> None:
        """Join ``client`` to ``place``, where its room now is, in its seat or as a
        spectator (it is sent the room and its state anew)."""
        if not isinstance(place, RemoteRoom):
            self.sockets.forget(client)
        seat = client.seat
        role: Literal["player", "spectator"] = "spectator" if seat is None else "player"
        client.room = place
        join = Join(type="join", id=None, room=place.code, role=role, seat=seat)
        await place.handle(client, join)

    def reconnected(self) -> None:
        """Envelopes may have been lost: every connection here in a room owned elsewhere
        joins it again, once the other processes have had the time to subscribe again.
        Redis may have restarted empty: no lease is judged until it has settled."""
        self.ownership.settled = False
        self._spawn(self._resynchronise())

    async def _resynchronise(self) -> None:
        await asyncio.sleep(self.lease_ttl / 3)
        clients = list(self.sockets.sockets.values())
        log.info("cluster: joining %d clients to their rooms again", len(clients))
        for client in clients:
            code = code_of(client)
            if code is not None:
                self._spawn(self._rejoin(client, code))
