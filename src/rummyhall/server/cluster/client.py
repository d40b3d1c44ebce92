"""The cluster's Redis client: how it connects, the prefix of its keys, and what an
outage means to a player."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator
from typing import Any

from redis.asyncio import BlockingConnectionPool, Redis
from redis.asyncio.client import Pipeline
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import NoScriptError, RedisError, WatchError

from rummyhall.server.metrics import REDIS_ERRORS, REDIS_SECONDS
from rummyhall.server.wire.protocol import ProtocolError

log = logging.getLogger(__name__)

PREFIX = "rummyhall:"
"""Every key and channel of the cluster starts so (a Redis may serve other programs)."""


CONNECTIONS = 100
"""Connections to Redis one process opens at most: beyond, a command waits for one to
be free (up to the socket timeout) rather than fail at once, as a burst of a thousand
seeks or lookups would otherwise have some of them fail (``bench/pairing.py``)."""


@contextlib.contextmanager
def round_trip(kind: str) -> Iterator[None]:
    """Time one round trip to Redis (``kind``: a ``command`` or a ``pipeline``), and
    count it if it failed (docs/operations.md, "Metrics")."""
    try:
        with REDIS_SECONDS.labels(kind).time():
            yield
    except (NoScriptError, WatchError):
        raise  # expected answers the client or its caller handles: a script to load, a retry
    except (RedisError, OSError) as error:
        log.debug("redis round trip failed: %r", error)
        REDIS_ERRORS.inc()
        raise


class TimedPipeline(Pipeline):
    """A pipeline whose execution, one round trip, is timed."""

    async def execute(self, raise_on_error: bool = True) -> list[Any]:
        with round_trip("pipeline"):
            return await super().execute(raise_on_error)


class TimedRedis(Redis):
    """redis-py's client with every command and pipeline timed (its own observability
    speaks OpenTelemetry; the site's metrics are Prometheus'). A command queued in a
    pipeline is timed with the pipeline; a subscription's messages are no round trip."""

    async def execute_command(self, *args: Any, **options: Any) -> Any:
        with round_trip("command"):
            return await super().execute_command(*args, **options)  # type: ignore[no-untyped-call]

    def pipeline(self, transaction: bool = True, shard_hint: str | None = None) -> Pipeline:
        return TimedPipeline(self.connection_pool, self.response_callbacks, transaction, shard_hint)


def connect(url: str) -> Redis:
    """A Redis client that reports a broken connection at once rather than retrying in
    the background: the cluster must know, to resynchronise after a gap."""
    pool = BlockingConnectionPool.from_url(
        url,
        max_connections=CONNECTIONS,
        timeout=5.0,
        decode_responses=True,
        retry=Retry(NoBackoff(), 0),
        socket_connect_timeout=2.0,
        socket_timeout=5.0,
    )
    return TimedRedis.from_pool(pool)


@contextlib.contextmanager
def unavailable_without_redis() -> Iterator[None]:
    """Redis unreachable: the client is told ``unavailable`` (not ``internal``)."""
    try:
        yield
    except (RedisError, OSError) as error:
        log.warning("redis: %s", error)  # counted by round_trip
        raise ProtocolError("unavailable") from None
