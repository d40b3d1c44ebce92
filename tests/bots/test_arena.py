"""The arena: paired deals, statistics and the command."""

from __future__ import annotations

import pytest

from rummyhall.bots import arena
from rummyhall.cli import main
from rummyhall.registry import KITS


def test_wilson_interval_brackets_the_rate() -> None:
    low, high = arena.wilson(30, 50)
    assert low < 0.6 < high
    assert arena.wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("game", sorted(KITS))
def test_every_deal_is_played_twice_with_seats_swapped(game: str) -> None:
    report = arena.run(game, ("medium", "easy"), 2, seed=5, workers=1)
    assert report.games.played == 4
    assert sorted(len(m) for m in report.games.margins.values()) == [2, 2]
    assert all(report.seconds)
    tasks = arena.tasks(game, ("medium", "easy"), 2, 5, {})
    assert [t.swapped for t in tasks] == [False, True, False, True]
    assert tasks[0].seed == tasks[1].seed != tasks[2].seed


def test_gin_counts_hands_too() -> None:
    report = arena.run("gin", ("hard", "medium"), 1, seed=2, workers=1, options={"simulations": 1})
    assert report.hands.played >= 2
    assert any(line.startswith("hands: ") for line in report.lines())


def test_command_in_parallel(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "gin", "--bots", "medium,easy", "--games", "3", "--workers", "2"]) == 0
    out = capsys.readouterr().out
    assert "3 deals × 2 (seats swapped)" in out
    assert "95% CI" in out and "time per move" in out


def test_command_refuses_unknown_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "gin", "--bots", "medium,oracle", "--games", "1"]) == 2
    assert "no 'oracle' bot" in capsys.readouterr().err
