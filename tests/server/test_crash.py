"""The server is killed (SIGKILL) at every commit boundary of a room's life, and at
random moments of many games: it always starts again, and every game resumes at its
last acknowledged action, with nothing doubled (see ``pilot.py`` for the checks).

A room's life here: two guests register, one opens an Indian Points room for both and a
bot, the other joins, the host starts, the deal is played out, a rematch is played out.
Every match of the room deals the same cards (``--match-seed``), so a fault-free run
tells how many actions a match has, and the fault points can name the last one.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import WebSocketException

from rummyhall.server.storage.faults import TRANSACTIONS
from tests.server import databases
from tests.server.harness import Server, open_table
from tests.server.pilot import Pilot, audit, open_room

SEED = ["--match-seed", "5", "--away-after", "600"]
ROOM = {
    "game": "indian",
    "options": {"players": 3, "format": "points"},
    "bots": [None, None, "medium"],
}


def life(server: Server, *faults: str, matches: int = 2, deadline: float = 60) -> Pilot:
    """Play a room's life (``matches`` matches) on ``server`` with ``faults`` armed one
    after another (the first from the start, each next one at the next restart); returns
    the pilot, whose ``problems`` must be empty."""
    pilot = Pilot(server, [], next_faults=list(faults))
    pilot.restart()
    pilot.restarts = 0
    for _ in range(3):  # set-up steps the server died in are simply done again
        try:
            pilot.rooms.append(open_room(server, ["Ana", "Bo"], matches, **ROOM))
            break
        except (httpx.TransportError, OSError, WebSocketException, AssertionError):
            assert server.process is not None
            server.process.wait(10)
            pilot.problems += audit(server.database_url, [])
            pilot.restart()
    asyncio.run(pilot.run(deadline))
    return pilot


def actions_of_match_one(url: str) -> int:
    [(count,)] = databases.query(
        url, "SELECT count(*) FROM actions JOIN matches ON matches.id = match_id WHERE number = 1"
    )
    return int(count)


@pytest.fixture(scope="module")
def length(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """How many actions the room's first match takes, from a run without faults."""
    server = Server(tmp_path_factory.mktemp("dry") / "dry.db", *SEED)
    try:
        pilot = life(server)
        assert pilot.problems == [] and pilot.restarts == 0
        yield actions_of_match_one(server.database_url)
    finally:
        server.stop()


def boundaries() -> list[tuple[str, ...]]:
    """Fault plans: every transaction's first commit, before and after it; the set-up
    commits; and chains where recovery itself is killed. ``LAST``/``NEXT`` stand for
    the last action of the first match and the first of the second. A plan plays the
    second match only where it reaches into it."""
    plans: list[tuple[str, ...]] = []
    for moment in ("before", "after"):
        plans += [
            (f"create_player:{moment}",),
            (f"save_room:{moment}",),  # the room is opened
            (f"save_room:{moment}:2",),  # the second guest takes his seat
            (f"start_match:{moment}",),
            (f"start_match:{moment}:2",),  # the rematch
            (f"append_actions:{moment}",),
            (f"append_actions:{moment}:LAST",),
            (f"append_actions:{moment}:NEXT",),
            (f"finish_match:{moment}",),
            (f"finish_match:{moment}:2",),
        ]
    # The last action is logged, the server dies before the match is finished; then
    # it dies again while recovery marks orphans and while it finishes the match.
    plans.append(
        (
            "append_actions:after:LAST",
            "abandon_orphans:after",
            "finish_match:before",
            "finish_match:after",
        )
    )
    plans.append(("finish_match:before", "abandon_orphans:before", "finish_match:before"))
    return plans


def test_the_plans_cover_every_transaction() -> None:
    named = {spec.split(":")[0] for plan in boundaries() for spec in plan}
    elsewhere = {
        "rename_player",  # killed in tests/server/test_identity.py
        *("create_account", "add_sign_in", "sign_out", "sign_out_everywhere"),  # test_accounts
        "add_chat",  # test_chat
        *("invite", "dismiss_invitation"),  # test_friends
        "keep_review",  # test_reviews
        *("erase_player", "expire_chat", "expire_guest_games"),  # test_privacy
        "moderate",  # test_moderation_cluster
        "open_tables",  # test_pairing_crash
    }
    assert named | elsewhere == set(TRANSACTIONS)


