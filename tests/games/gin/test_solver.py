"""The public solver API (docs/design.md): exactness against a brute force, and properties."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummyhall import IllegalAction, NotationError
from rummyhall.cards import CARD_NAMES, parse_cards
from rummyhall.games import gin
from rummyhall.games.gin import melds, solver
from rummyhall.games.gin.melds import is_meld, mask_of
from rummyhall.games.gin.solver import deadwood_after_best_discard
from tests.games.gin.brute_force import all_melds as brute_all_melds
from tests.games.gin.brute_force import brute_deadwood, brute_settle_score, value

DECK = list(CARD_NAMES[:52])


def dense_hand(rng: random.Random, size: int) -> list[str]:
    """Cards from a few ranks and suits: many overlapping sets and runs."""
    suits = rng.sample("SHDC", rng.choice((2, 3, 4)))
    low = rng.randrange(0, 9)
    pool = [r + s for r in "A23456789TJQK"[low : low + 5] for s in suits]
    while len(pool) < size:
        pool.append(rng.choice([c for c in DECK if c not in pool]))
    return rng.sample(pool, size)


@pytest.mark.parametrize("kind", ["uniform", "dense"])
def test_gin_6_deadwood_equals_exhaustive_search(kind: str) -> None:
    rng = random.Random(kind)
    for _ in range(5000):
        size = rng.choice((10, 10, 11))
        hand = rng.sample(DECK, size) if kind == "uniform" else dense_hand(rng, size)
        assert gin.deadwood(hand) == brute_deadwood(hand), hand


@pytest.mark.parametrize("kind", ["uniform", "dense"])
def test_gin_6_the_compiled_deadwood_is_the_reference(kind: str) -> None:
    """The compiled core (when built) and the Python reference agree, and so do the
    ways of writing a hand: one string with spaces or commas, a list, a tuple, other
    spellings of a card (read by the reference)."""
    rng = random.Random(kind)
    for _ in range(20_000):
        size = rng.choice((0, 3, 10, 11, 13))
        hand = rng.sample(DECK, size) if kind == "uniform" or size < 10 else dense_hand(rng, size)
        mask = mask_of(parse_cards(hand))
        expected = solver.reference_deadwood_mask(mask)
        assert solver.deadwood_mask(mask) == expected
        spelled = [name.replace("T", "10").lower() for name in hand]
        for written in (" ".join(hand), ",".join(hand), hand, tuple(hand), spelled):
            assert gin.deadwood(written) == expected, written


hands = st.lists(st.sampled_from(DECK), min_size=0, max_size=13, unique=True)


@given(hands)
def test_gin_6_deadwood_never_exceeds_the_sum_of_values(hand: list[str]) -> None:
    assert 0 <= gin.deadwood(hand) <= sum(value(c) for c in hand)


@given(hands, st.sampled_from(DECK))
def test_gin_6_adding_a_card_adds_at_most_its_value(hand: list[str], card: str) -> None:
    if card in hand:
        return
    assert gin.deadwood([*hand, card]) <= gin.deadwood(hand) + value(card)


@given(
    st.lists(st.sampled_from(DECK), min_size=10, max_size=10, unique=True), st.sampled_from(DECK)
)
def test_gin_7_best_ten_of_eleven_never_worse_than_the_ten(hand: list[str], card: str) -> None:
    if card in hand:
        return
    eleven = mask_of(parse_cards([*hand, card]))
    best, discard = deadwood_after_best_discard(eleven)
    assert best <= gin.deadwood(hand)
    assert best == min(gin.deadwood([c for c in [*hand, card] if c != x]) for x in [*hand, card])
    assert best == gin.deadwood([c for c in [*hand, card] if c != CARD_NAMES[discard]])


@given(hands)
def test_gin_6_arrangement_is_a_valid_partition_with_the_minimum(hand: list[str]) -> None:
    layout = gin.arrange(hand)
    laid = [c for meld in layout.melds for c in meld] + layout.deadwood
    assert sorted(laid) == sorted(hand)
    assert all(is_meld(mask_of(parse_cards(m))) for m in layout.melds)
    assert layout.points == sum(value(c) for c in layout.deadwood) == gin.deadwood(hand)
    assert gin.arrange(list(reversed(hand))) == layout  # order of input never matters


def knock_deal(rng: random.Random) -> tuple[list[str], list[str]]:
    """A knocker who may knock (dense cards) and a defender holding many of the cards
    next to the knocker's, so lay-offs and undercuts are common."""
    while True:
        knocker = dense_hand(rng, 10)
        if gin.deadwood(knocker) <= 10:
            break
    near = {
        r + s
        for card in knocker
        for r in "A23456789TJQK"[max(0, "A23456789TJQK".index(card[0]) - 2) :][:5]
        for s in "SHDC"
        if s == card[1] or r == card[0]
    }
    pool = [c for c in DECK if c in near and c not in knocker]
    rest = [c for c in DECK if c not in knocker and c not in pool]
    take = min(len(pool), rng.randrange(3, 9))
    defender = rng.sample(pool, take) + rng.sample(rest, 10 - take)
    return knocker, defender


