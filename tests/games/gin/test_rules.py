"""One test (or more) per Gin rule of docs/rulebook.md, named after its ID."""

from __future__ import annotations

import pytest

from rummyhall import Discard, Draw, IllegalAction, Knock, NotationError, Pass, new_game, new_match
from rummyhall.cards import CARD_NAMES
from rummyhall.games import gin
from rummyhall.games.gin import GinMatch, GinState, Phase
from tests.games.gin.helpers import deal

# Seat 0: spade run A-4, heart set of 8s, club run 5-7 = gin material with one loose card.
GIN_READY = "AS 2S 3S 4S 8S 8H 8D 5C 6C KD"
JUNK = "AH 3H 5H 7H 9H JH 2D 4D 6D 9C"
GIN_HAND = "AS 2S 3S 4S 8S 8H 8D 5C 6C 7C"


def rule_of(state: GinState, action: object) -> str:
    error = state.is_legal(action)  # type: ignore[arg-type]
    assert error is not None, f"{action} should be illegal"
    return error.rule


def play_to_discard(state: GinState) -> None:
    """Both pass the upcard; the non-dealer draws from stock."""
    state.apply(Pass())
    state.apply(Pass())
    state.apply(Draw("stock"))


# ---------------------------------------------------------------------------- GIN-1


def test_gin_1_deal_ten_cards_each_from_one_deck_without_jokers() -> None:
    state = new_game("gin", seed=11)
    zones = state.zones()
    assert len(zones["hand0"]) == len(zones["hand1"]) == 10
    everything = sorted(c for zone in zones.values() for c in zone)
    assert len(everything) == 52 == len(set(everything))
    assert "JK" not in everything


def test_gin_1_dealer_is_random_and_seeded() -> None:
    dealers = {new_game("gin", seed=s).view(None)["dealer"] for s in range(40)}
    assert dealers == {0, 1}
    assert (
        new_game("gin", seed=3).view(None)["dealer"] == new_game("gin", seed=3).view(None)["dealer"]
    )


def test_gin_1_stacked_deck_rejects_jokers_and_duplicates() -> None:
    with pytest.raises(NotationError, match="GIN-1"):
        new_game("gin", seed=0, deck=["JK"])
    with pytest.raises(NotationError, match="GIN-1"):
        new_game("gin", seed=0, deck=["7H", "7H"])


def test_gin_1_winner_deals_next_and_cancelled_hand_is_redealt() -> None:
    match = new_match("gin", seed=4)
    assert isinstance(match, GinMatch)
    for _ in range(60):
        if match.is_over:
            break
        before = len(match.history)
        dealer = match.hand.dealer
        while len(match.history) == before and not match.is_over:
            seat = match.current_player
            actions = match.legal_actions()
            knocks = [a for a in actions if isinstance(a, Knock)]
            # seat 0 knocks whenever it can; seat 1 never does
            match.apply(knocks[0] if knocks and seat == 0 else actions[0])
        if match.is_over:
            break
        last = match.history[-1]
        if last["result"]["outcome"] == "cancelled":
            assert match.hand.dealer == dealer
        else:
            winner = last["result"]["scores"].index(max(last["result"]["scores"]))
            assert match.hand.dealer == winner
    outcomes = {h["result"]["outcome"] for h in match.history}
    assert "cancelled" in outcomes and outcomes - {"cancelled"}


# ---------------------------------------------------------------------------- GIN-2


def test_gin_2_non_dealer_is_offered_the_upcard_first() -> None:
    state = deal(GIN_READY, JUNK, "QC", dealer=1)
    assert state.phase is Phase.OFFER and state.current_player == 0
    assert set(state.legal_actions()) == {Draw("discard"), Pass()}
    assert rule_of(state, Draw("stock")) == "GIN-2"
    assert rule_of(state, Discard("KD")) == "GIN-2"


def test_gin_2_after_a_pass_the_dealer_may_take_it() -> None:
    state = deal(GIN_READY, JUNK, "QC", dealer=1)
    state.apply(Pass())
    assert state.current_player == 1 and state.phase is Phase.OFFER
    state.apply(Draw("discard"))
    assert "QC" in state.hand_names(1)
    assert state.phase is Phase.DISCARD and state.current_player == 1
    state.apply(Discard("AH"))
    assert state.current_player == 0 and state.phase is Phase.DRAW


