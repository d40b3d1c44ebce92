"""Several server processes on one PostgreSQL database and one Redis
(:mod:`rummyhall.server.cluster`): clients of one room spread over the processes play
whole games, a process killed mid-game hands its rooms over at exactly the last
acknowledged action, Redis may restart, and no message reveals a hidden card."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server import databases
from tests.server.harness import (
    Client,
    Message,
    Server,
    open_table,
    part_ended,
    pick,
    play_until,
)
from tests.server.redises import PROGRAM, RedisServer

pytestmark = [
    pytest.mark.skipif(
        PROGRAM is None or databases.postgres_binaries() is None,
        reason="needs Debian's redis-server and postgresql (.ci/run installs them)",
    ),
    pytest.mark.skipif(
        databases.backend() == "postgresql",
        reason="always on PostgreSQL: the first run of the server suite has it",
    ),
]


@pytest.fixture
def redis() -> Iterator[RedisServer]:
    server = RedisServer().start()
    yield server
    server.close()


def start_site(tmp_path: Path, redis: RedisServer, *flags: str, **limits: Any) -> list[Server]:
    """Three processes on one new PostgreSQL database and one Redis (``flags`` for
    ``serve``, ``limits``: the harness's rates)."""
    url = databases.cluster().new_database(tmp_path.name)
    flags = ("--redis", redis.url, "--lease-ttl", "1.5", *flags)
    servers = [Server(tmp_path / f"p{n}.db", *flags, database_url=url, **limits) for n in range(3)]
    for server in servers:
        server.start()
    return servers


@pytest.fixture
def site(tmp_path: Path, redis: RedisServer) -> Iterator[list[Server]]:
    servers = start_site(tmp_path, redis)
    yield servers
    for server in servers:
        server.stop()


def module_site(*flags: str) -> tuple[Any, Any]:
    """A Redis and a three-process site (``flags`` for ``serve``) shared by a module's
    tests, in their order: its ``redis`` and ``site`` fixtures, to be bound by those
    names (``redis, site = module_site(...)``)."""

    @pytest.fixture(scope="module")
    def redis() -> Iterator[RedisServer]:
        server = RedisServer().start()
        yield server
        server.close()

    @pytest.fixture(scope="module")
    def site(
        tmp_path_factory: pytest.TempPathFactory, redis: RedisServer
    ) -> Iterator[list[Server]]:
        servers = start_site(tmp_path_factory.mktemp("site"), redis, *flags)
        yield servers
        for server in servers:
            server.stop()

    return redis, site


def test_a_killed_owner_s_room_resumes_at_the_last_acknowledged_action(
    site: list[Server],
) -> None:
    """The owner dies with SIGKILL in the middle of a match: the players, connected to
    the other two processes, get the room back from one of them at the very state they
    last saw, and play on to the end; the log holds each turn once."""
    a, b, c = site
    host_token = b.register("Ana")[1]
    guest_token = c.register("Bo")[1]
    code = a.create_room(host_token, game="gin")["code"]
    host = b.client(host_token)
    guest = c.client(guest_token)
    host.join(code)
    guest.join(code)
    host.send({"type": "start"})
    first = guest.wait("state")
    players = {0: host, 1: guest}
    last = play_until(players, mid_part(first["turn"] + 8), first["turn"])
    a.kill()
    resumed(players, last["turn"])
    final = play_until(players, lambda state: state["over"], last["turn"])
    assert_logged_once(a, host.find("room")["room"]["match"]["id"], final["turn"])


def test_an_action_sent_while_the_room_moves_is_passed_on_or_unavailable(
    site: list[Server],
) -> None:
    """An outside probe: an action sent while the room moves to another process after
    its owner's death was sometimes answered ``not_seated`` (the new owner did not know
    the socket yet). docs/protocol.md promises it is passed on or answered
    ``unavailable``; sent again until it is played, it is played once."""
    a, b, c = site
    host_token = b.register("Ana")[1]
    guest_token = c.register("Bo")[1]
    code = a.create_room(host_token, game="gin")["code"]
    host, guest = b.client(host_token), c.client(guest_token)
    host.join(code)
    guest.join(code)
    host.send({"type": "start"})
    first = guest.wait("state")
    players = {0: host, 1: guest}
    last = play_until(players, mid_part(first["turn"] + 4), first["turn"])
    mover = players[last["current_player"]]
    action = pick(mover.state_at(last["turn"])["legal"])
    a.kill()
    refusals = []
    while True:  # the player sends his move again after each "unavailable"
        mover.act(last["turn"], action)
        answer = next_answer(mover, last["turn"])
        if answer["type"] == "state":
            break
        refusals.append(answer["code"])
        assert answer["code"] == "unavailable", refusals
    final = play_until(players, lambda state: state["over"], answer["turn"])
    assert_logged_once(b, host.find("room")["room"]["match"]["id"], final["turn"])


def mid_part(turn: int) -> Callable[[Message], bool]:
    """A state at ``turn`` or later that ends no part: the state the room comes back at
    after a move or a restart is sent again without its events, and at the end of a
    part play_until would not see from it that the part ended (it would act into the
    pause: ``part_pause``)."""
    return lambda state: state["turn"] >= turn and not part_ended(state)


def next_answer(client: Client, turn: int) -> Message:
    """The next error, or state past ``turn``, ``client`` receives (the resync's
    state at ``turn`` itself is passed over)."""
    deadline = time.monotonic() + 30
    while True:
        message = client.recv(max(0.01, deadline - time.monotonic()))
        if message["type"] == "error" or (message["type"] == "state" and message["turn"] > turn):
            return message


def assert_logged_once(server: Server, match: str, turns: int) -> None:
    """The match's log holds each of its ``turns`` exactly once: none lost, none twice."""
    seqs = databases.query(
        server.database_url, f"SELECT seq FROM actions WHERE match_id = '{match}' ORDER BY seq"
    )
    assert [seq for (seq,) in seqs] == list(range(turns))


def resumed(players: dict[int, Client], turn: int) -> None:
    """Each player is joined to the room again by its process and shown state ``turn``
    (a state without events: the resync; a state of the play before may still be
    unread when the room comes back)."""
    for client in players.values():
        client.wait("room", timeout=20)
        assert client.wait("state", lambda m: not m["events"], timeout=20)["turn"] == turn


def test_a_restarted_redis_loses_no_action(site: list[Server], redis: RedisServer) -> None:
    """Redis dies (every key and subscription lost) and comes back empty: the rooms play
    on, the processes subscribe again and join their connections to the rooms anew."""
    a, b, c = site
    host_token = b.register("Ana")[1]
    guest_token = c.register("Bo")[1]
    code = a.create_room(host_token, game="gin")["code"]
    players = {0: b.client(host_token), 1: c.client(guest_token)}
    for client in players.values():
        client.join(code)
    players[0].send({"type": "start"})
    first = players[1].wait("state")
    last = play_until(players, mid_part(first["turn"] + 6), first["turn"])
    redis.stop()
    down = a.http().get("/readyz")  # alive, not ready (docs/operations.md)
    assert down.status_code == 503, down.text
    assert down.json()["checks"] == {"database": "ok", "redis": "unreachable"}
    assert a.http().get("/healthz").status_code == 200
    redis.start()
    deadline = time.monotonic() + 10
    while a.http().get("/readyz").status_code != 200:  # the client reconnects by itself
        assert time.monotonic() < deadline, "never ready again after Redis came back"
        time.sleep(0.1)
    resumed(players, last["turn"])
    final = play_until(players, lambda state: state["over"], last["turn"])
    assert_logged_once(a, players[0].find("room")["room"]["match"]["id"], final["turn"])
    # Another process shows the room from the shared lobby's snapshot, which the owner
    # may still be writing again just after Redis came back (a retry every 0.5 s).
    deadline = time.monotonic() + 5
    while b.http().get(f"/api/rooms/{code}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the other process never saw the room finish"
        time.sleep(0.1)


def test_the_lobby_shows_a_status_before_the_players_learn_it(site: list[Server]) -> None:
    """The owner tells a room's players that its match began or ended only once the
    shared lobby says so: killed with SIGKILL the moment they know it is over, it leaves
    the other processes showing the room finished, never still playing."""
    a, b, _ = site
    table = open_table(a)
    assert b.http().get(f"/api/rooms/{table.code}").json()["status"] == "playing"
    players = dict(enumerate(table.clients))
    play_until(players, lambda state: state["over"], table.first[0]["turn"])
    a.kill()
    answer = b.http().get(f"/api/rooms/{table.code}")
    assert answer.status_code == 200, answer.text
    assert answer.json()["status"] == "finished"


def test_a_room_closed_by_an_owner_killed_before_unlisting_it_leaves_the_lobby(
    site: list[Server],
) -> None:
    """An owner that closed a room in the store and died before taking it out of the
    shared lobby (SIGKILL between the two) leaves a listing nobody plays: the others
    take it out within a few leases' lives, and leave every live room listed."""
    a, b, c = site
    host = a.register("Ana")[1]
    ghost = a.create_room(host, game="gin", public=True)["code"]
    kept = c.create_room(c.register("Cy")[1], game="gin", public=True)["code"]

    def listed() -> set[str]:
        return {room["code"] for room in b.http().get("/api/rooms").json()["rooms"]}

    deadline = time.monotonic() + 5
    while listed() != {ghost, kept}:
        assert time.monotonic() < deadline, "the rooms never showed in the lobby"
        time.sleep(0.2)
    a.kill()
    databases.execute(
        b.database_url, [f"UPDATE rooms SET status = 'closed' WHERE code = '{ghost}'"]
    )
    deadline = time.monotonic() + 10
    while ghost in listed():
        assert time.monotonic() < deadline, "the closed room stayed in the lobby"
        time.sleep(0.2)
    assert listed() == {kept}
    assert b.http().get(f"/api/rooms/{ghost}").status_code == 404


def children(pid: int) -> set[int]:
    """The processes ``pid`` has started (Linux's /proc)."""
    found = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return {int(child) for child in found}


def test_workers_share_one_port_and_one_replaces_a_killed_one(
    tmp_path: Path, redis: RedisServer
) -> None:
    """``serve --workers 3``: three processes behind one port play one room together;
    a worker killed with SIGKILL is replaced, and its rooms go on in the others."""
    url = databases.cluster().new_database(tmp_path.name)
    server = Server(
        tmp_path / "w.db",
        "--redis",
        redis.url,
        "--workers",
        "3",
        "--lease-ttl",
        "1.5",
        database_url=url,
    ).start()
    try:
        assert server.process is not None
        deadline = time.monotonic() + 20
        while len(children(server.process.pid)) < 3 and time.monotonic() < deadline:
            time.sleep(0.1)
        workers = children(server.process.pid)
        assert len(workers) == 3
        host_token, guest_token = server.register("Ana")[1], server.register("Bo")[1]
        code = server.create_room(host_token, game="gin")["code"]
        players = {0: server.client(host_token), 1: server.client(guest_token)}
        for client in players.values():
            client.join(code)
        players[0].send({"type": "start"})
        final = play_until(players, lambda state: state["over"], players[1].wait("state")["turn"])
        assert final["over"]

        os.kill(min(workers), signal.SIGKILL)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            now = children(server.process.pid)
            if len(now) == 3 and min(workers) not in now:
                break
            time.sleep(0.1)
        else:
            raise AssertionError("the killed worker was not replaced")
        for _ in range(6):  # whichever worker answers knows the room
            answer = server.http().get(f"/api/rooms/{code}")
            assert answer.status_code == 200, answer.text
            assert answer.json()["status"] == "finished"
    finally:
        server.stop()


def test_limits_hold_across_processes(tmp_path: Path, redis: RedisServer) -> None:
    """One address creating guests through every process in turn meets one limit, not
    one per process (``--creation-rate 3``: a burst of 6); so do guesses at room codes."""
    servers = start_site(tmp_path, redis, creations=3, guesses=3)
    try:
        answers = [
            httpx.post(f"{servers[n % 3].url}/api/players", json={"nickname": f"G{n}"})
            for n in range(9)
        ]
        assert [answer.status_code for answer in answers] == [201] * 6 + [429] * 3
        misses = [servers[n % 3].http().get("/api/rooms/ABCDEFGHJK") for n in range(6)]
        assert [miss.status_code for miss in misses] == [404] * 3 + [429] * 3
    finally:
        for server in servers:
            server.stop()


def test_an_away_deadline_outlives_the_room_s_process(tmp_path: Path, redis: RedisServer) -> None:
    """A player gone from a room whose process then dies is taken over by the away bot
    when his original deadline comes (``--away-after 8``), not ``away_after`` after the
    room moved (at least 11.5 s after he left)."""
    a, b, c = servers = start_site(tmp_path, redis, "--away-after", "8")
    try:
        host_token = b.register("Ana")[1]
        guest_token = c.register("Bo")[1]
        code = a.create_room(host_token, game="gin")["code"]
        host, guest = b.client(host_token), c.client(guest_token)
        host.join(code)
        guest.join(code)
        watcher = c.client(c.register("Cy")[1])  # with him, the room's clients stay split
        watcher.join(code, role="spectator")
        host.send({"type": "start"})
        host.wait("state")
        guest.close()
        left = time.monotonic()
        time.sleep(1.0)
        a.kill()
        host.wait("room", lambda m: m["room"]["seats"][1]["away"], timeout=30)
        assert time.monotonic() - left < 10.5
    finally:
        for server in servers:
            server.stop()
