"""Moderation on a site of three processes: a mute decided on one holds on all of them
at once (each check reads the shared database: the first chat after the moderator's
answer is refused on every process, with nothing to wait for), and the player is told
on each (over the bus); a suspension closes his connections on all of them."""

from __future__ import annotations

from rummyhall.cli import main
from tests.server.harness import Server
from tests.server.test_accounts import auth, claim
from tests.server.test_cluster import pytestmark, redis, site

__all__ = ["pytestmark", "redis", "site"]


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
    mod_token = a.register("Mod")[1]
    assert claim(a, mod_token, "Mod_Site").status_code == 201
    assert main(["moderator", "grant", "Mod_Site", "--db", a.database_url]) == 0
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
            json={"player": bo_id, "kind": "suspend_play", "reason": "Again", "seconds": 600},
            headers=auth(mod_token),
        )
    assert suspended.status_code == 201, suspended.text
    for client in bo:  # his connections closed on every process
        assert client.wait("error", lambda m: m["code"] == "suspended")["code"] == "suspended"
    for client in bo:
        client.close()
