"""``rummyhall match``: bots against bots, every hand explained (what ``make run`` did)."""

from __future__ import annotations

import subprocess

import pytest

from rummyhall.cli import main
from tests.cli.conftest import COMMAND


def test_gin_match_prints_every_hand_the_sheet_and_the_winner(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["match", "gin", "--seed", "3", "--variant", "oklahoma"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Gin Rummy · Oklahoma · seed 3")
    assert "Result of hand 1" in out and "Score sheet" in out and "target 150" in out
    assert "wins the match" in out[-200:]


def test_same_seed_same_match(capsys: pytest.CaptureFixture[str]) -> None:
    main(["match", "indian", "--variant", "pool101", "--seed", "9", "--bots", "easy"])
    first = capsys.readouterr().out
    main(["match", "indian", "--variant", "pool101", "--seed", "9", "--bots", "easy"])
    assert capsys.readouterr().out == first
    assert "out above 101" in first


def test_unknown_bot_and_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "gin", "--seed", "1", "--bots", "medium,telepath"]) == 2
    assert "no 'telepath' bot" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["match", "gin", "--bots", "easy,easy,easy"])
    with pytest.raises(SystemExit):
        main(["match", "gin", "--variant", "points"])


def test_the_module_runs_as_a_program(env: dict[str, str]) -> None:
    result = subprocess.run(
        [*COMMAND, "match", "rummikub", "--variant", "round", "--seed", "5", "--bots", "easy"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
        env=env,
    )
    assert "Final score" in result.stdout
    assert "\x1b[" not in result.stdout  # not a terminal: plain text
