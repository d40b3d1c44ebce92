"""The Indian Rummy rules engine, one test (or more) per IND rule."""

from __future__ import annotations

import pytest

from rummyhall import (
    Declare,
    Discard,
    Draw,
    Drop,
    IllegalAction,
    NotationError,
    new_game,
    new_match,
)
from rummyhall.games.indian import IndianMatch, IndianState, Phase

# Seat 0 declares after drawing 4H: AH-4H pure, 5S-6S-JK impure, 9s, Ks; 8C goes.
READY = "AH 2H 3H 5S 6S JK 9C 9D 9H KS KD KC 8C"
LOOSE = "2S 4S 6D 8D TD QD 3C 5C 7H 9S JS KH QS"


def deal(
    *hands: str,
    indicator: str = "7C",
    discard: str = "QH",
    stock: str = "",
    dealer: int | None = None,
    **options: object,
) -> IndianState:
    """A deal with the seats' hands, the indicator, the open card and the top of stock;
    the last seat deals unless told, so seat 0 plays first (IND-15)."""
    deck = [c for hand in hands for c in hand.split()] + [indicator, discard, *stock.split()]
    state = new_game(
        "indian",
        seed=0,
        deck=deck,
        players=len(hands),
        dealer=len(hands) - 1 if dealer is None else dealer,
        **options,
    )
    assert isinstance(state, IndianState)
    return state


def rule_of(state: IndianState, action: object) -> str:
    error = state.is_legal(action)  # type: ignore[arg-type]
    assert error is not None, f"{action} should be illegal"
    return error.rule


# ---------------------------------------------------------------------------- IND-1


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_ind_1_two_packs_thirteen_cards_each(players: int) -> None:
    state = new_game("indian", seed=players, players=players)
    zones = state.zones()
    assert all(len(zones[f"hand{s}"]) == 13 for s in range(players))
    assert len(zones["indicator"]) == len(zones["discard_pile"]) == 1
    every = [c for zone in zones.values() for c in zone]
    assert len(every) == 106 and every.count("JK") == 2
    assert all(every.count(c) == 2 for c in set(every))


def test_ind_1_player_count_and_stack_are_checked() -> None:
    with pytest.raises(NotationError, match="2 to 6"):
        new_game("indian", seed=0, players=7)
    with pytest.raises(NotationError, match="IND-1"):
        new_game("indian", seed=0, deck=["7H", "7H", "7H"])


# ---------------------------------------------------------------------------- IND-2


def test_ind_2_indicator_sets_the_wild_rank() -> None:
    assert deal(READY, LOOSE, indicator="7C").view(0)["wild_rank"] == "7"
    assert deal(READY, LOOSE, indicator="JK").view(0)["wild_rank"] == "A"


# ---------------------------------------------------------------------------- IND-3


def test_ind_3_draw_then_discard() -> None:
    state = deal(READY, LOOSE, stock="4D")
    assert rule_of(state, Discard("8C")) == "IND-3"
    state.apply(Draw("stock"))
    assert rule_of(state, Draw("stock")) == "IND-3"
    assert rule_of(state, Discard("QC")) == "IND-3"  # not in hand
    state.apply(Discard("4D"))
    assert state.current_player == 1 and state.phase is Phase.DRAW


def test_ind_3_the_card_just_taken_stays_but_its_twin_may_go() -> None:
    state = deal(READY, LOOSE, discard="8C")  # seat 0 already holds one 8C
    state.apply(Draw("discard"))
    assert Discard("8C") in state.legal_actions()  # the other physical 8C
    state.apply(Discard("8C"))
    assert state.hand_names(0).count("8C") == 1  # the one taken stays
    single = deal(READY, LOOSE, discard="QS")
    single.apply(Draw("discard"))
    assert Discard("QS") not in single.legal_actions()
    before = single.to_json()
    with pytest.raises(IllegalAction) as error:
        single.apply(Discard("QS"))
    assert error.value.rule == "IND-3" and single.to_json() == before


# ---------------------------------------------------------------------------- IND-4


def test_ind_4_wild_card_on_the_discard_pile_cannot_be_picked_up() -> None:
    state = deal(READY, LOOSE, indicator="7C", discard="7D")
    assert Draw("discard") not in state.legal_actions()
    assert rule_of(state, Draw("discard")) == "IND-4"
    printed = deal(READY, LOOSE, discard="JK")
    assert rule_of(printed, Draw("discard")) == "IND-4"


