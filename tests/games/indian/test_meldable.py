"""The compiled declaring search (``_meldable.c``) against its Python reference."""

from __future__ import annotations

import random

import pytest

from rummyhall.cards import CARD_NAMES, card_index
from rummyhall.games.indian.meldable import reference_meldable
from rummyhall.games.indian.melds import wild_rank
from rummyhall.games.indian.solver import hand_of
from tests.games.indian.test_solver import dense_hand

compiled = pytest.importorskip("rummyhall.games.indian._meldable")


def test_the_compiled_search_answers_as_the_reference() -> None:
    """Crowded hands of 13 and 14 cards, jokers and cut jokers among them, with no
    card, one or two left unmelded: the same answer, and many of each."""
    rng = random.Random(52)
    answers = {True: 0, False: 0}
    for _ in range(1500):
        hand, indicator = dense_hand(rng)
        if rng.random() < 0.5:
            hand.append(rng.choice([c for c in CARD_NAMES if hand.count(c) < 2]))
        wild = wild_rank(card_index(indicator))
        cards = hand_of([card_index(c) for c in hand], wild)
        skips = rng.choice((0, 1, 1, 2))
        expected = reference_meldable(cards.counts, cards.flex, cards.wilds, wild, skips)
        found = compiled.meldable(bytes(cards.counts), bytes(cards.flex), cards.wilds, skips)
        assert found == expected, (hand, indicator, skips)
        answers[expected] += 1
    assert min(answers.values()) > 300


def test_bad_counts_are_refused() -> None:
    with pytest.raises(ValueError, match="52 bytes"):
        compiled.meldable(bytes(51), bytes(52), 0, 1)
    with pytest.raises(ValueError, match="skips"):
        compiled.meldable(bytes(52), bytes(52), 0, 3)
