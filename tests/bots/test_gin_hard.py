"""The Gin hard bot's reading of the opponent and its value of a played-out hand."""

from __future__ import annotations

from rummyhall import new_game
from rummyhall.bots import decide, make_bot
from rummyhall.bots.gin import Knowledge, hand_value, melds_with
from rummyhall.cards import card_index
from rummyhall.games.gin.melds import mask_of


def hand(*names: str) -> int:
    return mask_of([card_index(name) for name in names])


def test_gin_5_melds_with_finds_sets_and_runs_with_the_ace_low() -> None:
    assert melds_with(card_index("9C"), hand("9H", "9D", "2S"))
    assert melds_with(card_index("AS"), hand("2S", "3S"))
    assert melds_with(card_index("4S"), hand("3S", "5S"))
    assert not melds_with(card_index("5S"), hand("2S", "3S"))
    assert not melds_with(card_index("KS"), hand("AS", "2S"))  # no wrap round (GIN-5)
    assert not melds_with(card_index("AH"), hand("KH", "QH"))
    assert not melds_with(card_index("9C"), hand("9H", "8C"))


def test_a_deadwood_minimizers_true_hand_passes_the_filter() -> None:
    """Against medium (which throws its best discard), the sampler's filter keeps the
    opponent's real hand in all but a few positions (a let-go card that could meld but
    would not have lowered his deadwood)."""
    kept = positions = 0
    for seed in range(40):
        state = new_game("gin", seed=seed)
        bots = [make_bot("gin", "medium"), make_bot("gin", "medium")]
        while not state.is_over:
            seat = state.current_player
            knowledge = Knowledge(state.view(seat))
            positions += 1
            kept += knowledge.consistent(state.hands[1 - seat])
            state.apply(decide(state, bots[seat]))
    assert kept >= 0.95 * positions


def test_gin_4_a_discard_after_taking_the_top_says_nothing_of_the_best_discard() -> None:
    seen_taken = seen_free = False
    for seed in range(20):
        state = new_game("gin", seed=seed)
        bots = [make_bot("gin", "medium"), make_bot("gin", "medium")]
        while not state.is_over:
            seat = state.current_player
            view = state.view(seat)
            moves = [m for m in view["moves"] if m["seat"] != seat]
            if moves and moves[-1]["type"] == "discard":
                knowledge = Knowledge(view)
                took = moves[-2]["type"] == "draw" and moves[-2]["source"] == "discard"
                assert (knowledge.last_thrown is None) == took
                if not took:
                    assert knowledge.last_thrown == card_index(moves[-1]["card"])
                seen_taken |= took
                seen_free |= not took
            state.apply(decide(state, bots[seat]))
    assert seen_taken and seen_free


def test_a_won_hand_is_worth_more_than_any_points() -> None:
    assert hand_value(1) > hand_value(0) > hand_value(-1)
    assert hand_value(-1) > hand_value(-40)
    assert hand_value(2) < hand_value(40) < hand_value(1) + 1  # points only break ties