def test_ind_4_option_allows_it() -> None:
    state = deal(READY, LOOSE, indicator="7C", discard="7D", joker_from_discard=True)
    state.apply(Draw("discard"))
    assert "7D" in state.hand_names(0)


# ---------------------------------------------------------------------------- IND-9


def test_ind_9_declare_offered_only_with_a_valid_partition() -> None:
    state = deal(READY, LOOSE, stock="4H")
    state.apply(Draw("stock"))
    declares = [a for a in state.legal_actions() if isinstance(a, Declare)]
    assert declares == [Declare("8C")]
    assert rule_of(state, Declare("4H")) == "IND-9"  # 8C would be left over
    other = deal(READY, LOOSE, stock="4D")
    other.apply(Draw("stock"))
    assert not [a for a in other.legal_actions() if isinstance(a, Declare)]


def test_ind_9_declaration_ends_the_deal_and_losers_pay_their_penalty() -> None:
    state = deal(READY, LOOSE, stock="4H")
    state.apply(Draw("stock"))
    state.apply(Declare("8C"))
    assert state.is_over and state.winners == [0]
    result = state.view(1)["result"]
    assert result["outcome"] == "declared"
    assert result["penalties"][0] == 0
    assert result["penalties"][1] == 80  # LOOSE has no pure sequence: 83 points, cap 80
    assert [m["kind"] for m in result["declaration"]] == ["pure", "impure", "set", "set"]
    assert state.scores == [0, -80]


# ---------------------------------------------------------------------------- IND-11


def test_ind_11_first_drop_20_and_two_player_opponent_wins() -> None:
    state = deal(READY, LOOSE)
    state.apply(Drop())
    assert state.is_over and state.winners == [1]
    assert state.penalties == [20, 0]


def test_ind_11_middle_drop_40() -> None:
    state = deal(READY, LOOSE, stock="4D 5D")
    state.apply(Draw("stock"))
    state.apply(Discard("4D"))
    state.apply(Draw("stock"))
    state.apply(Discard("5D"))
    assert state.view(0)["drop_penalty"] == [40, 40]
    state.apply(Drop())
    assert state.penalties == [40, 0] and state.winners == [1]


def test_ind_11_drop_only_before_drawing() -> None:
    state = deal(READY, LOOSE, stock="4D")
    state.apply(Draw("stock"))
    assert rule_of(state, Drop()) == "IND-11"


def test_ind_11_three_players_play_on_after_a_drop() -> None:
    state = deal(READY, LOOSE, "2C 4C 6C 8S TS QC 3D 5D 9D JD KS AS AC", stock="4D")
    state.apply(Drop())
    assert not state.is_over and state.current_player == 1
    assert state.view(None)["seats"] == ["dropped", "playing", "playing"]
    state.apply(Drop())
    assert state.is_over and state.winners == [2] and state.penalties == [20, 20, 0]


# ---------------------------------------------------------------------------- IND-12


def test_ind_12_wrong_show_costs_80_and_ends_a_two_player_deal() -> None:
    state = deal(READY, LOOSE, stock="4D", manual_declaration=True)
    state.apply(Draw("stock"))
    groups = (
        ("AH", "2H", "3H"),
        ("5S", "6S", "JK"),
        ("9C", "9D", "9H"),
        ("KS", "KD", "KC"),
        ("4D",),
    )
    state.apply(Declare("8C", groups))
    assert state.is_over and state.winners == [1] and state.penalties == [80, 0]


def test_ind_12_wrong_show_eliminates_only_the_declarer_with_three() -> None:
    state = deal(
        READY, LOOSE, "2C 4C 6C 8S TS QC 3D 5D 9D JD KS AS AC", stock="4D", manual_declaration=True
    )
    state.apply(Draw("stock"))
    groups = (("AH", "2H", "3H", "4D"), ("5S", "6S", "JK"), ("9C", "9D", "9H"), ("KS", "KD", "KC"))
    state.apply(Declare("8C", groups))
    assert not state.is_over and state.current_player == 1
    assert state.penalties[0] == 80


