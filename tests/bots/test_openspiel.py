"""OpenSpiel's SimpleGinRummyBot through the adapter: the same decisions as the real bot in
real OpenSpiel games, and legal rummyhall play against rummyhall's bots."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from rummyhall import new_game
from rummyhall.actions import Discard, Draw, Knock
from rummyhall.bots import decide, make_bot, play_out
from rummyhall.bots.registry import zoo

pyspiel = pytest.importorskip("pyspiel")

from rummyhall.bots.gin import openspiel  # noqa: E402  (needs pyspiel)

PHASES = {
    pyspiel.gin_rummy.Phase.FIRST_UPCARD: "offer",
    pyspiel.gin_rummy.Phase.DRAW: "draw",
    pyspiel.gin_rummy.Phase.DISCARD: "discard",
}


def chance(state: Any, rng: random.Random) -> int:
    cards = [card for card, _ in state.chance_outcomes()]
    return rng.choice(cards)


def real_decisions(games: int, seed: int) -> Iterator[tuple[int, str, list[int], Any, tuple]]:
    """Every decision of the first-upcard, draw and discard phases in ``games`` real
    OpenSpiel games of two SimpleGinRummyBots (standard and Oklahoma alternately): the knock
    card, the phase, the hand, the upcard and what the real bot answered (a knock with the
    card it then threw)."""
    rng = random.Random(seed)
    for index in range(games):
        game = pyspiel.load_game("gin_rummy", {"oklahoma": index % 2 == 1})
        bots = [pyspiel.make_simple_gin_rummy_bot(game.get_parameters(), p) for p in (0, 1)]
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(chance(state, rng))
                continue
            player = state.current_player()
            phase = PHASES.get(state.current_phase())
            legal = state.legal_actions()
            action = bots[player].step(state)
            if phase is None or len(legal) == 1:  # lay-offs, the wall, a forced draw
                state.apply_action(action)
                continue
            hand, upcard = sorted(state.hands()[player]), state.upcard()
            knock_card = state.knock_card()
            state.apply_action(action)
            answer: tuple[int, ...] = (action,)
            if action == openspiel.KNOCK:
                thrown = bots[player].step(state)
                state.apply_action(thrown)
                answer = (action, thrown)
            yield knock_card, phase, hand, upcard, answer


def test_adapter_answers_as_the_real_bot_in_real_games() -> None:
    checked: dict[str, int] = {"offer": 0, "draw": 0, "discard": 0, "knock": 0}
    for knock_card, phase, hand, upcard, real in real_decisions(300, seed=19):
        simple = openspiel.simple_gin_rummy(knock_card)
        assert simple.answer(phase, hand, upcard) == real, (phase, hand, upcard)
        checked[phase] += 1
        checked["knock"] += real[0] == openspiel.KNOCK
    assert min(checked.values()) > 100, checked


def test_built_situation_shows_the_bot_its_hand_and_upcard() -> None:
    simple = openspiel.simple_gin_rummy(10)
    hand = list(range(0, 40, 4))
    for phase, upcard in (("offer", 50), ("draw", 50)):
        state = simple.situation(phase, hand, upcard)
        assert PHASES[state.current_phase()] == phase
        assert (state.current_player(), sorted(state.hands()[0]), state.upcard()) == (0, hand, 50)
    state = simple.situation("discard", [*hand, 50], None)
    assert PHASES[state.current_phase()] == "discard"
    assert sorted(state.hands()[0]) == sorted([*hand, 50]) and state.upcard() is None


def test_cards_map_between_the_suit_orders() -> None:
    assert openspiel.openspiel_card("AS") == 0
    assert openspiel.openspiel_card("KC") == 25  # clubs are OpenSpiel's second suit
    assert openspiel.openspiel_card("2H") == 40
    assert [openspiel.FROM_OPENSPIEL[openspiel.TO_OPENSPIEL[c]] for c in (0, 13, 26, 39)] == [
        "AS",
        "AH",
        "AD",
        "AC",
    ]


@pytest.mark.parametrize(
    ("dealt", "upcard", "expected"),
    [
        # A dealt gin: any upcard allows a knock, and the bot would throw it straight back;
        # the ace or the four of the run leave the least deadwood, the four ranks higher.
        ("AS 2S 3S 4S 5H 5D 5C 9H TH JH", "KD", Knock("4S")),
        # Dealt deadwood 4: the bot takes the queen to knock and would throw it back.
        ("AS 2S 3S 5H 5D 5C 9H TH JH 4D", "QC", Knock("4D")),
    ],
)
def test_taken_upcard_is_never_thrown_back(dealt: str, upcard: str, expected: Knock) -> None:
    """GIN-4: the bot's next choice by its own rule instead (see the module's docstring)."""
    others = "6C 7C 8C KS KH 2D 7D 8D 3C 4C"
    state = new_game("gin", seed=1, deck=f"{dealt} {others} {upcard}".split(), dealer=1)
    bot = make_bot("gin", "openspiel")
    assert decide(state, bot) == Draw("discard")
    state.apply(Draw("discard"))
    assert decide(state, bot) == expected


@pytest.mark.parametrize(
    ("opponent", "hands"), [("easy", 40), ("medium", 40), ("random", 40), ("hard", 10)]
)
def test_plays_legal_hands_against_rummyhall_bots(opponent: str, hands: int) -> None:
    throws = 0
    for seed in range(hands):
        mode = "oklahoma" if seed % 2 else "standard"
        state = new_game("gin", seed=seed, mode=mode)
        options = {"simulations": 1} if opponent == "hard" else {}
        rival = make_bot("gin", opponent, seed=seed, **options)
        seats = [make_bot("gin", "openspiel"), rival]
        if seed % 4 >= 2:
            seats.reverse()
        play_out(state, seats)  # an illegal move would raise IllegalAction
        assert state.is_over
        throws += sum(isinstance(a, Discard | Knock) for a in state.actions)
    assert throws > 5 * hands


def test_zoo_holds_openspiel_when_installed() -> None:
    assert "openspiel" in zoo("gin")
    assert "openspiel" not in zoo("indian")