def test_gin_2_both_pass_then_non_dealer_draws_from_stock() -> None:
    state = deal(GIN_READY, JUNK, "QC", "7D", dealer=1)
    state.apply(Pass())
    state.apply(Pass())
    assert state.current_player == 0
    assert state.legal_actions() == [Draw("stock")]
    assert rule_of(state, Draw("discard")) == "GIN-2"
    state.apply(Draw("stock"))
    assert "7D" in state.hand_names(0)


def test_gin_2_taker_discards_then_other_player_draws() -> None:
    state = deal(GIN_READY, JUNK, "QC", dealer=1)
    state.apply(Draw("discard"))
    state.apply(Discard("KD"))
    assert state.current_player == 1 and state.phase is Phase.DRAW
    assert Draw("discard") in state.legal_actions()


# ---------------------------------------------------------------------------- GIN-3


def test_gin_3_draw_then_discard() -> None:
    state = deal(GIN_READY, JUNK, "QC", "7D 2C", dealer=1)
    play_to_discard(state)
    assert rule_of(state, Draw("stock")) == "GIN-3"
    assert rule_of(state, Discard("QH")) == "GIN-3"  # not in hand
    state.apply(Discard("KD"))
    assert rule_of(state, Discard("AH")) == "GIN-3"  # seat 1 must draw first
    state.apply(Draw("discard"))
    assert "KD" in state.hand_names(1)


def test_gin_3_bad_notation_is_a_clear_error_and_changes_nothing() -> None:
    state = deal(GIN_READY, JUNK, "QC", dealer=1)
    play_to_discard(state)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="not a card"):
        state.apply(Discard("ZZ"))
    assert state.to_json() == before


# ---------------------------------------------------------------------------- GIN-4


def test_gin_4_card_taken_from_discard_pile_cannot_be_discarded() -> None:
    state = deal(GIN_READY, JUNK, "QC", dealer=1)
    state.apply(Draw("discard"))  # the first upcard counts too
    assert Discard("QC") not in state.legal_actions()
    assert rule_of(state, Discard("QC")) == "GIN-4"
    before = state.to_json()
    with pytest.raises(IllegalAction) as error:
        state.apply(Discard("QC"))
    assert error.value.rule == "GIN-4" and "QC" in error.value.message
    assert state.to_json() == before


def test_gin_4_applies_to_a_knock_discard_too() -> None:
    state = deal(GIN_READY, JUNK, "7C", dealer=1)
    state.apply(Draw("discard"))  # 7C completes 5-6-7 of clubs
    assert rule_of(state, Knock("7C")) == "GIN-4"
    assert Knock("KD") in state.legal_actions()


def test_gin_4_card_drawn_from_stock_may_be_discarded_at_once() -> None:
    state = deal(GIN_READY, JUNK, "QC", "7D", dealer=1)
    play_to_discard(state)
    assert Discard("7D") in state.legal_actions()
    state.apply(Discard("7D"))


# ---------------------------------------------------------------------------- GIN-5


@pytest.mark.parametrize(
    ("cards", "points"),
    [
        ("7S 7H 7D", 0),  # set of 3
        ("7S 7H 7D 7C", 0),  # set of 4
        ("AS 2S 3S", 0),  # ace low
        ("QS KS AS", 21),  # Q-K-A is not a run
        ("KS AS 2S", 13),  # no wrapping
        ("4H 5H 6H 7H 8H 9H", 0),  # a long run
        ("4H 5D 6H", 15),  # one suit only
        ("7S 7H", 14),  # two is no meld
    ],
)
def test_gin_5_sets_and_runs(cards: str, points: int) -> None:
    assert gin.deadwood(cards) == points


def test_gin_5_one_card_belongs_to_one_meld_only() -> None:
    # 7S could serve the set of 7s or the spade run, not both: 2 cards stay out.
    layout = gin.arrange("5S 6S 7S 7H 7D")
    assert layout.melds == [["7S", "7H", "7D"]]  # 5S 6S (11) beat 7H 7D (14)
    assert layout.deadwood == ["5S", "6S"] and layout.points == 11


# ---------------------------------------------------------------------------- GIN-6


def test_gin_6_card_values() -> None:
    assert gin.deadwood("AS") == 1
    assert gin.deadwood("TS") == 10
    assert gin.deadwood("JH QD KC") == 30
    assert gin.deadwood("2C 9D") == 11


