"""The reads anyone may make: finished matches served from a cache with the full
replay's answers, the lobby a page at a time, the per-address read and room-guess
limits, and rooms opened before the 10-letter codes still found by their 6 letters."""

from __future__ import annotations

import asyncio
import json
import pickle
from pathlib import Path
from typing import Any

import httpx
import pytest
from alembic import command
from alembic.script import ScriptDirectory

from rummyhall.bots import make_bot
from rummyhall.registry import new_match
from rummyhall.server.people.players import token_hash
from rummyhall.server.people.replays import CHECKPOINT_EVERY, Replays
from rummyhall.server.rooms.catalogue import parse_options, start_match
from rummyhall.server.storage import migrate
from rummyhall.server.storage.database import make_engine
from rummyhall.server.storage.migrate import alembic_config, upgrade
from rummyhall.server.storage.records import StoredMatch, StoredRoom
from rummyhall.server.storage.repository import Repository
from rummyhall.server.storage.store import Store
from rummyhall.server.wire.protocol import ProtocolError
from tests.server import databases
from tests.server.harness import BOT, Server, play_until


def full_replay(record: dict[str, Any], turn: int, seat: int | None) -> dict[str, Any]:
    """The replay route's answer as it was computed before the cache: the whole log."""
    game = record["game"]
    state = start_match(game, parse_options(game, record["options"]), record["seed"])
    state.replay(record["log"][:turn])
    view: dict[str, Any] = json.loads(json.dumps(state.view(seat)))
    return {"turn": state.turn, "total": len(record["log"]), "view": view}


def test_replay_frames_and_the_record_are_those_of_the_full_replay(server: Server) -> None:
    _, token = server.register("Ria")
    code = server.create_room(token, game="gin", bots=[None, BOT])["code"]
    ria = server.client(token)
    ria.join(code)
    ria.send({"type": "start"})
    end = play_until({0: ria}, lambda s: s["over"], ria.wait("state")["turn"])
    match_id = ria.find("room", lambda m: m["room"]["status"] == "finished")["room"]["match"]["id"]
    http = server.http()
    record = http.get(f"/api/matches/{match_id}").json()
    assert len(record["log"]) == end["turn"] > CHECKPOINT_EVERY
    assert record["result"]["scores"] == end["scores"] and record["id"] == match_id
    assert http.get(f"/api/matches/{match_id}").json() == record  # cached: the same answer
    for turn in [*range(end["turn"] + 1), end["turn"] + 5]:
        for seat in (None, 0, 1):
            params: dict[str, int] = (
                {"turn": turn} if seat is None else {"turn": turn, "seat": seat}
            )
            frame = http.get(f"/api/matches/{match_id}/replay", params=params)
            assert frame.status_code == 200
            assert frame.json() == full_replay(record, turn, seat), (turn, seat)
    refused = http.get(f"/api/matches/{match_id}/replay", params={"turn": 3, "seat": 2})
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "no_such_seat"
    unknown = http.get("/api/matches/nosuchmatch/replay", params={"turn": 0})
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "game_not_found"


@pytest.mark.parametrize("game", ["gin", "indian", "rummikub"])
def test_a_pickled_checkpoint_plays_on_like_the_state_it_was_taken_from(game: str) -> None:
    """The cache keeps pickled states: each must view and replay like the original."""
    state = new_match(game, seed=3)
    bots = [make_bot(game, "easy", seed=seat) for seat in range(state.num_players)]
    checkpoints = []
    while not state.is_over:
        checkpoints.append(pickle.dumps(state))
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].act(state.view(seat), state.legal_actions()))
    log = state.log
    for turn in range(0, len(log), 5):
        copy = pickle.loads(checkpoints[turn])
        copy.replay(log[turn:])
        for seat in (None, *range(state.num_players)):
            assert json.dumps(copy.view(seat)) == json.dumps(state.view(seat)), (turn, seat)


def finished_match(repository: Repository, match_id: str, seed: int) -> list[dict[str, Any]]:
    """Store a Gin match two bots played to its end (the log); returns the log."""
    state = new_match("gin", seed=seed)
    bots = [make_bot("gin", "easy", seed=seat) for seat in range(2)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].act(state.view(seat), state.legal_actions()))
    seats: list[Any] = [{"player": "p1"}, {"bot": "easy"}]
    room = StoredRoom(
        f"r{match_id}", f"C{match_id}", "gin", {}, True, True, True, "p1", seats, "playing", None
    )
    options = {"mode": "standard"}
    repository.matches.start_match(room, StoredMatch(match_id, 1, seed, options, seats, "playing"))
    rows = [
        {"match_id": match_id, "seq": seq, "seat": 0, "actor": "bot", "action": action}
        for seq, action in enumerate(state.log)
    ]
    repository.matches.append_actions(rows)
    room.status = "finished"
    repository.matches.finish_match(room, match_id, {"scores": state.scores, "winners": []}, [])
    return list(state.log)


