"""Quick pairing across three processes on one PostgreSQL and one Redis (the cluster
harness of test_cluster.py): seekers with random ratings spread over the processes,
some cancelling and some leaving, are each seated once, never with themselves, and
nobody is left waiting beside a seeker he could meet once the window is open; a dead
process's seeks leave the pools within seconds; a table a process seated and died
before opening is opened by another, once; open seats of rooms on any process are
offered, the fullest first."""

from __future__ import annotations

import contextlib
import json
import random
import time
from collections import defaultdict

import redis as redis_client

from rummyhall.server.pairing.shared import CLAIM, DEAD, DROPPED_FOR, PREFIX
from rummyhall.server.storage.ratings import START
from tests.server import databases
from tests.server.harness import Client, Message, Server
from tests.server.redises import RedisServer
from tests.server.test_cluster import module_site
from tests.server.test_cluster import pytestmark as cluster_marks

pytestmark = cluster_marks

SEEKERS = 200
"""Seekers in the big test, spread over the three processes."""
WIDEN = 2.0
"""``--pairing-widen``: every window is open after 2 s."""


# One site for the module's tests, in their order: the last one kills a process.
redis, site = module_site("--pairing-widen", str(WIDEN), "--pairing-countdown", "1")


def rate(server: Server, ratings: dict[str, float]) -> None:
    """Give each player (id → ``mu``) a rating in Gin, as rated matches would have."""
    rows = ", ".join(
        f"('{player}', 'gin', {mu}, {START[1]}, {round(1000 + 40 * (mu - 25))}, 10, 5, now())"
        for player, mu in ratings.items()
    )
    databases.execute(
        server.database_url,
        [
            "INSERT INTO ratings (player_id, game, mu, sigma, rating, matches, wins, updated_at)"
            f" VALUES {rows}"
        ],
    )


def seekers(site: list[Server], mus: list[float]) -> tuple[list[Client], list[str]]:
    """A rated guest for each ``mu``, connected to the processes in turn: the clients
    and the players' ids."""
    tokens = [site[n % len(site)].register(f"S{n}") for n in range(len(mus))]
    rate(site[0], {pid: mu for (pid, _), mu in zip(tokens, mus, strict=True)})
    clients = [site[n % len(site)].client(token) for n, (_, token) in enumerate(tokens)]
    return clients, [pid for pid, _ in tokens]


def test_seekers_on_three_processes_are_seated_once_and_never_alone(
    site: list[Server], redis: RedisServer
) -> None:
    rng = random.Random(7)
    clients, players = seekers(site, [rng.gauss(25, 5) for _ in range(SEEKERS)])
    ids = {id(client): pid for client, pid in zip(clients, players, strict=True)}
    fate = {id(client): rng.choice(["stay"] * 8 + ["cancel", "leave"]) for client in clients}
    for client in clients:
        client.send({"type": "seek", "game": "gin", "id": "s"})
        if fate[id(client)] == "cancel":
            client.send({"type": "cancel_seek", "id": "c"})
        elif fate[id(client)] == "leave":
            client.close()
    live = [client for client in clients if fate[id(client)] != "leave"]
    ended = settle(live, redis)
    for client in live:
        message = ended.get(id(client))
        if message is None:  # the one seek left in its pool: nobody to meet
            assert fate[id(client)] != "leave"
        elif message["type"] == "seek_ended":
            assert fate[id(client)] == "cancel" and message["reason"] == "cancelled"
    seated = {key: message for key, message in ended.items() if message["type"] == "paired"}
    rooms: defaultdict[str, list[tuple[int, str]]] = defaultdict(list)
    for client_id, message in seated.items():
        rooms[message["room"]].append((message["seat"], ids[client_id]))
        players_there = [player["id"] for player in message["players"]]
        assert len(set(players_there)) == 2 and ids[client_id] == players_there[message["seat"]]
    for room, sitting in rooms.items():
        assert len({player for _, player in sitting}) == len(sitting), room
        assert len({seat for seat, _ in sitting}) == len(sitting), room
    for client in live:
        assert sum(m["type"] == "paired" for m in client.received) <= 1
        client.close()


