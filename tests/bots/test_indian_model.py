"""The Indian hard bot's opponent model: the styles' weights follow his choices, a
player no style describes falls to the catch-all, and the evidence lasts exactly as long
as the match."""

from __future__ import annotations

import pytest

from rummyhall import Draw, new_game, new_match
from rummyhall.bots import decide, make_bot
from rummyhall.bots.indian.levels import HardIndianBot
from rummyhall.bots.indian.model import (
    Belief,
    Evidence,
    OpponentModel,
    Record,
    open_cards,
    posterior,
)
from rummyhall.cards import card_index
from rummyhall.game import GameState


def model_after(state: GameState, opponent: str, watcher: int = 0) -> OpponentModel:
    """Play ``state`` out, hard in seat ``watcher`` against ``opponent``, and return the
    model hard built from its views."""
    hard = HardIndianBot(seed=1, simulations=1)
    other = make_bot("indian", opponent, seed=2)
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(decide(state, hard if seat == watcher else other))
    return hard.model


def test_the_weights_go_to_the_style_the_opponent_plays() -> None:
    for style, peers in (("greedy", {"greedy"}), ("stock-only", {"stock-only", "easy"})):
        seen = Evidence()
        for deal in range(4):
            state = new_game("indian", seed=40 + deal)
            model = model_after(state, style)
            assert model.last is not None
            seen = seen + model.last
        weights, anyone = posterior(seen)
        assert sum(weights[name] for name in peers) > 0.9, (style, weights, anyone)


def test_a_player_no_style_describes_falls_to_the_catch_all() -> None:
    odd = Evidence(offers=30, takes=15, discards=30, wilds=12, highs=0, first_turns=1)
    weights, anyone = posterior(odd)
    assert anyone > 0.9, weights


def test_a_pass_of_the_first_open_card_is_declined() -> None:
    state = new_game("indian", seed=3)
    first_open = state.view(0)["discard_pile"][0]
    state.apply(Draw("stock"))
    state.apply(decide(state, make_bot("indian", "medium")))
    seat = state.current_player
    assert seat is not None
    record = Record(state.view(seat))
    if record.evidence.offers:  # the open card could be taken (not a wild card)
        assert record.declined == [card_index(first_open)]


def test_evidence_carries_over_the_deals_of_a_match_and_not_into_a_new_game() -> None:
    match = new_match("indian", seed=6, format="pool101")
    hard = HardIndianBot(seed=1, simulations=1)
    greedy = make_bot("indian", "greedy", seed=2)
    carried_at: dict[int, int] = {}
    while not match.is_over and len(carried_at) < 4:
        seat = match.current_player
        assert seat is not None
        deal = match.view(0)["match"]["number"]
        match.apply(decide(match, hard if seat == 0 else greedy))
        if seat == 0:  # what hard carried into this deal
            carried_at[deal] = hard.model.carried.offers
    assert carried_at[1] == 0
    assert 0 < carried_at[2] < carried_at[3]
    deal = new_game("indian", seed=7)
    while deal.current_player != 0:
        deal.apply(decide(deal, greedy))
    decide(deal, hard)
    assert hard.model.carried == Evidence()


def test_the_catch_all_expects_any_consistent_hand() -> None:
    state = new_game("indian", seed=12)
    players = [make_bot("indian", "medium"), make_bot("indian", "greedy")]
    for _ in range(20):
        seat = state.current_player
        assert seat is not None
        state.apply(decide(state, players[seat]))
    view = state.view(0)
    record = Record(view)
    odd = Evidence(offers=30, takes=15, discards=30, wilds=12, first_turns=1)
    belief = Belief(record, odd)
    assert belief.anyone > 0.99
    share = record.missing / sum(record.unseen)
    uniform = [copies * (1 - share) for copies in record.unseen]
    live = belief.live("A23456789TJQK".index(view["wild_rank"]))
    assert live == pytest.approx(uniform, abs=0.02)


def test_open_cards_are_the_tops_of_the_discard_pile_before_each_move() -> None:
    for seed in range(4):
        state = new_game("indian", seed=60 + seed)
        players = [make_bot("indian", "greedy"), make_bot("indian", "medium")]
        tops = []
        while not state.is_over:
            pile = state.view(0)["discard_pile"]
            tops.append(card_index(pile[-1]) if pile else None)
            seat = state.current_player
            assert seat is not None
            state.apply(decide(state, players[seat]))
        assert open_cards(state.view(0))[: len(tops)] == tops