def test_the_cache_replays_a_finished_match_once_and_stays_within_its_bytes(
    tmp_path: Path,
) -> None:
    engine = make_engine(databases.url_for(tmp_path / "cache.db"))
    upgrade(engine)
    repository = Repository(engine)
    repository.players.create_player("p1", "Ana", "h1")
    logs = {
        match_id: finished_match(repository, match_id, seed)
        for seed, match_id in enumerate(("m1", "m2", "m3"))
    }
    store = Store(repository)

    async def scenario() -> None:
        replays = Replays(store, capacity=10**9)
        together = await asyncio.gather(*(replays.get("m1") for _ in range(5)))
        assert replays.loads == 1 and all(entry is together[0] for entry in together)
        assert await replays.get("m1") is together[0] and replays.loads == 1
        entry = together[0]
        assert len(entry.checkpoints) == len(logs["m1"]) // CHECKPOINT_EVERY + 1
        record = json.loads(entry.record)
        assert record["log"] == logs["m1"] and record["seed"] == 0
        body = await replays.frame("m1", len(logs["m1"]), 0)
        assert json.loads(body) == full_replay(record, len(logs["m1"]), 0)
        assert await replays.frame("m1", len(logs["m1"]) + 9, 0) is body  # a kept frame
        assert replays.frames.held == len(body)
        with pytest.raises(ProtocolError):
            await replays.get("nothing")
        assert "nothing" not in replays and replays.loads == 1

        small = Replays(store, capacity=int(entry.size * 1.5))  # room for one match
        first = await small.get("m1")
        await small.get("m2")
        assert "m1" not in small and "m2" in small and small.held <= small.capacity
        assert await small.get("m1") is not first and small.loads == 3
        none = Replays(store, capacity=10)  # a match larger than the cache is not kept
        await none.get("m3")
        assert "m3" not in none and none.held == 0

    try:
        asyncio.run(scenario())
    finally:
        store.close()


def test_lobby_pages_cover_every_public_room_once(tmp_path: Path) -> None:
    server = Server(tmp_path / "pages.db").start()
    try:
        http = server.http()
        codes: dict[str, str] = {}
        for index in range(9):  # max_rooms_per_player: a few hosts
            _, token = server.register(f"Host{index}")
            for game, options in (("gin", {}), ("indian", {"players": 3}), ("rummikub", {})):
                room = server.create_room(token, game=game, options=options)
                codes[room["code"]] = game
            server.create_room(token, game="gin", public=False)
        _, token = server.register("Vic")  # one room started: it is listed after the others
        started = server.create_room(token, game="gin", bots=[None, BOT])["code"]
        vic = server.client(token)
        vic.join(started)
        vic.send({"type": "start"})
        vic.wait("state")
        codes[started] = "gin"

        seen: list[dict[str, Any]] = []
        cursor = None
        for _ in range(20):
            params = {"limit": 7} | ({} if cursor is None else {"cursor": cursor})
            page = http.get("/api/rooms", params=params).json()
            assert page["total"] == len(codes) and len(page["rooms"]) <= 7
            seen += page["rooms"]
            cursor = page["next"]
            if cursor is None:
                break
        assert sorted(room["code"] for room in seen) == sorted(codes)
        assert [room["status"] for room in seen][-1] == "playing"  # waiting ones first
        assert all(room["public"] for room in seen)

        indian = http.get("/api/rooms", params={"game": "indian", "limit": 50}).json()
        assert {r["code"] for r in indian["rooms"]} == {
            c for c, g in codes.items() if g == "indian"
        }
        playing = http.get("/api/rooms", params={"status": "playing"}).json()
        assert [r["code"] for r in playing["rooms"]] == [started] and playing["next"] is None
        default = http.get("/api/rooms").json()
        assert len(default["rooms"]) == 28 and default["next"] is None  # lobby_page: 30
        most = http.get("/api/rooms", params={"limit": 10_000}).json()
        assert len(most["rooms"]) == 28  # at most lobby_page_max (50)
        for bad in ({"cursor": "not a cursor"}, {"limit": 0}, {"status": "closed"}):
            answer = http.get("/api/rooms", params=bad)
            assert answer.status_code == 422, bad
            error = answer.json()["error"]
            assert error["code"] == "malformed" and next(iter(bad)) in error["message"]
    finally:
        server.stop()


