"""Privacy over real sockets: a player downloads exactly his data; deleting his account
(confirmed by its password) leaves no trace of his name or chat in any table while every
replay of his games still plays, closes his connections and hands his seats to the away
rules; a deletion killed at its commit is all or nothing; the retention rounds remove
the chat lines and guests' games past their time, and nothing else."""

from __future__ import annotations

import contextlib
import json
import signal
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis as redis_client
from sqlalchemy import MetaData, create_engine, select

from rummyhall.server.cluster.bus import EVERYONE
from rummyhall.server.storage.erasure import DELETED_NICKNAME
from tests.server import databases
from tests.server.harness import Client, Server, play_until
from tests.server.redises import PROGRAM, RedisServer
from tests.server.test_cluster import start_site

NAME = "Zqxanawv"
USERNAME = "Zq_Ana_77"
PASSWORD = "violet kettle drums at noon"
ANA_LINE = "ana-says-qwpzk"
BO_LINE = "bo-says-lmnvx"
ANA_REPORTED = "ana-is-reported-zzqv"
ANA_WORDS = "ana-reports-wxyq"


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def claimed(server: Server) -> tuple[str, str]:
    """Ana, with an account: her id and token."""
    ana_id, token = server.register(NAME)
    with server.http() as http:
        answer = http.post(
            "/api/me/account",
            json={"username": USERNAME, "password": PASSWORD},
            headers=auth(token),
        )
        assert answer.status_code == 201, answer.text
    return ana_id, token


def chat(clients: list[Client], sender: Client, text: str) -> None:
    sender.send({"type": "chat", "text": text})
    for client in clients:
        client.wait("chat", lambda m: any(line["text"] == text for line in m["lines"]))


def finished_game(server: Server, tokens: list[str], lines: list[str]) -> str:
    """The first token's player hosts a Gin room for both, each says his line, and they
    play it to its end; the match's id."""
    code = server.create_room(tokens[0], game="gin")["code"]
    clients = [server.client(token) for token in tokens]
    for client in clients:
        client.join(code)
    for client, line in zip(clients, lines, strict=True):
        chat(clients, client, line)
    clients[0].send({"type": "start"})
    first = clients[0].wait("state")
    play_until(dict(enumerate(clients)), lambda state: state["over"], first["turn"])
    for client in clients:
        client.close()
    with server.http() as http:
        recent = http.get("/api/me", headers=auth(tokens[1])).json()["stats"]["recent"]
    return str(recent[-1])


def download(server: Server, token: str) -> dict[str, Any]:
    with server.http() as http:
        answer = http.get("/api/me/data", headers=auth(token))
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-disposition"].startswith("attachment;")
    return dict(answer.json())


def delete(server: Server, token: str, password: str | None = PASSWORD) -> httpx.Response:
    with server.http() as http:
        return http.post("/api/me/deletion", json={"password": password}, headers=auth(token))


def every_row(url: str) -> dict[str, str]:
    """Every row of every table of the schema, as text, by table."""
    engine = create_engine(url)
    try:
        schema = MetaData()
        schema.reflect(engine)
        with engine.connect() as connection:
            return {
                table.name: repr(connection.execute(select(table)).all())
                for table in schema.sorted_tables
            }
    finally:
        engine.dispose()


def count(url: str, sql: str) -> int:
    [(found,)] = databases.query(url, sql)
    return int(found)


