"""The shared lobby: every open room's description (:class:`RoomInfo` JSON) in one
Redis hash, written by the room's owner, read by every process.

Owners mark a room changed whenever its description does (the same moments its clients
are told); one task writes the marked rooms' current descriptions together, so a burst
of changes costs one round trip and the hash never goes back to an older one. A change
of status is waited for (:meth:`Directory.written`): the room's clients learn that a
match began or ended only once the lobby says so, so a process killed after telling
them leaves no older status behind for the others to show. Readers
take a snapshot of the whole hash, reused for :data:`SNAPSHOT_TTL` seconds, for the
public list and the limits that span rooms; a single room is read directly.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Collection, Sequence
from typing import Any

from redis.asyncio import Redis
from redis.exceptions import RedisError

from rummyhall.server.cluster.client import PREFIX, unavailable_without_redis
from rummyhall.server.rooms.peers import Described
from rummyhall.server.wire.messages import RoomInfo

log = logging.getLogger(__name__)

ROOMS = f"{PREFIX}rooms"
AWAY = f"{PREFIX}away"
"""Room code → its absent players' away deadlines (``{seat: wall-clock time}``)."""
SNAPSHOT_TTL = 1.0
RETRY_SECONDS = 0.5
WRITTEN_WAIT = 2.0
"""How long a change of status waits for Redis before the room plays on regardless."""


class Directory:
    def __init__(self, redis: Redis) -> None:
        self.redis = redis
        self._dirty: dict[str, Described | None] = {}
        """Code → the room to describe anew, or ``None`` to remove."""
        self._wake = asyncio.Event()
        self._begun = 0
        """Write rounds begun (each takes every change marked before it)."""
        self._done = 0
        """The last write round that reached Redis."""
        self._progress = asyncio.Condition()
        self._failing = False
        """The last round failed: Redis is out of reach, and nobody waits for it."""
        self._snapshot: dict[str, tuple[dict[str, Any], str]] = {}
        self._taken_at = -SNAPSHOT_TTL
        self._reading = asyncio.Lock()

    def changed(self, room: Described) -> None:
        self._dirty[room.code] = room
        self._wake.set()

    async def written(self, room: Described) -> None:
        """Mark ``room`` changed and wait until Redis holds its description (at most
        :data:`WRITTEN_WAIT` seconds, and not at all while Redis is out of reach: the
        description then follows when it is back)."""
        self.changed(room)
        if self._failing:
            return
        round_ = self._begun + 1  # the next round to begin takes this change
        async with self._progress:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(
                    self._progress.wait_for(lambda: self._done >= round_ or self._failing),
                    WRITTEN_WAIT,
                )

    def removed(self, code: str) -> None:
        self._dirty[code] = None
        self._wake.set()

    def forget(self, code: str) -> None:
        """Room ``code`` is described by another process from now on."""
        self._dirty.pop(code, None)

    async def write_forever(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            dirty, self._dirty = self._dirty, {}
            self._begun += 1
            round_ = self._begun
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for code, room in dirty.items():
                        if room is None:
                            pipe.hdel(ROOMS, code)
                            pipe.hdel(AWAY, code)
                        else:
                            pipe.hset(ROOMS, code, room.info().model_dump_json())
                            pipe.hset(AWAY, code, json.dumps(away_deadlines(room)))
                    await pipe.execute()
            except (RedisError, OSError) as error:
                log.warning("redis: the lobby could not be written (%s); retrying", error)
                self._dirty = dirty | self._dirty  # what changed meanwhile is newer
                self._wake.set()
                await self._report(failing=True)
                await asyncio.sleep(RETRY_SECONDS)
            else:
                self._done = round_
                await self._report(failing=False)

    async def _report(self, *, failing: bool) -> None:
        """Wake the changes of status waiting for a round (:meth:`written`)."""
        self._failing = failing
        async with self._progress:
            self._progress.notify_all()

    async def listed(self) -> list[str]:
        """The codes of every room described."""
        return [str(code) for code in await self.redis.hkeys(ROOMS)]

    async def unlist(self, codes: Sequence[str]) -> None:
        """Remove rooms ``codes``, which no process plays, from the hash at once."""
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.hdel(ROOMS, *codes)
            pipe.hdel(AWAY, *codes)
            await pipe.execute()

    async def away_at(self, code: str) -> dict[int, float]:
        """The away deadlines by seat room ``code``'s last owner set."""
        raw = await self.redis.hget(AWAY, code)
        return {} if raw is None else {int(seat): at for seat, at in json.loads(raw).items()}

    async def info(self, code: str) -> RoomInfo | None:
        with unavailable_without_redis():
            raw = await self.redis.hget(ROOMS, code)
        return None if raw is None else RoomInfo.model_validate_json(raw)

    async def waiting_seats(self, player_id: str, besides: Collection[str]) -> int:
        """Seats ``player_id`` holds in other hosts' rooms not started, leaving out the
        rooms ``besides`` (this process's own, which it counts itself)."""
        held = 0
        for code, (data, _) in (await self.snapshot()).items():
            if code in besides or data["status"] != "waiting" or data["host"]["id"] == player_id:
                continue
            seated = (entry.get("player") or {} for entry in data["seats"])
            held += any(player.get("id") == player_id for player in seated)
        return held

    async def snapshot(self) -> dict[str, tuple[dict[str, Any], str]]:
        """Code → (the description as JSON data, its text), at most
        :data:`SNAPSHOT_TTL` seconds old. One read at a time: a burst of callers (a
        thousand seeks looking for open seats) waits for one read of the whole hash
        rather than making as many, which would hold every connection to Redis. A
        description whose text is the last read's keeps its data: decoding every room's
        each second took a seventh of a process's time under quick pairing's 500 seeks
        a second with a thousand rooms open."""
        async with self._reading:
            now = time.monotonic()
            if now - self._taken_at > SNAPSHOT_TTL:
                with unavailable_without_redis():
                    rooms = await self.redis.hgetall(ROOMS)
                last, self._snapshot = self._snapshot, {}
                for key, raw in rooms.items():
                    code, text = str(key), str(raw)
                    kept = last.get(code)
                    if kept is None or kept[1] != text:
                        kept = (json.loads(text), text)
                    self._snapshot[code] = kept
                self._taken_at = now
        return self._snapshot


def away_deadlines(room: Described) -> dict[int, float]:
    """When each absent player's seat goes to the away bot (already passed: away)."""
    return {seat.index: seat.away_at for seat in room.seats if seat.away_at is not None}