def test_gin_6_true_minimum_beats_greedy_longest_melds() -> None:
    # Greedy "longest meld first" takes 3S-7S and strands 3H 3D (6);
    # the optimum keeps 3S in the set of 3s and melds 4S-7S: 0.
    assert gin.deadwood("3S 4S 5S 6S 7S 3H 3D") == 0
    # Set of four vs two runs: 4S 4H 4D 4C 5S 6S 5H 6H -> runs 4-6S, 4-6H, 4D 4C = 8;
    # or the set of 4 with 5S 6S 5H 6H = 22, or 4S4D4C + 4-6H + 5S 6S = 11.
    assert gin.deadwood("4S 4H 4D 4C 5S 6S 5H 6H") == 8


# ---------------------------------------------------------------------------- GIN-7


def test_gin_7_knock_is_optional_and_judged_after_the_discard() -> None:
    state = deal(GIN_READY, JUNK, "7C", dealer=1)
    state.apply(Draw("discard"))  # 11 cards: KD is the only loose card
    legal = state.legal_actions()
    assert Knock("KD") in legal and Discard("KD") in legal  # knocking is optional
    assert Knock("AS") in legal  # 2S-3S-4S stays a run, KD left: 10 ≤ 10
    assert rule_of(state, Knock("8S")) == "GIN-7"  # 8H 8D KD: 26


def test_gin_7_knock_over_the_limit_names_the_deadwood() -> None:
    state = deal(JUNK, GIN_READY, "QC", "QS", dealer=1)
    play_to_discard(state)
    with pytest.raises(IllegalAction) as error:
        state.apply(Knock("9C"))
    assert error.value.rule == "GIN-7" and "≤ 10" in error.value.message


def test_gin_7_gin_is_zero_deadwood() -> None:
    state = deal(GIN_READY, JUNK, "7C", dealer=1)
    state.apply(Draw("discard"))
    state.apply(Knock("KD"))
    assert state.outcome == "gin"
    assert state.view(0)["result"]["settlement"]["knocker"]["points"] == 0


# ---------------------------------------------------------------------------- GIN-8


def test_gin_8_standard_limit_10_and_game_to_100() -> None:
    state = new_game("gin", seed=1)
    assert state.view(0)["knock_limit"] == 10
    assert new_match("gin", seed=1).view(0)["match"]["target"] == 100


# ---------------------------------------------------------------------------- GIN-9


@pytest.mark.parametrize(
    ("upcard", "limit"), [("7D", 7), ("KH", 10), ("TC", 10), ("2H", 2), ("AD", 0)]
)
def test_gin_9_oklahoma_limit_is_the_first_upcard(upcard: str, limit: int) -> None:
    state = deal(GIN_READY, JUNK, upcard, mode="oklahoma")
    assert state.knock_limit == limit


def test_gin_9_limit_holds_for_the_whole_hand_even_if_the_upcard_is_taken() -> None:
    state = deal(GIN_READY, JUNK, "3D", "9D", mode="oklahoma")
    state.apply(Pass())
    state.apply(Draw("discard"))  # the dealer takes the 3D
    state.apply(Discard("AH"))
    assert state.knock_limit == 3
    state.apply(Draw("stock"))  # seat 0 draws 9D: 11 cards, KD and 9D loose
    assert rule_of(state, Knock("9D")) == "GIN-7"  # KD left: 10 > 3


def test_gin_9_ace_upcard_means_gin_only() -> None:
    state = deal(GIN_READY, JUNK, "AC", "2C", mode="oklahoma")
    play_to_discard(state)  # draws 2C: KD, 2C loose
    error = state.is_legal(Knock("KD"))
    assert error is not None and error.rule == "GIN-9"  # 2 deadwood, gin only
    assert Knock("KD") not in state.legal_actions()


def test_gin_9_oklahoma_game_to_150_and_spade_upcard_doubles() -> None:
    assert new_match("gin", seed=1, mode="oklahoma").view(0)["match"]["target"] == 150
    state = deal(GIN_READY, JUNK, "7S", mode="oklahoma")
    assert state.view(0)["multiplier"] == 2
    assert deal(GIN_READY, JUNK, "7D", mode="oklahoma").view(0)["multiplier"] == 1
    assert deal(GIN_READY, JUNK, "7S").view(0)["multiplier"] == 1  # standard: never


# ---------------------------------------------------------------------------- GIN-10


def test_gin_10_lay_off_fourth_card_on_a_set_and_both_ends_of_a_run() -> None:
    s = gin.settle("8S 8H 8D 4C 5C 6C JD QD KD 2H", "8C 3C 7C 9D AD 2S 5H 6H KH QS")
    laid = {x.card for x in s.layoffs}
    assert laid == {"8C", "3C", "7C"}
    assert s.knocker_melds[s.layoffs[0].meld]  # indices point into knocker_melds


