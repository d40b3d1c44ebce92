"""The two rate limiters (one process's, and every process's in Redis) agree on what the
password limits rely on: a key is fresh until a token is taken, and again once every
token is back."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from redis.asyncio import Redis

from rummyhall.server.cluster.limits import SharedLimiter
from rummyhall.server.net.limits import KeyedLimiter, Limiter
from rummyhall.server.wire.protocol import ProtocolError
from tests.server.redises import RedisServer


@pytest.fixture(scope="module")
def redis() -> Iterator[RedisServer]:
    server = RedisServer().start()
    yield server
    server.close()


@pytest.mark.parametrize("where", ["process", "redis"])
def test_a_key_is_fresh_until_a_token_is_taken_and_again_once_all_are_back(
    where: str, redis: RedisServer
) -> None:
    async def scenario() -> None:
        client = Redis.from_url(redis.url)
        rate = 20.0  # a token back every 50 ms
        limiter: Limiter = (
            KeyedLimiter(rate, 2) if where == "process" else SharedLimiter(client, "t", rate, 2)
        )
        try:
            assert await limiter.fresh("a")
            await limiter.guard("a")  # guarding takes nothing
            assert await limiter.fresh("a")
            await limiter.spend("a")
            await limiter.spend("a")
            assert not await limiter.fresh("a") and await limiter.fresh("b")
            with pytest.raises(ProtocolError, match="rate_limited"):
                await limiter.guard("a")
            for _ in range(500):  # both tokens are back after 100 ms
                if await limiter.fresh("a"):
                    break
                await asyncio.sleep(0.01)
            else:
                pytest.fail("the key never became fresh again")
            await limiter.guard("a")
        finally:
            await client.aclose()

    asyncio.run(scenario())
