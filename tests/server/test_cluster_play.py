"""Three server processes on one PostgreSQL database and one Redis that no test kills,
shared by this module's tests (a site takes seconds to start): rooms played from all
three, a room handed to its player's process, no secret in any message, limits, signing
out, invitations and keyed requests across processes. The tests that kill a process or
Redis start sites of their own (test_cluster.py)."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import redis as redis_client

from rummyhall.server.cluster.leases import lease_key
from tests.server import databases
from tests.server.harness import Message, Server, play_until
from tests.server.redises import RedisServer
from tests.server.test_accounts import auth
from tests.server.test_cluster import assert_logged_once, module_site
from tests.server.test_cluster import pytestmark as cluster_marks
from tests.server.test_secrets import GAMES, assert_no_secret_left

pytestmark = cluster_marks


redis, site = module_site()


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


def test_a_room_with_a_bot_is_played_from_three_processes(site: list[Server]) -> None:
    """An Indian deal with the owner's bot between two people connected elsewhere, and
    a spectator on the owner itself."""
    a, b, c = site
    host_token = b.register("Ana")[1]
    guest_token = c.register("Bo")[1]
    watcher_token = a.register("Cy")[1]
    options = {"players": 3, "format": "points"}
    room = a.create_room(host_token, game="indian", options=options, bots=[None, "medium"])
    players = {0: b.client(host_token), 2: c.client(guest_token)}
    watcher = a.client(watcher_token)
    for client in players.values():
        client.join(room["code"])
    watcher.join(room["code"], role="spectator")
    players[0].send({"type": "start"})
    final = play_until(players, lambda state: state["over"], players[2].wait("state")["turn"])
    assert watcher.find("state", lambda state: state["over"])["turn"] == final["turn"]


def test_a_room_moves_to_the_process_its_player_is_on(
    site: list[Server], redis: RedisServer
) -> None:
    """A table against a bot opened on one process and played from another is handed to
    the player's process in the middle of the hand: no action lost or repeated, no error
    shown to the player, and there it stays."""
    a, b, _ = site
    token = b.register("Ana")[1]
    code = a.create_room(token, game="gin", bots=[None, "medium"])["code"]
    player = b.client(token)
    player.join(code)
    player.send({"type": "start"})
    first = player.wait("state")
    leases = redis_client.Redis.from_url(redis.url, decode_responses=True)
    process_b = b.http().get("/api/health").json()["process"]

    def handed(state: Message) -> bool:
        time.sleep(0.1)  # a person's pace: the room moves in the middle of the hand
        return bool(leases.get(lease_key(code)) == process_b)

    last = play_until({0: player}, handed, first["turn"])
    final = play_until({0: player}, lambda state: state["over"], last["turn"])
    assert [m for m in player.received if m["type"] == "error"] == []
    assert_logged_once(a, player.find("room")["room"]["match"]["id"], final["turn"])
    time.sleep(1.0)
    assert leases.get(lease_key(code)) == process_b


def test_no_message_leaks_a_secret_across_processes(site: list[Server]) -> None:
    """Each game with its players and a spectator spread over the three processes: every
    message any of them receives, through whichever process, reveals nothing hidden."""
    for game, (options, seats) in GAMES.items():
        tokens = [site[seat % 3].register(f"P{seat}")[1] for seat in range(seats)]
        watcher_token = site[1].register("Watcher")[1]
        code = site[0].create_room(tokens[0], game=game, options=options)["code"]
        players = [site[(seat + 1) % 3].client(token) for seat, token in enumerate(tokens)]
        watcher = site[2].client(watcher_token)
        for client in players:
            client.join(code)
        watcher.join(code, role="spectator")
        players[0].send({"type": "start"})
        end: Message = play_until(dict(enumerate(players)), lambda s: s["over"], 0)
        assert_no_secret_left(site[2], code, [*players, watcher], end)


def test_seats_held_count_across_processes(site: list[Server]) -> None:
    """A guest holding seats in three other hosts' rooms, played by three processes, may
    not take a fourth (``max_waiting_seats``), whichever process he asks."""
    guest = site[0].register("Roamer")[1]
    codes = []
    for n in range(4):
        host = site[n % 3].register(f"H{n}")[1]
        codes.append(site[n % 3].create_room(host, game="gin")["code"])
    for n, code in enumerate(codes[:3]):
        site[n % 3].client(guest).join(code)
    time.sleep(1.2)  # the shared lobby is read at most a second old
    refused = site[2].client(guest).error_for({"type": "join", "room": codes[3]})
    assert refused["code"] == "seat_limit"


def test_signing_out_everywhere_reaches_every_process(site: list[Server]) -> None:
    """Tokens are refused on every process at once, and the account's connections held
    by other processes are closed."""
    a, b, c = site
    _, laptop = a.register("Ana")
    body = {"username": "Ana_Everywhere", "password": "maple harbor quietly 7"}
    with a.http() as http:
        assert http.post("/api/me/account", json=body, headers=auth(laptop)).status_code == 201
    with b.http() as http:
        phone = http.post("/api/sign-ins", json=body).json()["token"]
    held = [b.client(phone), c.client(laptop)]
    with a.http() as http:
        assert http.delete("/api/sign-ins", headers=auth(laptop)).status_code == 204
    for connection in held:
        assert connection.wait("error", lambda m: m["code"] == "signed_out")
        connection.close()
    for server in site:
        with server.http() as http:
            for token in (laptop, phone):
                assert http.get("/api/me", headers=auth(token)).status_code == 401


def test_an_invitation_reaches_the_friend_on_another_process(site: list[Server]) -> None:
    """Invited on one process, the friend connected to another hears of it at once, and
    his lobby on a third lists it."""
    a, b, c = site
    _, host = a.register("Ana")
    _, friend = b.register("Bo")
    body = {"username": "Bo_Elsewhere", "password": "maple harbor quietly 7"}
    with b.http() as http:
        assert http.post("/api/me/account", json=body, headers=auth(friend)).status_code == 201
    online = b.client(friend)
    code = a.create_room(host, game="gin")["code"]
    with c.http() as http:  # the room is played by a; c forwards nothing, it reads Redis
        answer = http.post(
            f"/api/rooms/{code}/invitations", json={"username": "bo_elsewhere"}, headers=auth(host)
        )
    assert answer.status_code == 201, answer.text
    told = online.wait("invited")
    assert told["room"] == code and told["by"]["nickname"] == "Ana"
    with c.http() as http:
        [waiting] = http.get("/api/me/invitations", headers=auth(friend)).json()
    assert waiting["room"] == code
    online.close()


def test_a_keyed_room_request_sent_to_every_process_at_once_opens_one_room(
    site: list[Server],
) -> None:
    """The database's key refuses the second insert; that process answers the room the
    first one opened (docs/protocol.md, "Opening a room once")."""
    host, token = site[0].register("Ana")
    body = {"game": "gin", "public": False, "bots": [None, "medium"]}
    headers = {**auth(token), "Idempotency-Key": "quick-gin"}

    def send(server: Server) -> httpx.Response:
        return httpx.post(f"{server.url}/api/rooms", json=body, headers=headers, timeout=10)

    with ThreadPoolExecutor(6) as pool:
        answers = list(pool.map(send, [*site, *site]))
    assert sorted(answer.status_code for answer in answers) == [200] * 5 + [201]
    codes = {answer.json()["code"] for answer in answers}
    assert len(codes) == 1
    [(count,)] = databases.query(
        site[0].database_url, f"SELECT count(*) FROM rooms WHERE host_id = '{host}'"
    )
    assert count == 1
    player = site[2].client(token)
    assert player.join(codes.pop())["you"] == 0
    player.close()
