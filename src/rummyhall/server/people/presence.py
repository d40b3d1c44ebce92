"""Who is here (docs/protocol.md, "Who is here"): how many players are online and how
many play each game, for everyone (counts, never names), and whether one player is
online or playing, for his friends only.

A player is **online** while a connection of his is open (a table, a seek) or while
his lobby keeps asking the server (any request with his token in the last
:data:`ONLINE_WINDOW` seconds: the lobby asks every 10); **playing** while he holds a
seat at a match under way. In a cluster each process keeps in Redis the set of the
players online there, rewritten every :data:`PUBLISH_EVERY` seconds and expiring
:data:`KEY_TTL` seconds after its last write: a process that dies drops out of the
counts within that time, and nobody is counted twice (the sets are joined, not added).
The matches come from the lobby, which sees every process's rooms. With Redis out of
reach the counts are this process's, marked ``partial``, and a player's presence is not
known: his profile comes without it."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Literal

from redis.asyncio import Redis
from redis.exceptions import RedisError

from rummyhall.server.people.accounts import Devices
from rummyhall.server.rooms.lobby import Lobby
from rummyhall.server.rooms.under_way import under_way

log = logging.getLogger(__name__)

ONLINE_WINDOW = 30.0
"""Seconds a request with a player's token keeps him online (three of the lobby's polls)."""
PUBLISH_EVERY = 5.0
"""Seconds between two writes of a process's players online to Redis."""
KEY_TTL = 15
"""Seconds a process's set of players online outlives its last write."""
PREFIX = "rummyhall:presence:"
NODES = f"{PREFIX}nodes"
"""The processes that have written a set (a dead one's set expires; its name is
dropped once it has)."""

State = Literal["online", "playing", "offline"]


class Presence:
    """The players online here (and, with ``redis``, on every process) and playing."""

    def __init__(
        self, devices: Devices, lobby: Lobby, redis: Redis | None = None, node: str = ""
    ) -> None:
        self.devices = devices
        self.lobby = lobby
        self.redis = redis
        self.node = node
        self._seen: dict[str, float] = {}
        """Player id → when a request of his last came (monotonic clock)."""

    def saw(self, player_id: str) -> None:
        """A request with ``player_id``'s token came."""
        self._seen[player_id] = time.monotonic()

    def here(self) -> set[str]:
        """The players online on this process."""
        recent = time.monotonic() - ONLINE_WINDOW
        self._seen = {player: at for player, at in self._seen.items() if at >= recent}
        return self.devices.connected() | set(self._seen)

    async def online(self) -> set[str] | None:
        """The players online on every process (``None``: Redis is out of reach)."""
        here = self.here()
        if self.redis is None:
            return here
        try:
            nodes = [str(node) for node in await self.redis.smembers(NODES)]
            keys = [f"{PREFIX}{node}" for node in nodes if node != self.node]
            there = await self.redis.sunion(keys) if keys else set()
        except (RedisError, OSError) as error:
            log.warning("who is here: redis: %s", error)
            return None
        return here | {str(player) for player in there}

    async def counts(self) -> dict[str, object]:
        """Players online, and per game the matches under way and the people at them;
        with Redis out of reach, this process's alone, marked ``partial``."""
        online = await self.online()
        playing = await under_way(self.lobby)
        games = {
            game: {"matches": playing.matches.get(game, 0), "players": len(players)}
            for game, players in sorted(playing.players.items())
        }
        counts: dict[str, object] = {
            "online": len(self.here() if online is None else online),
            "games": games,
        }
        if online is None or not playing.whole:
            counts["partial"] = True
        return counts

    async def of(self, player_id: str) -> State | None:
        """Whether ``player_id`` is online and seated at a match under way (playing),
        online, or neither; ``None`` (not known) while Redis is out of reach."""
        online = await self.online()
        playing = await under_way(self.lobby)
        if online is None or not playing.whole:
            return None
        if player_id not in online:
            return "offline"
        seated = any(player_id in players for players in playing.players.values())
        return "playing" if seated else "online"

    async def publish_forever(self) -> None:
        """In a cluster: write this process's players online every
        :data:`PUBLISH_EVERY` seconds (Redis out of reach: the next round tries again)."""
        if self.redis is None:
            return
        key = f"{PREFIX}{self.node}"
        while True:
            try:
                here = sorted(self.here())
                async with self.redis.pipeline(transaction=True) as pipe:
                    pipe.delete(key)
                    if here:
                        pipe.sadd(key, *here)
                        pipe.expire(key, KEY_TTL)
                    pipe.sadd(NODES, self.node)
                    await pipe.execute()
                await self._forget_dead()
            except RedisError as error:
                log.debug("who is here: not written (%s)", error)
            await asyncio.sleep(PUBLISH_EVERY)

    async def _forget_dead(self) -> None:
        """Drop from :data:`NODES` the processes whose set has expired."""
        assert self.redis is not None
        nodes = [str(node) for node in await self.redis.smembers(NODES)]
        async with self.redis.pipeline(transaction=False) as pipe:
            for node in nodes:
                pipe.exists(f"{PREFIX}{node}")
            alive = await pipe.execute()
        gone = [node for node, exists in zip(nodes, alive, strict=True) if not exists]
        if gone:
            await self.redis.srem(NODES, *gone)