def test_download_holds_exactly_the_players_data_and_deletion_erases_it(
    tmp_path: Path,
) -> None:
    server = Server(tmp_path / "privacy.db", "--away-after", "1").start()
    try:
        ana_id, ana = claimed(server)
        bo_id, bo = server.register("Bo")
        match_id = finished_game(server, [ana, bo], [ANA_LINE, BO_LINE])

        mine = download(server, ana)
        text = json.dumps(mine, ensure_ascii=False)
        assert mine["player"]["id"] == ana_id and mine["player"]["nickname"] == NAME
        assert mine["account"]["username"] == USERNAME
        assert [line["text"] for line in mine["chat"]] == [ANA_LINE]
        assert BO_LINE not in text and "token" not in text and "password" not in text
        assert [entry["game"] for entry in mine["ratings"]] == ["gin"]
        assert [change["match"] for change in mine["rating_changes"]] == [match_id]
        with server.http() as http:
            record = http.get(f"/api/matches/{match_id}").json()  # cached from now on
        assert mine["games"] == [record]
        assert ANA_LINE not in json.dumps(download(server, bo), ensure_ascii=False)

        # A second game under way: Ana is at the table when she deletes her account.
        code = server.create_room(bo, game="gin")["code"]
        bo_client, ana_client = server.client(bo), server.client(ana)
        bo_client.join(code)
        ana_client.join(code)
        with server.http() as http:  # an invitation each way
            for token, body in ((bo, {"username": USERNAME}), (ana, {"player": bo_id})):
                answer = http.post(f"/api/rooms/{code}/invitations", json=body, headers=auth(token))
                assert answer.status_code == 201, answer.text
        chat([bo_client, ana_client], ana_client, ANA_REPORTED)
        with server.http() as http:  # a report each way: his words are copied into them
            reports = (
                (bo, {"player": ana_id, "reason": "abuse", "room": code}),
                (ana, {"player": bo_id, "reason": "other", "details": ANA_WORDS}),
            )
            for token, body in reports:
                answer = http.post("/api/reports", json=body, headers=auth(token))
                assert answer.status_code == 201, answer.text
        bo_client.send({"type": "start"})
        bo_client.wait("state")

        assert delete(server, ana, None).json()["error"]["code"] == "password_required"
        wrong = delete(server, ana, "not her password at all")
        assert (wrong.status_code, wrong.json()["error"]["code"]) == (401, "wrong_password")
        assert download(server, ana)["account"]["username"] == USERNAME  # nothing changed
        assert delete(server, ana).status_code == 204

        assert ana_client.wait("error", lambda m: m["code"] == "signed_out")
        seat = lambda m: m["room"]["seats"][1]  # noqa: E731
        bo_client.wait("room", lambda m: seat(m)["player"]["nickname"] == DELETED_NICKNAME)
        bo_client.wait("room", lambda m: seat(m)["away"] is True)  # the away rules
        with server.http() as http:
            assert http.get("/api/me", headers=auth(ana)).status_code == 401
            again = http.post("/api/sign-ins", json={"username": USERNAME, "password": PASSWORD})
            assert again.status_code == 401
            assert http.get(f"/api/players/{ana_id}/profile").status_code == 404
            board = http.get("/api/leaderboard/gin").json()
            assert [row["player"]["id"] for row in board["top"]] == [bo_id]
            record = http.get(f"/api/matches/{match_id}").json()
            assert record["seats"][0] == {
                "player": ana_id,
                "nickname": DELETED_NICKNAME,
                "deleted": True,
            }
            total = len(record["log"])
            for turn in range(total + 1):  # the replay still plays, every frame
                frame = http.get(f"/api/matches/{match_id}/replay", params={"turn": turn})
                assert frame.status_code == 200 and frame.json()["turn"] == turn
            renamed = http.patch("/api/me", json={"nickname": "Deleted Player"}, headers=auth(bo))
            assert renamed.json()["error"]["code"] == "reserved_nickname"
        bo_client.close()
        ana_client.close()
    finally:
        server.stop()
    url = server.database_url
    for table, rows in every_row(url).items():
        for trace in (NAME, ANA_LINE, ANA_REPORTED, ANA_WORDS):
            assert trace not in rows, (table, trace)
        assert USERNAME.casefold() not in rows.casefold(), table
    assert BO_LINE in every_row(url)["chat_lines"]  # the others' data stays
    for sql in (
        f"SELECT count(*) FROM sign_ins WHERE player_id = '{ana_id}'",
        f"SELECT count(*) FROM ratings WHERE player_id = '{ana_id}'",
        f"SELECT count(*) FROM rating_changes WHERE player_id = '{ana_id}'",
        f"SELECT count(*) FROM invitations WHERE from_player_id = '{ana_id}'"
        f" OR to_player_id = '{ana_id}'",
    ):
        assert count(url, sql) == 0, sql
    assert count(url, f"SELECT count(*) FROM ratings WHERE player_id = '{bo_id}'") == 1
    assert count(url, "SELECT count(*) FROM reports") == 2  # the moderation records stay


