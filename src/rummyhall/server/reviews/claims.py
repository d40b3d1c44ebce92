"""Which process of a site computes a review, and how far it is, in Redis: so that a
request reaching any process answers the progress and none computes the review twice.

A review is claimed before it is computed: the key ``rummyhall:review:{match}:{seat}:
{engine}``, a hash of the claimant's id and its progress, set only where absent, with a
time to live (the cluster's ``lease_ttl``). The claimant refreshes it with its progress
every third of that while it computes, and deletes it once the review is kept. A
claimant that dies stops refreshing: its claim lapses, and the next request computes the
review again. While Redis cannot be reached, a process computes what it is asked as if
alone (logged): the first review kept wins, as without a cluster.
"""

from __future__ import annotations

import logging

from redis.asyncio import Redis
from redis.exceptions import RedisError

from rummyhall.review import ENGINE
from rummyhall.server.cluster.client import PREFIX

log = logging.getLogger(__name__)

CLAIM = """
if redis.call('EXISTS', KEYS[1]) == 1 then
  return 0
end
redis.call('HSET', KEYS[1], 'node', ARGV[1], 'done', 0, 'total', '')
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
"""
"""Claim KEYS[1] for ARGV[1] for ARGV[2] ms unless someone holds it; 1 if claimed."""

REFRESH = """
local holder = redis.call('HGET', KEYS[1], 'node')
if holder and holder ~= ARGV[1] then
  return 0
end
redis.call('HSET', KEYS[1], 'node', ARGV[1], 'done', ARGV[3], 'total', ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
"""
"""Extend ARGV[1]'s claim KEYS[1] to ARGV[2] ms with its progress (ARGV[3] of ARGV[4]),
taking it back where it lapsed meanwhile; 0 if another process holds it."""

RELEASE = """
if redis.call('HGET', KEYS[1], 'node') == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
"""
"""Delete the claim KEYS[1] only if ARGV[1] holds it."""

Progress = tuple[int, int | None]
"""Decisions valued so far, of how many (``None`` until its process has started)."""


def claim_key(match_id: str, seat: int) -> str:
    return f"{PREFIX}review:{match_id}:{seat}:{ENGINE}"


class Claims:
    """One process's claims on reviews (a client made with ``decode_responses``)."""

    def __init__(self, redis: Redis, node: str, ttl: float) -> None:
        self.redis = redis
        self.node = node
        self.ttl = ttl
        self._claim = redis.register_script(CLAIM)
        self._refresh = redis.register_script(REFRESH)
        self._release = redis.register_script(RELEASE)

    @property
    def ttl_ms(self) -> int:
        return max(1, int(self.ttl * 1000))

    async def claim(self, match_id: str, seat: int) -> bool:
        """Whether this process may compute the review: claimed now, or Redis is out of
        reach (then as if alone)."""
        try:
            found = await self._claim(
                keys=[claim_key(match_id, seat)], args=[self.node, self.ttl_ms]
            )
        except (RedisError, OSError) as error:
            log.warning("redis: a review is computed without its claim (%s)", error)
            return True
        return bool(found)

    async def progress(self, match_id: str, seat: int) -> Progress | None:
        """How far the process that claimed the review is, or ``None`` where nobody
        has claimed it (or Redis is out of reach)."""
        try:
            held = await self.redis.hgetall(claim_key(match_id, seat))
        except (RedisError, OSError) as error:
            log.warning("redis: a review's progress is unknown (%s)", error)
            return None
        if not held:
            return None
        total = held.get("total") or None
        return int(held.get("done") or 0), None if total is None else int(total)

    async def refresh(self, match_id: str, seat: int, progress: Progress) -> None:
        """Extend this process's claim with its progress."""
        done, total = progress
        args: list[str | int] = [self.node, self.ttl_ms, done, "" if total is None else total]
        try:
            await self._refresh(keys=[claim_key(match_id, seat)], args=args)
        except (RedisError, OSError) as error:
            log.warning("redis: a review's claim is not refreshed (%s)", error)

    async def release(self, match_id: str, seat: int) -> None:
        """The review is kept (or failed): the claim goes, if this process holds it."""
        try:
            await self._release(keys=[claim_key(match_id, seat)], args=[self.node])
        except (RedisError, OSError) as error:
            log.warning("redis: a review's claim is left to lapse (%s)", error)
