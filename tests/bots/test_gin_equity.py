"""The Gin match-equity table (bots/gin/equity.py): exact on laws whose answer is known,
consistent on the shipped one, and the hard bot's values of a world in a match."""

from __future__ import annotations

from array import array

import pytest

from rummyhall import new_match
from rummyhall.bots.gin.equity import (
    HandOutcomes,
    MatchEquity,
    match_equity,
    measured_outcomes,
    reference_table,
)
from rummyhall.bots.gin.levels import valuation


def law(dealer: dict[int, float], other: dict[int, float], cancelled: float = 0.0) -> HandOutcomes:
    def chances(wins: dict[int, float]) -> tuple[float, ...]:
        return tuple(wins.get(p, 0.0) for p in range(max([*dealer, *other]) + 1))

    return HandOutcomes(chances(dealer), chances(other), cancelled)


def test_gin_15_two_hands_of_fifty_make_a_match_to_100() -> None:
    """Every hand scores 50 for either side, evenly: the match is the first to win two."""
    equity = MatchEquity(100, law({50: 0.5}, {50: 0.5}))
    for dealing in (True, False):
        assert equity(0, 0, dealing) == pytest.approx(0.5)
        assert equity(50, 0, dealing) == pytest.approx(0.75)
        assert equity(0, 50, dealing) == pytest.approx(0.25)
        assert equity(50, 50, dealing) == pytest.approx(0.5)
        assert equity(99, 0, dealing) == pytest.approx(0.75)  # 50 more: the same as from 50


def test_gin_1_the_winner_deals_and_a_cancelled_hand_is_dealt_again() -> None:
    """One hand decides (100 points); the dealer wins 20% of hands, his opponent 40%, the
    rest are cancelled and dealt again: the dealer's chance is 0.2 / 0.6."""
    equity = MatchEquity(100, law({100: 0.2}, {100: 0.4}, cancelled=0.4))
    assert equity(0, 0, True) == pytest.approx(1 / 3)
    assert equity(0, 0, False) == pytest.approx(2 / 3)
    # a hand won for 60 from 50 points each ends the match, for 40 it does not: the
    # winner then deals, and the dealer is the underdog here
    assert equity.after_hand(50, 50, False, 60) == 1.0
    assert equity.after_hand(50, 50, False, 40) == pytest.approx(1 / 3)
    assert equity.after_hand(50, 50, False, 0) == pytest.approx(2 / 3)
    assert equity.after_hand(50, 50, True, -60) == 0.0


@pytest.mark.parametrize(("mode", "target"), [("standard", 100), ("oklahoma", 150)])
def test_gin_15_the_shipped_table_is_a_fair_zero_sum_chance(mode: str, target: int) -> None:
    equity = match_equity(mode, target)
    for mine in range(0, target, 7):
        for theirs in range(0, target, 11):
            for dealing in (True, False):
                chance = equity(mine, theirs, dealing)
                assert 0.0 <= chance <= 1.0
                # the two players' chances make one
                assert chance + equity(theirs, mine, not dealing) == pytest.approx(1.0)
                # more points never hurt
                assert equity(mine + 1, theirs, dealing) >= chance - 1e-9
    assert equity(0, 0, True) == pytest.approx(0.5, abs=0.05)
    assert equity(target, 0, False) == 1.0 and equity(0, target, True) == 0.0


def test_the_hard_bot_values_a_world_by_the_match_it_leads_to() -> None:
    """At 95 to 0 a knock for 5 points wins the match: worth as much as gin for 40; in a
    single hand the points themselves count."""
    match = new_match("gin", seed=3)
    view = dict(match.view(0))
    view["match"] = {**view["match"], "totals": [95, 0]}
    value, indifferent = valuation(view)  # type: ignore[arg-type]
    assert value(5) == value(40) == 1.0
    assert value(-30) < value(0) < value(5)
    assert indifferent < 0.01
    hand_view = dict(view)
    del hand_view["match"]
    value, _ = valuation(hand_view)  # type: ignore[arg-type]
    assert value(40) > value(5) > value(0) > value(-30)


def test_gin_15_the_compiled_table_is_the_reference() -> None:
    from rummyhall.bots.gin.playout import COMPILED_EQUITY

    if COMPILED_EQUITY is None:
        pytest.skip("the compiled playouts are not built")
    outcomes = measured_outcomes("oklahoma")
    scored = 1 - outcomes.cancelled
    laws = tuple(
        array("d", [p / scored for p in law]) for law in (outcomes.by_dealer, outcomes.by_other)
    )
    compiled = memoryview(COMPILED_EQUITY(60, *map(bytes, laws))).cast("d")
    assert list(compiled) == pytest.approx(reference_table(60, (laws[0], laws[1])), abs=1e-12)
