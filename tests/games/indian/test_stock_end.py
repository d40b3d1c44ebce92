"""IND-13: an empty stock voids a Points deal and is renewed from the discard pile in
Pools and Deals (the formats page: "牌堆用完：把弃牌堆洗匀后再用"), replayably."""

from __future__ import annotations

import json

import pytest

from rummyhall import Discard, Draw, Drop, load, new_game, new_match
from rummyhall.game import GameState
from rummyhall.games.indian import IndianMatch, IndianState

RESHUFFLING = ("pool101", "pool201", "deals")


def deal_of(state: GameState) -> IndianState:
    deal = state.deal if isinstance(state, IndianMatch) else state
    assert isinstance(deal, IndianState)
    return deal


def run_stock_dry(state: GameState) -> None:
    """Every player draws from stock and throws the first card he may, until the stock
    has run out once (the deal is void, or the reshuffle event has come)."""
    deal = deal_of(state)
    while not deal.is_over and not any(e.type == "reshuffle" for e in deal.events):
        state.apply(Draw("stock"))
        state.apply(next(a for a in state.legal_actions() if isinstance(a, Discard)))


def test_ind_13_points_deal_is_void_when_the_stock_runs_out() -> None:
    for state in (new_game("indian", seed=3), new_match("indian", seed=3, format="points")):
        run_stock_dry(state)
        deal = deal_of(state)
        assert deal.outcome == "void" and deal.winners == [] and deal.penalties == [0, 0]
        assert not any(e.type == "reshuffle" for e in deal.events)
        assert state.is_over


@pytest.mark.parametrize("format_", RESHUFFLING)
def test_ind_13_pools_and_deals_reshuffle_the_discard_pile_by_default(format_: str) -> None:
    match = new_match("indian", seed=3, format=format_)
    assert match.to_json()["options"]["reshuffle_on_empty"] is True
    deal = deal_of(match)
    run_stock_dry(match)
    before = [e for e in deal.events if e.type == "reshuffle"]
    assert not deal.is_over and len(before) == 1
    # The top card stays open; every other discard is in the new, hidden stock.
    last_discard = next(e for e in reversed(deal.events) if e.type == "discard")
    for seat in (None, 0, 1):
        view = match.view(seat)
        assert view["discard_pile"] == [last_discard.data["card"]]
        assert view["stock_count"] == before[0].data["stock_count"] == len(deal.stock) > 0
        # 106 cards less two hands, the indicator and the open top card
        assert view["moves"][-1] == {"type": "reshuffle", "seat": None, "stock_count": 78}
        assert "stock" not in view and "seed" not in view
    zones = deal.zones()
    assert sum(len(cards) for cards in zones.values()) == 106
    # Play goes on: the next player draws the top of the new stock.
    top = deal.stock[-1]
    player = deal.current_player
    match.apply(Draw("stock"))
    assert player is not None and top in deal.hands[player]


def test_ind_13_the_new_stock_comes_from_the_seed_and_replays() -> None:
    first = new_match("indian", seed=3, format="pool101")
    run_stock_dry(first)
    second = load(json.dumps(first.to_json()))
    assert deal_of(second).stock == deal_of(first).stock
    assert second.to_json() == first.to_json()
    again = new_match("indian", seed=3, format="pool101")
    run_stock_dry(again)
    assert deal_of(again).stock == deal_of(first).stock
    other = new_match("indian", seed=4, format="pool101")
    run_stock_dry(other)
    assert sorted(deal_of(other).stock) != deal_of(other).stock  # shuffled, not in order


def test_ind_13_the_option_overrides_the_format_default() -> None:
    pool = new_match("indian", seed=3, format="pool101", reshuffle_on_empty=False)
    run_stock_dry(pool)
    assert pool.history[0]["outcome"] == "void"  # scored 0 to all; the next deal is dealt
    assert pool.totals == [0, 0] and not pool.is_over and len(pool.history) == 1
    points = new_game("indian", seed=3, reshuffle_on_empty=True)
    run_stock_dry(points)
    assert not points.is_over and points.events[-1].type == "reshuffle"


def test_ind_13_a_saved_void_pool_game_still_loads_and_replays() -> None:
    """A record written before the default changed names the option it was played with
    (every Indian record always has), so it replays as it was played."""
    old = new_match("indian", seed=3, format="pool101", reshuffle_on_empty=False)
    run_stock_dry(old)
    record = old.to_json()
    assert record["options"]["reshuffle_on_empty"] is False
    replayed = load(record)
    assert isinstance(replayed, IndianMatch)
    assert replayed.history == old.history and replayed.to_json() == record


def test_ind_13_reshuffles_draw_nothing_from_the_match_seed() -> None:
    """The reshuffle uses the deal's own generator after its deal, so the next deals of a
    match are the same whether a deal was renewed, voided or never ran dry."""
    renewed = new_match("indian", seed=8, format="deals", deals=3)
    voided = new_match("indian", seed=8, format="deals", deals=3, reshuffle_on_empty=False)
    assert deal_of(renewed).deck == deal_of(voided).deck
    run_stock_dry(renewed)
    run_stock_dry(voided)
    while len(renewed.history) == 0:  # end the renewed deal: a 2-player drop
        renewed.apply(Drop())
    assert len(voided.history) == 1
    assert deal_of(renewed).deck == deal_of(voided).deck
    assert deal_of(renewed).dealer == deal_of(voided).dealer
