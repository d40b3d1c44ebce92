"""The arena: paired deals, statistics and the command."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummyhall.bots import arena, make_bot, registry
from rummyhall.bots.journal import Journal
from rummyhall.bots.registry import zoo
from rummyhall.bots.rummikub.levels import MediumRummikubBot
from rummyhall.cli import main
from rummyhall.errors import NotationError
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


def test_a_journal_keeps_finished_games_and_a_second_run_plays_only_the_missing(
    tmp_path: Path,
) -> None:
    """A stopped measurement resumes: the games a journal holds are counted as played,
    the report is the same as one run whole, and a line cut short is played again."""
    whole = arena.run("gin", ("medium", "easy"), 3, seed=7, workers=1)
    path = tmp_path / "games.jsonl"
    first = arena.run("gin", ("medium", "easy"), 2, seed=7, workers=1, journal=Journal(path))
    assert first.games.played == 4 and len(path.read_text().splitlines()) == 4
    with path.open("a") as file:
        file.write('{"task": "cut sh')  # a stop in mid-write
    calls = []
    resumed = arena.run(
        "gin",
        ("medium", "easy"),
        3,
        seed=7,
        workers=1,
        journal=Journal(path),
        progress=lambda done, total: calls.append((done, total)),
    )
    assert calls == [(5, 6), (6, 6)]  # only the third deal's two games were played
    assert resumed.lines()[:3] == whole.lines()[:3]
    assert resumed.games.margins == whole.games.margins
    other = arena.run("gin", ("easy", "medium"), 1, seed=7, workers=1, journal=Journal(path))
    assert other.games.played == 2  # other bots: their own games, not the journal's
    assert len(Journal(path)) == 8


def test_a_file_that_is_no_journal_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("my notes\non two lines")
    with pytest.raises(NotationError, match="line 1: not an arena journal's line"):
        Journal(path)
    assert (
        main(["arena", "gin", "--bots", "medium,easy", "--games", "1", "--journal", str(path)]) == 2
    )
    assert "not an arena journal's line" in capsys.readouterr().err
    assert path.read_text() == "my notes\non two lines"
    path.write_text("one line of notes")
    with pytest.raises(NotationError, match="line 1: not an arena journal's line"):
        Journal(path)


def test_command_refuses_unknown_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "gin", "--bots", "medium,oracle", "--games", "1"]) == 2
    assert "no 'oracle' bot" in capsys.readouterr().err


def test_hard_at_a_budget_plays_whatever_the_run_s_options() -> None:
    """``hard@B`` is the hard bot at B seconds a move, beside a hard bot on the run's
    options: one budget measured against another."""
    fixed = arena.arena_bot("gin", "hard", {"simulations": 4})
    timed = arena.arena_bot("gin", "hard@0.05", {"simulations": 4})
    assert (fixed.simulations, timed.simulations, timed.budget) == (4, None, 0.05)  # type: ignore[attr-defined]
    report = arena.run(
        "gin", ("hard", "hard@0.02"), 1, seed=2, workers=1, options={"simulations": 2}
    )
    assert report.games.played == 2
    for kind in ("medium@1", "hard@", "hard@soon", "hard@0", "hard@nan", "hard@-1"):
        with pytest.raises(NotationError, match="budget"):
            arena.arena_bot("gin", kind, {})


@pytest.mark.parametrize("game", sorted(KITS))
def test_zoo_holds_every_level_random_and_every_style(game: str) -> None:
    opponents = zoo(game)
    assert opponents[:4] == ["easy", "medium", "hard", "random"]
    assert set(registry.STYLES[game]) <= set(opponents)
    assert set(opponents) <= set(registry.kinds(game))
    assert len(opponents) == len(set(opponents))


def test_make_bot_accepts_the_games_style_names(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.STYLES["rummikub"], "hoarder", MediumRummikubBot)
    assert isinstance(make_bot("rummikub", "hoarder", seed=4), MediumRummikubBot)
    assert "hoarder" in zoo("rummikub") and "hoarder" in registry.kinds("rummikub")
    for game in KITS:
        for style in registry.STYLES[game]:
            assert make_bot(game, style, seed=1).seed == 1


def test_missing_peer_library_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(
        registry.PEERS["gin"], "openspiel", registry.Peer("no_such_module", "Bot", "open-spiel")
    )
    with pytest.raises(NotationError, match="pip install open-spiel"):
        make_bot("gin", "openspiel")
    assert "openspiel" not in zoo("gin") and "openspiel" in registry.kinds("gin")


def test_against_prints_one_row_per_opponent() -> None:
    standings = arena.against("gin", "medium", ["easy", "random"], 2, seed=5, workers=1)
    assert [report.kinds for report in standings.reports] == [
        ("medium", "easy"),
        ("medium", "random"),
    ]
    assert all(report.games.played == 4 for report in standings.reports)
    lines = standings.lines()
    assert lines[0].startswith("gin: medium against 2 opponents, 2 deals × 2")
    header, *rows = lines[1:]
    assert header.split()[:2] == ["opponent", "matches"] and "hands" in header
    # matches won, then points a hand; hands won only after them
    assert header.index("win rate") < header.index("points a hand") < header.index("hands won")
    assert [row.split()[0] for row in rows] == ["easy", "random"]
    easy = standings.reports[0]
    assert f"{easy.hands.played}" in rows[0].split() and "[" in rows[0]


def test_against_plays_every_opponent_on_the_same_deals() -> None:
    standings = arena.against("indian", "medium", ["easy", "medium"], 2, seed=3, workers=1)
    first, second = standings.reports
    assert first.games.margins.keys() == second.games.margins.keys() == {0, 1}
    # medium against itself: what one seat wins, the other seat wins back on the same deal
    assert all(sum(margins) == 0 for margins in second.games.margins.values())


def test_command_against_the_zoo(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "rummikub", "--bots", "medium", "--against", "zoo", "--games", "1"]
    assert main([*argv, "--workers", "2", "--simulations", "1"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[0].startswith("rummikub: medium against")
    assert [line.split()[0] for line in out[2:]] == zoo("rummikub")


def test_command_against_takes_one_bot(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["arena", "gin", "--bots", "hard,medium", "--against", "easy", "--games", "1"])
    assert "--bots takes one kind" in capsys.readouterr().err


def test_a_named_variant_plays_whole_matches() -> None:
    """``variant="pool101"``: each game is a whole Pool 101 match (IND-14), played to
    the last player left, and its deals are counted too."""
    report = arena.run("indian", ("medium", "easy"), 1, seed=4, workers=1, variant="pool101")
    assert report.games.played == 2
    assert report.hands.played >= 4  # a Pool 101 match lasts at least two deals a game
    task = arena.tasks("indian", ("medium", "easy"), 1, 4, {}, "pool101")[0]
    played = arena.play(task)
    assert min(played.game.first, played.game.second) < -101  # the loser is out
    assert report.lines()[1].startswith("matches: ")
    with pytest.raises(NotationError, match="variants: points, pool101, pool201, deals"):
        arena.run("indian", ("medium", "easy"), 1, seed=4, workers=1, variant="pool999")


def test_command_takes_a_variant(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "indian", "--bots", "medium,easy", "--variant", "pool101"]
    assert main([*argv, "--games", "1", "--workers", "1"]) == 0
    assert "matches: 2 played" in capsys.readouterr().out


def test_rkb_8_a_match_of_added_up_rounds_takes_its_number_of_rounds() -> None:
    """``--option rounds=4``: each game is a whole Rummikub match of four rounds whose
    scores add up, and its rounds are counted too."""
    report = arena.run(
        "rummikub",
        ("medium", "easy"),
        1,
        seed=4,
        workers=1,
        variant="match",
        match_options={"rounds": 4},
    )
    assert report.games.played == 2 and report.hands.played == 8
    with pytest.raises(NotationError, match="options of a match"):
        arena.run("rummikub", ("medium", "easy"), 1, seed=4, match_options={"rounds": 4})
    with pytest.raises(NotationError, match="no option 'turns'"):
        arena.run("rummikub", ("medium", "easy"), 1, 4, variant="match", match_options={"turns": 2})


def test_command_takes_match_options(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "rummikub", "--bots", "medium,easy", "--variant", "match"]
    assert main([*argv, "--option", "rounds=3", "--games", "1", "--workers", "1"]) == 0
    assert "rounds: 6 played" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main([*argv, "--option", "rounds", "--games", "1"])
    assert "--option takes KEY=VALUE" in capsys.readouterr().err
