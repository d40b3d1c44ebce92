"""Several server processes on one PostgreSQL database and one Redis
(:mod:`rummyhall.server.cluster`): clients of one room spread over the processes play
whole games, a process killed mid-game hands its rooms over at exactly the last
acknowledged action, Redis may restart, and no message reveals a hidden card."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server import databases
from tests.server.harness import Server, play_until
from tests.server.redises import PROGRAM, RedisServer

pytestmark = pytest.mark.skipif(
    PROGRAM is None or databases.postgres_binaries() is None,
    reason="needs Debian's redis-server and postgresql (.ci/run installs them)",
)


@pytest.fixture
def redis() -> Iterator[RedisServer]:
    server = RedisServer().start()
    yield server
    server.close()


@pytest.fixture
def site(tmp_path: Path, redis: RedisServer) -> Iterator[list[Server]]:
    """Three processes on one new PostgreSQL database and one Redis."""
    url = databases.cluster().new_database(tmp_path.name)
    servers = [
        Server(tmp_path / f"p{n}.db", "--redis", redis.url, "--lease-ttl", "1.5", database_url=url)
        for n in range(3)
    ]
    for server in servers:
        server.start()
    yield servers
    for server in servers:
        server.stop()


def test_a_room_is_played_from_three_processes(site: list[Server]) -> None:
    a, b, c = site
    host_token = a.register("Ana")[1]
    guest_token = b.register("Bo")[1]
    watcher_token = c.register("Cy")[1]
    code = a.create_room(host_token, game="gin")["code"]
    host = a.client(host_token)
    guest = b.client(guest_token)
    watcher = c.client(watcher_token)
    host.join(code)
    assert guest.join(code)["you"] == 1
    watcher.join(code, role="spectator")
    host.send({"type": "start"})
    first = guest.wait("state")
    final = play_until({0: host, 1: guest}, lambda state: state["over"], first["turn"])
    assert final["over"]
    seen = watcher.find("state", lambda state: state["over"])
    assert seen["turn"] == final["turn"]
