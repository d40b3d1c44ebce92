"""Keys and notation typed in ``play`` become the actions the rules then judge."""

from __future__ import annotations

import subprocess

import pytest

from rummyhall import Action, Declare, Discard, Draw, Drop, Knock, Pass, Play, new_game
from rummyhall.errors import NotationError
from rummyhall.game import GameState
from rummyhall.terminal.controls import parse
from rummyhall.terminal.screens import render
from tests.cli.conftest import COMMAND


def typed(state: GameState, line: str) -> Action:
    """What ``line`` asks for on the current player's screen."""
    seat = state.current_player
    view = state.view(seat)
    order = render(view, ["You", "Bot"], title="", width=80).order
    return parse(line, view, state.legal_actions(), order)


def gin_position() -> GameState:
    deck = [
        "AS",
        "2S",
        "3S",
        "4H",
        "5H",
        "6H",
        "7D",
        "8D",
        "9D",
        "KC",
        "5S",
        "6S",
        "7S",
        "8S",
        "3H",
        "3D",
        "3C",
        "JC",
        "QC",
        "TD",
        "2C",
    ]
    return new_game("gin", seed=1, deck=deck, dealer=1)


def test_gin_keys_GIN_4_GIN_7() -> None:
    state = gin_position()
    assert typed(state, "p") == Pass() and typed(state, "d") == Draw("discard")
    state.apply(Draw("discard"))  # 2C joins the hand
    assert typed(state, "k") == Knock("KC")  # the knock leaving the least deadwood
    assert typed(state, "k 9d") == Knock("9D") and typed(state, "10d") == Discard("TD")
    order = render(state.view(0), ["You", "Bot"], title="", width=80).order
    assert typed(state, "1") == Discard(order[0])
    illegal = state.is_legal(typed(state, "2c"))
    assert illegal is not None and illegal.rule == "GIN-4"
    with pytest.raises(NotationError, match="no discard leaves gin"):
        typed(state, "g")
    with pytest.raises(NotationError, match="there is no card 12"):
        typed(state, "12")
    with pytest.raises(NotationError, match="not a move here"):
        typed(state, "xyz")


def test_indian_keys_IND_9_IND_11() -> None:
    hand = ["AH", "2H", "3H", "5S", "6S", "JK", "9C", "9D", "9H", "KS", "KD", "KC", "4D"]
    other = ["2S", "4S", "7S", "8S", "TS", "2D", "3D", "5D", "6D", "8D", "TD", "JD", "2C"]
    state = new_game("indian", seed=2, deck=[*hand, *other, "7C", "QS", "7D"], dealer=1)
    assert typed(state, "p") == Drop() and typed(state, "s") == Draw("stock")
    state.apply(Draw("stock"))
    declare = typed(state, "x")
    assert isinstance(declare, Declare) and state.is_legal(declare) is None
    assert typed(state, "x 4d") == Declare("4D")
    wrong = state.is_legal(typed(state, "x 9c"))
    assert wrong is not None and wrong.rule == "IND-9"


def test_rummikub_tables_suggestions_and_references_RKB_4_RKB_5() -> None:
    mine = [
        "R10",
        "R11",
        "R12",
        "R13",
        "B10",
        "K10",
        "O10",
        "O3",
        "O4",
        "O5",
        "O2",
        "O9",
        "R3",
        "K12",
    ]
    theirs = ["R1", "R2", "B2", "B3", "K4", "K5", "O6", "O7", "R8", "B8", "K9", "O11", "O12", "B13"]
    state = new_game("rummikub", seed=3, deck=[*mine, *theirs], first=0)
    play = typed(state, "+ R10 R11 R12 | B10 K10 O10")
    assert play == Play((("R10", "R11", "R12"), ("B10", "K10", "O10")))
    too_little = state.is_legal(typed(state, "o3 o4 o5"))
    assert too_little is not None and too_little.rule == "RKB-4"
    suggestion = typed(state, "1")
    assert isinstance(suggestion, Play) and state.is_legal(suggestion) is None
    state.apply(play)
    state.apply(typed(state, "d"))
    extended = typed(state, "#1 R13 | #2")
    table = state.view(0)["table"]
    assert extended == Play(((*table[0], "R13"), tuple(table[1])))
    assert state.is_legal(extended) is None
    lost = state.is_legal(typed(state, "#1 R13"))
    assert lost is not None and lost.rule == "RKB-5"
    bad = state.is_legal(typed(state, "+ R13 Q5 X"))
    assert bad is not None and bad.rule == "RKB-1"


def test_play_without_a_terminal_is_plain_text(env: dict[str, str]) -> None:
    result = subprocess.run(
        [*COMMAND, "play", "gin", "--seed", "4", "--vs", "easy"],
        input="p\nq\n",
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=True,
    )
    assert "Your hand — deadwood" in result.stdout and "Game left" in result.stdout
    assert "\x1b" not in result.stdout
    assert max(len(line) for line in result.stdout.splitlines()) <= 80
