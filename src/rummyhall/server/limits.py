"""Limits: message size and a token-bucket rate per connection, and rates per client
address and per player for creating guests and rooms over HTTP."""

from __future__ import annotations

import time
from collections.abc import Callable

from rummyhall.server.protocol import ProtocolError


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

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def check_size(raw: str | bytes, limit: int) -> None:
    """Refuse a message over ``limit`` bytes before parsing it."""
    size = len(raw.encode() if isinstance(raw, str) else raw)
    if size > limit:
        raise ProtocolError("too_large", size=size, limit=limit)


class KeyedLimiter:
    """One :class:`TokenBucket` per key: per client address, so one address cannot fill
    the server with rooms under ever new guests, and per player, so many addresses
    cannot push one guest over. The table is cleared when it grows past ``capacity``
    keys, which only ever forgives."""

    def __init__(self, rate: float, burst: int, capacity: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self.capacity = capacity
        self.buckets: dict[str, TokenBucket] = {}

    def check(self, key: str) -> None:
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= self.capacity:
                self.buckets.clear()
            bucket = self.buckets[key] = TokenBucket(self.rate, self.burst)
        if not bucket.allow():
            raise ProtocolError("rate_limited")
