"""The medium Gin bot is OpenSpiel's ``SimpleGinRummyBot`` (``bots/gin/simple.py``),
checked against the real one: its meld group, its deadwood and every decision it takes in
real OpenSpiel games. OpenSpiel (``pyspiel``) is in the ``dev`` extra; without it these
tests skip."""

from __future__ import annotations

import random

import pytest

from rummyhall import new_game
from rummyhall.actions import Discard, Draw, Knock, Pass
from rummyhall.bots import decide, make_bot
from rummyhall.bots.gin.simple import (
    OPENSPIEL_SUIT,
    best_deadwood,
    openspiel_id,
    simple_deadwood,
    simple_takes,
    simple_throw,
)
from rummyhall.cards import card_index
from rummyhall.games.gin.melds import cards_of, mask_of, mask_value
from rummyhall.games.gin.solver import deadwood_mask

pyspiel = pytest.importorskip("pyspiel")

OURS = {
    OPENSPIEL_SUIT[suit] * 13 + rank: suit * 13 + rank for suit in range(4) for rank in range(13)
}
"""Our card of each OpenSpiel card id."""
DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK = 52, 53, 54, 55
"""OpenSpiel's Gin actions (0–51 discard a card)."""


def meld_rich(rng: random.Random, size: int) -> list[int]:
    """``size`` cards from a few suits and neighbouring ranks: hands with many ways to
    meld, where arrangements tie."""
    suits = rng.sample(range(4), rng.randint(2, 4))
    low = rng.randint(0, 7)
    pool = [13 * s + r for s in suits for r in range(low, min(13, low + rng.randint(4, 7)))]
    return rng.sample(pool, size) if len(pool) >= size else rng.sample(range(52), size)


def test_gin_6_the_simple_bots_meld_group_is_openspiels() -> None:
    """The deadwood cards of ``BestMeldGroup`` and ``MinDeadwood``'s count, ties included."""
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    rng = random.Random(6)
    for i in range(6000):
        size = 10 + i % 2
        cards = meld_rich(rng, size) if i % 3 else rng.sample(range(52), size)
        hand = mask_of(cards)
        theirs = sorted(openspiel_id(card) for card in cards)
        melded = {card for meld in utils.best_meld_group(theirs) for card in meld}
        assert sorted(openspiel_id(c) for c in cards_of(best_deadwood(hand))) == sorted(
            set(theirs) - melded
        ), cards
        assert simple_deadwood(hand) == utils.min_deadwood(theirs), cards
        assert mask_value(best_deadwood(hand)) == deadwood_mask(hand)  # the true least


def observed(state: object, player: int) -> tuple[int, int | None]:
    """A player's hand (our mask) and the upcard (our card) from his observation tensor."""
    tensor = state.observation_tensor(player)  # type: ignore[attr-defined]
    hand_at = 2 + 52 * player
    upcard_at = 2 + 2 * 52 + 2 + 10
    hand = mask_of([OURS[c] for c in range(52) if tensor[hand_at + c]])
    upcards = [OURS[c] for c in range(52) if tensor[upcard_at + c]]
    return hand, upcards[0] if upcards else None


def test_gin_2_to_7_medium_decides_as_the_real_bot_in_openspiel_games() -> None:
    """Every take-or-leave and every discard or knock of the real bot, over 300 seeded
    OpenSpiel games of the bot against itself (its moves after a knock, laying melds,
    are OpenSpiel's own phases and not rummyhall's)."""
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(7)
    decisions = 0
    for _ in range(300):
        state = game.new_initial_state()
        bots = [pyspiel.make_simple_gin_rummy_bot(game.get_parameters(), p) for p in (0, 1)]
        knocked = False
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            player = state.current_player()
            legal = state.legal_actions()
            action = bots[player].step(state)
            hand, upcard = observed(state, player)
            if upcard is not None and DRAW_UPCARD in legal and hand.bit_count() == 10:
                assert (action == DRAW_UPCARD) == simple_takes(hand, upcard, 10), str(state)
                decisions += 1
            elif upcard is None and not knocked and hand.bit_count() == 11:
                left, card = simple_throw(hand, -1)
                expected = KNOCK if left <= 10 else openspiel_id(card)
                assert action == expected, str(state)
                decisions += 1
            knocked = knocked or action == KNOCK
            state.apply_action(action)
    assert decisions > 5000


def test_gin_4_medium_never_throws_the_card_it_took() -> None:
    """OpenSpiel would let the bot throw back a first upcard it took to knock at once; the
    rules do not (GIN-4), and medium throws its best other card instead."""
    hand = mask_of(
        [card_index(c) for c in ["AS", "2S", "3S", "4H", "5H", "6H", "7D", "8D", "9D", "2C"]]
    )
    top = card_index("KC")
    assert simple_takes(hand, top, 10)  # deadwood 2: he could knock even with KC
    left, card = simple_throw(hand | 1 << top, top)
    assert card == card_index("2C") and left == 10  # KC stays: still a knock


def test_medium_plays_whole_hands_by_these_rules() -> None:
    """In rummyhall's own games medium's moves are the rules' moves."""
    for seed in range(20):
        state = new_game("gin", seed=seed)
        medium = make_bot("gin", "medium")
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            action = decide(state, medium)
            hand = mask_of([card_index(c) for c in view["hand"]])
            if isinstance(action, Discard | Knock):
                taken = view["taken_from_discard"]
                left, card = simple_throw(hand, -1 if taken is None else card_index(taken))
                thrown = action.discard if isinstance(action, Knock) else action.card
                assert card_index(thrown) == card and isinstance(action, Knock) == (left <= 10)
            elif isinstance(action, Draw | Pass) and view["discard_pile"]:
                top = card_index(view["discard_pile"][-1])
                legal = state.legal_actions()
                if Draw("discard") in legal:
                    assert (action == Draw("discard")) == simple_takes(hand, top, 10)
            state.apply(action)
