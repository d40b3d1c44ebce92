"""``rummyhall replay`` and ``export``: saved games round-trip and can be stepped through
(and ``review`` reads game ids as they do)."""

from __future__ import annotations

import json
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from rummyhall import load, new_game, new_match
from rummyhall.bots import make_bot, play_out
from rummyhall.cli import main
from rummyhall.cli.replay import Replay
from rummyhall.review import review
from rummyhall.server.storage.database import make_engine
from rummyhall.server.storage.migrate import upgrade
from rummyhall.server.storage.records import StoredMatch, StoredRoom
from rummyhall.server.storage.repository import Repository
from tests.cli.conftest import COMMAND, plain


@pytest.fixture(scope="module")
def gin_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished Gin match between two bots, saved as ``to_json`` writes it."""
    state = new_match("gin", seed=11)
    play_out(state, [make_bot("gin", "medium", seed=1), make_bot("gin", "easy", seed=2)])
    path = tmp_path_factory.mktemp("records") / "gin.json"
    path.write_text(json.dumps(state.to_json()))
    return path


def test_export_of_a_file_replays_exactly(
    gin_record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.json"
    assert main(["export", str(gin_record), "-o", str(out)]) == 0
    exported = json.loads(out.read_text())
    assert exported == json.loads(gin_record.read_text())
    assert {"game", "kind", "version", "seed", "options", "log"} <= set(exported)
    rebuilt = new_match("gin", seed=exported["seed"], **exported["options"])
    rebuilt.replay(exported["log"])
    assert rebuilt.to_json() == exported
    assert main(["export", str(gin_record)]) == 0  # to stdout
    assert json.loads(capsys.readouterr().out) == exported


def test_export_with_reviews_carries_every_seats_review(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = new_game("gin", seed=3)
    play_out(state, [make_bot("gin", "medium", seed=1), make_bot("gin", "easy", seed=2)])
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(state.to_json()))
    out = tmp_path / "reviewed.json"
    assert main(["export", str(path), "--review", "--worlds", "8", "-o", str(out)]) == 0
    exported = json.loads(out.read_text())
    assert [one["seat"] for one in exported["reviews"]] == [0, 1]
    assert exported["reviews"][1] == review(state.to_json(), 1, worlds=8).to_json()
    assert {key: v for key, v in exported.items() if key != "reviews"} == state.to_json()
    # Exported again without --review, the record keeps the reviews it carries.
    assert main(["export", str(out)]) == 0
    assert json.loads(capsys.readouterr().out) == exported


def test_single_hands_with_stacked_decks_round_trip(tmp_path: Path) -> None:
    state = new_game("indian", seed=5, deck=["AH", "2H", "3H"], players=3)
    play_out(state, [make_bot("indian", "easy", seed=s) for s in range(3)])
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(state.to_json()))
    out = tmp_path / "out.json"
    assert main(["export", str(path), "-o", str(out)]) == 0
    assert load(out.read_text()).to_json() == state.to_json()


def test_replay_steps_forwards_and_back(gin_record: Path) -> None:
    record = json.loads(gin_record.read_text())
    replay = Replay(record)
    replay.go(len(replay.log))
    assert replay.state.to_json() == record
    for index in (7, 3, 40, 0, 1):
        replay.go(index)
        expected = load({**record, "log": record["log"][:index], "snapshot": None})
        assert replay.state.to_json() == expected.to_json()


def test_replay_move_list(gin_record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(gin_record), "--moves"]) == 0
    out = capsys.readouterr().out
    moves = len(json.loads(gin_record.read_text())["log"])
    assert f"{moves:>4}  Seat" in out and "Result of hand 1" in out
    assert "wins the match" in out[-200:]


def test_interactive_replay_with_views_and_errors(gin_record: Path, env: dict[str, str]) -> None:
    keys = "\n".join(["", "g 5", "v 2", "b", "v 3", "x", "a", "e", "q"]) + "\n"
    result = subprocess.run(
        [*COMMAND, "replay", str(gin_record)],
        input=keys,
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=True,
    )
    out = plain(result.stdout)
    assert "start of the game · all cards" in out
    assert "move 1 of" in out and "move 5 of" in out
    assert "move 4 of" in out and "as Seat 2 saw it" in out and "Seat 2's hand" in out
    assert "seats go from 1 to 2" in out and "not a move here: 'x'" in out
    assert "Seat 1's hand" in out and "Seat 2's hand" in out  # all cards face up


def test_game_ids_come_from_the_server_database(
    gin_record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A finished match stored by the game server is exported and replayed by its id."""
    record = json.loads(gin_record.read_text())
    url = f"sqlite:///{tmp_path / 'server.db'}"
    engine = make_engine(url)
    upgrade(engine)
    repository = Repository(engine)
    repository.players.create_player("p1", "Ana", "h1")
    seats = [{"player": "p1"}, {"bot": "easy"}]
    options = {"mode": record["options"]["mode"]}  # as a room stores them
    room = StoredRoom(
        "r1", "ABCDEF", "gin", options, True, True, True, "p1", seats, "playing", None
    )
    repository.matches.start_match(
        room, StoredMatch("m1", 1, record["seed"], options, seats, "playing")
    )
    repository.matches.append_actions(
        [
            {"match_id": "m1", "seq": seq, "seat": 0, "actor": "player", "action": action}
            for seq, action in enumerate(record["log"])
        ]
    )
    repository.matches.finish_match(replace(room, status="finished"), "m1", {"winners": [0]}, [])
    engine.dispose()

    out = tmp_path / "m1.json"
    assert main(["export", "m1", "--db", url, "-o", str(out)]) == 0
    assert load(json.loads(out.read_text())).to_json() == load(record).to_json()
    assert main(["replay", "m1", "--db", url, "--moves"]) == 0
    capsys.readouterr()
    assert main(["review", "m1", "--db", url, "--seat", "2", "--worlds", "4", "--json"]) == 0
    assert [r["seat"] for r in json.loads(capsys.readouterr().out)["reviews"]] == [1]
    assert main(["export", "nope", "--db", url]) == 2
    assert "no finished game 'nope'" in capsys.readouterr().err


def test_a_corrupt_record_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = new_game("gin", seed=1).to_json()
    record["log"] = [{"type": "discard", "card": "AS"}]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    assert main(["export", str(path)]) == 2
    assert "action 0 of the log is illegal" in capsys.readouterr().err
    path.write_text("{not json")
    assert main(["replay", str(path)]) == 2
    assert "not a game record" in capsys.readouterr().err
