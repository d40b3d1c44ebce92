"""Moderation on a site of three processes: a mute decided on one holds on all of them
at once (each check reads the shared database: the first chat after the moderator's
answer is refused on every process, with nothing to wait for), and the player is told
on each (over the bus); a suspension from the site closes his connections on all of
them. A suspension from rated play decided by a process killed right after its commit,
before it told anyone, is carried out on the others within seconds all the same: the
player's seat at a rated table another process plays is taken from his connection (his
moves go nowhere) and a seat there is refused him through the forwarded join, while
his casual game goes on."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from tests.server.harness import Server, play_until
from tests.server.redises import RedisServer
from tests.server.test_accounts import auth
from tests.server.test_cluster import module_site
from tests.server.test_cluster import pytestmark as cluster_marks
from tests.server.test_moderation import RATED_SEEK, account_that_sought, moderator

pytestmark = cluster_marks


redis, site = module_site()


def test_a_mute_holds_on_every_process_within_a_second(site: list[Server]) -> None:
    a, b, c = site
    bo_id, bo_token = b.register("Bo")
    codes = [a.create_room(a.register(f"Host{n}")[1], game="gin")["code"] for n in range(3)]
    bo = [server.client(bo_token) for server in site]  # one connection on each process
    for client, code in zip(bo, codes, strict=True):
        client.join(code, role="spectator")
        client.send({"type": "chat", "text": "before"})
        client.wait("chat", lambda m: [line["text"] for line in m["lines"]] == ["before"])
    reporter_token = c.register("Ana")[1]
    with c.http() as http:
        filed = http.post(
            "/api/reports",
            json={"player": bo_id, "reason": "spam", "room": codes[2]},
            headers=auth(reporter_token),
        )
    assert filed.status_code == 201, filed.text
    mod_token = moderator(a, "Mod_Site")
    with a.http() as http:
        report = http.get("/api/moderation/reports", headers=auth(mod_token)).json()[0]
        assert report["room"] == codes[2] and report["lines"][0]["text"] == "before"
        muted = http.post(
            "/api/moderation/actions",
            json={
                "player": bo_id,
                "kind": "mute",
                "reason": "Spam",
                "seconds": 600,
                "report": report["id"],
            },
            headers=auth(mod_token),
        )
    assert muted.status_code == 201, muted.text
    for client in bo:  # the first chat after the answer: nothing to wait for
        client.send({"type": "chat", "text": "after"})
        answer = client.wait("error", timeout=5)
        assert answer["code"] == "muted" and "Spam" in answer["message"]
        assert not any(
            line["text"] == "after"
            for m in client.received
            if m["type"] == "chat"
            for line in m["lines"]
        )
    for client in bo:  # told on every process, over the bus
        client.find("moderation", lambda m: m["latest"]["kind"] == "mute")
    with a.http() as http:
        suspended = http.post(
            "/api/moderation/actions",
            json={"player": bo_id, "kind": "suspend_site", "reason": "Again", "seconds": 600},
            headers=auth(mod_token),
        )
    assert suspended.status_code == 201, suspended.text
    for client in bo:  # his connections closed on every process
        assert client.wait("error", lambda m: m["code"] == "suspended")["code"] == "suspended"
    for client in bo:
        client.close()


def test_a_decision_whose_process_died_at_its_commit_is_carried_out_everywhere(
    site: list[Server], redis: RedisServer, tmp_path: Path
) -> None:
    a, b, c = site
    host_token = a.register("Host")[1]
    rated = a.create_room(host_token, game="gin")["code"]  # played by a
    bo_id, bo_token = b.register("Bo")
    host, bo = a.client(host_token), b.client(bo_token)  # Bo plays it from b
    for client in (host, bo):
        client.join(rated)
    host.send({"type": "start"})
    first = bo.wait("state")
    kim_token = c.register("Kim")[1]
    casual = c.create_room(kim_token, game="gin", rated=False)["code"]
    kim, bo_casual = c.client(kim_token), c.client(bo_token)
    for client in (kim, bo_casual):
        client.join(casual)
    kim.send({"type": "start"})
    turn = kim.wait("state")["turn"]
    armed = Server(
        tmp_path / "armed.db",
        *("--redis", redis.url, "--lease-ttl", "1.5", "--fault-point", "moderate:after"),
        database_url=a.database_url,
    ).start()
    try:
        mod_token = moderator(armed, "Mod_Killed")
        decision = {"player": bo_id, "kind": "suspend_play", "reason": "Boosting", "seconds": 600}
        with armed.http() as http, pytest.raises(httpx.TransportError):
            http.post("/api/moderation/actions", json=decision, headers=auth(mod_token))
        assert armed.process is not None and armed.process.wait(10) != 0
    finally:
        armed.stop()
    barred = bo.wait("error", timeout=10)  # read from the database by the others
    assert barred["code"] == "suspended_play" and "Boosting" in barred["message"]
    host.find("room", lambda m: not m["room"]["seats"][1]["connected"], timeout=10)
    moved = {"type": "action", "turn": first["turn"], "action": {"type": "pass"}}
    assert bo.error_for(moved)["code"] == "not_in_room"
    sit = {"type": "join", "room": rated, "role": "player"}
    assert bo.error_for(sit)["code"] == "suspended_play"  # forwarded to a, refused there
    assert bo_casual.wait("moderation")["latest"]["kind"] == "suspend_play"
    play_until({0: kim, 1: bo_casual}, lambda state: state["turn"] >= turn + 4, turn)
    assert not any(m["type"] == "error" for m in bo_casual.received)
    for client in (host, bo, kim, bo_casual):
        client.close()


def test_a_seek_is_refused_once_the_suspension_reaches_its_process(site: list[Server]) -> None:
    """A seek reads no standing: its connection keeps the one it read at its hello,
    until a decision is carried out on its process. Decided on one process, the
    suspension from rated play reaches the seeker's (he is told), and his first rated
    seek after it there is refused."""
    a, b, _ = site
    ivo = account_that_sought(b, "Ivo", "Ivo_Seeks")
    mod_token = moderator(a, "Mod_Seeks")
    decision = {"player": ivo.welcome["player"]["id"], "kind": "suspend_play", "reason": "Boosting"}
    with a.http() as http:
        answer = http.post("/api/moderation/actions", json=decision, headers=auth(mod_token))
    assert answer.status_code == 201, answer.text
    assert ivo.wait("moderation")["latest"]["kind"] == "suspend_play"  # it reached b
    refused = ivo.error_for(RATED_SEEK)
    assert refused["code"] == "suspended_play_for_good" and "Boosting" in refused["message"]
    ivo.close()