def test_ind_12_a_wrong_show_lays_its_groups_open() -> None:
    """The shown groups are public, in canonical names whatever the player typed: the
    other seats' views may name them (found by tests/games/test_stateful.py)."""
    state = deal(
        READY, LOOSE, "2C 4C 6C 8S TS QC 3D 5D 9D JD KS AS AC", stock="4D", manual_declaration=True
    )
    state.apply(Draw("stock"))
    groups = (("ah", "2H", "3h", "4D"), ("5S", "6S", "JK"), ("9C", "9D", "9H"), ("KS", "KD", "kc"))
    state.apply(Declare("8C", groups))
    wrong = next(e for e in state.events if e.type == "wrong_show")
    shown = [["AH", "2H", "3H", "4D"], ["5S", "6S", "JK"], ["9C", "9D", "9H"], ["KS", "KD", "KC"]]
    assert wrong.data["groups"] == shown
    for seat in (None, 1, 2):
        assert not state.hidden_from(seat) & {card for group in shown for card in group}


def test_ind_12_manual_declaration_right_groups_win() -> None:
    state = deal(READY, LOOSE, stock="4H", manual_declaration=True)
    state.apply(Draw("stock"))
    suggested = [a for a in state.legal_actions() if isinstance(a, Declare)]
    assert [a.discard for a in suggested] == ["8C"] and suggested[0].groups
    groups = (("AH", "2H", "3H", "4H"), ("5S", "6S", "JK"), ("9C", "9D", "9H"), ("KS", "KD", "KC"))
    assert rule_of(state, Declare("8C", groups[:-1])) == "IND-12"  # not all 13 cards
    assert rule_of(state, Declare("8C")) == "IND-12"  # groups are required
    state.apply(Declare("8C", groups))
    assert state.is_over and state.winners == [0] and state.penalties[0] == 0


def test_ind_9_ind_12_a_declaration_describes_itself() -> None:
    state = deal(READY, LOOSE, stock="4H")
    state.apply(Draw("stock"))
    legal = state.legal_actions()
    described = state.describe(state.view(0), legal)
    declare = next(d for d in described if d["action"]["type"] == "declare")
    assert declare["valid"] is True and declare["penalty"] == 0
    assert [m["kind"] for m in declare["melds"]] == ["pure", "impure", "set", "set"]
    assert all(len(d) == 1 for d in described if d["action"]["type"] == "discard")
    state.apply(Declare("8C"))
    assert declare["melds"] == state.view(0)["result"]["declaration"]
    manual = deal(READY, LOOSE, stock="4D", manual_declaration=True)
    manual.apply(Draw("stock"))
    groups = (
        ("AH", "2H", "3H"),
        ("5S", "6S", "JK"),
        ("9C", "9D", "9H"),
        ("KS", "KD", "KC"),
        ("4D",),
    )
    wrong = manual.describe(manual.view(0), [Declare("8C", groups)])[0]
    assert wrong == {
        "action": Declare("8C", groups).to_json(),
        "valid": False,
        "melds": None,
        "penalty": 80,
    }


def test_view_lists_the_cards_each_seat_picked_up_and_still_holds() -> None:
    state = deal(READY, LOOSE, discard="8C")  # seat 0 already holds one 8C
    state.apply(Draw("discard"))
    assert state.view(1)["picked_up"] == [["8C"], []]
    state.apply(Discard("8C"))  # the twin: the table cannot tell the copies apart
    assert state.view(None)["picked_up"] == [[], []]
    single = deal(READY, LOOSE, discard="QS")
    single.apply(Draw("discard"))
    single.apply(Discard("KS"))
    single.apply(Draw("discard"))
    assert single.view(0)["picked_up"] == [["QS"], ["KS"]]


# ---------------------------------------------------------------------------- IND-13


def _run_stock_down(state: IndianState) -> None:
    """Both players throw what they draw until the stock runs out (or is renewed)."""
    while not state.is_over and not any(e.type == "reshuffle" for e in state.events):
        state.apply(Draw("stock"))
        state.apply(next(a for a in state.legal_actions() if isinstance(a, Discard)))


def test_ind_13_stock_end_is_a_void_deal() -> None:
    state = new_game("indian", seed=3)
    assert isinstance(state, IndianState)
    _run_stock_down(state)
    assert state.is_over and state.outcome == "void"
    assert state.penalties == [0, 0] and state.winners == []


