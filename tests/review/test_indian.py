"""An Indian Rummy deal reviewed for one seat: reproducible, the move played always among
the moves weighed, its worlds drawn from what the seat could see, a declaration thrown
away said exactly and valued below declaring, a pool valued in its chance to win."""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest

from rummyhall import new_game, new_match
from rummyhall.actions import JSON, Declare, Discard, Draw
from rummyhall.bots import make_bot, play_out
from rummyhall.cards import card_index
from rummyhall.games.indian import IndianState
from rummyhall.games.indian.distance import distance
from rummyhall.games.indian.solver import declaring_discards
from rummyhall.review import review
from rummyhall.review.indian import IndianAppraiser, sampled
from rummyhall.review.indian_playout import notices
from rummyhall.review.positions import decisions


def medium_deal(seed: int, players: int) -> IndianState:
    state = new_game("indian", seed=seed, players=players)
    assert isinstance(state, IndianState)
    play_out(state, [make_bot("indian", "medium", seed=seed + s) for s in range(players)])
    return state


@pytest.fixture(scope="module")
def thrown_declaration() -> tuple[JSON, int, int]:
    return declaration_thrown_away()


def declaration_thrown_away() -> tuple[JSON, int, int]:
    """A deal where a seat could declare and threw a card instead (its record, the seat
    and the move), the bots playing the rest."""
    for seed in range(40):
        state = new_game("indian", seed=seed, players=2)
        bots = [make_bot("indian", "medium", seed=s) for s in range(2)]
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            legal = state.legal_actions()
            if any(isinstance(a, Declare) for a in legal):
                move = len(state.log)
                state.apply(next(a for a in legal if isinstance(a, Discard)))
                play_out(state, bots)
                return state.to_json(), seat, move
            state.apply(bots[seat].act(state.view(seat), legal))
    raise AssertionError("no declaration in 40 deals")


def test_the_same_deal_always_gets_the_same_review() -> None:
    record = medium_deal(3, 3).to_json()
    first = review(record, 1, worlds=4)
    assert review(copy.deepcopy(record), 1, worlds=4).to_json() == first.to_json()
    assert first.game == "indian" and first.unit == "points" and first.moves
    for move in first.moves:
        assert move.best.loss == 0.0 and move.played in move.options
        if isinstance(move.played.action, Draw):
            assert move.before["top"] is not None  # what a take takes


def test_a_declaration_thrown_away_is_said_and_valued_below_declaring(
    thrown_declaration: tuple[JSON, int, int],
) -> None:
    record, seat, move = thrown_declaration
    found = next(m for m in review(record, seat, worlds=8).moves if m.move == move)
    assert found.facts["nearest"] == 0 < found.facts["distance"]
    assert isinstance(found.best.action, Declare) and found.best_facts["distance"] == 0
    assert found.played.loss > 0


def test_the_worlds_hold_what_the_seat_saw_and_deal_the_rest() -> None:
    state = medium_deal(5, 4)
    record = state.to_json()
    for position in list(decisions(record, 2))[:6]:
        view = position.view
        deal = sampled(view, random.Random(1))
        cards = Counter(card for hand in deal.hands for card in hand)
        cards.update(deal.stock + deal.pile)
        assert sum(cards.values()) == 105  # all but the cut joker
        assert max(cards.values()) <= 2 and len(deal.stock) == view["stock_count"]
        assert sorted(deal.hands[2]) == sorted(map(card_index, view["hand"]))
        for other, held in enumerate(view["picked_up"]):
            assert Counter(map(card_index, held)) <= Counter(deal.hands[other])


def test_a_two_player_pool_is_valued_in_its_chance_to_win() -> None:
    state = new_match("indian", seed=2, format="pool101", players=2)
    play_out(state, [make_bot("indian", "medium", seed=1), make_bot("indian", "medium", seed=2)])
    position = next(decisions(state.to_json(), 0))
    appraiser = IndianAppraiser(4)
    assert appraiser.unit(position.view) == "pp"
    found = appraiser.appraise(position.view, position.legal, position.played, seed=1)
    assert all(0.0 <= appraisal.mean <= 1.0 for _, appraisal in found)


def test_the_rule_player_notices_every_declaration_in_played_out_hands() -> None:
    """Its cheap look (:func:`notices`) never skips a hand the solver declares with,
    over the fourteen-card hands of many deals (the last card the one just drawn)."""
    rng = random.Random(7)
    checked = 0
    for seed in range(12):
        state = medium_deal(seed, 2)
        wild = state.wild
        for hand in (list(h) for h in state.hands if h):
            for _ in range(20):
                drawn = [c % 53 for c in hand] + [rng.randrange(53)]
                if declaring_discards(drawn, wild):
                    checked += 1
                    # a declaration there before the card came was found a turn earlier
                    assert notices(drawn, wild) or distance(drawn[:-1], wild) == 0
    assert checked > 0
