"""The ``rummyhall`` command (what ``make run`` starts)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from rummyhall.cli import main


def test_match_prints_every_hand_and_the_winner(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "gin", "--seed", "3", "--mode", "oklahoma"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Gin Rummy, oklahoma, to 150 — seed 3")
    assert "Hand 1: " in out and "totals: " in out
    assert "wins the match" in out.splitlines()[-1]


def test_same_seed_same_match(capsys: pytest.CaptureFixture[str]) -> None:
    main(["match", "gin", "--seed", "9"])
    first = capsys.readouterr().out
    main(["match", "gin", "--seed", "9"])
    assert capsys.readouterr().out == first


def test_random_players_and_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "gin", "--seed", "1", "--players", "medium,telepath"]) == 2
    assert "no 'telepath' bot" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["match", "gin", "--players", "medium"])


def test_installed_command_runs() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "rummyhall.cli", "match", "gin", "--seed", "5"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert "wins the match" in result.stdout
