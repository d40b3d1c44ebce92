"""Rates shared by every process of a site: the same per-address and per-player limits
as one process's (:class:`~rummyhall.server.net.limits.KeyedLimiter`), kept in Redis.

Each key is one Redis key holding a theoretical arrival time (GCRA, the token bucket's
equivalent with a single number): a request is allowed while that time is no more
than ``burst`` intervals ahead of now, and taking a token moves it one interval on. The
check and the update are one Lua script, atomic in Redis, on Redis's own clock (so the
processes' clocks need not agree). While Redis cannot be reached the limits let
requests through (logged): refusing everyone would be the worse outage.
"""

from __future__ import annotations

import logging

from redis.asyncio import Redis
from redis.exceptions import RedisError

from rummyhall.server.cluster.client import PREFIX
from rummyhall.server.wire.protocol import ProtocolError

log = logging.getLogger(__name__)

GCRA = """
local now = redis.call('TIME')
now = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local interval = tonumber(ARGV[1])
local ahead = interval * tonumber(ARGV[2])
local tat = math.max(tonumber(redis.call('GET', KEYS[1]) or now), now)
if tat + interval - now > ahead then
  return 0
end
if ARGV[3] == '1' then
  redis.call('SET', KEYS[1], tat + interval, 'PX', math.ceil(tat + interval - now))
end
return 1
"""
"""ARGV: the interval between tokens (ms), the burst, and ``1`` to take a token; 1 if a
token is there."""


class SharedLimiter:
    """Allows ``burst`` at once and ``rate`` per second on average, per key, across
    every process (the :class:`~rummyhall.server.net.limits.Limiter` protocol)."""

    def __init__(self, redis: Redis, name: str, rate: float, burst: int) -> None:
        self.redis = redis
        self.name = name
        self.interval_ms = 1000.0 / rate
        self.burst = burst
        self._script = redis.register_script(GCRA)

    def _key(self, key: str) -> str:
        return f"{PREFIX}limit:{self.name}:{key}"

    async def _token(self, key: str, take: bool) -> bool:
        try:
            allowed = await self._script(
                keys=[self._key(key)],
                args=[self.interval_ms, self.burst, "1" if take else "0"],
            )
        except (RedisError, OSError) as error:
            log.warning("redis: the %s limit lets a request through (%s)", self.name, error)
            return True
        return bool(allowed)

    async def check(self, key: str) -> None:
        if not await self._token(key, take=True):
            raise ProtocolError("rate_limited")

    async def guard(self, key: str) -> None:
        if not await self._token(key, take=False):
            raise ProtocolError("rate_limited")

    async def spend(self, key: str) -> None:
        await self._token(key, take=True)

    async def fresh(self, key: str) -> bool:
        """A key's arrival time expires as its bucket fills up again: no key, full."""
        try:
            return not await self.redis.exists(self._key(key))
        except (RedisError, OSError) as error:
            log.warning("redis: the %s limit counts %s as fresh (%s)", self.name, key, error)
            return True