@pytest.mark.parametrize("moment", ["before", "after"])
def test_a_deletion_killed_at_its_commit_is_all_or_nothing(tmp_path: Path, moment: str) -> None:
    db = tmp_path / "erase.db"
    armed = Server(db, "--fault-point", f"erase_player:{moment}").start()
    try:
        _, ana = claimed(armed)
        _, bo = armed.register("Bo")
        code = armed.create_room(ana, game="gin")["code"]
        clients = [armed.client(ana), armed.client(bo)]
        for client in clients:
            client.join(code)
        chat(clients, clients[0], ANA_LINE)
        for client in clients:
            client.close()
        before = download(armed, ana)
        with pytest.raises(httpx.TransportError):
            delete(armed, ana)
        assert armed.process is not None and armed.process.wait(10) != 0
    finally:
        armed.stop()
    again = Server(db, database_url=armed.database_url).start()
    try:
        if moment == "before":  # everything as it was
            after = download(again, ana)
            assert {**after, "exported_at": None} == {**before, "exported_at": None}
        else:
            with again.http() as http:
                assert http.get("/api/me", headers=auth(ana)).status_code == 401
    finally:
        again.stop()
    if moment == "after":
        rows = "".join(every_row(armed.database_url).values())
        assert NAME not in rows and ANA_LINE not in rows


DAY_AGO = "2"
"""Days back the test moves what is to be past its time (the retention: one day)."""
RETAIN = ("--chat-retention-days", "1", "--guest-game-retention-days", "1")
KEPT_LINES = {"cy-new", "cy-with-ana"}


def aged_site(db: Path) -> tuple[str, dict[str, str]]:
    """A site whose rooms have closed: two games among guests, one of them and most chat
    lines moved two days back, and an old game with a player who has an account; its
    database and the three matches' ids."""
    server = Server(db).start()
    try:
        guests = [server.register(name)[1] for name in ("Cy", "Di")]
        games = {"old_guests": finished_game(server, guests, ["cy-old", "di-old"])}
        games["new_guests"] = finished_game(server, guests, ["cy-new", "di-new"])
        _, ana = claimed(server)
        games["with_account"] = finished_game(server, [ana, guests[0]], ["ana-old", "cy-with-ana"])
    finally:
        server.stop()
    url = server.database_url
    past = (
        f"now() - interval '{DAY_AGO} days'"
        if databases.backend() == "postgresql"
        else f"datetime('now', '-{DAY_AGO} days')"
    )
    kept = ", ".join(f"'{line}'" for line in KEPT_LINES)
    databases.execute(
        url,
        [
            "UPDATE rooms SET status = 'closed'",
            f"UPDATE chat_lines SET at = {past} WHERE text NOT IN ({kept})",
            f"UPDATE rooms SET updated_at = {past}",
            f"UPDATE matches SET finished_at = {past} WHERE id != '{games['new_guests']}'",
        ],
    )
    return url, games


def site(url: str) -> tuple[set[str], set[str], int, int]:
    """The chat lines, the matches, and how many rooms and logged actions."""
    lines = {text for (text,) in databases.query(url, "SELECT text FROM chat_lines")}
    matches = {match for (match,) in databases.query(url, "SELECT id FROM matches")}
    rooms = count(url, "SELECT count(*) FROM rooms")
    return lines, matches, rooms, count(url, "SELECT count(*) FROM actions")


def retained(db: Path, url: str) -> None:
    """Serve until a retention round has run (its last step took the empty room)."""
    server = Server(db, *RETAIN, "--retention-every", "0.2", database_url=url).start()
    try:
        deadline = time.monotonic() + 60
        while count(url, "SELECT count(*) FROM rooms") == 3:
            assert time.monotonic() < deadline, "no retention round ran"
            time.sleep(0.05)
    finally:
        server.stop()