def test_reads_and_room_guesses_are_limited_per_address(tmp_path: Path) -> None:
    server = Server(tmp_path / "limits.db", reads=0.1).start()
    try:
        http = server.http()
        assert http.get("/api/rooms").status_code == 200
        refused = http.get("/api/rooms")
        assert refused.status_code == 429
        assert refused.json()["error"] == {
            "code": "rate_limited",
            "message": "Too many messages; slow down.",
        }
        zh = http.get("/api/stats/bots", headers={"Accept-Language": "zh-CN"})
        assert zh.status_code == 429 and zh.json()["error"]["message"] == "消息过于频繁，请稍候。"
        for route in (
            "/api/info",
            "/api/matches/x",
            "/api/matches/x/replay?turn=1",
            "/api/rules/gin",
            "/api/players/x/stats",
            "/api/protocol",
        ):
            assert http.get(route).status_code == 429, route
        assert http.get("/api/health").status_code == 200  # monitors are never refused
    finally:
        server.stop()

    server = Server(tmp_path / "guesses.db", guesses=3).start()
    try:
        http = server.http()
        _, token = server.register("Wes")
        code = server.create_room(token, game="gin", public=False)["code"]
        assert len(code) == 10
        for _ in range(5):  # finding a room spends nothing
            assert http.get(f"/api/rooms/{code}").status_code == 200
        for guess in ("AAAAAAAAAA", "BBBBBB"):
            answer = http.get(f"/api/rooms/{guess}")
            assert answer.status_code == 404 and answer.json()["error"]["code"] == "room_not_found"
        wes = server.client(token)
        assert wes.error_for({"type": "join", "room": "CCCCCCCCCC"})["code"] == "room_not_found"
        # Three misses: no guess is left, and even the right code is refused for a while.
        assert wes.error_for({"type": "join", "room": code})["code"] == "rate_limited"
        answer = http.get(f"/api/rooms/{code}")
        assert answer.status_code == 429 and answer.json()["error"]["code"] == "rate_limited"
    finally:
        server.stop()


@databases.sqlite_only  # PostgreSQL's DDL is transactional anyway
def test_a_migration_that_fails_midway_leaves_the_database_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As a crash would: SQLite's table rebuild (0002) is one transaction with the rest."""
    url = f"sqlite:///{tmp_path / 'half.db'}"
    engine = make_engine(url)
    with engine.begin() as connection:
        config = alembic_config(url)
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
    real = command.upgrade

    def crash_after(config: Any, revision: str) -> None:
        real(config, revision)
        raise RuntimeError("the power went")

    monkeypatch.setattr(migrate.command, "upgrade", crash_after)
    with pytest.raises(RuntimeError):
        upgrade(engine)
    with engine.connect() as connection:
        version = connection.exec_driver_sql("select version_num from alembic_version")
        assert version.scalar_one() == "0001"
        tables = connection.exec_driver_sql("select name, sql from sqlite_master")
        schema = {name: sql for name, sql in tables}
    assert "_alembic_tmp_rooms" not in schema and "code VARCHAR(8)" in schema["rooms"]
    monkeypatch.undo()
    upgrade(engine)  # and the next start migrates, to the newest revision
    head = ScriptDirectory.from_config(alembic_config(url)).get_current_head()
    with engine.connect() as connection:
        assert (
            connection.exec_driver_sql("select version_num from alembic_version").scalar_one()
            == head
        )
    engine.dispose()


@databases.sqlite_only  # the first release's databases were SQLite files
def test_a_room_opened_with_a_six_letter_code_is_joined_after_the_migration(
    tmp_path: Path,
) -> None:
    db = tmp_path / "old.db"
    url = f"sqlite:///{db}"
    engine = make_engine(url)
    with engine.begin() as connection:  # the schema as the first release made it
        config = alembic_config(url)
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
    token = "an-old-token-of-the-first-release"
    with engine.begin() as connection:
        connection.exec_driver_sql(
            "insert into players values ('p1', 'Old', ?, '2026-11-30 10:00:00')",
            (token_hash(token),),
        )
        connection.exec_driver_sql(
            "insert into rooms values ('r1', 'K7QX2M', 'gin', '{\"mode\": \"standard\"}', 1, 1,"
            " 1, 'p1', '[{\"player\": \"p1\"}, null]', 'waiting', '2026-11-30 10:00:00',"
            " '2026-11-30 10:00:00')"
        )
    engine.dispose()
    server = Server(db).start()
    try:
        assert httpx.get(f"{server.url}/api/rooms/K7QX2M").json()["code"] == "K7QX2M"
        old = server.client(token)
        joined = old.join("K7QX2M")
        assert joined["you"] == 0 and joined["room"]["host"]["nickname"] == "Old"
        _, token = server.register("New")
        guest = server.client(token)
        assert guest.join("K7QX2M")["you"] == 1
        fresh = server.create_room(token, game="gin")["code"]
        assert len(fresh) == 10 and guest.join(fresh)["room"]["code"] == fresh
    finally:
        server.stop()
