"""A Rummikub game reviewed for one seat: reproducible, the move played always among the
moves weighed, the solver's maximum said exactly, a beginner's draws marked."""

from __future__ import annotations

import pytest

from rummyhall import new_game, new_match
from rummyhall.actions import JSON, Play
from rummyhall.bots import make_bot, play_out
from rummyhall.registry import load_start
from rummyhall.review import review


@pytest.fixture(scope="module")
def beginner_round() -> JSON:
    """Medium against a beginner, who never touches the table's sets."""
    state = new_game("rummikub", seed=3)
    play_out(state, [make_bot("rummikub", "medium", seed=1), make_bot("rummikub", "easy", seed=2)])
    return state.to_json()


def test_the_same_round_always_gets_the_same_review(beginner_round: JSON) -> None:
    first = review(beginner_round, 0, worlds=4)
    assert review(beginner_round, 0, worlds=4).to_json() == first.to_json()
    assert first.unit == "points" and first.game == "rummikub"


def test_a_beginners_draws_beside_many_tiles_to_lay_are_marked(
    beginner_round: JSON,
) -> None:
    found = review(beginner_round, 1, worlds=16)
    for move in found.moves:
        assert move.best.loss == 0.0 and move.played in move.options
        assert 0 <= move.facts["placed"] <= move.facts["most"]
        assert move.before["table"] is not None
    blunders = [m for m in found.moves if m.mark == "blunder"]
    assert blunders, "the beginner never extends the table: late in the round it costs"
    assert all(move.facts["placed"] < move.facts["most"] for move in blunders)
    assert any(isinstance(move.best.action, Play) for move in blunders)


def test_a_two_player_match_is_valued_in_its_chance_to_win() -> None:
    state = new_match("rummikub", seed=4, rounds=2)
    play_out(state, [make_bot("rummikub", "medium", seed=1), make_bot("rummikub", "medium")])
    found = review(state.to_json(), 0, worlds=4)
    assert found.unit == "pp"
    assert all(0 <= option.value <= 100 for m in found.moves for option in m.options)


def test_rkb_8_going_out_is_never_a_loss(beginner_round: JSON) -> None:
    """The move that empties the rack wins the round: the search stops the world there
    (the seat does not draw again in it), so going out is the best move weighed."""
    last = len(beginner_round["log"]) - 1
    assert beginner_round["log"][last]["type"] == "play"
    state = load_start(beginner_round)
    state.replay(beginner_round["log"][:last])
    seat = state.current_player
    assert seat is not None
    found = next(m for m in review(beginner_round, seat, worlds=4).moves if m.move == last)
    assert found.best.action == found.played.action and found.played.loss == 0.0
