"""Moderation over real sockets (docs/security.md, "Moderation"): a reported chat line
reaches the moderators' queue with the game; a mute refuses chat naming its end and
reason; a suspension closes the player's connections, his seat goes away and the away
bot plays it, and he may not sit, seek or open a room until it ends at its time; a
suspension from the site refuses his hello, sign-in and requests; blocked words are
masked; every moderation route refuses non-moderators; only the command line names
moderators."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest

from rummyhall.cli import main
from rummyhall.server.net.moderation_api import moderation_routes
from tests.server.harness import Client, Server, open_table
from tests.server.test_accounts import PASSWORD, auth, claim, sign_in

BLOCKED = "# words masked in chat\n[en]\nidiot\nson of a gun\n[zh]\n笨蛋\n"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("moderation")
    words = folder / "blocked.txt"
    words.write_text(BLOCKED, encoding="utf-8")
    running = Server(
        folder / "rummyhall.db", "--blocked-words", str(words), "--away-after", "0.3"
    ).start()
    yield running
    running.stop()


def moderator(server: Server, username: str) -> str:
    """A new account made a moderator by the operator's command line; its token."""
    token = server.register(username)[1]
    assert claim(server, token, username).status_code == 201
    assert main(["moderator", "grant", username, "--db", server.database_url]) == 0
    return token


def said(client: Client, text: str) -> dict[str, Any]:
    message = client.wait("chat", lambda m: any(line["text"] == text for line in m["lines"]))
    return next(line for line in message["lines"] if line["text"] == text)


def act(server: Server, token: str, **body: Any) -> httpx.Response:
    with server.http() as http:
        return http.post("/api/moderation/actions", json=body, headers=auth(token))


