"""Indian Rummy melds, declarations and penalties, named after the IND rules."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rummyhall import NotationError
from rummyhall.cards import CARD_NAMES, card_index, parse_cards
from rummyhall.games import indian
from rummyhall.games.indian.melds import MeldKind, classify, wild_rank
from rummyhall.games.indian.solver import (
    declaration_of,
    declaring_discards,
    first_declaring_discard,
    hand_of,
)
from tests.games.indian.brute_force import analyse, is_pure, is_sequence, is_set


def kind(cards: str, indicator: str) -> MeldKind | None:
    return classify(parse_cards(cards), wild_rank(parse_cards(indicator)[0]))


# ---------------------------------------------------------------- IND-2 wild cards


def test_ind_2_cut_jokers_and_printed_jokers_are_wild() -> None:
    assert kind("5H 7S 7D", "7C") is MeldKind.IMPURE  # two cut jokers extend 5H
    assert kind("5H JK 7H", "2C") is MeldKind.IMPURE


def test_ind_2_printed_joker_indicator_makes_aces_wild() -> None:
    assert kind("5H 6H AS", "JK") is MeldKind.IMPURE
    assert indian.penalty("AS AH AD AC 2S 3S 4S 5D 6D 7D 9C 9H 9S", "JK") == 0


# ---------------------------------------------------------------- IND-5/6 sequences


def test_ind_5_cut_joker_in_its_own_place_is_natural() -> None:
    assert kind("5H 6H 7H 8H", "7C") is MeldKind.PURE  # 7H stands as itself
    assert kind("5H 6H 7S 8H", "7C") is MeldKind.IMPURE  # 7S fills the 7H place


def test_ind_5_pure_sequence_has_no_substitute() -> None:
    assert kind("5H 6H JK", "2C") is MeldKind.IMPURE
    assert kind("5H 6H 7H", "2C") is MeldKind.PURE
    assert kind("5H 6H 8H", "2C") is None


def test_ind_6_impure_sequence_wilds_fill_gaps_or_extend() -> None:
    assert kind("5H JK 7H 8H", "2C") is MeldKind.IMPURE
    assert kind("JK 5H 6H", "2C") is MeldKind.IMPURE
    assert kind("5H 2S 2D", "2C") is MeldKind.IMPURE  # one natural, two cut jokers


# ---------------------------------------------------------------- IND-7 sets


def test_ind_7_set_of_distinct_suits_may_exceed_four_with_wilds() -> None:
    assert kind("9S 9H 9D", "2C") is MeldKind.SET
    assert kind("9S 9H 9D 9C JK", "2C") is MeldKind.SET


def test_ind_7_two_copies_of_one_face_never_make_two_suits() -> None:
    assert kind("9S 9S 9H", "2C") is None
    assert kind("9S 9S JK", "2C") is None


def test_ind_7_wild_cards_alone_are_a_set_never_a_sequence() -> None:
    assert kind("JK JK 2S", "2C") is MeldKind.SET
    assert kind("2S 2H 2D", "2C") is MeldKind.SET


# ---------------------------------------------------------------- IND-8 aces


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("AH 2H 3H", MeldKind.PURE),
        ("QH KH AH", MeldKind.PURE),
        ("KH AH 2H", None),
        ("JH KH AH", None),
        ("KH AH JK", MeldKind.IMPURE),
    ],
)
def test_ind_8_ace_low_or_high_never_both(cards: str, expected: MeldKind | None) -> None:
    assert kind(cards, "5C") is expected


def test_ind_8_k_a_2_is_no_sequence_even_with_a_joker() -> None:
    assert kind("KH AH 2H JK", "5C") is None


# ---------------------------------------------------------------- IND-9 declaration


def test_ind_9_valid_declaration_two_sequences_one_pure() -> None:
    melds = indian.find_declaration("AH 2H 3H 5S 6S JK 9C 9D 9H KS KD KC 7D", "7C")
    assert melds == [
        ["AH", "2H", "3H"],
        ["JK", "5S", "6S"],
        ["9H", "9D", "9C"],
        ["KS", "KD", "KC", "7D"],
    ]


def test_ind_9_one_pure_sequence_plus_sets_is_not_a_declaration() -> None:
    assert indian.find_declaration("AH 2H 3H 9C 9D 9H KS KD KC 5S 5H 5D 5C", "7C") is None


def test_ind_9_two_impure_sequences_are_not_enough() -> None:
    assert indian.find_declaration("AH JK 3H 5S 6S JK 9C 9D 9H KS KD KC 4C", "7C") is None


def test_ind_9_all_thirteen_cards_must_be_melded() -> None:
    assert indian.find_declaration("AH 2H 3H 5S 6S 7S 9C 9D 9H KS KD KC 4C", "8C") is None


def test_ind_9_needs_thirteen_cards() -> None:
    with pytest.raises(NotationError, match="expected 13 cards"):
        indian.find_declaration("AH 2H 3H", "7C")


def test_ind_9_spare_wild_cards_join_a_meld() -> None:
    melds = indian.find_declaration("AH 2H 3H 4H 5S 6S 7S 8S 9D TD JD JK JK", "KC")
    assert melds is not None
    assert sum(len(m) for m in melds) == 13


# ---------------------------------------------------------------- IND-10 penalty


def test_ind_10_card_points() -> None:
    # no pure sequence: everything counts; wild cards 0
    assert indian.penalty("2S 3H 4D", "7C") == 9
    assert indian.penalty("TS JH QD KC AS", "7C") == 50
    assert indian.penalty("7S JK 9D", "7C") == 9


def test_ind_10_no_pure_sequence_every_card_counts() -> None:
    hand = "AH JK 3H 5S 6S 2C 9C 9D 9H KS KD KC 4D"  # impure + sets, no pure
    assert indian.penalty(hand, "7C") == 80  # 10+3+5+6+2+27+30+4 = 87, capped


def test_ind_10_pure_but_no_second_sequence_sets_are_not_exempt() -> None:
    hand = "AH 2H 3H 9C 9D 9H KS KD KC 4D 5S 8C QC"
    result = indian.arrange(hand, "7C")
    assert result.tier == "pure only"
    assert result.melds == [["AH", "2H", "3H"]]  # the sets 9s and Ks still count
    assert result.points == 80  # 27 + 30 + 4 + 5 + 8 + 10 = 84, capped


def test_ind_10_pure_only_exempts_the_single_best_pure_sequence() -> None:
    hand = "2H 3H 4H 9C TC JC 5S 5D 7S 8D QC KH AD"  # two pure sequences = both lives
    assert indian.arrange(hand, "6C").tier == "both lives"
    one_pure = "2H 3H 4H 5S 5D 7S 8D QC KH AD 9S 9H 2D"  # 84 points, 9 exempt
    assert indian.arrange(one_pure, "6C").tier == "pure only"
    assert indian.penalty(one_pure, "6C") == 75


def test_ind_10_both_lives_every_meld_exempt() -> None:
    hand = "AH 2H 3H 5S 6S JK 9C 9D 9H KS KD KC 4D"
    result = indian.arrange(hand, "7C")
    assert result.tier == "both lives"
    assert result.deadwood == ["4D"] and result.points == 4


def test_ind_10_cap_80() -> None:
    assert indian.penalty("KS KH QD QC JS JH TD TC 9S 9H 8D 8C KD", "2C") == 80


def test_ind_10_two_packs_allow_two_copies_not_three() -> None:
    assert indian.arrange("5H 5H 6H 6H 7H 7H", "2C").melds == [["5H", "6H", "7H"]] * 2
    with pytest.raises(NotationError, match="two packs"):
        indian.penalty("5H 5H 5H", "2C")


# ------------------------------------------------- exactness against a brute force


def dense_hand(rng: random.Random) -> tuple[list[str], str]:
    """Cards crowded into few suits and ranks, with jokers: many overlapping melds."""
    while True:
        suits = rng.sample("SHDC", rng.choice((1, 2, 2, 3)))
        low = rng.randrange(0, 9)
        ranks = "A23456789TJQK"[low : low + rng.choice((4, 5, 6))] + rng.choice(["", "A", "K"])
        indicator = rng.choice(CARD_NAMES)
        cuts = [c for c in CARD_NAMES[:52] if c[0] == indicator[0]] * 2
        pool = [r + s for r in ranks for s in suits] * 2 + ["JK", "JK"] + cuts[: rng.randrange(4)]
        while len(pool) < 13:
            pool.append(rng.choice(CARD_NAMES[:52]))
        hand = rng.sample(pool, 13)
        if max(Counter(hand).values()) <= 2:
            return hand, indicator


def uniform_hand(rng: random.Random) -> tuple[list[str], str]:
    return rng.sample(list(CARD_NAMES) * 2, 13), rng.choice(CARD_NAMES)


def check_against_brute_force(hand: list[str], indicator: str) -> bool:
    declares, minimum = analyse(hand, indicator)
    melds = indian.find_declaration(hand, indicator)
    assert (melds is not None) == declares, (hand, indicator)
    assert indian.penalty(hand, indicator) == minimum, (hand, indicator)
    if melds is not None:
        wild = "A" if indicator == "JK" else indicator[0]
        assert sorted(c for m in melds for c in m) == sorted(hand)
        sequences = [m for m in melds if is_sequence(tuple(m), wild)]
        assert all(is_sequence(tuple(m), wild) or is_set(tuple(m), wild) for m in melds)
        assert len(sequences) >= 2 and any(is_pure(tuple(m)) for m in melds)
    return declares


@pytest.mark.parametrize(("kind_", "count"), [("uniform", 4500), ("dense", 500)])
def test_ind_9_ind_10_equal_to_brute_force(kind_: str, count: int) -> None:
    rng = random.Random(kind_)
    make = uniform_hand if kind_ == "uniform" else dense_hand
    declarations = sum(check_against_brute_force(*make(rng)) for _ in range(count))
    if kind_ == "dense":
        assert declarations > count // 5  # the test really exercises declarations


def test_arrangement_accounts_for_every_card() -> None:
    rng = random.Random(7)
    for _ in range(300):
        hand, indicator = dense_hand(rng)
        result = indian.arrange(hand, indicator)
        laid = [c for m in result.melds for c in m] + result.deadwood
        assert sorted(laid) == sorted(hand)


def test_declaring_discards_equal_every_discard_tried() -> None:
    """The searches of the whole 14 cards only prune: the discards found are those whose
    13 cards declare, tried one by one, and the first of them is the playouts' pick."""
    rng = random.Random(14)
    declaring = 0
    for _ in range(400):
        hand, indicator = dense_hand(rng)
        extra = rng.choice([c for c in CARD_NAMES if hand.count(c) < 2])
        faces = [card_index(c) for c in [*hand, extra]]
        wild = wild_rank(card_index(indicator))
        tried = [
            face
            for face in sorted(set(faces))
            if declaration_of(hand_of(without(faces, face), wild)) is not None
        ]
        assert declaring_discards(faces, wild) == tried, (hand, extra, indicator)
        assert first_declaring_discard(faces, wild) == (tried[0] if tried else None)
        declaring += bool(tried)
    assert declaring > 40  # the test really exercises declarations


def without(faces: list[int], face: int) -> list[int]:
    rest = list(faces)
    rest.remove(face)
    return rest
