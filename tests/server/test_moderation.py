"""Moderation over real sockets (docs/security.md, "Moderation"): a reported chat line
reaches the moderators' queue with the game; a mute refuses chat naming its end and
reason; a suspension from rated play takes his seats at rated tables from his
connections (the away bot plays them) and refuses him rated rooms, seeks and seats until
it ends at its time, while his casual games go on; a suspended seeker is never seated at
a rated table; a suspension from the site closes his connections and refuses his hello,
sign-in and requests; blocked words are
masked; every moderation route refuses non-moderators; only the command line names
moderators."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest

from rummyhall.cli import main
from rummyhall.server.net.moderation_api import moderation_routes
from rummyhall.server.storage.database import make_engine
from rummyhall.server.storage.repository import Repository
from tests.server.harness import Client, Server, open_table, play_until
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


RATED_SEEK = {"type": "seek", "game": "gin", "options": {"mode": "oklahoma"}, "rated": True}
"""A rated seek into a pool no open room of the other tests plays: it waits there."""


def account_that_sought(server: Server, nickname: str, username: str) -> Client:
    """A new account's connection that has made a rated seek and cancelled it: its
    standing was read at its hello, and a seek reads none."""
    token = server.register(nickname)[1]
    assert claim(server, token, username).status_code == 201
    player = server.client(token)
    player.send(RATED_SEEK)
    assert player.wait("seeking")["pool"]["rated"] is True
    player.send({"type": "cancel_seek"})
    assert player.wait("seek_ended")["reason"] == "cancelled"
    return player


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


def test_a_suspension_from_rated_play_leaves_casual_play_open_until_it_ends(
    server: Server,
) -> None:
    rated = open_table(server, ("Cy", "Di"))  # a room is rated unless opened casual
    cy, di = rated.clients
    di_id, di_token = di.welcome["player"]["id"], rated.tokens[1]
    ed_token = server.register("Ed")[1]
    casual = server.create_room(ed_token, game="gin", rated=False)["code"]
    ed, di_casual = server.client(ed_token), server.client(di_token)
    for client in (ed, di_casual):
        client.join(casual)
    ed.send({"type": "start"})
    turn = ed.wait("state")["turn"]
    mod = moderator(server, "Mod_Two")
    answer = act(server, mod, player=di_id, kind="suspend_play", reason="Cheating", seconds=8)
    assert answer.status_code == 201, answer.text
    barred = di.wait("error")  # his seat at the rated table is taken from his connection
    assert barred["code"] == "suspended_play" and "Cheating" in barred["message"]
    assert "UTC" in barred["message"]
    cy.find("room", lambda m: m["room"]["seats"][1]["away"], timeout=10)
    moved = {"type": "action", "turn": rated.first[1]["turn"], "action": {"type": "pass"}}
    assert di.error_for(moved)["code"] == "not_in_room"  # his moves there go nowhere
    sit = {"type": "join", "room": rated.code, "role": "player"}
    assert di.error_for(sit)["code"] == "suspended_play"
    assert di.error_for({"type": "seek", "game": "gin", "rated": True})["code"] == (
        "suspended_play"
    )
    di.send({"type": "seek", "game": "gin", "rated": False})  # casual pairing stays open
    assert di.wait("seeking")["pool"]["rated"] is False
    di.send({"type": "cancel_seek"})
    assert di.wait("seek_ended")["reason"] == "cancelled"
    with server.http() as http:
        refused = http.post("/api/rooms", json={"game": "gin"}, headers=auth(di_token))
        opened = http.post(
            "/api/rooms", json={"game": "gin", "rated": False}, headers=auth(di_token)
        )
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "suspended_play"
    assert opened.status_code == 201, opened.text
    assert di_casual.wait("moderation")["latest"]["kind"] == "suspend_play"
    play_until({0: ed, 1: di_casual}, lambda state: state["turn"] >= turn + 4, turn)
    assert not any(m["type"] == "error" for m in di_casual.received)  # his casual game goes on

    def seated() -> bool:
        di.send(sit)
        return bool(di.recv()["type"] == "room")

    until_true(seated)  # the suspension ends at its time: he is back in his seat
    cy.find("room", lambda m: not m["room"]["seats"][1]["away"], timeout=10)
    for client in (cy, di, ed, di_casual):
        client.close()


def test_a_suspended_seeker_is_never_seated_at_a_rated_table(server: Server) -> None:
    """Decided behind the server's back (as by a process killed right after its commit):
    the seek ends, whether the next pass or the next read of the decisions finds it
    first, and the seeker who came meanwhile waits on and is seated with the next."""
    seekers = []
    for name in ("Fen", "Gil", "Hue"):
        token = server.register(name)[1]
        assert claim(server, token, f"{name}_Seeks").status_code == 201
        seekers.append(server.client(token))
    fen, gil, hue = seekers
    seek = {"type": "seek", "game": "gin", "rated": True}
    fen.send(seek)
    fen.wait("seeking")
    records = Repository(make_engine(server.database_url)).moderation
    moderator_id = gil.welcome["player"]["id"]
    until = datetime.now(UTC) + timedelta(hours=1)
    fen_id = fen.welcome["player"]["id"]
    records.act(moderator_id, fen_id, "suspend_play", "Boosting", until, None)
    gil.send(seek)
    ended = fen.wait("seek_ended")
    assert ended["reason"] == "failed" and ended["code"] == "suspended_play"
    assert "Boosting" in ended["message"]
    hue.send(seek)
    pair = {client.welcome["player"]["id"] for client in (gil, hue)}
    for client in (gil, hue):
        assert {player["id"] for player in client.wait("paired")["players"]} == pair
    assert not any(m["type"] == "paired" for m in fen.received)
    for client in seekers:
        client.close()


def test_a_seek_is_refused_the_moment_the_suspension_is_decided_and_until_it_ends(
    server: Server,
) -> None:
    """The connection's standing, kept since its hello (a seek reads none), is read
    again once the decision is carried out on its process: the first rated seek after
    the moderator's answer is refused, with nothing to wait for, and the suspension
    ends at its time for the kept standing too."""
    ivo = account_that_sought(server, "Ivo", "Ivo_Seeks")
    mod = moderator(server, "Mod_Seeks")
    ivo_id = ivo.welcome["player"]["id"]
    answer = act(server, mod, player=ivo_id, kind="suspend_play", reason="Boosting", seconds=3)
    assert answer.status_code == 201, answer.text
    refused = ivo.error_for(RATED_SEEK)
    assert refused["code"] == "suspended_play" and "Boosting" in refused["message"]
    ends = datetime.fromisoformat(answer.json()["until"])
    until_true(lambda: datetime.now(UTC) > ends)
    ivo.send(RATED_SEEK)
    assert ivo.wait("seeking")["pool"]["rated"] is True
    ivo.close()


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