def settle(clients: list[Client], redis: RedisServer, timeout: float = 90) -> dict[int, Message]:
    """Wait until every client of ``clients`` has been told ``paired`` or ``seek_ended``
    but for those whose seek still waits in Redis, and at most one does (two could
    meet once their windows open, ``WIDEN`` seconds on): each client's message, by
    ``id``. Some hundred tables are opened, two commits each: under the whole suite's
    load one client of 186 was still untold after 30 s with no seek left in Redis
    (most likely its table's room still opening; not proven), so the wait is long. A
    seek truly lost still fails it."""
    told: dict[int, Message] = {}
    deadline = time.monotonic() + timeout
    while True:
        for client in clients:
            if id(client) in told:
                continue
            with contextlib.suppress(TimeoutError):
                while id(client) not in told:
                    message = client.recv(0)
                    if message["type"] in ("paired", "seek_ended"):
                        told[id(client)] = message
        left = seeks_in_redis(redis)
        if left <= 1 and len(told) + left == len(clients):
            return told
        assert time.monotonic() < deadline, f"{left} seeks left waiting, {len(told)} told"
        time.sleep(0.05)


def seeks_in_redis(redis: RedisServer) -> int:
    return int(redis_client.Redis.from_url(redis.url).hlen(f"{PREFIX}seeks"))


def test_a_table_seated_by_a_dead_process_is_opened_by_another_once(
    site: list[Server], redis: RedisServer
) -> None:
    (ana, bo), _ = seekers(site[:2], [15.0, 35.0])
    # Two pools, so that the site's own passes never seat them together.
    ana.request({"type": "seek", "game": "gin", "clock": "30+60"}, "seeking")
    bo.request({"type": "seek", "game": "gin", "clock": "60+120"}, "seeking")
    store = redis_client.Redis.from_url(redis.url, decode_responses=True)
    ids = sorted(store.hkeys(f"{PREFIX}seeks"))
    assert len(ids) == 2
    kept = store.register_script(CLAIM)(args=[PREFIX, "deadtable", "deadnode", *ids])
    assert json.loads(kept)["node"] == "deadnode"  # seated by a process now gone
    paired = [client.wait("paired", timeout=10) for client in (ana, bo)]
    assert paired[0]["room"] == paired[1]["room"]
    assert sorted(message["seat"] for message in paired) == [0, 1]
    assert store.hlen(f"{PREFIX}tables") == 0 and store.hlen(f"{PREFIX}seeks") == 0
    code = paired[0]["room"]
    opened = databases.query(
        site[0].database_url, f"SELECT count(*) FROM rooms WHERE code = '{code}'"
    )
    assert opened == [(1,)]
    for client in (ana, bo):
        assert client.join(code)["room"]["status"] == "playing"
        assert sum(m["type"] == "paired" for m in client.received) == 1
        client.close()


def test_seeks_dropped_for_a_process_only_late_to_beat_are_put_back(
    site: list[Server], redis: RedisServer
) -> None:
    """Under load a process's heartbeat can lapse while it lives: another process then
    drops its seeks as a dead one's. They come back to their pools (with their waiting
    time) and meet the next seeker."""
    (ana, bo), _ = seekers(site[:2], [20.0, 30.0])
    ana.request({"type": "seek", "game": "gin", "clock": "30+60"}, "seeking")
    store = redis_client.Redis.from_url(redis.url, decode_responses=True)
    (raw,) = store.hvals(f"{PREFIX}seeks")
    late = json.loads(raw)["node"]
    assert store.register_script(DEAD)(args=[PREFIX, late, DROPPED_FOR]) == 1  # as another would
    deadline = time.monotonic() + 15
    while seeks_in_redis(redis) != 1:  # put back by its own process
        assert time.monotonic() < deadline, "the dropped seek stayed out of its pool"
        time.sleep(0.05)
    bo.request({"type": "seek", "game": "gin", "clock": "30+60"}, "seeking")
    paired = [client.wait("paired", timeout=15) for client in (ana, bo)]
    assert paired[0]["room"] == paired[1]["room"]
    for client in (ana, bo):
        client.close()


