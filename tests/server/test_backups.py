"""``rummyhall backup`` while the server plays, and ``rummyhall restore``: the restored
database serves again and every match finished before the backup replays from it
(docs/operations.md, "Backups")."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from rummyhall import load
from rummyhall.cli import main
from rummyhall.cli.records import database_reader
from tests.server.harness import BOT, Server, open_table, pick, play_until


def finished(db: Path) -> list[str]:
    with sqlite3.connect(db) as connection:
        rows = connection.execute("SELECT id FROM matches WHERE status = 'finished'")
        return sorted(match for (match,) in rows)


def test_a_backup_taken_during_play_restores_and_every_finished_match_replays(
    tmp_path: Path,
) -> None:
    live = tmp_path / "live.db"
    server = Server(live, "--match-seed", "2", database_url=f"sqlite:///{live}").start()
    try:
        for _ in range(2):  # two Points deals played to their end
            table = open_table(
                server, ("Ana",), game="indian", options={"players": 2}, bots=[None, BOT]
            )
            play_until({0: table.clients[0]}, lambda state: state["over"], table.first[0]["turn"])
            table.clients[0].close()
        done = finished(live)
        assert len(done) == 2
        playing = open_table(server, ("Bo",), game="gin", bots=[None, BOT])
        player = playing.clients[0]
        backup = tmp_path / "backup.db"
        command = [sys.executable, "-m", "rummyhall.cli", "backup", str(backup)]
        results: list[subprocess.CompletedProcess[str]] = []
        copying = threading.Thread(  # the backup runs while Bo plays on
            target=lambda: results.append(
                subprocess.run(
                    [*command, "--db", f"sqlite:///{live}"], capture_output=True, text=True
                )
            )
        )
        copying.start()
        turn = playing.first[0]["turn"]
        while copying.is_alive() and turn < playing.first[0]["turn"] + 40:
            state = player.state_at(turn)
            if state["over"]:
                break
            if state["current_player"] == 0:
                player.act(turn, pick(state["legal"]))
            turn += 1
        copying.join()
        player.close()
        assert results[0].returncode == 0, results[0].stderr
        assert "2 finished" in results[0].stderr
    finally:
        server.stop()
    assert finished(backup) == done

    restored = tmp_path / "restored.db"
    url = f"sqlite:///{restored}"
    assert main(["restore", str(backup), "--db", url]) == 0
    read = database_reader(url)
    for match in done:
        assert load(read(match)).is_over
    again = Server(restored, database_url=url).start()  # the restored database serves
    try:
        assert again.create_room(again.register("Cy")[1], game="gin")["code"]
    finally:
        again.stop()


def test_restore_refuses_what_is_not_a_whole_backup_and_keeps_what_is_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "live.db"
    url = f"sqlite:///{target}"
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(b"not a database at all" * 100)
    assert main(["restore", str(garbage), "--db", url]) == 2
    assert "not a rummyhall database" in capsys.readouterr().err
    assert not target.exists()
    foreign = tmp_path / "foreign.db"
    with sqlite3.connect(foreign) as connection:
        connection.execute("CREATE TABLE notes (text)")
    assert main(["restore", str(foreign), "--db", url]) == 2
    assert "not a rummyhall database" in capsys.readouterr().err
    assert main(["backup", str(tmp_path / "b.db"), "--db", url]) == 2
    assert f"no database at {target}" in capsys.readouterr().err
    assert main(["backup", str(tmp_path / "b.db"), "--db", "postgresql://h/db"]) == 2
    assert "pg_dump" in capsys.readouterr().err
