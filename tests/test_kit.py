"""Adding a variant touches its game's folder only (issue 17): a test-only Gin variant,
"knock5" (:mod:`tests.kit_demo`), reaches the catalogue, ``/api/info`` of a real server,
the command line and, in ``tests/web/test_kit_demo.py``, the lobby; a hand played in it
keeps GIN-7's limit at 5."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from rummyhall import registry
from rummyhall.actions import Discard, Knock
from rummyhall.bots import make_bot
from rummyhall.bots.play import decide
from rummyhall.cli import main
from rummyhall.cli.games import start
from rummyhall.game import Match
from rummyhall.games import gin
from rummyhall.games.gin import GinMatch
from rummyhall.server.rooms.catalogue import describe, parse_options, start_match
from tests import kit_demo
from tests.cli.conftest import plain
from tests.server.harness import Server


@pytest.fixture
def demo(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(registry.KITS, "gin", kit_demo.KIT)
    yield


def test_every_kit_describes_its_game() -> None:
    for name, kit in registry.KITS.items():
        assert kit.name == name and kit.title and kit.part in ("hand", "deal", "round")
        assert kit.variants and kit.bots == f"rummyhall.bots.{name}.levels"
        low, high = kit.seats
        assert (kit.seat_option is None) == (low == high)
    indian = {o.key: o for o in registry.KITS["indian"].options}
    assert (indian["players"].low, indian["players"].high) == (2, 6)
    assert (indian["deals"].low, indian["deals"].high, indian["deals"].variants) == (
        1,
        6,
        ("deals",),
    )
    assert [indian[k].rule for k in ("joker_from_discard", "manual_declaration")] == [
        "IND-4",
        "IND-12",
    ]
    assert indian["reshuffle_on_empty"].rule == "IND-13"
    rounds = next(o for o in registry.KITS["rummikub"].options if o.key == "rounds")
    assert (rounds.low, rounds.high, rounds.nullable, rounds.default) == (1, 8, True, None)
    assert registry.KITS["gin"].variant("oklahoma").fixes == {"mode": "oklahoma"}


def test_new_game_is_one_part_and_new_match_a_match() -> None:
    for name in registry.KITS:
        assert not isinstance(registry.new_game(name, seed=1), Match)
        assert isinstance(registry.new_match(name, seed=1), Match)


@pytest.mark.usefixtures("demo")
def test_the_demo_variant_reaches_the_catalogue() -> None:
    options = parse_options("gin", {"mode": "standard", "knock_limit": 5})
    assert options.variant.name == "knock5" and options.label() == "Gin Rummy · Knock limit 5"
    assert parse_options("gin", {"mode": "oklahoma"}).variant.name == "oklahoma"  # stored rooms
    state = start_match("gin", options, seed=3)
    assert state.view(0)["knock_limit"] == 5
    assert state.to_json()["options"] == {"mode": "standard", "target": 100, "knock_limit": 5}
    entry = next(e for e in describe() if e["game"] == "gin")
    knock5 = next(v for v in entry["variants"] if v["name"] == "knock5")
    assert knock5["fixes"] == {"mode": "standard", "knock_limit": 5}
    assert knock5["defaults"] == {"mode": "standard", "knock_limit": 5}


def test_without_the_demo_the_stored_options_are_unchanged() -> None:
    assert parse_options("gin", {}).model_dump() == {"mode": "standard"}
    assert start_match("gin", parse_options("gin", {}), seed=3).to_json()["options"] == {
        "mode": "standard",
        "target": 100,
    }


@pytest.mark.usefixtures("demo")
def test_the_demo_variant_reaches_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "gin", "--help"])
    assert "knock5 [Knock limit 5]" in plain(capsys.readouterr().out).replace("\n", " ")
    with pytest.raises(SystemExit):
        main(["match", "gin", "--variant", "knock6"])
    assert "gin variants: standard, oklahoma, knock5 (not 'knock6')" in capsys.readouterr().err
    assert main(["match", "gin", "--variant", "knock5", "--seed", "3", "--bots", "easy"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Gin Rummy · Knock limit 5 · seed 3") and "wins the match" in out


def test_a_hand_of_the_demo_variant_keeps_the_knock_limit_at_5() -> None:
    state = start("gin", kit_demo.KNOCK5, seed=4, players=2)
    assert isinstance(state, GinMatch) and state.knock_limit == 5
    bots = [make_bot("gin", "medium", seed=seat) for seat in (0, 1)]
    refused = 0
    while not state.history:  # the first hand
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        if view["phase"] == "discard":
            assert view["knock_limit"] == 5
            for card in view["hand"]:
                if state.is_legal(Discard(card)) is not None:
                    continue  # GIN-4: not this card, knock or not
                left = gin.deadwood([c for c in view["hand"] if c != card])
                error = state.is_legal(Knock(card))
                if left <= 5:
                    assert error is None
                else:
                    assert error is not None and error.rule == "GIN-7"
                    refused += left <= 10  # a knock the standard game allows
        state.apply(decide(state, bots[seat]))
    assert refused > 0
    settlement = state.history[0]["result"].get("settlement")
    assert settlement is None or settlement["knocker"]["points"] <= 5


def test_the_demo_variant_reaches_api_info_of_a_server(tmp_path: Path) -> None:
    server = Server(tmp_path / "rummyhall.db", program=kit_demo.LAUNCHER).start()
    try:
        info = server.http().get("/api/info").json()
    finally:
        server.stop()
    gin_entry = next(e for e in info["games"] if e["game"] == "gin")
    assert [v["name"] for v in gin_entry["variants"]] == ["standard", "oklahoma", "knock5"]
    assert any(f["key"] == "knock_limit" and f["rule"] == "GIN-7" for f in gin_entry["fields"])


def test_the_demo_variant_reaches_the_command_run_as_a_program() -> None:
    env = {k: v for k, v in os.environ.items() if k != "RUMMYHALL_LANG"}
    result = subprocess.run(
        [*kit_demo.LAUNCHER, "match", "gin", "--variant", "knock5", "--seed", "2"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
        env=env,
    )
    assert result.stdout.startswith("Gin Rummy · Knock limit 5 · seed 2")