@st.composite
def knocks(draw: st.DrawFn) -> tuple[list[str], list[str], int]:
    knocker, defender = knock_deal(random.Random(draw(st.integers(0, 2**32))))
    limit = draw(st.integers(min_value=gin.deadwood(knocker), max_value=10))
    return knocker, defender, limit


def test_gin_13_settle_equals_exhaustive_search() -> None:
    rng = random.Random(13)
    for _ in range(150):
        knocker, defender = knock_deal(rng)
        s = gin.settle(knocker, defender)
        signed = s.points if s.winner == "knocker" else -s.points
        assert signed == brute_settle_score(knocker, defender, 10), (knocker, defender)


@given(st.lists(st.sampled_from(DECK), min_size=20, max_size=20, unique=True))
def test_gin_7_settle_refuses_an_illegal_knock(cards: list[str]) -> None:
    knocker, defender = cards[:10], cards[10:]
    if gin.deadwood(knocker) > 10:
        with pytest.raises(IllegalAction) as error:
            gin.settle(knocker, defender)
        assert error.value.rule == "GIN-7"


@given(knocks())
def test_gin_11_settlement_accounts_for_every_card(deal: tuple[list[str], list[str], int]) -> None:
    knocker, defender, limit = deal
    s = gin.settle(knocker, defender, knock_limit=limit)
    k_cards = [c for m in s.knocker_melds for c in m] + s.knocker_deadwood
    d_cards = [c for m in s.defender_melds for c in m] + s.defender_deadwood
    assert sorted(k_cards) == sorted(knocker)
    assert sorted(d_cards + [x.card for x in s.layoffs]) == sorted(defender)
    assert s.knocker_points <= limit
    assert s.defender_points == gin.deadwood(
        s.defender_deadwood + [c for m in s.defender_melds for c in m]
    )
    # every lay-off extends its meld into a longer meld (chains included)
    extended = [list(m) for m in s.knocker_melds]
    for x in s.layoffs:
        extended[x.meld].append(x.card)
        assert is_meld(mask_of(parse_cards(extended[x.meld])))
    if s.kind == "gin":
        assert s.knocker_points == 0 and not s.layoffs
        assert s.points == 25 + gin.deadwood(defender)
    elif s.kind == "knock":
        assert s.defender_points > s.knocker_points
        assert s.points == s.defender_points - s.knocker_points
    else:
        assert s.defender_points <= s.knocker_points
        assert s.points == 25 + s.knocker_points - s.defender_points
    # the defender never does worse than keeping his own best layout
    assert s.defender_points <= gin.deadwood(defender)


@pytest.mark.parametrize(
    "cards",
    ["AS 2S XX", "AS AS 2S", "JK 2S 3S", 42],
)
def test_solver_rejects_bad_input_clearly(cards: object) -> None:
    with pytest.raises((NotationError, TypeError)):
        gin.deadwood(cards)  # type: ignore[arg-type]


def test_settle_needs_ten_distinct_cards_each() -> None:
    with pytest.raises(NotationError, match="expected 10 cards"):
        gin.settle("AS 2S 3S", "4S 5S 6S")
    with pytest.raises(NotationError, match="both hands"):
        gin.settle("AS 2S 3S 4S 5S 6S 7S 8S 9S TS", "TS JS QS KS AH 2H 3H 4H 5H 6H")


def test_settlement_json_is_complete() -> None:
    s = gin.settle("5H 6H 7H TS TD TC JS QS KS AC", "4H 3H 9C 9D 2S 4S 6C 6D KC QC")
    data = s.to_json()
    assert data["layoffs"] == [{"card": "4H", "meld": 0}, {"card": "3H", "meld": 0}]
    assert data["knocker"]["melds"][0] == ["5H", "6H", "7H"]


@pytest.mark.parametrize("kind", ["uniform", "dense"])
def test_gin_5_all_melds_equals_exhaustive_search(kind: str) -> None:
    """The solver's meld list (read from bit tricks) is every meld, each once."""
    rng = random.Random(f"melds-{kind}")
    for _ in range(300):
        size = rng.choice((10, 11))
        hand = rng.sample(DECK, size) if kind == "uniform" else dense_hand(rng, size)
        found = melds.all_melds(mask_of(parse_cards(hand)))
        expected = {mask_of(parse_cards(meld)) for meld in brute_all_melds(hand)}
        assert len(found) == len(set(found)), hand
        assert set(found) == expected, hand


def test_gin_arrangement_json_is_a_fresh_copy() -> None:
    """Layouts are shared through the server's cache: editing one's JSON changes none."""
    layout = gin.arrange("AS 2S 3S 4H 4D 4C KC")
    first = layout.to_json()
    first["melds"][0].append("QH")
    first["deadwood"].clear()
    assert layout.to_json() == {
        "melds": [["AS", "2S", "3S"], ["4H", "4D", "4C"]],
        "deadwood": ["KC"],
        "points": 10,
    }
