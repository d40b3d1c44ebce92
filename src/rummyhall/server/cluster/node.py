"""One server process's part in the cluster: its rooms' leases and who plays the
others, taking over the rooms nobody plays, the bus and what arrives on it. The two ends
of forwarding have modules of their own: :mod:`~rummyhall.server.cluster.visitors` (the
other processes' connections in the rooms played here) and
:mod:`~rummyhall.server.cluster.sockets` (this process's connections in rooms played
elsewhere)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Collection, Coroutine, Sequence
from typing import TYPE_CHECKING, Any, Literal

from redis.exceptions import RedisError

from rummyhall.server.cluster.affinity import Affinity
from rummyhall.server.cluster.bus import Bus, Envelope
from rummyhall.server.cluster.client import connect, unavailable_without_redis
from rummyhall.server.cluster.directory import Directory
from rummyhall.server.cluster.leases import Leases
from rummyhall.server.cluster.limits import SharedLimiter
from rummyhall.server.cluster.ownership import Ownership
from rummyhall.server.cluster.remote import RemoteRoom
from rummyhall.server.cluster.sockets import Sockets, code_of
from rummyhall.server.cluster.visitors import Visitors
from rummyhall.server.pairing.rules import Curve
from rummyhall.server.pairing.shared import SharedPools
from rummyhall.server.storage.store import StorageUnavailable
from rummyhall.server.wire.messages import RoomInfo, error_message
from rummyhall.server.wire.protocol import ClientMessageType, Join, ProtocolError

if TYPE_CHECKING:
    from rummyhall.server.pairing.service import Pairing
    from rummyhall.server.people.accounts import Devices
    from rummyhall.server.people.players import Player, Players
    from rummyhall.server.rooms.lobby import Lobby
    from rummyhall.server.rooms.peers import Described
    from rummyhall.server.rooms.seats import Client, Place
    from rummyhall.server.settings import Settings

log = logging.getLogger(__name__)

FIND_LEASES = 2
"""Leases' lives a lookup waits for a room whose owner has died (or who has not renewed
since Redis restarted) before it answers ``unavailable``."""
REJOIN_TRIES = 5
"""Attempts to join a connection to its room again after a gap, before it is told."""


class Cluster:
    """Made before the server's other parts (their limits are the cluster's), then
    given the lobby and the players (:meth:`attach`), then started."""

    lobby: Lobby
    players: Players
    devices: Devices
    visitors: Visitors
    affinity: Affinity
    ownership: Ownership
    pairing: Pairing

    def __init__(self, settings: Settings) -> None:
        assert settings.redis_url is not None
        self.settings = settings
        self.node = secrets.token_hex(6)
        self.redis = connect(settings.redis_url)
        self.leases = Leases(self.redis, self.node, settings.lease_ttl)
        self.bus = Bus(self.redis, self.node, self._receive, self._reconnected)
        self.directory = Directory(self.redis)
        self.sockets = Sockets(self.bus, settings.forward_timeout, self)
        self._tasks: set[asyncio.Task[Any]] = set()
        self._chores: list[asyncio.Task[None]] = []

    # ------------------------------------------------------------------ lifecycle

    def attach(self, lobby: Lobby, players: Players, devices: Devices) -> None:
        self.lobby = lobby
        self.players = players
        self.devices = devices
        self.visitors = Visitors(self.bus, self.leases, lobby.rooms, players)
        self.affinity = Affinity(self.visitors, lobby.rooms)
        parts = (self.leases, self.bus, self.directory, self.visitors)
        self.ownership = Ownership(*parts, lobby, players)

    def pools(self, curve: Curve, countdown: float) -> SharedPools:
        """Quick pairing's pools, shared by every process."""
        return SharedPools(self.redis, self.node, self.leases.alive, curve, countdown)

    def post_pairing(self, node: str, envelope: dict[str, Any]) -> None:
        """Tell process ``node`` that quick pairing seated or ended a seek of its."""
        self.bus.post(node, envelope)

    def limiter(self, name: str, rate: float, burst: int) -> SharedLimiter:
        """A rate per key that holds across every process (``name`` keeps it apart)."""
        return SharedLimiter(self.redis, name, rate, burst)

    async def start(self) -> None:
        """Reach Redis (refusing to start without it), subscribe, and take the rooms
        nobody owns."""
        try:
            await self.redis.ping()
        except (RedisError, OSError) as error:
            where = self.settings.redis_url
            raise RuntimeError(f"cannot reach Redis at {where}: {error}") from None
        await self.leases.beat()
        await self.ownership.check_settled()
        self._chores = [
            asyncio.create_task(self.bus.send_forever()),
            asyncio.create_task(self.bus.receive_forever()),
            asyncio.create_task(self.directory.write_forever()),
        ]
        await asyncio.wait_for(self.bus.subscribed.wait(), 5.0)
        self._chores.append(asyncio.create_task(self._maintain_forever()))
        log.info("cluster: process %s up", self.node)

    async def stop(self) -> None:
        """Give the rooms up at once (another process takes them over on its next scans)."""
        for task in [*self._chores, *self._tasks]:
            task.cancel()
        with contextlib.suppress(RedisError, OSError):
            await self.leases.release(list(self.lobby.rooms))
            await self.leases.stop()
        await self.redis.aclose()

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # ------------------------------------------------------------------ ownership

    async def _maintain_forever(self) -> None:
        """Every third of a lease's life: the heartbeat, the leases renewed, the rooms
        nobody owns taken over, the visitors of dead processes dropped, the rooms whose
        players are all elsewhere handed over."""
        while True:
            await asyncio.sleep(self.settings.lease_ttl / 3)
            try:
                await self.leases.beat()
                await self.ownership.check_settled()
                lost, retaken = await self.leases.renew(list(self.lobby.rooms))
                for code in lost:
                    await self._lost(code)
                for code in retaken:  # Redis lost its keys: describe the room again
                    room = self.lobby.rooms.get(code)
                    if room is not None:
                        self.directory.changed(room.state)
                if self.ownership.settled:  # else a missing key may only mean Redis came back empty
                    listed = await self.directory.listed()  # first: see Ownership.unlist_closed
                    codes = await self.lobby.store.open_codes()
                    await self.ownership.adopt_orphans(codes)
                    await self.ownership.unlist_closed(listed, codes)
                    await self.visitors.drop_dead()
                    for room, node in self.affinity.due():
                        await self.ownership.hand_over(room, node)
            except (RedisError, OSError) as error:
                log.warning("redis: cannot renew leases (%s); rooms play on meanwhile", error)
            except Exception:
                log.exception("cluster maintenance failed")

    async def claim_new(self, code: str) -> bool:
        """The lease of a room about to be created here (``False``: the code is in use)."""
        with unavailable_without_redis():
            return await self.leases.claim(code)

    def changed(self, room: Described) -> None:
        self.directory.changed(room)

    async def announce(self, room: Described) -> None:
        await self.directory.written(room)

    async def described(self, code: str) -> RoomInfo | None:
        return await self.directory.info(code)

    async def listing(self) -> dict[str, tuple[dict[str, Any], str]]:
        return await self.directory.snapshot()

    async def waiting_seats(self, player_id: str, besides: Collection[str]) -> int:
        return await self.directory.waiting_seats(player_id, besides)

    def closed(self, code: str) -> None:
        """Room ``code`` closed here: out of the lobby, its lease given up."""
        self.directory.removed(code)
        self._spawn(self.leases.release([code]))

    async def _lost(self, code: str) -> None:
        """Another process holds the lease of a room played here: stop playing it, and
        send this process's connections in it to the new owner."""
        sockets = self.ownership.give_up(code)
        if sockets is None:
            return
        log.warning("cluster: lost room %s to another process", code)
        owner = (await self.leases.owners([code]))[0]
        if owner is not None:
            self._moved(code, owner, extra=sockets)

    # ------------------------------------------------------------------ affinity

    # ------------------------------------------------------------------ finding rooms

    async def find(self, code: str) -> Place | None:
        """Room ``code`` where another process owns it, or taken over here if nobody
        does (``None``: no open room has that code). A room whose owner has died is
        waited for until its lease lapses, and a room without an owner while Redis has
        not :attr:`settled <Ownership.settled>` until its owner may have renewed; at most
        :data:`FIND_LEASES` leases' lives, then ``unavailable``."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + FIND_LEASES * self.settings.lease_ttl
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
                await asyncio.sleep(self.settings.lease_ttl / 6)
        raise ProtocolError("unavailable")

    # ------------------------------------------------------------------ the socket's end

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
            elif client.room is not place and not isinstance(message, Join):
                await self._join(client, place)  # played here now: in its seat first
            await place.handle(client, message)

    def gone(self, room: RemoteRoom, client: Client) -> None:
        self.sockets.gone(room, client)

    def _moved(self, code: str, owner: str, extra: Sequence[Client] = ()) -> None:
        """Room ``code`` has a new owner: join this process's connections in it again
        there (each gets the room and its state anew)."""
        if owner != self.node and code in self.lobby.rooms:
            self._spawn(self._lost(code))
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
            await asyncio.sleep(self.settings.lease_ttl / 3)

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

    def _reconnected(self) -> None:
        """Envelopes may have been lost: every connection here in a room owned elsewhere
        joins it again, once the other processes have had the time to subscribe again.
        Redis may have restarted empty: no lease is judged until it has settled."""
        self.ownership.settled = False
        self._spawn(self._resynchronise())

    async def _resynchronise(self) -> None:
        await asyncio.sleep(self.settings.lease_ttl / 3)
        clients = list(self.sockets.sockets.values())
        log.info("cluster: joining %d clients to their rooms again", len(clients))
        for client in clients:
            code = code_of(client)
            if code is not None:
                self._spawn(self._rejoin(client, code))

    # ------------------------------------------------------------------ the bus

    def _receive(self, envelope: Envelope) -> None:
        kind = envelope["t"]
        if kind == "request":
            self._spawn(self.visitors.serve(envelope))
        elif kind == "gone":
            self._spawn(self.visitors.gone((envelope["from"], envelope["socket"])))
        elif kind == "answer":
            self.sockets.answered(envelope)
        elif kind == "moved":
            self._moved(envelope["room"], envelope["owner"])
        elif kind == "take":
            away_at = {int(seat): at for seat, at in envelope["away_at"].items()}
            self._spawn(self.ownership.handed(envelope["room"], away_at))
        elif kind == "signed_out" and envelope["from"] != self.node:
            self.devices.sign_out(envelope["player"], envelope["token_hash"])
        elif kind == "tell" and envelope["from"] != self.node:
            self.devices.tell(envelope["player"], envelope["message"])
        elif kind == "pairing":
            self.pairing.delivered(envelope)
        elif kind == "renamed" and envelope["from"] != self.node:
            player = self.players.renamed(envelope["player"], envelope["nickname"])
            if player is not None:
                self.lobby.renamed(player)
        else:
            self.sockets.delivered(envelope)

    # ------------------------------------------------------------------ players

    def signed_out(self, player_id: str, token_hash: str | None) -> None:
        """Tell every other process (this one has already closed its connections)."""
        self.bus.broadcast(
            {"t": "signed_out", "player": player_id, "token_hash": token_hash, "from": self.node}
        )

    def tell(self, player_id: str, message: str) -> None:
        """Pass ``message`` to ``player_id``'s connections on every other process."""
        envelope = {"t": "tell", "player": player_id, "message": message, "from": self.node}
        self.bus.broadcast(envelope)

    def renamed(self, player: Player) -> None:
        """Tell every other process (this one has already shown it)."""
        self.bus.broadcast(
            {"t": "renamed", "player": player.id, "nickname": player.nickname, "from": self.node}
        )
