"""Room leases and process heartbeats in Redis.

A room's lease is the key ``rummyhall:room:{code}:owner`` holding the owning process's
id, with a time to live. Renewing is compare-and-set in a Lua script (atomic in Redis):
a process extends the leases it still holds and takes back those that lapsed without
anyone taking them (after a Redis restart every key is gone, and the owners simply carry
on); a lease another process holds is lost, and the room with it. A process's heartbeat
is ``rummyhall:node:{id}:alive`` with the same time to live: owners drop the visitors of
a process whose heartbeat has stopped.
"""

from __future__ import annotations

from collections.abc import Sequence

from redis.asyncio import Redis

from rummyhall.server.cluster.client import PREFIX

RENEW = """
local lost, retaken = {}, {}
for i, key in ipairs(KEYS) do
  local holder = redis.call('GET', key)
  if holder == ARGV[1] then
    redis.call('PEXPIRE', key, ARGV[2])
  elseif not holder then
    redis.call('SET', key, ARGV[1], 'PX', ARGV[2])
    table.insert(retaken, i)
  else
    table.insert(lost, i)
  end
end
return {lost, retaken}
"""
"""Extend each lease held by ARGV[1] to ARGV[2] ms and take back the lapsed ones; the
1-based indices of those another process holds, and of those taken back."""

RELEASE = """
local released = 0
for _, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then
    released = released + redis.call('DEL', key)
  end
end
return released
"""
"""Delete each lease only if ARGV[1] still holds it."""

HAND_OVER = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
  return 1
end
return 0
"""
"""Give the lease KEYS[1] from ARGV[1] to ARGV[2] for ARGV[3] ms, only if ARGV[1] holds it."""


def lease_key(code: str) -> str:
    return f"{PREFIX}room:{code}:owner"


def heartbeat_key(node: str) -> str:
    return f"{PREFIX}node:{node}:alive"


class Leases:
    """One process's leases and heartbeat (a client made with ``decode_responses``)."""

    def __init__(self, redis: Redis, node: str, ttl: float) -> None:
        self.redis = redis
        self.node = node
        self.ttl_ms = max(1, int(ttl * 1000))
        self._renew = redis.register_script(RENEW)
        self._release = redis.register_script(RELEASE)
        self._hand_over = redis.register_script(HAND_OVER)

    async def settled(self) -> bool:
        """Whether Redis has been up a lease's life: only then has every live process
        renewed its leases and heartbeat since, and a missing lease means a dead owner."""
        uptime: int = (await self.redis.info("server"))["uptime_in_seconds"]
        return uptime * 1000 >= self.ttl_ms

    async def claim(self, code: str) -> bool:
        """Take the lease of ``code`` if nobody holds it."""
        return bool(await self.redis.set(lease_key(code), self.node, nx=True, px=self.ttl_ms))

    async def renew(self, codes: Sequence[str]) -> tuple[list[str], list[str]]:
        """Extend the leases of ``codes``; the codes lost to another process, and those
        taken back after they lapsed (a Redis restart loses every key)."""
        if not codes:
            return [], []
        keys = [lease_key(code) for code in codes]
        lost, retaken = await self._renew(keys=keys, args=[self.node, self.ttl_ms])
        return [codes[int(i) - 1] for i in lost], [codes[int(i) - 1] for i in retaken]

    async def release(self, codes: Sequence[str]) -> None:
        if codes:
            await self._release(keys=[lease_key(code) for code in codes], args=[self.node])

    async def hand_over(self, code: str, node: str) -> bool:
        """Give the lease of ``code``, held here, to process ``node`` (``False``: it was
        not held here any more)."""
        keys = [lease_key(code)]
        return bool(await self._hand_over(keys=keys, args=[self.node, node, self.ttl_ms]))

    async def owners(self, codes: Sequence[str]) -> list[str | None]:
        """Who holds each lease (``None``: nobody)."""
        if not codes:
            return []
        held = await self.redis.mget([lease_key(code) for code in codes])
        return [None if holder is None else str(holder) for holder in held]

    async def beat(self) -> None:
        await self.redis.set(heartbeat_key(self.node), "1", px=self.ttl_ms)

    async def alive(self, nodes: Sequence[str]) -> set[str]:
        """Those of ``nodes`` whose heartbeat is current."""
        if not nodes:
            return set()
        beats = await self.redis.mget([heartbeat_key(node) for node in nodes])
        return {node for node, beat in zip(nodes, beats, strict=True) if beat is not None}

    async def stop(self) -> None:
        await self.redis.delete(heartbeat_key(self.node))
