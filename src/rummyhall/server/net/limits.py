"""Limits: message size and a token-bucket rate per connection, and rates per client
address (creating guests and rooms, reading over HTTP, guessing room codes) and per
player (creating rooms)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol

from starlette.requests import HTTPConnection

from rummyhall.server.net.addresses import limit_key
from rummyhall.server.wire.protocol import ProtocolError


def client_address(connection: HTTPConnection) -> str:
    """The key a request or WebSocket counts against in every per-address limit: the
    client's address as :class:`~rummyhall.server.net.addresses.ClientAddressMiddleware`
    resolved it (proxies' headers only if trusted), an IPv6 one by its /64."""
    return limit_key(connection.client.host if connection.client else "unknown")


class TokenBucket:
    """Allows ``burst`` messages at once and ``rate`` per second on average.

    >>> clock = iter([0.0, 0.0, 0.0, 0.0, 1.0]).__next__
    >>> bucket = TokenBucket(rate=1.0, burst=2, clock=clock)
    >>> [bucket.allow() for _ in range(3)], bucket.allow()
    ([True, True, False], True)
    """

    def __init__(
        self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = float(burst)
        self.stamp = clock()

    def ready(self) -> bool:
        """Whether a token is there (taking none)."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        return self.tokens >= 1

    def full(self) -> bool:
        """Whether every token is there."""
        self.ready()
        return self.tokens >= self.burst

    def allow(self) -> bool:
        if not self.ready():
            return False
        self.tokens -= 1
        return True


def check_size(raw: str | bytes, limit: int) -> None:
    """Refuse a message over ``limit`` bytes before parsing it."""
    size = len(raw.encode() if isinstance(raw, str) else raw)
    if size > limit:
        raise ProtocolError("too_large", size=size, limit=limit)


class Limiter(Protocol):
    """A rate per key (an address, a player): this process's :class:`KeyedLimiter`, or
    one shared by every process of a site
    (:class:`~rummyhall.server.cluster.limits.SharedLimiter`)."""

    async def check(self, key: str) -> None:
        """Take a token, or refuse with ``rate_limited``."""

    async def guard(self, key: str) -> None:
        """Refuse with ``rate_limited`` if no token is left, taking none."""

    async def spend(self, key: str) -> None:
        """Take a token if one is left."""

    async def fresh(self, key: str) -> bool:
        """Whether no token of ``key`` is missing: none taken, or all back since."""


class KeyedLimiter:
    """One :class:`TokenBucket` per key: per client address, so one address cannot fill
    the server with rooms under ever new guests, stall it with reads or guess room
    codes, and per player, so many addresses cannot push one guest over. The table is
    cleared when it grows past ``capacity`` keys, which only ever forgives."""

    def __init__(self, rate: float, burst: int, capacity: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self.capacity = capacity
        self.buckets: dict[str, TokenBucket] = {}

    def _bucket(self, key: str) -> TokenBucket:
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= self.capacity:
                self.buckets.clear()
            bucket = self.buckets[key] = TokenBucket(self.rate, self.burst)
        return bucket

    async def check(self, key: str) -> None:
        """Take a token, or refuse with ``rate_limited``."""
        if not self._bucket(key).allow():
            raise ProtocolError("rate_limited")

    async def guard(self, key: str) -> None:
        """Refuse with ``rate_limited`` if no token is left, taking none: for limits that
        only count failures (:meth:`spend` them)."""
        if not self._bucket(key).ready():
            raise ProtocolError("rate_limited")

    async def spend(self, key: str) -> None:
        """Take a token if one is left (a failure counted after :meth:`guard`)."""
        self._bucket(key).allow()

    async def fresh(self, key: str) -> bool:
        bucket = self.buckets.get(key)
        return bucket is None or bucket.full()
