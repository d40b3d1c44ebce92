"""The Indian hard bot races to a declaration (IND-9): it keeps the hand closest to one."""

from __future__ import annotations

import pytest

from rummyhall import Declare, Discard, Draw, new_game
from rummyhall.bots import decide, make_bot, search
from rummyhall.cards import card_index, parse_cards
from rummyhall.games.indian import distance as distance_module
from rummyhall.games.indian.distance import distance
from rummyhall.games.indian.melds import is_wild
from tests.bots.test_bots import random_states
from tests.games.indian.test_distance import Ticks, forget_everything


def test_ind_9_hard_takes_the_open_card_that_completes_it_and_declares() -> None:
    hand = "AH 2H 4H 5S 6S JK 9C 9D 9H KS KD KC 7D"
    other = "2S 3S 4D 5D 6C 8C 8H TD JD QD QC 3C 4C"
    state = new_game("indian", seed=1, dealer=1, deck=[*hand.split(), *other.split(), "7C", "3H"])
    hard = make_bot("indian", "hard", seed=0, simulations=2)
    assert decide(state, hard) == Draw("discard")
    state.apply(Draw("discard"))
    assert isinstance(decide(state, hard), Declare)


def left(faces: list[int], thrown: int, wild: int) -> int:
    rest = list(faces)
    rest.remove(thrown)
    return distance(rest, wild)


def test_hard_discards_leave_the_shortest_distance() -> None:
    hard = make_bot("indian", "hard", seed=0, simulations=2)
    checked = 0
    for state in random_states("indian", 200, seed=3):
        if state.phase.value != "discard":
            continue
        action = decide(state, hard)
        if not isinstance(action, Discard):
            continue
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        faces = parse_cards(view["hand"])
        wild = "A23456789TJQK".index(view["wild_rank"])
        natural = [card_index(a.card) for a in state.legal_actions() if isinstance(a, Discard)]
        natural = [f for f in natural if not is_wild(f, wild)] or natural
        thrown = card_index(action.card)
        assert left(faces, thrown, wild) == min(left(faces, f, wild) for f in natural)
        checked += 1
    assert checked > 25


def test_hard_without_time_for_one_distance_plays_mediums_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    forget_everything(monkeypatch)  # no hand known: every distance has to be searched
    hard = make_bot("indian", "hard", seed=0, budget=0.0)
    medium = make_bot("indian", "medium", seed=0)
    for state in random_states("indian", 60, seed=4):
        assert decide(state, hard) == decide(state, medium)


def test_hard_cut_short_anywhere_still_plays_legally_and_leaves_exact_distances(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = Ticks()  # the budget in reads of the clock: the same cuts on any machine
    monkeypatch.setattr(search, "time", clock)
    monkeypatch.setattr(distance_module, "time", clock)
    states = [s for s in random_states("indian", 80, seed=5) if s.phase.value == "discard"]
    for budget in (3, 30, 300, 3000):
        forget_everything(monkeypatch)
        hard = make_bot("indian", "hard", seed=0, budget=budget)
        for state in states[:12]:
            assert state.is_legal(decide(state, hard)) is None
        known = dict(distance_module._HANDS.fresh)  # per wild rank and sorted hand
        forget_everything(monkeypatch)
        for (wild, *faces), value in known.items():
            assert distance(faces, wild) == value
