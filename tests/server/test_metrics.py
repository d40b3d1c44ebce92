"""``serve --metrics-port``: this process's metrics in Prometheus' text format on a port
of their own, off the site's (docs/operations.md, "Metrics"): parsed with the official
client's parser, their counters move as a game is played (Redis round trips too, and
their failures), and the port answers only on loopback unless ``--metrics-address`` says
otherwise."""

from __future__ import annotations

import socket
from pathlib import Path

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.server import databases
from tests.server.harness import BOT, Server, open_table, play_until
from tests.server.ports import free_port
from tests.server.redises import PROGRAM, RedisServer
from tests.server.test_pairing import seek, seeker

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def scrape(port: int, host: str = "127.0.0.1") -> Samples:
    text = httpx.get(f"http://{host}:{port}/metrics", timeout=10).text
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def test_the_metrics_count_what_the_site_does_on_their_own_port(tmp_path: Path) -> None:
    port = free_port()
    server = Server(tmp_path / "metrics.db", "--metrics-port", str(port)).start()
    try:
        assert httpx.get(f"{server.url}/metrics", timeout=10).status_code == 404  # not public
        table = open_table(server, ("Ana",), game="gin", bots=[None, BOT])
        client = table.clients[0]
        play_until({0: client}, lambda state: state["turn"] >= 6, table.first[0]["turn"])
        first = scrape(port)
        play_until({0: client}, lambda state: state["turn"] >= 12, 6)
        lone = seeker(server, "Cy")
        seek(lone, game="gin")
        second = scrape(port)
        client.close()
        lone.close()
    finally:
        server.stop()
    assert first[("rummyhall_connections", ())] >= 1
    assert first[("rummyhall_rooms", (("status", "playing"),))] == 1
    assert first[("rummyhall_actions_total", ())] >= 6
    assert first[("rummyhall_bot_think_seconds_count", (("level", BOT),))] >= 1
    assert first[("rummyhall_pairing_seekers", ())] == 0
    assert first[("rummyhall_database_errors_total", ())] == 0
    # Played on to turn 12 (Ana's moves waited for the first scrape; the bot's first
    # moves may not have): the counters moved with the actions, and the seeker is in his
    # pool.
    moved = {
        name: second[(name, labels)] - first[(name, labels)]
        for name, labels in (
            ("rummyhall_actions_total", ()),
            ("rummyhall_action_seconds_count", ()),
            ("rummyhall_commit_batch_size_count", ()),
            ("rummyhall_commit_batch_size_sum", ()),
            ("rummyhall_bot_think_seconds_count", (("level", BOT),)),
            ("rummyhall_database_write_seconds_count", ()),
            ("rummyhall_database_read_seconds_count", ()),
        )
    }
    assert second[("rummyhall_actions_total", ())] >= 12
    assert moved["rummyhall_actions_total"] >= 2
    assert moved["rummyhall_commit_batch_size_sum"] == moved["rummyhall_actions_total"]
    assert moved["rummyhall_action_seconds_count"] >= 2  # Ana's own, a turn at least
    assert moved["rummyhall_commit_batch_size_count"] >= 1
    assert moved["rummyhall_bot_think_seconds_count"] >= 1
    assert moved["rummyhall_database_write_seconds_count"] >= 1  # the seeker registered
    assert moved["rummyhall_database_read_seconds_count"] >= 1  # his token, read
    assert second[("rummyhall_pairing_seekers", ())] == 1
    pool = (("clock", "off"), ("game", "gin"), ("rated", "false"), ("seats", "2"))
    assert second[("rummyhall_pairing_pool_seekers", pool)] == 1


def other_address() -> str:
    """An address of this machine that is not loopback (where a connection from another
    machine arrives): the source the kernel picks to reach outside (a UDP ``connect``
    sends nothing)."""
    for outside in ("192.0.2.1", "10.255.255.255", "198.51.100.1"):
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            try:
                probe.connect((outside, 9))
            except OSError:
                continue
            address = str(probe.getsockname()[0])
            if not address.startswith("127."):
                return address
    pytest.skip("this machine has no address besides loopback")


def test_the_metrics_port_refuses_other_machines_unless_told(tmp_path: Path) -> None:
    """Loopback by default: a scrape that comes to the machine's network address (as
    one from another machine does) finds no port open; ``--metrics-address 0.0.0.0``
    opens it there."""
    address = other_address()
    for listen, reachable in (("127.0.0.1", False), ("0.0.0.0", True)):
        port = free_port()
        flags = ("--metrics-port", str(port), "--metrics-address", listen)
        server = Server(tmp_path / f"{listen}.db", *flags).start()
        try:
            assert scrape(port)[("rummyhall_database_errors_total", ())] == 0
            if reachable:
                assert scrape(port, address)[("rummyhall_database_errors_total", ())] == 0
            else:
                with pytest.raises(httpx.ConnectError):
                    httpx.get(f"http://{address}:{port}/metrics", timeout=10)
        finally:
            server.stop()


@pytest.mark.skipif(
    PROGRAM is None or databases.postgres_binaries() is None,
    reason="needs Debian's redis-server and postgresql (.ci/run installs them)",
)
def test_redis_round_trips_and_errors_are_timed_and_counted(tmp_path: Path) -> None:
    redis = RedisServer().start()
    port = free_port()
    url = databases.cluster().new_database(tmp_path.name)
    flags = ("--redis", redis.url, "--metrics-port", str(port))
    server = Server(tmp_path / "redis.db", *flags, database_url=url).start()
    try:
        table = open_table(server, ("Ana",), game="gin", bots=[None, BOT])
        play_until({0: table.clients[0]}, lambda state: state["turn"] >= 4, table.first[0]["turn"])
        played = scrape(port)
        assert played[("rummyhall_redis_seconds_count", (("kind", "command"),))] >= 1
        assert played[("rummyhall_redis_seconds_count", (("kind", "pipeline"),))] >= 1
        assert played[("rummyhall_redis_errors_total", ())] == 0
        redis.stop()  # Redis gone: finding a room is a round trip that fails
        with server.http() as http:
            assert http.get("/api/rooms/ZZZZZZZZZZ").json()["error"]["code"] == "unavailable"
        assert scrape(port)[("rummyhall_redis_errors_total", ())] >= 1
        table.clients[0].close()
    finally:
        server.stop()
        redis.close()
