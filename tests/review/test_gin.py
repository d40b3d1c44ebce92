"""A Gin game reviewed for one seat (rummyhall.review): reproducible, every legal move
valued, the best one losing nothing, a bad move marked, bad input refused."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummyhall import load, new_game, new_match
from rummyhall.actions import JSON, Discard, Draw, Knock
from rummyhall.bots import make_bot, play_out
from rummyhall.errors import NotationError
from rummyhall.review import Review, carried, review, with_reviews
from rummyhall.review.marks import NOISE_Z, THRESHOLDS

STACKED = [
    *("AS", "2S", "3S", "5H", "5D", "5C", "9C", "TC", "JC", "KD"),
    *("4D", "7D", "8S", "2H", "6C", "QS", "3H", "4C", "8C", "7H"),
    "QH",
]
"""Seat 0 holds three melds and the K♦, is offered the Q♥ (seed 0: seat 1 deals)."""


def finished_hand(seed: int) -> JSON:
    state = new_game("gin", seed=seed)
    play_out(state, [make_bot("gin", "medium", seed=seed), make_bot("gin", "easy", seed=seed)])
    return state.to_json()


def broken_meld() -> JSON:
    """Seat 0 takes the Q♥ and, where throwing the K♦ leaves 10 (a knock), throws the 2♠
    out of his run instead; the bots play the hand out."""
    state = new_game("gin", seed=0, deck=STACKED)
    state.apply(Draw("discard"))
    state.apply(Discard("2S"))
    play_out(state, [make_bot("gin", "medium", seed=1), make_bot("gin", "medium", seed=2)])
    return state.to_json()


def test_the_same_game_always_gets_the_same_review() -> None:
    record = finished_hand(3)
    first = review(record, 0, worlds=32)
    assert review(copy.deepcopy(record), 0, worlds=32).to_json() == first.to_json()
    assert first.unit == "points" and first.worlds == 32


def test_a_meld_broken_when_a_knock_was_there_is_marked() -> None:
    found = review(broken_meld(), 0, worlds=128)
    throw = next(move for move in found.moves if move.move == 1)
    assert throw.played.action == Discard("2S")
    assert throw.best.action in (Discard("KD"), Knock("KD"))  # waiting, or knocking with 10
    assert throw.mark == "blunder"
    assert throw.facts == {"deadwood": 24, "least": 10}  # A♠ 3♠ Q♥ K♦; only the Q♥
    assert throw.played.loss > THRESHOLDS["gin"]["points"]["blunder"]
    assert throw.accuracy < 80
    assert found.marks["blunder"] >= 1


def gin_thrown_away() -> JSON:
    """Seat 0 takes the Q♣, which makes gin throwing the K♦, and throws the A♠."""
    state = new_game("gin", seed=0, deck=[*STACKED[:20], "QC"])
    state.apply(Draw("discard"))
    state.apply(Discard("AS"))
    play_out(state, [make_bot("gin", "medium", seed=1), make_bot("gin", "medium", seed=2)])
    return state.to_json()


def test_gin_thrown_away_is_said_exactly_and_marked() -> None:
    found = review(gin_thrown_away(), 0, worlds=64)
    throw = next(move for move in found.moves if move.move == 1)
    assert throw.facts == {"deadwood": 15, "least": 0}
    assert throw.best.action == Knock("KD") and throw.mark == "blunder"


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), seat=st.sampled_from([0, 1]))
def test_every_legal_move_is_valued_and_the_best_loses_nothing(seed: int, seat: int) -> None:
    record = finished_hand(seed)
    found = review(record, seat, worlds=16)
    for move in found.moves:
        assert move.best.loss == 0.0 and move.best.error == 0.0
        losses = [option.loss for option in move.options]
        assert losses == sorted(losses) and min(losses) >= 0
        assert move.played in move.options
        if move.played == move.best:
            assert move.mark is None and move.accuracy == 100.0
        if move.mark is not None:
            assert move.played.loss > NOISE_Z * move.played.error
    assert found.accuracy is not None and 0 <= found.accuracy <= 100


def test_a_match_is_valued_in_its_chance_to_win() -> None:
    state = new_match("gin", seed=5, target=50)
    play_out(state, [make_bot("gin", "medium", seed=1), make_bot("gin", "easy", seed=2)])
    assert len(state.history) >= 2  # type: ignore[attr-defined]
    found = review(state.to_json(), 1, worlds=16)
    assert found.unit == "pp"
    assert all(0 <= move.played.value <= 100 for move in found.moves)
    assert max(move.part for move in found.moves) >= 1


def test_bad_input_is_refused_before_anything_is_computed() -> None:
    record = finished_hand(3)
    with pytest.raises(NotationError, match="no seat 3 in this game: its seats are 1 to 2"):
        review(record, 2)
    with pytest.raises(NotationError, match="no seat 0"):
        review(record, -1)
    with pytest.raises(NotationError, match="the seat is a number"):
        review(record, "1")  # type: ignore[arg-type]
    unfinished = {**record, "log": record["log"][:5]}
    unfinished.pop("snapshot")
    with pytest.raises(NotationError, match="not finished"):
        review(unfinished, 0)
    corrupt = {**record, "log": [{"type": "discard", "card": "ZZ"}]}
    with pytest.raises(NotationError, match="does not replay"):
        review(corrupt, 0)
    with pytest.raises(NotationError, match="does not replay"):
        review({"game": "chess"}, 0)
    with pytest.raises(NotationError, match="at least 2 worlds"):
        review(record, 0, worlds=1)


def test_every_decision_reports_progress() -> None:
    seen: list[tuple[int, int]] = []
    found = review(finished_hand(3), 1, worlds=8, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(n, len(found.moves)) for n in range(1, len(found.moves) + 1)]


def test_a_review_reads_back_from_its_json_as_it_was() -> None:
    record = finished_hand(3)
    found = review(record, 1, worlds=8)
    text = json.dumps(found.to_json(), allow_nan=False)  # strict JSON: no NaN, no Infinity
    assert Review.from_json(json.loads(text)).to_json() == found.to_json()
    carrying = with_reviews(record, [found])
    assert load(carrying).to_json() == load(record).to_json()
    assert {seat: one.to_json() for seat, one in carried(carrying).items()} == {1: found.to_json()}
    with pytest.raises(NotationError, match="carries a rummikub review"):
        carried({**record, "reviews": [{**found.to_json(), "game": "rummikub"}]})
