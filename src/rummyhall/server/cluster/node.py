"""One server process's part in the cluster: its rooms' leases kept and scanned, the
bus and what arrives on it, the shared lobby and limits, and the news about players
every process must hear. Its parts: :mod:`~rummyhall.server.cluster.ownership` (who plays
which room), :mod:`~rummyhall.server.cluster.places` (where this process's connections
find their rooms, and following them as they move) and
:mod:`~rummyhall.server.cluster.visitors` (the other processes' connections in the rooms
played here)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Collection, Coroutine
from typing import TYPE_CHECKING, Any

from redis.exceptions import RedisError

from rummyhall.server.cluster.affinity import Affinity
from rummyhall.server.cluster.bus import Bus, Envelope
from rummyhall.server.cluster.client import connect, unavailable_without_redis
from rummyhall.server.cluster.directory import Directory
from rummyhall.server.cluster.leases import Leases
from rummyhall.server.cluster.limits import SharedLimiter
from rummyhall.server.cluster.ownership import Ownership
from rummyhall.server.cluster.places import Places
from rummyhall.server.cluster.visitors import Visitors
from rummyhall.server.pairing.rules import Curve
from rummyhall.server.pairing.shared import SharedPools
from rummyhall.server.wire.messages import PlayerInfo, RoomInfo

if TYPE_CHECKING:
    from rummyhall.server.pairing.service import Pairing
    from rummyhall.server.people.accounts import Devices
    from rummyhall.server.people.enforcement import Enforcement
    from rummyhall.server.people.players import Player, Players
    from rummyhall.server.rooms.lobby import Lobby
    from rummyhall.server.rooms.peers import Described
    from rummyhall.server.rooms.seats import Place
    from rummyhall.server.settings import Settings

log = logging.getLogger(__name__)


BROADCASTS = frozenset({"signed_out", "moderated", "tell", "renamed"})
"""What a process tells every other one (its own copy comes back to it too)."""


class Cluster:
    """Made before the server's other parts (their limits are the cluster's), then
    given the lobby and the players (:meth:`attach`), then started."""

    lobby: Lobby
    players: Players
    devices: Devices
    visitors: Visitors
    affinity: Affinity
    ownership: Ownership
    places: Places
    pairing: Pairing
    enforcement: Enforcement

    def __init__(self, settings: Settings) -> None:
        assert settings.redis_url is not None
        self.settings = settings
        self.node = secrets.token_hex(6)
        self.redis = connect(settings.redis_url)
        self.leases = Leases(self.redis, self.node, settings.lease_ttl)
        self.bus = Bus(self.redis, self.node, self._receive, self._reconnected)
        self.directory = Directory(self.redis)
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
        self.places = Places(
            self.bus, self.leases, self.ownership, lobby, self.settings, self._spawn
        )

    def pools(self, curve: Curve, countdown: float) -> SharedPools:
        """Quick pairing's pools, shared by every process."""
        return SharedPools(self.redis, self.node, self.leases.alive, curve, countdown)

    def post_pairing(self, node: str, envelope: dict[str, Any]) -> None:
        """Tell process ``node`` that quick pairing seated or ended a seek of its."""
        self.bus.post(node, envelope)

    async def reserve(self, code: str, player: Player) -> tuple[int, list[PlayerInfo]]:
        """Quick pairing: an open seat of room ``code``, wherever it is played
        (:meth:`Places.reserve`)."""
        return await self.places.reserve(code, player)

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
                    await self.places.lost(code)
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

    async def find(self, code: str) -> Place | None:
        """:meth:`Places.find` (the lobby's way to a room)."""
        return await self.places.find(code)

    def _reconnected(self) -> None:
        self.places.reconnected()

    # ------------------------------------------------------------------ the bus

    def _receive(self, envelope: Envelope) -> None:
        kind = envelope["t"]
        if kind in BROADCASTS and envelope["from"] == self.node:
            return  # its own word to the others, which it has acted on already
        if kind == "request":
            self._spawn(self.visitors.serve(envelope))
        elif kind == "reserve":
            self._spawn(self.visitors.reserve(envelope))
        elif kind == "gone":
            self._spawn(self.visitors.gone((envelope["from"], envelope["socket"])))
        elif kind == "answer":
            self.places.sockets.answered(envelope)
        elif kind == "moved":
            self.places.moved(envelope["room"], envelope["owner"])
        elif kind == "take":
            away_at = {int(seat): at for seat, at in envelope["away_at"].items()}
            self._spawn(self.ownership.handed(envelope["room"], away_at))
        elif kind == "signed_out":
            self.devices.sign_out(envelope["player"], envelope["token_hash"])
        elif kind == "moderated":
            self._spawn(self.enforcement.heard(envelope["action"], envelope["player"]))
        elif kind == "tell":
            self.devices.tell(envelope["player"], envelope["message"])
        elif kind == "pairing":
            self.pairing.delivered(envelope)
        elif kind == "renamed":
            player = self.players.renamed(envelope["player"], envelope["nickname"])
            if player is not None:  # shown here only: told back, it would echo for ever
                self.lobby.show_rename(player)
        else:
            self.places.sockets.delivered(envelope)

    # ------------------------------------------------------------------ players

    def signed_out(self, player_id: str, token_hash: str | None) -> None:
        """Tell every other process (this one has already closed its connections)."""
        self.bus.broadcast(
            {"t": "signed_out", "player": player_id, "token_hash": token_hash, "from": self.node}
        )

    def moderated(self, player_id: str, action_id: int) -> None:
        """Tell every other process to carry out moderation action ``action_id``."""
        envelope = {"t": "moderated", "player": player_id, "action": action_id}
        self.bus.broadcast({**envelope, "from": self.node})

    def tell(self, player_id: str, message: str) -> None:
        """Pass ``message`` to ``player_id``'s connections on every other process."""
        envelope = {"t": "tell", "player": player_id, "message": message, "from": self.node}
        self.bus.broadcast(envelope)

    def renamed(self, player: Player) -> None:
        """Tell every other process (this one has already shown it)."""
        self.bus.broadcast(
            {"t": "renamed", "player": player.id, "nickname": player.nickname, "from": self.node}
        )
