"""Misuse of the command line: exit status 2 and the library's message on stderr, naming
the argument at fault; never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rummyhall.cli import main
from rummyhall.games import rummikub

KNOCKER = "AS 2S 3S 4H 5H 6H 7D 8D 9D KC"
DEFENDER = "5S 6S 7S 8S 3H 3D 3C JC QC TD"


def refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """Run ``rummyhall ARGS``: it must exit 2 and say why on stderr (nothing on stdout)."""
    assert main(list(args)) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("rummyhall: ") and "Traceback" not in err
    return err


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("gin", ""), "CARDS names no card"),
        (("gin", " , "), "CARDS names no card"),
        (("gin", KNOCKER, "--defender", ""), "--defender names no card"),
        (("gin", KNOCKER, "--knock-limit", "-1"), "--knock-limit must be 0 (gin only) to 10"),
        (("gin", KNOCKER, "--defender", DEFENDER, "--knock-limit", "11"), "--knock-limit"),
        (("indian", "", "--indicator", "7D"), "CARDS names no card"),
        (("indian", "AS 2S 3S", "--indicator", ""), "--indicator: not a card: ''"),
        (("indian", "AS 2S 3S", "--indicator", "7D 8D"), "--indicator: not a card: '7D 8D'"),
        (("rummikub", "--rack", ""), "--rack names no tile"),
        (("rummikub", "--rack", "R1 X9"), "not a tile: 'X9'"),
        (("rummikub", "--table", "", "--rack", "R1 R2 R3"), "--table is empty"),
        (("rummikub", "--table", " | ", "--rack", "R1 R2 R3"), "--melded"),
    ],
)
def test_solve_refuses_misuse_naming_the_argument(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], words: str
) -> None:
    assert words in refused(capsys, "solve", *args)


def test_solve_rummikub_empty_table_needs_melded_or_not_RKB_4_RKB_5(
    capsys: pytest.CaptureFixture[str],
) -> None:
    err = refused(capsys, "solve", "rummikub", "--table", "", "--rack", "R1 R2 R3")
    assert "--melded" in err and "--no-melded" in err and "initial meld" in err
    rack = "R1 R2 R3 B10 K10 O10"
    assert main(["solve", "rummikub", "--table", "", "--melded", "--rack", rack, "--json"]) == 0
    melded = json.loads(capsys.readouterr().out)
    assert melded["table"] == rummikub.best_play([], rack)
    assert main(["solve", "rummikub", "--table", "", "--no-melded", "--rack", rack, "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"initial_meld": rummikub.best_initial_meld(rack)}
    # A table with sets shows the player has melded; without --table he has not.
    table = "R5 R6 R7"
    assert main(["solve", "rummikub", "--table", table, "--rack", "R4", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["placed"] == ["R4"]
    assert main(["solve", "rummikub", "--no-melded", "--table", table, "--rack", "R4"]) == 0
    assert "No initial meld" in capsys.readouterr().out


def test_a_record_that_is_not_json_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{not json", encoding="utf-8")
    for command in ("replay", "export"):
        assert "not a game record" in refused(capsys, command, str(path))