def check_retained(url: str, games: dict[str, str]) -> None:
    lines, matches, rooms, _ = site(url)
    assert lines == KEPT_LINES
    assert matches == {games["new_guests"], games["with_account"]}
    old = games["old_guests"]
    for table in ("actions", "results", "rating_changes"):
        assert count(url, f"SELECT count(*) FROM {table} WHERE match_id = '{old}'") == 0
    assert count(url, "SELECT count(*) FROM actions") > 0
    assert rooms == 2  # the old guests' room went with its game


def test_retention_removes_what_is_due_and_nothing_else(tmp_path: Path) -> None:
    db = tmp_path / "retention.db"
    url, games = aged_site(db)
    retained(db, url)
    check_retained(url, games)


def test_a_retention_round_killed_at_any_commit_loses_nothing_more(tmp_path: Path) -> None:
    db = tmp_path / "killed.db"
    url, games = aged_site(db)
    before = site(url)
    for point in (
        "expire_chat:before",
        "expire_chat:after",
        "expire_guest_games:before",
        "expire_guest_games:after",
    ):
        armed = Server(db, *RETAIN, "--fault-point", point, database_url=url)
        with contextlib.suppress(RuntimeError):  # killed before it could answer
            armed.start()
        assert armed.process is not None and armed.process.wait(60) == -signal.SIGKILL
        lines, matches, rooms, actions = site(url)
        if point == "expire_chat:before":
            assert site(url) == before  # nothing of the round stayed
        elif point.startswith("expire_chat"):
            assert lines == KEPT_LINES and (matches, rooms, actions) == before[1:]
        elif point == "expire_guest_games:after":  # a whole match went, log and all
            assert matches == before[1] - {games["old_guests"]} and actions < before[3]
        else:
            assert (matches, rooms, actions) == before[1:]
    retained(db, url)  # the next round finishes the work
    check_retained(url, games)


@pytest.mark.skipif(
    PROGRAM is None or databases.postgres_binaries() is None,
    reason="needs Debian's redis-server and postgresql (.ci/run installs them)",
)
@pytest.mark.skipif(
    databases.backend() == "postgresql",
    reason="always on PostgreSQL: the first run of the server suite has it",
)
def test_a_deletion_reaches_every_process_of_a_cluster(tmp_path: Path) -> None:
    """Ana deletes her account on one process while she plays on another and Bo hosts
    on a third: her connection there is closed, every process names her seat a deleted
    player's, and the rename is told once (it used to echo between processes)."""
    redis = RedisServer().start()
    listener = redis_client.Redis.from_url(redis.url).pubsub()
    listener.subscribe(EVERYONE)
    site = start_site(tmp_path, redis)
    try:
        a, b, c = site
        _, ana = claimed(a)
        bo = b.register("Bo")[1]
        code = b.create_room(bo, game="gin")["code"]
        bo_client, ana_client = b.client(bo), c.client(ana)
        bo_client.join(code)
        ana_client.join(code)
        bo_client.send({"type": "start"})
        bo_client.wait("state")
        assert delete(a, ana).status_code == 204
        ana_client.wait("error", lambda m: m["code"] == "signed_out")
        bo_client.wait(
            "room", lambda m: m["room"]["seats"][1]["player"]["nickname"] == DELETED_NICKNAME
        )
        with c.http() as http:
            described = http.get(f"/api/rooms/{code}").json()
        assert described["seats"][1]["player"]["nickname"] == DELETED_NICKNAME
        renames = 0
        while (envelope := listener.get_message(timeout=1.0)) is not None:
            if envelope["type"] == "message" and json.loads(envelope["data"])["t"] == "renamed":
                renames += 1
            assert renames <= 1, "the rename echoes between the processes"
        assert renames == 1
        bo_client.close()
        ana_client.close()
    finally:
        for server in site:
            server.stop()
        listener.close()
        redis.close()
