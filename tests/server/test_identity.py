"""A guest's identity over time: a rename keeps the player (id, token, seats), is told
live to every room it sits in, refuses bad names without changing anything, survives a
restart and a kill at its commit; and the token's unfinished rooms, to resume them."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from tests.server.harness import Server, open_table


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def rename(http: httpx.Client, token: str, nickname: object) -> httpx.Response:
    return http.patch("/api/me", json={"nickname": nickname}, headers=auth(token))


def test_rename_keeps_the_player_and_every_room_sees_it(server: Server) -> None:
    table = open_table(server, ("Cleo", "Dan"))
    cleo, dan = table.clients
    with server.http() as http:
        before = http.get("/api/me", headers=auth(table.tokens[0])).json()["player"]
        answer = rename(http, table.tokens[0], "  Cleo   the Bold ")
        assert answer.status_code == 200
        assert answer.json()["player"] == {"id": before["id"], "nickname": "Cleo the Bold"}
        assert (
            http.get("/api/me", headers=auth(table.tokens[0])).json()["player"]
            == (answer.json()["player"])
        )
        shown = http.get(f"/api/rooms/{table.code}").json()
    assert shown["host"]["nickname"] == "Cleo the Bold"
    assert shown["seats"][0]["player"]["nickname"] == "Cleo the Bold"
    for client in (cleo, dan):
        told = client.wait("room", lambda m: m["room"]["host"]["nickname"] == "Cleo the Bold")
        assert told["room"]["seats"][0]["player"] == answer.json()["player"]
        assert told["room"]["status"] == "playing"
    # Same token, same seat: the game goes on for the renamed player.
    again = server.client(table.tokens[0])
    assert again.welcome["player"]["nickname"] == "Cleo the Bold"
    joined = again.join(table.code)
    assert joined["you"] == 0 and joined["room"]["status"] == "playing"
    assert again.wait("state")["turn"] == 0
    for client in (cleo, dan, again):
        client.close()


@pytest.mark.parametrize(
    ("nickname", "status", "code"),
    [
        ("   ", 400, "bad_nickname"),
        ("x" * 25, 400, "nickname_too_long"),
        ("x" * 40, 400, "nickname_too_long"),
        ("👨‍👩‍👧" * 25, 400, "nickname_too_long"),
        ("zero\u200bwidth", 400, "bad_nickname"),
        ("bidi\u202eevil", 400, "bad_nickname"),
        ("bell\x07", 400, "bad_nickname"),
        ("z" + "\u0301" * 20, 400, "nickname_marks"),
        # An outside probe: blank-looking names, and a tower of marks within the
        # code points one character may have.
        ("\u3164", 400, "bad_nickname"),
        ("\u2800\u2800", 400, "bad_nickname"),
        ("Eve\u3164", 400, "bad_nickname"),
        ("z" + "\u0301" * 6, 400, "nickname_marks"),
        (7, 422, None),
        (None, 422, None),
        ("y" * 289, 422, None),
    ],
)
def test_a_refused_name_changes_nothing(
    server: Server, nickname: object, status: int, code: str | None
) -> None:
    _, token = server.register("Eve")
    with server.http() as http:
        answer = rename(http, token, nickname)
        assert answer.status_code == status
        if code is not None:
            assert answer.json()["error"]["code"] == code
        assert http.get("/api/me", headers=auth(token)).json()["player"]["nickname"] == "Eve"


@pytest.mark.parametrize(
    "nickname", ["👨‍👩‍👧", "Ana 👩🏽‍❤️‍💋‍👨🏿", "🏴󠁧󠁢󠁳󠁣󠁴󠁿 Scot", "x" * 24, "👨‍👩‍👧" * 24, "Zoë", "小明"]
)
def test_a_name_of_24_characters_as_people_count_them_is_kept_whole(
    server: Server, nickname: str
) -> None:
    _, token = server.register("Eve")
    with server.http() as http:
        answer = rename(http, token, nickname)
        assert answer.status_code == 200, answer.text
        assert http.get("/api/me", headers=auth(token)).json()["player"]["nickname"] == nickname


def test_a_refused_name_is_said_naming_the_field_and_the_count(server: Server) -> None:
    _, token = server.register("Eve")
    with server.http() as http:
        refused = rename(http, token, "x" * 40).json()["error"]
        chinese = http.patch(
            "/api/me",
            json={"nickname": "x" * 40},
            headers={**auth(token), "Accept-Language": "zh-CN"},
        ).json()["error"]
    assert refused["field"] == chinese["field"] == "nickname"
    assert refused["message"].startswith("Nickname: at most 24 characters; this one has 40.")
    assert chinese["message"].startswith("昵称：最多 24 个字符，此昵称有 40 个。")


def test_rename_needs_a_valid_token(server: Server) -> None:
    with server.http() as http:
        assert http.patch("/api/me", json={"nickname": "Zed"}).status_code == 401
        assert rename(http, "nope" * 8, "Zed").status_code == 401
        assert http.patch(
            "/api/me", json={}, headers=auth(server.register("Fin")[1])
        ).status_code == (422)


def test_renames_are_rate_limited_like_creations(tmp_path: Path) -> None:
    server = Server(tmp_path / "limited.db", creations=3).start()
    try:
        _, token = server.register("Gil")
        with server.http() as http:
            codes = [rename(http, token, f"Gil{n}").status_code for n in range(12)]
        assert 429 in codes and codes[0] == 200
    finally:
        server.stop()


def test_my_rooms_lists_the_unfinished_rooms_one_sits_in(server: Server) -> None:
    table = open_table(server, ("Hal", "Ida"))
    hal_token = table.tokens[0]
    waiting = server.create_room(hal_token, game="rummikub", public=False)["code"]
    _, stranger = server.register("Jo")
    elsewhere = server.create_room(stranger, game="gin")["code"]
    with server.http() as http:
        mine = http.get("/api/me/rooms", headers=auth(hal_token)).json()
        ida = http.get("/api/me/rooms", headers=auth(table.tokens[1])).json()
        assert http.get("/api/me/rooms").status_code == 401
    listed = {entry["room"]["code"]: entry for entry in mine}
    assert set(listed) == {table.code, waiting} and elsewhere not in listed
    assert listed[table.code]["seat"] == 0 and listed[table.code]["room"]["status"] == "playing"
    assert listed[waiting]["room"]["status"] == "waiting"
    assert [(entry["room"]["code"], entry["seat"]) for entry in ida] == [(table.code, 1)]
    assert "token" not in str(mine) and "hand" not in str(mine)
    for client in table.clients:
        client.close()


@pytest.mark.parametrize(("moment", "kept"), [("before", "Kim"), ("after", "Kimberly")])
def test_a_rename_killed_at_its_commit_is_all_or_nothing(
    tmp_path: Path, moment: str, kept: str
) -> None:
    db = tmp_path / "rename.db"
    armed = Server(db, "--fault-point", f"rename_player:{moment}").start()
    try:
        player_id, token = armed.register("Kim")
        with pytest.raises(httpx.TransportError), armed.http() as http:
            rename(http, token, "Kimberly")
        assert armed.process is not None and armed.process.wait(10) != 0
    finally:
        armed.stop()
    again = Server(db, database_url=armed.database_url).start()
    try:
        with again.http() as http:
            me = http.get("/api/me", headers=auth(token)).json()["player"]
        assert me == {"id": player_id, "nickname": kept}
    finally:
        again.stop()
