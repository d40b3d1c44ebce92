"""Who is here, over real sockets: the lobby's counts (players online, and per game the
matches under way and the people at them) for anyone, guests included; a player's
presence on his profile for his friends only (played together, or invited), online
while he is connected or his lobby asks, playing while seated at a match under way;
on three processes over Redis, the counts joined across them; and with Redis out of
reach, profiles without presence and this process's counts, marked partial."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server import databases
from tests.server.harness import Server, open_table, play_to_the_end
from tests.server.redises import RedisServer
from tests.server.test_cluster import pytestmark as cluster_marks
from tests.server.test_cluster import start_site


@pytest.fixture
def alone(tmp_path: Path) -> Iterator[Server]:
    """A server of its own: its counts are this test's."""
    running = Server(tmp_path / "presence.db").start()
    yield running
    running.stop()


def counts(server: Server) -> dict[str, Any]:
    with server.http() as http:
        answer = http.get("/api/presence")
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def seen_by(server: Server, player_id: str, token: str | None) -> dict[str, Any]:
    """``player_id``'s profile as the player of ``token`` reads it (``None``: nobody)."""
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    with server.http() as http:
        answer = http.get(f"/api/players/{player_id}/profile", headers=headers)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def eventually(check: Callable[[], bool], timeout: float = 20.0) -> None:
    """Wait until ``check`` holds (the processes write who is here every 5 s)."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "never came true"
        time.sleep(0.2)


def test_counts_for_everyone_and_presence_for_friends(alone: Server) -> None:
    assert counts(alone) == {"online": 0, "games": {}}
    table = open_table(alone, ("Ana", "Bo"))  # both connected, playing Gin
    assert counts(alone) == {"online": 2, "games": {"gin": {"matches": 1, "players": 2}}}
    # Di and Ed finish a match together: friends. Cy never played with either.
    known = {name: alone.register(name) for name in ("Di", "Ed", "Cy")}
    (di, ed), _ = play_to_the_end(alone, ("Di", "Ed"), registered=known)
    cy_token = known["Cy"][1]
    assert "presence" not in seen_by(alone, ed, None)  # nobody asked
    assert "presence" not in seen_by(alone, ed, cy_token)  # not his friend
    assert "presence" not in seen_by(alone, di, known["Di"][1])  # his own page
    di_token = known["Di"][1]
    # Ed's sockets closed and he has asked nothing since his name was made: offline.
    eventually(lambda: seen_by(alone, ed, di_token)["presence"] == "offline")
    with alone.http() as http:  # his lobby asks: online
        http.get("/api/me", headers={"Authorization": f"Bearer {known['Ed'][1]}"})
    assert seen_by(alone, ed, di_token)["presence"] == "online"
    ed_client = alone.client(known["Ed"][1])
    code = alone.create_room(known["Ed"][1], game="gin", bots=[None, "easy"])["code"]
    ed_client.join(code)
    ed_client.send({"type": "start"})
    ed_client.wait("state")
    assert seen_by(alone, ed, di_token)["presence"] == "playing"
    # Ana and Bo's match and Ed's against a bot; online: they three, and Di and Cy, who
    # asked a moment ago.
    assert counts(alone) == {"online": 5, "games": {"gin": {"matches": 2, "players": 3}}}
    for client in table.clients:
        client.close()


def on_a_site(test: Callable[..., None]) -> Callable[..., None]:
    """``test`` runs where the cluster's tests run (Redis and PostgreSQL at hand)."""
    for mark in cluster_marks:
        test = mark(test)
    return test


@on_a_site
def test_the_counts_join_three_processes(tmp_path: Path) -> None:
    redis = RedisServer().start()
    site = start_site(tmp_path, redis)
    try:
        tables = [open_table(server, (f"P{n}a", f"P{n}b")) for n, server in enumerate(site[:2])]
        lone = site[2].client(site[2].register("Lone")[1])  # connected, at no table
        for server in site:
            eventually(
                lambda server=server: (
                    counts(server) == {"online": 5, "games": {"gin": {"matches": 2, "players": 4}}}
                )
            )
        site[1].kill()  # its two players drop out within the key's life (15 s)
        eventually(lambda: counts(site[0])["online"] == 3, timeout=40)
        del tables, lone
    finally:
        for server in site:
            server.stop()
        redis.close()


@on_a_site
def test_with_redis_out_of_reach_profiles_come_without_presence_and_counts_are_partial(
    tmp_path: Path,
) -> None:
    """Redis stopped: a friend's profile is answered, its ``presence`` unknown (``null``),
    and the counts are this process's, marked ``partial``."""
    redis = RedisServer().start()
    url = databases.cluster().new_database(tmp_path.name)
    server = Server(tmp_path / "p.db", "--redis", redis.url, database_url=url).start()
    try:
        known = {name: server.register(name) for name in ("Di", "Ed")}
        (_, ed), _ = play_to_the_end(server, ("Di", "Ed"), registered=known)
        di_token = known["Di"][1]
        table = open_table(server, ("Ana", "Bo"))
        assert seen_by(server, ed, di_token)["presence"] in ("online", "offline")
        redis.stop()
        profile = seen_by(server, ed, di_token)
        assert profile["presence"] is None and profile["player"]["nickname"] == "Ed"
        now = counts(server)
        assert now["partial"] is True and now["online"] >= 2
        assert now["games"] == {"gin": {"matches": 1, "players": 2}}
        del table
    finally:
        server.stop()
        redis.close()