def test_gin_10_lay_offs_chain() -> None:
    # Hearts 5-6-7 on the table: 4H then 3H.
    s = gin.settle("5H 6H 7H TS TD TC JS QS KS AC", "4H 3H 9C 9D 2S 4S 6C 6D KC QC")
    assert s.layoffs == ["4H", "3H"]  # in the order they are laid, onto meld 0
    assert [x.meld for x in s.layoffs] == [0, 0] and "4H" in s.layoffs
    assert s.defender_points == 9 + 9 + 2 + 4 + 6 + 6 + 10 + 10


def test_gin_10_no_lay_off_after_gin() -> None:
    s = gin.settle(
        "5H 6H 7H TS TD TC JS QS KS AC".replace("AC", "8H"), "4H 3H 9C 9D 2S 4S 6C 6D KC QC"
    )
    assert s.kind == "gin" and s.layoffs == []
    assert s.points == 25 + (4 + 3 + 9 + 9 + 2 + 4 + 6 + 6 + 10 + 10)


def test_gin_10_no_lay_off_onto_deadwood_and_knocker_never_lays_off() -> None:
    # Knocker's 9C is deadwood: the defender's 9S 9H cannot join it; and the knocker's
    # deadwood could extend the defender's run 2-3-4D but stays deadwood.
    s = gin.settle(
        "5H 6H 7H TS TD TC JS QS KS 5D", "9S 9H 2D 3D 4D AC 2C KC QC JC".replace("JC", "8C")
    )
    assert s.layoffs == []
    assert s.knocker_deadwood == ["5D"]


# ---------------------------------------------------------------------------- GIN-11


def test_gin_11_gin_scores_25_plus_defender_deadwood() -> None:
    s = gin.settle("AS 2S 3S 8S 8H 8D 5C 6C 7C KD".replace("KD", "8C"), JUNK)
    assert s.kind == "gin" and s.winner == "knocker"
    assert s.points == 25 + gin.deadwood(JUNK)


def test_gin_11_knock_scores_the_difference() -> None:
    s = gin.settle("AS 2S 3S 8S 8H 8D 5C 6C 7C 4D", JUNK.replace("4D", "KD"))
    assert s.kind == "knock" and s.winner == "knocker"
    assert s.points == s.defender_points - 4


def test_gin_11_undercut_scores_25_plus_difference() -> None:
    s = gin.settle("AS 2S 3S 8S 8H 8D 5C 6C 7C TD", "AH 2H 3H 9S 9H 9D 2C 3C 4H 2D")
    # 4H and 4C? no: the defender melds A-4H, 9s, and lays 4C? It holds 2C 3C 2D: 7 left
    assert s.defender_points == 7
    assert s.kind == "undercut" and s.winner == "defender"
    assert s.points == 25 + 10 - s.defender_points


def test_gin_11_a_tie_is_an_undercut() -> None:
    s = gin.settle("AS 2S 3S 8S 8H 8D 5C 6C 7C 7D", "AH 2H 3H 9S 9H 9D JH QH KH 7H")
    assert s.knocker_points == s.defender_points == 7
    assert (s.kind, s.winner, s.points) == ("undercut", "defender", 25)


# ---------------------------------------------------------------------------- GIN-12


def test_gin_12_spade_doubling_applies_to_the_final_score() -> None:
    # Oklahoma, upcard 7S: limit 7, score doubled (bonus included), deadwood not.
    state = deal(GIN_HAND, JUNK, "7S", "3D", mode="oklahoma")
    play_to_discard(state)
    state.apply(Knock("4S"))  # A-2-3S stays, 3D left: 3 ≤ 7
    result = state.view(1)["result"]
    settlement = result["settlement"]
    assert settlement["knocker"]["points"] == 3  # deadwood itself is not doubled
    assert result["multiplier"] == 2
    assert state.scores[0] == 2 * settlement["points"]


def test_gin_12_doubling_does_not_change_knock_legality() -> None:
    state = deal(GIN_READY, JUNK, "5S", "9D", mode="oklahoma")
    play_to_discard(state)
    assert rule_of(state, Knock("9D")) == "GIN-7"  # KD = 10 > 5, doubled or not
    assert Knock("KD") not in state.legal_actions()  # 9D left: 9 > 5


# ---------------------------------------------------------------------------- GIN-13