@pytest.mark.parametrize("plan", boundaries(), ids=lambda plan: ",".join(plan))
def test_killed_at_a_commit_boundary_resumes_at_the_last_acknowledged_action(
    tmp_path: Path, length: int, plan: tuple[str, ...]
) -> None:
    specs = [spec.replace("LAST", str(length)).replace("NEXT", str(length + 1)) for spec in plan]
    matches = 2 if any(spec.endswith((":2", ":NEXT")) for spec in plan) else 1
    server = Server(tmp_path / "crash.db", *SEED)
    try:
        pilot = life(server, *specs, matches=matches)
    finally:
        server.stop()
    assert pilot.problems == []
    assert pilot.restarts >= 1 or plan[0].startswith(("create_player", "save_room"))
    assert audit(server.database_url, pilot.rooms) == []
    # Every match was played to its end, exactly as long as without a crash.
    counts = databases.query(
        server.database_url,
        "SELECT count(seq) FROM matches LEFT JOIN actions ON matches.id = match_id "
        "WHERE matches.status = 'finished' GROUP BY matches.id",
    )
    assert [count for (count,) in counts] == [length] * matches


def test_recovery_repairs_what_older_versions_left(tmp_path: Path) -> None:
    """A room ``playing`` whose match is ``finished`` (a crash between the two commits
    of earlier versions) and a match ``playing`` in a room still ``waiting``: the
    server starts, finishes the one without a second result and abandons the other."""
    server = Server(tmp_path / "old.db", *SEED)
    try:
        pilot = life(server)
        server.stop()
        assert pilot.problems == []
        room = pilot.rooms[0]
        [(room_id,)] = databases.query(server.database_url, "SELECT id FROM rooms")
        rooms = "game, options, public, spectators, hints, host_id, seats, created_at"
        matches = "number, game, options, seed, seats, started_at"
        databases.execute(
            server.database_url,
            [
                "UPDATE rooms SET status = 'playing'",
                f"INSERT INTO rooms (id, code, status, updated_at, {rooms}) "
                f"SELECT 'r2', 'ORPHAN', 'waiting', updated_at, {rooms} FROM rooms",
                f"INSERT INTO matches (id, room_id, status, {matches}) "
                f"SELECT 'm-orphan', 'r2', 'playing', {matches} FROM matches LIMIT 1",
            ],
        )
        server.start()
        with server.http() as http:
            assert http.get(f"/api/rooms/{room.code}").json()["status"] == "finished"
            orphan = http.get("/api/rooms/ORPHAN").json()
            assert (orphan["status"], orphan["match"]) == ("waiting", None)
        server.stop()
        assert audit(server.database_url, pilot.rooms) == []
        statuses = databases.query(server.database_url, "SELECT status FROM matches ORDER BY id")
        assert sorted(statuses) == [("abandoned",), ("finished",), ("finished",)]
        assert room_id
    finally:
        server.stop()


def test_a_turn_logged_behind_the_room_s_back_is_read_again(tmp_path: Path) -> None:
    """A turn the log holds but the room never played (written by a room's former owner
    after its lease passed on, or a commit whose answer the database connection lost):
    the next action for that turn is refused as ``stale``, the room replays its log, and
    every client is shown the match with that turn in it."""
    server = Server(tmp_path / "rummyhall.db").start()
    try:
        table = open_table(server)
        mover = table.clients[table.mover]
        state = table.first[table.mover]
        written, other = (entry["action"] for entry in state["legal"][:2])
        match = server.http().get(f"/api/rooms/{table.code}").json()["match"]["id"]
        row = (match, state["turn"], table.mover, json.dumps(written))
        databases.execute(
            server.database_url,
            [
                "INSERT INTO actions (match_id, seq, seat, actor, action, created_at) "
                f"VALUES ('{row[0]}', {row[1]}, {row[2]}, 'player', '{row[3]}', "
                "CURRENT_TIMESTAMP)"
            ],
        )
        mover.act(state["turn"], other)
        refused = mover.wait("error")
        assert refused["code"] == "stale"
        for client in table.clients:
            shown = client.state_at(state["turn"] + 1)
            assert shown["turn"] == state["turn"] + 1
        assert [e["type"] for e in shown["events"]] == []  # a replay, not a move played
    finally:
        server.stop()
