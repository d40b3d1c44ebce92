"""The cluster's Redis client: how it connects, the prefix of its keys, and what an
outage means to a player."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator

from redis.asyncio import Redis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import RedisError

from rummyhall.server.wire.protocol import ProtocolError

log = logging.getLogger(__name__)

PREFIX = "rummyhall:"
"""Every key and channel of the cluster starts so (a Redis may serve other programs)."""


def connect(url: str) -> Redis:
    """A Redis client that reports a broken connection at once rather than retrying in
    the background: the cluster must know, to resynchronise after a gap."""
    return Redis.from_url(
        url,
        decode_responses=True,
        retry=Retry(NoBackoff(), 0),
        socket_connect_timeout=2.0,
        socket_timeout=5.0,
    )


@contextlib.contextmanager
def unavailable_without_redis() -> Iterator[None]:
    """Redis unreachable: the client is told ``unavailable`` (not ``internal``)."""
    try:
        yield
    except (RedisError, OSError) as error:
        log.warning("redis: %s", error)
        raise ProtocolError("unavailable") from None