def test_gin_13_knocker_layout_is_chosen_against_the_best_lay_offs() -> None:
    # Melding AH-4H leaves 5 deadwood but lets the defender lay off 5H (score 71 - 5 = 66);
    # keeping 4H as deadwood (9) blocks it (76 - 9 = 67): the engine picks the latter.
    s = gin.settle("AH 2H 3H 4H 5S 6S 7S 8S 9S 5C", "5H KC KD QC JD 9D 7D 3C 2C TH")
    assert s.knocker_melds == [["AH", "2H", "3H"], ["5S", "6S", "7S", "8S", "9S"]]
    assert s.knocker_deadwood == ["4H", "5C"]
    assert s.layoffs == []
    assert (s.kind, s.points) == ("knock", 67)


def test_gin_13_defender_layout_minimises_deadwood_after_lay_offs() -> None:
    # The defender's 9H could be melded in 9S 9H 9D, or laid off on 6-7-8H; both
    # leave the same cards, the engine must never do worse than its own best layout.
    s = gin.settle("6H 7H 8H TS TD TC JS QS KS AC", "9S 9H 9D 5H 4H 2C 3D 6C 7D KH")
    assert s.defender_points <= gin.deadwood("9S 9H 9D 5H 4H 2C 3D 6C 7D KH")
    assert {x.card for x in s.layoffs} == {"5H", "4H"}


def test_gin_13_ties_broken_by_documented_card_order() -> None:
    # Three runs or three sets: same score, same deadwood, same number of melds. Card
    # order (rank, then suit S H D C) puts [AS AH AD] before [AS 2S 3S]: the sets win.
    hand = "AS 2S 3S AH 2H 3H AD 2D 3D KC"
    s = gin.settle(hand, "9S 9H 7C 6D JS JH QC QD 5H 8S")
    assert s.knocker_melds == [["AS", "AH", "AD"], ["2S", "2H", "2D"], ["3S", "3H", "3D"]]
    assert gin.arrange(hand).melds == s.knocker_melds
    shuffled = gin.settle(list(reversed(hand.split())), "5H 8S QD QC JH JS 6D 7C 9H 9S")
    assert shuffled == s  # input order never matters


def test_gin_13_the_tie_break_yields_to_a_better_score() -> None:
    # The defender holds AC and 2C: sets would take both as lay-offs, runs take neither.
    s = gin.settle("AS 2S 3S AH 2H 3H AD 2D 3D KC", "AC 2C 9S 9H 7C 6D JS JH QD 5S")
    assert s.knocker_melds == [["AS", "2S", "3S"], ["AH", "2H", "3H"], ["AD", "2D", "3D"]]
    assert s.layoffs == []


# ---------------------------------------------------------------------------- GIN-14


def _draw_and_discard_until_over(state: GinState) -> None:
    while not state.is_over:
        actions = state.legal_actions()
        if Pass() in actions:
            state.apply(Pass())
        elif Draw("stock") in actions:
            state.apply(Draw("stock"))
        else:
            state.apply(next(a for a in actions if isinstance(a, Discard)))


def test_gin_14_hand_is_cancelled_with_two_cards_left() -> None:
    state = new_game("gin", seed=21)
    assert isinstance(state, GinState)
    _draw_and_discard_until_over(state)
    assert state.outcome == "cancelled"
    assert state.view(None)["stock_count"] == 2
    assert state.scores == [0, 0]


def test_gin_14_the_last_drawer_may_still_knock() -> None:
    # Both pass, then each player throws what he draws. Seat 0 makes the 29th draw (the
    # third-to-last stock card), 7C, which completes its hand.
    used = set(GIN_READY.split()) | set(JUNK.split()) | {"QC", "7C"}
    filler = [c for c in CARD_NAMES[:52] if c not in used][:28]
    state = deal(GIN_READY, JUNK, "QC", " ".join([*filler, "7C"]), dealer=1)
    state.apply(Pass())
    state.apply(Pass())
    for card in filler:
        state.apply(Draw("stock"))
        state.apply(Discard(card))
    state.apply(Draw("stock"))
    assert state.current_player == 0 and state.view(None)["stock_count"] == 2
    assert Knock("KD") in state.legal_actions(), "knocking stays legal on the last turn"
    state.apply(Knock("KD"))
    assert state.outcome == "gin"


def test_gin_14_stock_count_never_drops_below_two() -> None:
    for seed in range(30):
        state = new_game("gin", seed=seed)
        _draw_and_discard_until_over(state)
        assert state.view(None)["stock_count"] == 2


