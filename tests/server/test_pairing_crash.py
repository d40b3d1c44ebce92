"""Quick pairing killed at the commit that opens a pass's tables (``open_tables``,
docs/pairing.md "What a crash leaves"): before it, no table is open, not even in part;
after it, every table of the pass is whole (its room, creation key and first match).
In one process, the restarted server has the table or nothing; across processes,
another process opens the tables the dead one seated, each once, whichever side of
the commit it died on."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
import redis as redis_client

from rummyhall.server.pairing.shared import CLAIM, PREFIX
from tests.server import databases
from tests.server.harness import Server
from tests.server.redises import RedisServer
from tests.server.test_cluster import pytestmark as cluster_marks
from tests.server.test_idempotency import my_rooms
from tests.server.test_pairing_cluster import seekers

MOMENTS = ["before", "after"]


def tables_in(url: str) -> list[tuple[object, ...]]:
    """Per room: its status, its matches' statuses and its creation key."""
    return databases.query(
        url,
        "SELECT rooms.status, string_agg(matches.status, ','), room_creations.key"
        " FROM rooms LEFT JOIN matches ON matches.room_id = rooms.id"
        " LEFT JOIN room_creations ON room_creations.room_id = rooms.id"
        " GROUP BY rooms.id, rooms.status, room_creations.key ORDER BY room_creations.key"
        if url.startswith("postgresql")
        else "SELECT rooms.status, group_concat(matches.status), room_creations.key"
        " FROM rooms LEFT JOIN matches ON matches.room_id = rooms.id"
        " LEFT JOIN room_creations ON room_creations.room_id = rooms.id"
        " GROUP BY rooms.id ORDER BY room_creations.key",
    )


@pytest.mark.parametrize("moment", MOMENTS)
def test_a_process_killed_at_its_tables_commit_has_its_table_whole_or_none(
    tmp_path: Path, moment: str
) -> None:
    db = tmp_path / "pairing.db"
    armed = Server(db, "--fault-point", f"open_tables:{moment}").start()
    try:
        (_, ana_token), (_, bo_token) = armed.register("Ana"), armed.register("Bo")
        ana, bo = armed.client(ana_token), armed.client(bo_token)
        ana.request({"type": "seek", "game": "gin"}, "seeking")
        bo.send({"type": "seek", "game": "gin"})
        assert armed.process is not None and armed.process.wait(10) != 0
    finally:
        armed.stop()
    url = armed.database_url
    tables = tables_in(url)
    if moment == "before":
        assert tables == []
    else:
        ((status, matches, key),) = tables
        assert (status, matches) == ("playing", "playing") and key
    again = Server(db, database_url=url).start()
    try:
        rooms = [my_rooms(again, token) for token in (ana_token, bo_token)]
        assert rooms == ([[], []] if moment == "before" else [rooms[0], rooms[0]])
        if moment == "after":
            assert len(rooms[0]) == 1
            joined = again.client(ana_token).join(rooms[0][0])
            assert joined["room"]["status"] == "playing"
    finally:
        again.stop()


@cluster_marks[0]
@cluster_marks[1]
@pytest.mark.parametrize("moment", MOMENTS)
def test_tables_of_a_process_killed_at_their_commit_are_opened_by_another_once(
    tmp_path: Path, moment: str
) -> None:
    """Two tables a dead process left (claimed by hand, as it would have) are opened
    in one pass by the armed process, which dies at that commit; a process started
    next opens them, once."""
    redis = RedisServer().start()
    try:
        url = databases.cluster().new_database(tmp_path.name)
        flags = ("--redis", redis.url, "--lease-ttl", "1.5")
        fault = ("--fault-point", f"open_tables:{moment}")
        armed = Server(tmp_path / "armed.db", *flags, *fault, database_url=url).start()
        clients, _ = seekers([armed], [25.0] * 4)
        pools = [(clock, mode) for mode in ("standard", "oklahoma") for clock in ("off", "30+60")]
        for client, (clock, mode) in zip(clients, pools, strict=True):  # apart
            seek = {"type": "seek", "game": "gin", "clock": clock, "options": {"mode": mode}}
            client.request(seek, "seeking")
        store = redis_client.Redis.from_url(redis.url, decode_responses=True)
        ids = [json.loads(raw)["seek"]["id"] for raw in store.hvals(f"{PREFIX}seeks")]
        claim = store.register_script(CLAIM)
        for table, pair in (("table-1", ids[:2]), ("table-2", ids[2:])):
            assert claim(args=[PREFIX, table, "deadnode", *pair])  # seated by a dead process
        assert armed.process is not None and armed.process.wait(20) != 0
        opened = tables_in(url)
        if moment == "before":
            assert opened == []
        else:
            assert opened == [("playing", "playing", "table-1"), ("playing", "playing", "table-2")]
        other = Server(tmp_path / "other.db", *flags, database_url=url).start()
        try:
            deadline = time.monotonic() + 20
            while store.hlen(f"{PREFIX}tables"):
                assert time.monotonic() < deadline, "the dead process's tables stayed"
                time.sleep(0.05)
            assert tables_in(url) == [
                ("playing", "playing", "table-1"),
                ("playing", "playing", "table-2"),
            ]
            assert store.hlen(f"{PREFIX}seeks") == 0
        finally:
            other.stop()
    finally:
        redis.close()
