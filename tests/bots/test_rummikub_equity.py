"""The hard Rummikub bot values a sampled world by the round's points, or in a two-player
match by the chance to win the match (``bots/rummikub/equity.py``)."""

from __future__ import annotations

from typing import Any

from rummyhall import new_game, new_match
from rummyhall.bots.rummikub.equity import Horizon, valuation

OUT_WITH_20 = Horizon(out=1, mine=0, theirs=20, tile_lead=5)
"""The bot went out; the opponent's rack holds 20 points."""
SAFE = Horizon(out=0, mine=30, theirs=35, tile_lead=0)
"""Nobody is out; the racks about even."""


def match_view(totals: list[int], number: int) -> Any:
    view = dict(new_match("rummikub", seed=5, rounds=4).view(0))
    view["match"] = {**view["match"], "totals": totals, "number": number}
    return view


def test_rkb_8_in_a_single_round_going_out_is_worth_its_points_and_the_round() -> None:
    value, indifferent = valuation(new_game("rummikub", seed=5).view(0))  # type: ignore[arg-type]
    assert (
        value(OUT_WITH_20)
        > value(Horizon(1, 0, 10, 5))
        > value(SAFE)
        > value(Horizon(-1, 10, 0, -5))
    )
    assert indifferent == 1.0


def test_rkb_8_in_the_last_round_points_count_for_the_totals_they_leave() -> None:
    """30 behind in the last round, going out with 20 points wins the match (the round's
    score counts twice in the difference); 60 behind it loses it, and then keeping the
    round open is worth more; 60 ahead, anything but a heavy loss wins."""
    value, indifferent = valuation(match_view([0, 30], number=4))
    assert value(OUT_WITH_20) == 1.0
    value, _ = valuation(match_view([0, 60], number=4))
    assert value(OUT_WITH_20) == 0.0 < value(SAFE) < 0.5
    value, _ = valuation(match_view([60, 0], number=4))
    assert value(OUT_WITH_20) == 1.0 and value(SAFE) > 0.9
    assert indifferent < 0.01


def test_rkb_8_early_in_a_match_more_points_are_a_better_chance() -> None:
    value, _ = valuation(match_view([0, 0], number=1))
    assert 0.5 < value(Horizon(1, 0, 10, 5)) < value(OUT_WITH_20) < 1.0
    assert value(Horizon(-1, 20, 0, -5)) < 0.5


def test_rkb_9_a_blocked_round_is_scored_exactly() -> None:
    """Nobody out and nobody able to play: the lower rack wins the difference (RKB-9),
    the round's bonus with it; nothing is left open."""
    value, _ = valuation(new_game("rummikub", seed=5).view(0))  # type: ignore[arg-type]
    won = Horizon(out=1, mine=12, theirs=40, tile_lead=3, blocked=True)
    assert won.points() == 28 and won.spread() == 0.0
    assert value(won) == 128
    tied = Horizon(out=0, mine=20, theirs=20, tile_lead=0, blocked=True)
    assert value(tied) == 0 and tied.spread() == 0.0