def test_ind_13_reshuffle_option_turns_the_discard_pile_into_stock() -> None:
    state = new_game("indian", seed=3, reshuffle_on_empty=True)
    assert isinstance(state, IndianState)
    _run_stock_down(state)
    assert not state.is_over
    view = state.view(None)
    assert view["stock_count"] > 0 and len(view["discard_pile"]) == 1
    assert view["moves"][-1]["type"] == "reshuffle"


# ---------------------------------------------------------------------------- IND-14


def play_randomly(match: IndianMatch, seed: int) -> None:
    import random

    rng = random.Random(seed)
    while not match.is_over:
        legal = match.legal_actions()
        declares = [a for a in legal if isinstance(a, Declare)]
        stay = [a for a in legal if not isinstance(a, Drop)]
        match.apply(declares[0] if declares else rng.choice(stay if rng.random() < 0.9 else legal))


def test_ind_14_points_is_one_deal() -> None:
    match = new_match("indian", seed=1, format="points")
    assert isinstance(match, IndianMatch)
    play_randomly(match, 1)
    assert len(match.history) == 1


@pytest.mark.parametrize(
    ("format_", "limit", "drops"), [("pool101", 101, (20, 40)), ("pool201", 201, (25, 50))]
)
def test_ind_14_pools_eliminate_over_the_limit(
    format_: str, limit: int, drops: tuple[int, int]
) -> None:
    match = new_match("indian", seed=5, players=3, format=format_)
    assert isinstance(match, IndianMatch)
    assert match.deal.drops == drops
    play_randomly(match, 5)
    assert match.winners is not None and len(match.winners) == 1
    winner = match.winners[0]
    assert match.totals[winner] <= limit
    assert all(match.totals[s] > limit for s in range(3) if s != winner)
    for entry in match.history:
        for seat in entry["eliminated"]:
            assert entry["totals"][seat] > limit


def test_ind_14_eliminated_players_sit_out_later_deals() -> None:
    # This policy never declares: a deal ends by drops or by a void stock (IND-13).
    match = new_match("indian", seed=5, players=3, format="pool101", reshuffle_on_empty=False)
    assert isinstance(match, IndianMatch)
    while not match.is_over:
        play_randomly_one_deal(match)
        if match.is_over:
            break
        for seat, out in enumerate(match.out):
            if out:
                assert match.deal.view(None)["seats"][seat] == "out"


def play_randomly_one_deal(match: IndianMatch) -> None:
    number = len(match.history)
    while len(match.history) == number and not match.is_over:
        legal = match.legal_actions()
        stay = [a for a in legal if not isinstance(a, Drop)]
        match.apply(stay[0] if len(match.history) % 2 else legal[-1])


def test_ind_14_deals_chips_move_to_the_winner() -> None:
    match = new_match("indian", seed=2, players=3, format="deals", deals=2)
    assert isinstance(match, IndianMatch)
    assert match.chips == [160, 160, 160]
    play_randomly(match, 2)
    assert len(match.history) == 2
    assert sum(match.chips) == 480  # chips only change hands
    best = max(match.chips)
    assert match.winners == [s for s in range(3) if match.chips[s] == best]


# ---------------------------------------------------------------------------- IND-15


def test_ind_15_player_after_the_dealer_starts_and_dealer_rotates() -> None:
    state = deal(READY, LOOSE, "2C 4C 6C 8S TS QC 3D 5D 9D JD KS AS AC", dealer=1)
    assert state.current_player == 2
    # This policy never declares: a deal ends by drops or by a void stock (IND-13).
    match = new_match(
        "indian", seed=9, players=4, format="deals", deals=3, reshuffle_on_empty=False
    )
    assert isinstance(match, IndianMatch)
    dealers = []
    while not match.is_over:
        if not dealers or len(match.history) >= len(dealers):
            dealers.append(match.deal.dealer)
            assert match.deal.current_player == (match.deal.dealer + 1) % 4
        play_randomly_one_deal(match)
    assert [(d - dealers[0]) % 4 for d in dealers] == [0, 1, 2]


# ---------------------------------------------------------------------- views / secrets


def test_view_shows_own_hand_public_piles_and_no_stock() -> None:
    state = deal(READY, LOOSE, stock="4D 5D")
    view = state.view(0)
    assert view["hand"] == state.hand_names(0)
    assert view["indicator"] == "7C" and view["discard_pile"] == ["QH"]
    text = str(view)
    for card in ("4D", "5D", "TD", "QD"):
        assert f"'{card}'" not in text
    assert state.view(None)["hand"] is None
