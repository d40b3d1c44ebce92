"""The Gin hard bot's reading of the opponent and its value of a played-out hand."""

from __future__ import annotations

import random

import pytest

from rummyhall import new_game
from rummyhall.actions import Discard, Draw, Pass
from rummyhall.bots import decide, make_bot
from rummyhall.bots.gin import levels as gin
from rummyhall.bots.gin import model as gin_model
from rummyhall.bots.gin.model import DREW, FORCED, PASSED, TOOK, Knowledge, Turn
from rummyhall.bots.gin.styles import MODELS, Style
from rummyhall.cards import card_index, card_name
from rummyhall.games.gin.melds import mask_of


def hand(*names: str) -> int:
    return mask_of([card_index(name) for name in names])


def test_gin_2_and_gin_3_the_opponents_turns_are_replayed_from_the_view() -> None:
    state = new_game(
        "gin",
        seed=4,
        deck=[
            "AS",
            "2S",
            "3S",
            "4S",
            "5S",
            "6S",
            "7S",
            "8S",
            "9S",
            "TS",
            "AH",
            "2H",
            "3H",
            "4H",
            "5H",
            "6H",
            "7H",
            "8H",
            "9H",
            "TH",
            "KC",
            "QC",
            "JC",
            "TC",
        ],
        dealer=1,
    )
    first, dealer = 1 - state.dealer, state.dealer
    moves = [Pass(), Pass(), Draw("stock"), Discard(state.hand_names(first)[0])]
    for action in moves:
        state.apply(action)
    thrown = card_index(state.hand_names(dealer)[-1])
    for action in (Draw("discard"), Discard(state.hand_names(dealer)[-1])):
        state.apply(action)
    taken = card_index(moves[3].card)  # type: ignore[attr-defined]
    upcard = card_index("KC")
    assert Knowledge(state.view(dealer)).turns == [
        Turn(PASSED, upcard, -1, 0, 31),
        Turn(FORCED, upcard, taken, 0, 30),
    ]
    state.apply(Draw("stock"))
    state.apply(Discard(state.hand_names(first)[-1]))
    state.apply(Draw("stock"))
    assert Knowledge(state.view(first)).turns == [
        Turn(PASSED, upcard, -1, 0, 31),
        Turn(TOOK, taken, thrown, 0, 30),
    ]
    assert Knowledge(state.view(first)).known == {taken}
    assert Knowledge(state.view(dealer)).turns[-1].start == DREW


STYLE = {style.name: style for style, _ in MODELS}
PLAYERS = {"medium": gin.MediumGinBot, **gin.STYLES}


@pytest.mark.parametrize(
    ("level", "style"),
    [("medium", "simple"), ("greedy", "greedy"), ("patient", "patient"), ("safe", "safe")],
)
def test_a_players_true_hand_always_explains_his_play_under_his_style(
    level: str, style: str
) -> None:
    """For the styles that play one way the check is exact, and the safe style allows every
    unmatched card he might think safest: his real hand always passes."""
    positions = 0
    for seed in range(20):
        state = new_game("gin", seed=seed, mode="oklahoma" if seed % 3 == 0 else "standard")
        bots = [PLAYERS[level](), PLAYERS[level]()]
        while not state.is_over:
            seat = state.current_player
            knowledge = Knowledge(state.view(seat))
            assert knowledge.explains(state.hands[1 - seat], STYLE[style]), seed
            positions += 1
            state.apply(decide(state, bots[seat]))
    assert positions > 400


def test_a_beginners_hand_nearly_always_explains_his_play_as_a_loose_player() -> None:
    """The easy bot takes what melds in the solver's arrangement and throws any of its
    unmatched cards; the loose style allows what any best arrangement allows."""
    explained = positions = 0
    for seed in range(20):
        state = new_game("gin", seed=seed)
        bots = [make_bot("gin", "easy", seed=seed), make_bot("gin", "easy", seed=seed + 1)]
        while not state.is_over:
            seat = state.current_player
            knowledge = Knowledge(state.view(seat))
            explained += knowledge.explains(state.hands[1 - seat], STYLE["loose"])
            positions += 1
            state.apply(decide(state, bots[seat]))
    assert explained >= 0.97 * positions


