"""The cluster's Redis client: how it connects, the prefix of its keys, and what an
outage means to a player."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator

from redis.asyncio import BlockingConnectionPool, Redis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import RedisError

from rummyhall.server.metrics import REDIS_ERRORS
from rummyhall.server.wire.protocol import ProtocolError

log = logging.getLogger(__name__)

PREFIX = "rummyhall:"
"""Every key and channel of the cluster starts so (a Redis may serve other programs)."""


CONNECTIONS = 100
"""Connections to Redis one process opens at most: beyond, a command waits for one to
be free (up to the socket timeout) rather than fail at once, as a burst of a thousand
seeks or lookups would otherwise have some of them fail (``bench/pairing.py``)."""


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
    return Redis.from_pool(pool)


@contextlib.contextmanager
def unavailable_without_redis() -> Iterator[None]:
    """Redis unreachable: the client is told ``unavailable`` (not ``internal``)."""
    try:
        yield
    except (RedisError, OSError) as error:
        log.warning("redis: %s", error)
        REDIS_ERRORS.inc()
        raise ProtocolError("unavailable") from None
