"""The Indian hard bot plays for the pool (IND-14): a drop near elimination is judged by
the chance to win the pool (``bots/indian/pool.py``)."""

from __future__ import annotations

import pytest

from rummyhall import Drop, new_game, new_match
from rummyhall.bots import decide, make_bot
from rummyhall.bots.indian.medium import hand_faces, wild_of
from rummyhall.bots.indian.pool import (
    FARTHEST,
    STAGES,
    deal_odds,
    drop_pays,
    equity,
    penalty_bin,
    play_on_chance,
    pool_of,
    win_chance,
)
from rummyhall.games.indian import IndianMatch
from rummyhall.games.indian.distance import distance

POOL101 = (101, (20, 40))


def test_ind_14_pool_equity_is_exact_on_toy_pools() -> None:
    """Every loser pays 50 in Pool 101: from 60 one loss puts me out (110 > 101), while
    he needs three (150), so I win only if he loses three deals in a row: 1/8. From 51
    I survive one loss (101 is not over 101): he must lose 3 before I lose 2, 5/16."""
    fifty = ((50, 1.0),)
    assert equity(101, fifty, 0, 0)[0][0] == 0.5
    assert equity(101, fifty, 60 % 50, 0)[60 // 50][0] == 1 / 8
    assert equity(101, fifty, 51 % 50, 0)[51 // 50][0] == 5 / 16
    # losers pay 20 or 40 alike, a pool to 50: from (20, 40) he is out at any loss and
    # I survive a loss of 20, to meet him at (40, 40), even: 1/2 + 1/2 · 1/2 · 1/2
    assert equity(50, ((20, 0.5), (40, 0.5)), 0, 0)[1][2] == 0.625


def test_ind_14_pool_chances_from_the_measured_deals() -> None:
    for limit, drops in (POOL101, (201, (25, 50))):
        assert win_chance(limit + 1, 0, limit, drops) == 0.0
        assert win_chance(0, limit + 1, limit, drops) == 1.0
        assert win_chance(0, 0, limit, drops) == pytest.approx(0.5)
        for mine, his in ((0, 37), (55, 80), (limit, 3)):
            both = win_chance(mine, his, limit, drops) + win_chance(his, mine, limit, drops)
            assert both == pytest.approx(1.0)
        chances = [win_chance(mine, 30, limit, drops) for mine in range(0, limit + 1, 7)]
        assert chances == sorted(chances, reverse=True)  # more points, less chance
    assert penalty_bin(2) == 5 and penalty_bin(40) == 40


def far_first_turn(totals: list[int], format: str = "pool101") -> IndianMatch:
    """A pool at its first turn, the player to move holding a hand at least 6 cards from
    a declaration, the totals set to ``totals``."""
    for seed in range(500):
        match = new_match("indian", seed=seed, format=format)
        assert isinstance(match, IndianMatch)
        seat = match.current_player
        assert seat is not None
        view = match.view(seat)
        if distance(hand_faces(view), wild_of(view)) >= 6:
            match.totals[:] = totals
            return match
    raise AssertionError("no far hand in 500 deals")


def test_ind_11_hard_never_drops_itself_out_of_the_pool() -> None:
    """At 85 in Pool 101 a first drop (20) would put the bot out: it plays the hand on,
    however far, while a drop at 0 against 0 is judged on the pool's chances."""
    match = far_first_turn([85, 85])
    seat = match.current_player
    assert seat is not None
    view = match.view(seat)
    assert Drop() in match.legal_actions() and drop_pays(view, 6) is False
    hard = make_bot("indian", "hard", seed=1, simulations=1)
    assert decide(match, hard) != Drop()
    match.totals[:] = [0, 0]
    fresh = match.view(seat)
    far = distance(hand_faces(fresh), wild_of(fresh))
    assert drop_pays(fresh, far) == (
        win_chance(20, 0, *POOL101) > play_on_chance(0, 0, *POOL101, far, 0)
    )
    assert (decide(match, make_bot("indian", "hard", seed=1, simulations=1)) == Drop()) == (
        drop_pays(fresh, far)
    )


def test_ind_11_a_drop_that_puts_the_bot_out_never_pays() -> None:
    """From 85 in Pool 101 any drop puts the bot out (105, 125), while playing on, however
    far its hand and late the deal, may still win the deal and the pool."""
    for far in range(1, FARTHEST + 2):
        for stage in range(len(STAGES)):
            on = play_on_chance(85, 0, *POOL101, far, stage)
            assert on > win_chance(105, 0, *POOL101) == 0.0
            assert 0.0 < deal_odds(min(far, FARTHEST), stage) < 1.0


def test_points_deals_and_three_player_deals_are_judged_as_before() -> None:
    """Outside a 2-player pool position the drop is decided as in Points (IND-14)."""
    points = new_game("indian", seed=3)
    deals = new_match("indian", seed=3, format="deals")
    three = new_match("indian", seed=3, format="pool101", players=3)
    for state in (points, deals, three):
        seat = state.current_player
        assert seat is not None
        assert pool_of(state.view(seat)) is None
        assert drop_pays(state.view(seat), 6) is None
    two = far_first_turn([10, 30])
    seat = two.current_player
    assert seat is not None
    assert pool_of(two.view(seat)) == (
        two.totals[seat],
        two.totals[1 - seat],
        101,
        (20, 40),
    )
    pool201 = far_first_turn([0, 0], "pool201")
    seat = pool201.current_player
    assert seat is not None
    assert pool_of(pool201.view(seat)) == (0, 0, 201, (25, 50))
