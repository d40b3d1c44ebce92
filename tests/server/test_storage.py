"""The packaged migrations build exactly the schema of the models, and go back down;
the repository keeps a match's log in order and sums up statistics. On the tests'
database: SQLite, or PostgreSQL (``tests/server/databases.py``)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Engine, MetaData, event, insert, inspect

from rummyhall.server.rooms.table import result_rows
from rummyhall.server.storage.database import make_engine
from rummyhall.server.storage.log_insert import LogInsert
from rummyhall.server.storage.migrate import alembic_config, upgrade
from rummyhall.server.storage.models import ActionRecord, Base, now
from rummyhall.server.storage.records import StoredMatch, StoredRoom
from rummyhall.server.storage.repository import Repository
from rummyhall.server.storage.skeletons import skeleton
from rummyhall.server.storage.standings import summarize
from rummyhall.server.storage.store import Store
from tests.server import databases


def test_migrations_match_the_models_and_downgrade(tmp_path: Path) -> None:
    url = databases.url_for(tmp_path / "schema.db")
    engine = make_engine(url)
    upgrade(engine)
    with engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
    command.downgrade(alembic_config(url), "base")
    with engine.connect() as connection:
        assert inspect(connection).get_table_names() == ["alembic_version"]
    upgrade(engine)  # and up again
    engine.dispose()


def _playing_room(path: Path) -> tuple[Engine, Repository, StoredRoom]:
    """A new database with one guest, whose Gin room plays match ``m1`` (seed 42)."""
    engine = make_engine(databases.url_for(path))
    upgrade(engine)
    repository = Repository(engine)
    repository.players.create_player("p1", "Ana", "h1")
    room = StoredRoom(
        "r1",
        "ABCDEF",
        "gin",
        {"mode": "standard"},
        True,
        True,
        True,
        "p1",
        [{"player": "p1"}, {"bot": "easy"}],
        "playing",
        None,
    )
    repository.matches.start_match(
        room, StoredMatch("m1", 1, 42, {"mode": "standard"}, room.seats, "playing")
    )
    return engine, repository, room


def test_a_room_its_match_and_log_come_back_in_order(tmp_path: Path) -> None:
    engine, repository, room = _playing_room(tmp_path / "repo.db")
    actions = [
        {"type": "pass"},
        {"type": "draw", "source": "stock"},
        {"type": "discard", "card": "7H"},
    ]
    repository.matches.append_actions(
        [
            {"match_id": "m1", "seq": seq, "seat": seq % 2, "actor": "player", "action": action}
            for seq, action in enumerate(actions[:2])
        ]
    )
    repository.matches.append_actions(
        [{"match_id": "m1", "seq": 2, "seat": 0, "actor": "away", "action": actions[2]}]
    )
    (back,) = repository.rooms.open_rooms()
    assert back.code == "ABCDEF" and back.seats == room.seats
    assert back.match is not None and back.match.seed == 42 and back.match.log == actions
    assert repository.matches.finished_match("m1") is None  # not over: no replay yet
    engine.dispose()


def test_the_precompiled_log_insert_stores_what_the_core_insert_stores(tmp_path: Path) -> None:
    engine, _, _ = _playing_room(tmp_path / "log.db")
    row = {"match_id": "m1", "seat": 1, "actor": "bot", "action": {"type": "discard", "card": "Ä"}}
    created = now()
    with engine.begin() as connection:
        connection.execute(insert(ActionRecord), [{"seq": 0, "created_at": created, **row}])
        LogInsert(engine)(connection, [{"seq": 1, **row}], created)
        stored = connection.exec_driver_sql(
            "select seat, actor, action, created_at from actions order by seq"
        ).all()
    assert stored[0] == stored[1]
    engine.dispose()


def test_statistics_per_game_and_level() -> None:
    stats = summarize(
        [
            ("gin", "humans", True),
            ("gin", "hard", False),
            ("gin", "hard", True),
            ("indian", "easy", False),
        ]
    )
    assert (stats["played"], stats["won"]) == (4, 2)
    assert stats["games"]["gin"]["by_level"]["hard"] == {"played": 2, "won": 1}
    assert stats["games"]["indian"] == {
        "played": 1,
        "won": 0,
        "by_level": {"easy": {"played": 1, "won": 0}},
    }


def test_result_rows_name_the_strongest_bot_each_seat_played() -> None:
    """One row per seat of a finished match, from the seats as the match saved them."""
    seats = [{"player": "p1"}, {"bot": "easy"}, {"bot": "hard"}]
    rows = result_rows(seats, "indian", [0, 20, 45], [0], ("easy", "medium", "hard"))
    assert [(row["player_id"], row["bot"], row["against"]) for row in rows] == [
        ("p1", None, "hard"),
        (None, "easy", "hard"),
        (None, "hard", "easy"),
    ]
    assert [(row["seat"], row["score"], row["won"]) for row in rows] == [
        (0, 0, True),
        (1, 20, False),
        (2, 45, False),
    ]
    alone = result_rows([{"player": "p1"}, {"player": "p2"}], "gin", [3, 0], [1], ())
    assert [row["against"] for row in alone] == ["humans", "humans"]


def test_usernames_older_than_the_look_alike_rule_keep_their_names(tmp_path: Path) -> None:
    """Migration 0011: the older of two accounts whose names look alike keeps the
    skeleton, the newer keeps its name without one, and a new name that looks like
    either is refused."""
    url = databases.url_for(tmp_path / "skeletons.db")
    engine = make_engine(url)
    with engine.begin() as connection:
        config = alembic_config(url)
        config.attributes["connection"] = connection
        command.upgrade(config, "0010")
    tables = MetaData()
    tables.reflect(engine, only=["players", "accounts"])
    players, accounts = tables.tables["players"], tables.tables["accounts"]
    made = [("p1", "Ana_K", "ana_k"), ("p2", "\u0410na_K", "\u0430na_k"), ("p3", "Bo_B", "bo_b")]
    with engine.begin() as connection:
        for minute, (player, username, key) in enumerate(made):
            at = datetime(2026, 12, 1, 10, minute, tzinfo=UTC)
            connection.execute(
                insert(players).values(
                    id=player, nickname=username, token_hash=player, created_at=at
                )
            )
            connection.execute(
                insert(accounts).values(
                    player_id=player,
                    username=username,
                    username_key=key,
                    password_hash="x",
                    created_at=at,
                )
            )
    upgrade(engine)
    repository = Repository(engine)
    kept = {player: repository.players.account_of(player) for player, _, _ in made}
    assert {player: account and account.username_skeleton for player, account in kept.items()} == {
        "p1": skeleton("Ana_K"),
        "p2": None,
        "p3": skeleton("Bo_B"),
    }
    repository.players.create_player("p4", "New", "h4")
    for username in ("ANA_K", "\u0430na_k", "Ana_\u039a", "B0_B", "Cy_C"):
        refused = repository.players.create_account("p4", username, username.casefold(), "x")
        assert refused == ("username_taken" if username != "Cy_C" else None), username
    engine.dispose()


def test_rooms_and_matches_older_than_the_choice_stay_rated(tmp_path: Path) -> None:
    """Migration 0012: a room and its match saved before rated or casual existed come
    back rated, and the match, finished, moves its players' ratings as it would have;
    a casual room's match moves none."""
    url = databases.url_for(tmp_path / "rated.db")
    engine = make_engine(url)
    with engine.begin() as connection:
        config = alembic_config(url)
        config.attributes["connection"] = connection
        command.upgrade(config, "0011")
    tables = MetaData()
    tables.reflect(engine, only=["players", "rooms", "matches"])
    seats = [{"player": "p1"}, {"player": "p2"}]
    at = now()
    common = {"game": "gin", "options": {"mode": "standard"}, "seats": seats}
    with engine.begin() as connection:
        for player in ("p1", "p2"):
            connection.execute(
                insert(tables.tables["players"]).values(
                    id=player, nickname=player, token_hash=player, created_at=at
                )
            )
        connection.execute(
            insert(tables.tables["rooms"]).values(
                id="r1",
                code="OLDROOM",
                public=True,
                spectators=True,
                hints=True,
                spectator_chat=False,
                clock="off",
                host_id="p1",
                status="playing",
                created_at=at,
                updated_at=at,
                **common,
            )
        )
        connection.execute(
            insert(tables.tables["matches"]).values(
                id="m1", room_id="r1", number=1, seed=1, status="playing", started_at=at, **common
            )
        )
    upgrade(engine)
    repository = Repository(engine)
    old = repository.rooms.open_room("OLDROOM")
    assert old is not None and old.rated
    rows = [
        {
            "seat": seat,
            "player_id": f"p{seat + 1}",
            "bot": None,
            "against": "humans",
            "game": "gin",
            "score": 100 * (1 - seat),
            "won": seat == 0,
        }
        for seat in range(2)
    ]
    old.status = "finished"
    repository.matches.finish_match(old, "m1", {"scores": [100, 0], "winners": [0]}, rows)
    casual = StoredRoom(
        "r2",
        "CASUAL",
        "gin",
        {"mode": "standard"},
        True,
        True,
        True,
        "p1",
        seats,
        "playing",
        rated=False,
    )
    repository.matches.start_match(
        casual, StoredMatch("m2", 1, 2, {"mode": "standard"}, seats, "playing")
    )
    repository.matches.finish_match(casual, "m2", {"scores": [100, 0], "winners": [0]}, rows)
    changes = databases.query(
        url, "SELECT match_id, count(*) FROM rating_changes GROUP BY match_id"
    )
    assert changes == [("m1", 2)]
    engine.dispose()