def until_true(check: Callable[[], bool], timeout: float = 15) -> None:
    """Wait for ``check`` to hold (asked again and again, never slept on)."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "the condition never held"


def test_a_reported_chat_line_is_muted_and_the_player_sees_why(
    server: Server, capsys: pytest.CaptureFixture[str]
) -> None:
    table = open_table(server, ("Ana", "Bo"))
    ana, bo = table.clients
    bo_id = bo.welcome["player"]["id"]
    bo.send({"type": "chat", "text": "you play like a donkey"})
    line = said(ana, "you play like a donkey")
    with server.http() as http:
        mine = http.post(
            "/api/reports", json={"player": bo_id, "reason": "abuse"}, headers=auth(table.tokens[1])
        )
        assert mine.status_code == 400 and mine.json()["error"]["code"] == "own_report"
        filed = http.post(
            "/api/reports",
            json={"player": bo_id, "reason": "abuse", "line": line["id"], "details": " rude "},
            headers=auth(table.tokens[0]),
        )
    assert filed.status_code == 201, filed.text
    report_id = filed.json()["report"]
    mod = moderator(server, "Mod_One")
    with server.http() as http:
        queue = http.get("/api/moderation/reports", headers=auth(mod)).json()
    report = next(r for r in queue if r["id"] == report_id)
    assert report["reported"]["nickname"] == "Bo" and report["reporter"]["nickname"] == "Ana"
    assert [entry["text"] for entry in report["lines"]] == ["you play like a donkey"]
    assert report["room"] == table.code and report["match"] is not None
    assert report["details"] == "rude"
    assert act(server, mod, player=bo_id, kind="mute", reason="x", report=report_id).json()[
        "error"
    ]["code"] == ("bad_moderation")  # a mute has a duration
    muted = act(
        server, mod, player=bo_id, kind="mute", reason="Insults", seconds=3600, report=report_id
    )
    assert muted.status_code == 201, muted.text
    notice = bo.wait("moderation")
    assert notice["latest"]["kind"] == "mute" and notice["latest"]["reason"] == "Insults"
    refused = bo.error_for({"type": "chat", "text": "sorry"})
    assert refused["code"] == "muted"
    assert "Insults" in refused["message"] and "UTC" in refused["message"]
    assert bo.error_for({"type": "react", "reaction": "thumbs_up"})["code"] == "muted"
    again = act(server, mod, player=bo_id, kind="warn", reason="x", report=report_id)
    assert again.status_code == 404  # answered already
    with server.http() as http:
        assert all(
            r["id"] != report_id
            for r in http.get("/api/moderation/reports", headers=auth(mod)).json()
        )
        own = http.get("/api/me/moderation", headers=auth(table.tokens[1])).json()
    assert own["moderator"] is False
    assert [a["kind"] for a in own["standing"]] == ["mute"]
    back = server.client(table.tokens[1])  # told again on every connection while it holds
    assert back.wait("moderation")["standing"][0]["reason"] == "Insults"
    assert main(["moderator", "list", "--db", server.database_url]) == 0
    assert "Mod_One" in capsys.readouterr().out
    for client in (*table.clients, back):
        client.close()


def test_a_suspension_sends_the_seat_away_and_ends_at_its_time(server: Server) -> None:
    table = open_table(server, ("Cy", "Di"))
    cy, di = table.clients
    di_id = di.welcome["player"]["id"]
    mod = moderator(server, "Mod_Two")
    answer = act(server, mod, player=di_id, kind="suspend_play", reason="Cheating", seconds=3)
    assert answer.status_code == 201, answer.text
    closed = di.wait("error")
    assert closed["code"] == "suspended" and "Cheating" in closed["message"]
    cy.find("room", lambda m: m["room"]["seats"][1]["away"], timeout=10)
    back = server.client(table.tokens[1])  # he may still say hello and read
    assert back.wait("moderation")["standing"][0]["kind"] == "suspend_play"
    assert back.error_for({"type": "join", "room": table.code, "role": "player"})["code"] == (
        "suspended"
    )
    assert back.error_for({"type": "seek", "game": "gin"})["code"] == "suspended"
    with server.http() as http:
        opened = http.post("/api/rooms", json={"game": "gin"}, headers=auth(table.tokens[1]))
    assert opened.status_code == 403 and opened.json()["error"]["code"] == "suspended"

    def seated() -> bool:
        back.send({"type": "join", "room": table.code, "role": "player"})
        return bool(back.recv()["type"] == "room")

    until_true(seated)  # the suspension ends at its time: he is back in his seat
    cy.find("room", lambda m: not m["room"]["seats"][1]["away"], timeout=10)
    for client in (cy, back):
        client.close()


def test_a_site_suspension_refuses_everything_until_lifted(server: Server) -> None:
    token = server.register("Eve")[1]
    assert claim(server, token, "Eve_Plays").status_code == 201
    eve = server.client(token)
    eve_id = eve.welcome["player"]["id"]
    mod = moderator(server, "Mod_Three")
    answer = act(server, mod, player=eve_id, kind="suspend_site", reason="Spam links")
    assert answer.status_code == 201 and answer.json()["until"] is None
    assert eve.wait("error")["code"] == "suspended_for_good"
    refused = Client(server, None)
    refused.send({"type": "hello", "protocol": 3, "token": token})
    error = refused.wait("error")
    assert error["code"] == "suspended_for_good" and "Spam links" in error["message"]
    with server.http() as http:
        me = http.get("/api/me", headers=auth(token))
    assert me.status_code == 403 and me.json()["error"]["code"] == "suspended_for_good"
    assert sign_in(server, "Eve_Plays").status_code == 403
    assert sign_in(server, "Eve_Plays", PASSWORD + "x").status_code == 401  # no hint
    assert act(server, mod, player=eve_id, kind="lift", reason="Appeal heard").status_code == 201
    assert sign_in(server, "Eve_Plays").status_code == 201
    again = server.client(token)
    assert again.welcome["player"]["id"] == eve_id
    with server.http() as http:
        own = http.get("/api/me/moderation", headers=auth(token)).json()
    assert own["standing"] == []
    assert [a["kind"] for a in own["history"]] == ["lift", "suspend_site"]
    assert own["history"][1]["lifted_at"] is not None
    assert all("moderator" not in action for action in own["history"])  # nor who
    with server.http() as http:
        record = http.get(f"/api/moderation/players/{eve_id}", headers=auth(mod)).json()
    assert [a["moderator"]["username"] for a in record["history"]] == ["Mod_Three"] * 2
    for client in (eve, refused, again):
        client.close()


def test_blocked_words_are_masked_not_refused(server: Server) -> None:
    table = open_table(server, ("Fay", "Gus"))
    fay, gus = table.clients
    fay.send({"type": "chat", "text": "ＩＤＩＯＴ! Son  of a gun, idiots, 你这个笨蛋"})
    line = said(gus, "*****! *** ** * ***, idiots, 你这个**")
    assert line["player"]["nickname"] == "Fay"
    for client in table.clients:
        client.close()


def test_every_moderation_route_refuses_non_moderators(server: Server) -> None:
    player_id, token = server.register("Hal")
    routes: list[tuple[str, str]] = [
        (method, route.path)  # type: ignore[attr-defined]
        for route in moderation_routes.routes
        for method in route.methods  # type: ignore[attr-defined]
        if route.path.startswith("/api/moderation/")  # type: ignore[attr-defined]
    ]
    assert len(routes) == 3
    body = {"player": player_id, "kind": "warn", "reason": "x"}
    with server.http() as http:
        for method, path in routes:
            url = path.replace("{player_id}", player_id)
            answer = http.request(method, url, json=body, headers=auth(token))
            assert answer.status_code == 403, (method, path, answer.text)
            assert answer.json()["error"]["code"] == "not_moderator"
            assert http.request(method, url, json=body).status_code == 401


def test_only_the_command_line_names_moderators(server: Server) -> None:
    assert main(["moderator", "grant", "Nobody_Here", "--db", server.database_url]) == 2
    assert main(["moderator", "grant", "--db", server.database_url]) == 2
    mod = moderator(server, "Mod_Four")
    with server.http() as http:
        assert http.get("/api/moderation/reports", headers=auth(mod)).status_code == 200
        assert main(["moderator", "revoke", "Mod_Four", "--db", server.database_url]) == 0
        revoked = http.get("/api/moderation/reports", headers=auth(mod))
    assert revoked.status_code == 403


def test_a_report_names_a_line_of_the_reported_player(server: Server) -> None:
    table = open_table(server, ("Ivy", "Jo"))
    ivy, jo = table.clients
    ivy.send({"type": "chat", "text": "hello there"})
    line = said(jo, "hello there")
    jo_id = jo.welcome["player"]["id"]
    with server.http() as http:
        wrong = http.post(
            "/api/reports",
            json={"player": jo_id, "reason": "abuse", "line": line["id"]},
            headers=auth(table.tokens[0]),
        )
        other = http.post(
            "/api/reports", json={"player": jo_id, "reason": "other"}, headers=auth(table.tokens[0])
        )
        rude = http.post(
            "/api/reports", json={"player": jo_id, "reason": "rude"}, headers=auth(table.tokens[0])
        )
    assert wrong.status_code == 404 and wrong.json()["error"]["code"] == "report_target_not_found"
    assert other.json()["error"]["code"] == "bad_report"  # "other" says what in words
    assert rude.status_code == 422
    for client in table.clients:
        client.close()
