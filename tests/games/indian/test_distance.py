"""The distance of a hand to a declaration (IND-9), checked against the exact solver.

Distance 0 is exactly a hand the solver declares; one swap (draw a card, throw one)
never shortens it by more than one, and some swap always shortens it by one. Together
the three make the distance the true fewest swaps, by induction on it.
"""

from __future__ import annotations

import time
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummyhall.cards import parse_cards
from rummyhall.games.indian import distance as module
from rummyhall.games.indian.distance import Memo, OutOfTime, distance
from rummyhall.games.indian.melds import is_wild
from rummyhall.games.indian.solver import declaration_of, hand_of

DECK = [f for f in range(53) for _ in range(2)]
"""Both packs (IND-1): every face twice."""

random_hands = st.lists(st.sampled_from(range(len(DECK))), min_size=13, max_size=13, unique=True)


@st.composite
def near_declarations(draw: st.DrawFn) -> tuple[list[int], int]:
    """A declaration (a pure run of four, a run of three perhaps with a joker in it, two
    sets) with up to two cards replaced at random, and the wild rank."""
    wild = draw(st.integers(0, 12))
    suit, first = draw(st.integers(0, 3)), draw(st.integers(0, 9))
    hand = [suit * 13 + first + i for i in range(4)]
    suit, first = draw(st.integers(0, 3)), draw(st.integers(0, 10))
    run = [suit * 13 + first + i for i in range(3)]
    if draw(st.booleans()):
        run[draw(st.integers(0, 2))] = 52
    hand += run
    for _ in range(2):
        rank = draw(st.integers(0, 12))
        suits = draw(st.permutations(range(4)))[:3]
        hand += [s * 13 + rank for s in suits]
    for _ in range(draw(st.integers(0, 2))):
        hand[draw(st.integers(0, 12))] = draw(st.integers(0, 52))
    if max(Counter(hand).values()) > 2:
        hand = [f % 53 for f in draw(random_hands)]
    return hand, wild


hands = st.one_of(near_declarations(), st.tuples(random_hands, st.integers(0, 12)))
"""Hands near a declaration, and uniformly random ones, with a wild rank."""


def declares(faces: list[int], wild: int) -> bool:
    return declaration_of(hand_of(faces, wild)) is not None


def test_ind_9_a_declaration_is_at_distance_zero() -> None:
    hand = parse_cards("AH 2H 3H 5S 6S JK 9C 9D 9H KS KD KC 7D")
    assert distance(hand, 6) == 0
    assert distance(parse_cards("AH 2H 4H 5S 6S JK 9C 9D 9H KS KD KC 7D"), 6) == 1
    # two lives but no pure sequence: one card short (3H for 4H)
    assert distance(parse_cards("AH 2H JK 5S 6S 7S 9C 9D 9H KS KD KC 4D"), 6) == 1


def test_ind_5_a_cut_joker_in_its_place_makes_the_pure_sequence() -> None:
    # 7H is wild (7s), yet stands as itself in 5H-6H-7H: the pure life is there
    hand = parse_cards("5H 6H 7H 9S TS JS 2C 2D 2S 4C 4D 4H QS")
    assert distance(hand, 6) == 0
    assert declares(hand, 6)


def test_ind_9_no_pure_sequence_is_never_zero() -> None:
    hand = parse_cards("AH 2S 3H 5S 6S JK 9C 9D 9H KS KD KC 7D")
    assert distance(hand, 6) >= 1
    assert not declares(hand, 6)


def test_fourteen_cards_count_their_best_thirteen() -> None:
    hand = parse_cards("AH 2H 3H 5S 6S JK 9C 9D 9H KS KD KC 7D 4C")
    assert distance(hand, 6) == 0


@given(hands)
@settings(max_examples=60)
def test_ind_9_distance_zero_exactly_when_the_solver_declares(
    case: tuple[list[int], int],
) -> None:
    cards, wild = case
    faces = [c % 53 for c in cards]
    assert (distance(faces, wild) == 0) == declares(faces, wild)


@given(hands)
@settings(max_examples=12)
def test_one_swap_shortens_the_distance_by_one_at_most_and_some_swap_does(
    case: tuple[list[int], int],
) -> None:
    cards, wild = case
    faces = [c % 53 for c in cards]
    now = distance(faces, wild)
    shortest = now
    for drawn in range(53):
        if faces.count(drawn) == 2:
            continue
        for thrown in set(faces):
            after = list(faces)
            after.remove(thrown)
            after.append(drawn)
            shortest = min(shortest, distance(after, wild))
    assert shortest == max(0, now - 1)


@given(random_hands, st.integers(0, 12))
@settings(max_examples=30)
def test_wild_cards_never_lengthen_it(cards: list[int], wild: int) -> None:
    faces = [c % 53 for c in cards]
    natural = next((f for f in faces if not is_wild(f, wild)), None)
    if natural is None:
        return
    swapped = list(faces)
    swapped[swapped.index(natural)] = 52
    if swapped.count(52) <= 2:
        assert distance(swapped, wild) <= distance(faces, wild)


def test_ind_8_the_ace_is_low_or_high_never_both() -> None:
    high = parse_cards("QH KH AH 5S 6S JK 9C 9D 9H 4S 4D 4C 8D")
    wrapped = parse_cards("KH AH 2H 5S 6S JK 9C 9D 9H 4S 4D 4C 8D")
    assert distance(high, 6) == 1  # only the 8D to change
    assert distance(wrapped, 6) == 2  # K-A-2 is no sequence: 3H (or QH) and a spare


SLOW = parse_cards("3H 6H 9H TH JH QH KH 8D 9D TD JD QD KD"), 1
"""One of the slowest hands found (a thousand search states, some 13 ms from nothing)."""


def forget_everything(monkeypatch: pytest.MonkeyPatch) -> None:
    """Empty memos for this test (the module's own come back after it)."""
    for name in ("_MEMO", "_HANDS", "_VECTORS", "_PURE"):
        monkeypatch.setattr(module, name, Memo(getattr(module, name).size))


class Ticks:
    """A clock that moves one tick each time it is read, so that a deadline falls at
    the same point of a search on every machine."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 1
        return self.now


def test_a_search_past_its_deadline_stops_and_remembers_only_exact_states(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hand, wild = SLOW
    forget_everything(monkeypatch)
    exact = distance(hand, wild)
    everything = dict(module._MEMO.fresh)
    assert len(everything) > 500
    monkeypatch.setattr(module, "time", Ticks())
    for ticks in (0, 1, 10, 100, 400):
        forget_everything(monkeypatch)
        with pytest.raises(OutOfTime):
            distance(hand, wild, deadline=ticks)
        remembered = module._MEMO.fresh
        assert remembered.items() <= everything.items()  # states finished: exact values
        assert len(remembered) > 20 or ticks < 100
        assert not module._HANDS.fresh  # the hand itself is not remembered
        assert distance(hand, wild) == exact  # without a deadline, the search completes
        assert module._MEMO.fresh == everything


def test_a_deadline_passed_on_the_clock_stops_a_new_search_but_not_a_known_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hand, wild = SLOW
    forget_everything(monkeypatch)
    with pytest.raises(OutOfTime):
        distance(hand, wild, deadline=time.perf_counter())
    exact = distance(hand, wild)
    assert distance(hand, wild, deadline=time.perf_counter()) == exact  # known: answered