def test_a_dropped_postgresql_connection_is_replaced_without_an_error() -> None:
    """Every PostgreSQL backend of a store's connections killed, as a restart or an
    idle timeout would: its next read finds its connection dropped and is made again
    on a new one (the readers' connections are not checked before use), and its next
    commit checks its connection first; neither fails. On PostgreSQL whatever the
    tests' database: what it checks is PostgreSQL's."""
    url = databases.cluster().new_database("dropped_connections")
    engine = make_engine(url)
    upgrade(engine)
    repository = Repository(engine)
    store = Store(repository)
    dropped: list[object] = []
    event.listen(repository.db.read_engine, "invalidate", lambda *_: dropped.append(_))

    async def kill_every_backend() -> None:
        ours = "datname = current_database() and pid <> pg_backend_pid()"
        kill = f"select pg_terminate_backend(pid) from pg_stat_activity where {ours}"
        databases.execute(url, [kill])
        while databases.query(url, f"select pid from pg_stat_activity where {ours}"):
            await asyncio.sleep(0.01)  # the backends end at once: wait until they have

    async def run() -> None:
        await store.create_player("p1", "Ana", "h1")
        assert (await store.player_by_token_hash("h1")).nickname == "Ana"  # type: ignore[union-attr]
        await kill_every_backend()
        assert (await store.player_by_token_hash("h1")).nickname == "Ana"  # type: ignore[union-attr]
        assert dropped  # the read met its dropped connection, and was made again
        await kill_every_backend()
        await store.rename_player("p1", "Bo")
        assert (await store.player_by_token_hash("h1")).nickname == "Bo"  # type: ignore[union-attr]

    try:
        asyncio.run(run())
    finally:
        store.close()