def test_one_player_on_two_processes_has_one_seek_and_never_meets_himself(
    site: list[Server], redis: RedisServer
) -> None:
    _, token = site[0].register("Twice")
    here, there = site[0].client(token), site[2].client(token)
    seek = {"type": "seek", "game": "indian", "options": {"players": 3}, "min_seats": 2}
    here.request(seek, "seeking")
    assert there.request(seek, "seeking")["waiting"] == 1
    assert here.wait("seek_ended")["reason"] == "replaced"  # told across the processes
    assert seeks_in_redis(redis) == 1
    other = site[1].client(site[1].register("Other")[1])
    other.request(seek, "seeking")
    paired = there.wait("paired", timeout=20)  # two of three after the countdown
    assert {player["nickname"] for player in paired["players"]} == {"Twice", "Other"}
    assert other.wait("paired")["room"] == paired["room"]
    for client in (here, there, other):
        client.close()


def listed_waiting(server: Server, game: str) -> set[str]:
    """The codes of the public rooms of ``game`` waiting for players, as ``server``'s
    lobby lists them (its view of the other processes' rooms is a moment old)."""
    with server.http() as http:
        answer = http.get("/api/rooms", params={"game": game, "status": "waiting", "limit": 50})
    assert answer.status_code == 200, answer.text
    return {room["code"] for room in answer.json()["rooms"]}


def test_a_seeker_takes_the_fullest_open_seat_of_any_process_then_the_next(
    site: list[Server],
) -> None:
    """Public rooms waiting for players on other processes are offered too, the fullest
    first, the seat given by the process that plays it; a room that filled meanwhile
    (the seeker's process may still see it open) is passed over for the next one, and
    with none left the seeker waits in his pool."""
    table = {"game": "indian", "options": {"players": 4}, "clock": "60+120", "rated": False}
    hosts = [server.register(f"Host{n}")[1] for n, server in enumerate(site[1:])]
    fuller = site[1].create_room(hosts[0], **table, bots=[None, "easy"])["code"]
    emptier = site[2].create_room(hosts[1], **table)["code"]  # the seekers' own process
    deadline = time.monotonic() + 10
    while {fuller, emptier} - listed_waiting(site[2], "indian"):
        assert time.monotonic() < deadline, "the other process's room never came in the list"
        time.sleep(0.05)
    wanted = {"type": "seek", "game": "indian", "options": {"players": 4}, "clock": "60+120"}
    seated = []
    # Closed however the test ends: a seek left open would fail the next test too.
    with contextlib.ExitStack() as clients:
        for name in ("Ona", "Pia", "Qed", "Rex", "Sol"):
            client = site[2].client(site[2].register(name)[1])
            clients.callback(client.close)
            client.send(wanted)
            paired = client.wait("paired", timeout=15)
            assert paired["started"] is False
            room = client.join(paired["room"])
            assert room["you"] == paired["seat"]
            assert room["room"]["seats"][paired["seat"]]["player"]["nickname"] == name
            seated.append((paired["room"], paired["seat"]))
        assert seated == [(fuller, 2), (fuller, 3), (emptier, 1), (emptier, 2), (emptier, 3)]
        late = site[0].client(site[0].register("Late")[1])
        clients.callback(late.close)
        assert late.request(wanted, "seeking")["waiting"] == 1  # every open seat taken
        late.request({"type": "cancel_seek"}, "seek_ended")


def test_a_dead_process_s_seeks_leave_the_pools(site: list[Server], redis: RedisServer) -> None:
    """Last: it kills a process of the module's site."""
    clients, _ = seekers(site, [25.0, 25.0, 25.0])
    for client, clock in zip(clients, ["off", "30+60", "60+120"], strict=True):
        client.request({"type": "seek", "game": "gin", "clock": clock}, "seeking")  # apart
    assert seeks_in_redis(redis) == 3
    site[1].kill()
    deadline = time.monotonic() + 10
    while seeks_in_redis(redis) != 2:
        assert time.monotonic() < deadline, "the dead process's seek stayed"
        time.sleep(0.1)
    clients[2].close()  # a closed socket's seek leaves at once
    while seeks_in_redis(redis) != 1:
        assert time.monotonic() < deadline, "the closed socket's seek stayed"
        time.sleep(0.05)