def test_gin_7_a_hand_he_could_have_knocked_with_does_not_explain_his_play() -> None:
    """Medium knocks whenever he may, throws the highest card of his deadwood (of two
    kings the diamond: OpenSpiel's suit order) and takes a top discard that melds: after
    letting QC go, drawing from the stock and throwing KS, he cannot hold 10 deadwood or
    less, nor a hand where KS melds, nor KD beside it."""
    knowledge = Knowledge(new_game("gin", seed=1).view(0))
    knowledge.limit = 10
    knowledge.turns = [Turn(DREW, card_index("QC"), card_index("KS"), 0, 29)]
    simple = STYLE["simple"]
    assert knowledge.explains(
        hand("AS", "3H", "5D", "7C", "9S", "JH", "QD", "2C", "4S", "6H"), simple
    )
    assert not knowledge.explains(
        hand("AS", "3H", "5D", "7C", "9S", "JH", "KD", "2C", "4S", "6H"), simple
    )
    assert not knowledge.explains(
        hand("AS", "2S", "3S", "4H", "5H", "6H", "7D", "8D", "9D", "KC"), simple
    )
    assert not knowledge.explains(
        hand("KH", "KD", "5D", "7C", "9S", "JH", "3H", "2C", "4S", "6H"), simple
    )


def test_the_check_is_dropped_against_a_player_no_hand_explains(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Against a player who plays in none of the styles the chain finds no hand to start
    from; after a few hundred tries the bot stops checking for the move."""
    calls = 0

    def never(self: Knowledge, theirs: int, style: Style) -> bool:
        nonlocal calls
        calls += 1
        return False

    monkeypatch.setattr(Knowledge, "explains", never)
    state = new_game("gin", seed=3)
    bots = [make_bot("gin", "medium"), make_bot("gin", "hard", simulations=50)]
    while state.current_player != 1 or not Knowledge(state.view(1)).turns:
        state.apply(decide(state, bots[state.current_player]))
    decide(state, bots[1])
    assert calls == gin_model.START_TRIES * len(MODELS)


def test_the_opponents_hands_follow_the_posterior_of_his_play() -> None:
    """The chain's hands come up as often as exact rejection sampling says (every hand of
    the unseen cards alike, kept with the odds-weighted fit of his play; here one in 400):
    each card's share of his hands agrees within a few points, and every hand explains
    his play."""
    state = new_game("gin", seed=7)
    bots = [make_bot("gin", "medium"), make_bot("gin", "medium")]
    while state.current_player != 0 or len(Knowledge(state.view(0)).turns) < 4:
        state.apply(decide(state, bots[state.current_player]))
    view = state.view(0)
    knowledge = Knowledge(view)
    belief = gin_model.Belief()
    seen = hand(*view["hand"], *view["discard_pile"]) | mask_of([*knowledge.known])
    unseen = [c for c in range(52) if not seen >> c & 1]
    missing = view["hand_sizes"][1] - len(knowledge.known)
    known = mask_of([*knowledge.known])
    rng = random.Random(1)

    exact: list[int] = []
    while len(exact) < 1500:
        theirs = known | mask_of(rng.sample(unseen, missing))
        if rng.random() < belief.density(belief.fit(knowledge, theirs)):
            exact.append(theirs)
    chain = gin_model.OpponentHands(view, belief, random.Random(2))
    assert (chain.unseen, chain.missing, chain.known) == (unseen, missing, known)
    drawn = [chain.draw() for _ in range(24000)]
    for theirs, fit in drawn:
        assert fit is not None and belief.density(fit) > 0
        assert theirs & known == known and not theirs & seen & ~known
    gaps = {
        card_name(card): abs(
            sum(h >> card & 1 for h in exact) / len(exact)
            - sum(h >> card & 1 for h, _ in drawn) / len(drawn)
        )
        for card in unseen
    }
    assert max(gaps.values()) < 0.06, gaps
    assert sum(gaps.values()) / len(gaps) < 0.02, gaps
