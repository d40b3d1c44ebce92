"""``rummyhall review``: a finished game annotated move by move, as text or JSON; bad
input refused with a clear error before anything is computed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rummyhall import load, new_game
from rummyhall.bots import make_bot, play_out
from rummyhall.cli import main
from rummyhall.review import review
from tests.cli.conftest import plain
from tests.review.test_indian import declaration_thrown_away


@pytest.fixture(scope="module")
def hand(tmp_path_factory: pytest.TempPathFactory) -> Path:
    state = new_game("gin", seed=3)
    play_out(state, [make_bot("gin", "medium", seed=1), make_bot("gin", "easy", seed=2)])
    path = tmp_path_factory.mktemp("review") / "hand.json"
    path.write_text(json.dumps(state.to_json()))
    return path


def test_the_annotated_game_and_each_seats_accuracy(
    hand: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["review", str(hand), "--worlds", "16"]) == 0
    out = plain(capsys.readouterr().out)
    assert "✓ best move" in out and "expected" in out
    assert "Seat 1: accuracy" in out and "Seat 2: accuracy" in out
    assert "Final score" in out


def test_an_indian_deal_says_the_declaration_thrown_away(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, seat, _ = declaration_thrown_away()
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(record))
    assert main(["review", str(path), "--seat", str(seat + 1), "--worlds", "4"]) == 0
    out = plain(capsys.readouterr().out)
    assert "could declare, and threw a card instead" in out
    assert f"Seat {seat + 1}: accuracy" in out


def test_json_is_the_record_carrying_the_librarys_review(
    hand: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["review", str(hand), "--seat", "2", "--worlds", "16", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    record = json.loads(hand.read_text())
    assert printed == {**record, "reviews": [review(record, 1, worlds=16).to_json()]}
    assert load(printed).to_json() == record  # it replays as the record without


def test_a_review_the_record_carries_is_not_computed_again(
    hand: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = json.loads(hand.read_text())
    carried = review(record, 0, worlds=16).to_json()
    carried["accuracy"] = 12.5  # what only the carried review says
    path = tmp_path / "reviewed.json"
    path.write_text(json.dumps({**record, "reviews": [carried]}))
    assert main(["review", str(path), "--seat", "1", "--worlds", "16", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["reviews"] == [carried]
    # Another number of worlds is another review: computed, and it takes the seat's place.
    assert main(["review", str(path), "--seat", "1", "--worlds", "8", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["reviews"][0]["worlds"] == 8


def test_chinese(hand: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "zh", "review", str(hand), "--seat", "1", "--worlds", "8"]) == 0
    assert "座位1：" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("change", "seat", "message"),
    [
        (lambda r: r, "3", "no seat 3 in this game: its seats are 1 to 2"),
        (lambda r: r, "0", "no seat 0 in this game"),
        (lambda r: {**r, "log": r["log"][:4], "snapshot": None}, "1", "the game is not finished"),
        (lambda r: {**r, "log": [{"type": "discard", "card": "ZZ"}]}, "1", "does not replay"),
        (lambda r: {**r, "reviews": [{"format": 9}]}, "1", "a review is an object of format 1"),
        (lambda r: {**r, "reviews": {}}, "1", "a record's reviews are a list"),
    ],
)
def test_bad_input_is_a_clear_error(
    hand: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    change: object,
    seat: str,
    message: str,
) -> None:
    record = change(json.loads(hand.read_text()))  # type: ignore[operator]
    record = {key: value for key, value in record.items() if value is not None}
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    assert main(["review", str(path), "--seat", seat]) == 2
    captured = capsys.readouterr()
    assert message in captured.err and captured.out == ""


def test_a_rummikub_round_says_the_tiles_left_unplayed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = new_game("rummikub", seed=3)
    play_out(state, [make_bot("rummikub", "medium", seed=1), make_bot("rummikub", "easy", seed=2)])
    path = tmp_path / "round.json"
    path.write_text(json.dumps(state.to_json()))
    assert main(["review", str(path), "--seat", "2", "--worlds", "4"]) == 0
    out = plain(capsys.readouterr().out)
    assert "placed 0 of the" in out and "better: Seat 2 plays" in out


def test_a_throw_that_missed_gin_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.review.test_gin import gin_thrown_away

    path = tmp_path / "hand.json"
    path.write_text(json.dumps(gin_thrown_away()))
    assert main(["review", str(path), "--seat", "1", "--worlds", "16"]) == 0
    out = plain(capsys.readouterr().out)
    assert "left 15 deadwood where gin was possible" in out and "blunder" in out