# ---------------------------------------------------------------------------- GIN-15


def test_gin_15_match_totals_are_plain_sums_and_end_at_the_target() -> None:
    from rummyhall.bots import make_bot, play_out

    for mode, target in (("standard", 100), ("oklahoma", 150)):
        match = new_match("gin", seed=8, mode=mode)
        play_out(match, [make_bot("gin", "medium", seed=seat) for seat in (0, 1)])
        view = match.view(0)["match"]
        hands = view["history"]
        for seat in (0, 1):  # no line, game or shutout bonuses
            assert view["totals"][seat] == sum(h["result"]["scores"][seat] for h in hands)
        assert max(view["totals"]) >= target
        assert all(max(h["totals"]) < target for h in hands[:-1])
        assert view["winners"] == [view["totals"].index(max(view["totals"]))]
        assert match.legal_actions() == []
        error = match.is_legal(Draw("stock"))
        assert error is not None and error.rule == "GIN-15"


# --------------------------------------------------------------------- views (secrets)


def test_view_holds_own_cards_and_public_piles_only() -> None:
    state = deal(GIN_READY, JUNK, "QC", "7D 2C", dealer=1)
    view = state.view(0)
    assert view["hand"] == state.hand_names(0)
    assert view["hand_sizes"] == [10, 10]
    text = str(view)
    for card in [*JUNK.split(), "7D", "2C"]:
        assert f"'{card}'" not in text
    assert state.view(None)["hand"] is None


def test_view_shows_cards_picked_from_the_discard_pile() -> None:
    state = deal(GIN_READY, JUNK, "QC", dealer=1)
    state.apply(Pass())
    state.apply(Draw("discard"))
    assert state.view(0)["taken_from_discard"] == "QC"
    assert state.hidden_from(0) & {"QC"} == set()


def test_view_lists_the_cards_each_seat_picked_up_and_still_holds() -> None:
    state = deal(GIN_READY, JUNK, "QC", "7D", dealer=1)
    state.apply(Draw("discard"))  # seat 0 takes the upcard QC
    state.apply(Discard("KD"))
    state.apply(Draw("discard"))  # seat 1 takes KD
    state.apply(Discard("9C"))
    assert state.view(None)["picked_up"] == [["QC"], ["KD"]]
    state.apply(Draw("stock"))
    state.apply(Discard("QC"))  # thrown again: no longer known to be held
    assert state.view(1)["picked_up"] == [[], ["KD"]]


def test_gin_7_a_knock_describes_its_deadwood_and_whether_it_is_gin() -> None:
    state = deal(GIN_READY, JUNK, "7C", dealer=1)
    state.apply(Draw("discard"))  # 7C completes 5-6-7 of clubs: KD goes, gin
    legal = state.legal_actions()
    described = state.describe(state.view(0), legal)
    assert [d["action"] for d in described] == [a.to_json() for a in legal]
    knocks = {d["action"]["discard"]: d for d in described if d["action"]["type"] == "knock"}
    assert knocks["KD"]["deadwood"] == 0 and knocks["KD"]["gin"] is True
    for card, fact in knocks.items():
        rest = [c for c in state.hand_names(0) if c != card]
        assert fact["deadwood"] == gin.deadwood(rest) and fact["gin"] is (fact["deadwood"] == 0)
    assert all(len(d) == 1 for d in described if d["action"]["type"] == "discard")


def test_a_match_describes_its_hand_s_actions() -> None:
    match = new_match("gin", seed=4)
    while not any(a.type == "knock" for a in match.legal_actions()):
        match.apply(match.legal_actions()[0])
    seat = match.current_player
    described = match.describe(match.view(seat), match.legal_actions())
    assert any("deadwood" in d for d in described)


def test_view_reveals_hands_after_a_knock_but_not_after_a_cancelled_hand() -> None:
    state = deal(GIN_READY, JUNK, "7C", dealer=1)
    state.apply(Draw("discard"))
    state.apply(Knock("KD"))
    result = state.view(1)["result"]["settlement"]
    shown = [c for m in result["knocker"]["melds"] for c in m] + result["knocker"]["deadwood"]
    assert sorted(shown) == sorted(state.hand_names(0))
    cancelled = new_game("gin", seed=21)
    assert isinstance(cancelled, GinState)
    _draw_and_discard_until_over(cancelled)
    assert not set(cancelled.hand_names(1)) & set(str(cancelled.view(0)).split("'"))
