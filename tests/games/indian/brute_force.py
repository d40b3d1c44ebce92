"""Exhaustive Indian Rummy declaration and penalty, written for the tests from the rule
text alone (IND-5…IND-10): every subset of the hand is checked against the definitions,
then every collection of disjoint melds is tried."""

from __future__ import annotations

from functools import cache
from itertools import combinations, pairwise

RANKS = "A23456789TJQK"


def is_wild(card: str, wild_rank: str) -> bool:
    return card == "JK" or card[0] == wild_rank


def points(card: str, wild_rank: str) -> int:
    if is_wild(card, wild_rank):
        return 0
    index = RANKS.index(card[0])
    return 10 if index == 0 or index >= 9 else index + 1


def positions(card: str) -> list[int]:
    index = RANKS.index(card[0]) + 1
    return [1, 14] if index == 1 else [index]


def is_pure(cards: tuple[str, ...]) -> bool:
    if "JK" in cards or len({c[1] for c in cards}) != 1:
        return False
    for high_ace in (False, True):
        ranks = sorted(14 if high_ace and c[0] == "A" else positions(c)[0] for c in cards)
        if all(b == a + 1 for a, b in pairwise(ranks)):
            return True
    return False


def is_sequence(cards: tuple[str, ...], wild_rank: str) -> bool:
    if is_pure(cards):
        return True
    naturals = [c for c in cards if not is_wild(c, wild_rank)]
    if not naturals or len({c[1] for c in naturals}) != 1 or len(cards) > 13:
        return False
    if len({c[0] for c in naturals}) != len(naturals):
        return False
    for high_ace in (False, True):
        ranks = [14 if high_ace and c[0] == "A" else positions(c)[0] for c in naturals]
        # a window of len(cards) consecutive places inside 1..14, not holding both aces
        for start in range(1, 16 - len(cards)):
            end = start + len(cards) - 1
            if start == 1 and end == 14:
                continue
            if all(start <= r <= end for r in ranks):
                return True
    return False


def is_set(cards: tuple[str, ...], wild_rank: str) -> bool:
    naturals = [c for c in cards if not is_wild(c, wild_rank)]
    if len({c[0] for c in naturals}) > 1:
        return False
    return len({c[1] for c in naturals}) == len(naturals)


def melds_of(hand: list[str], wild_rank: str) -> list[tuple[int, bool, bool]]:
    """(mask, is a sequence, is pure) for every valid meld among the hand's cards.

    Every natural card of a meld shares its suit (sequence) or its rank (set), so only
    subsets of one suit's or one rank's cards plus any wild cards need checking.
    """
    n = len(hand)
    wilds = [i for i in range(n) if is_wild(hand[i], wild_rank)]
    groups = [[i for i in range(n) if hand[i][1] == s] for s in "SHDC"]
    groups += [[i for i in range(n) if hand[i][0] == r] for r in RANKS]
    masks: set[int] = set()
    for group in groups:
        pool = sorted(set(group) | set(wilds))
        for size in range(3, len(pool) + 1):
            for chosen in combinations(pool, size):
                masks.add(sum(1 << i for i in chosen))
    found = []
    for mask in masks:
        cards = tuple(hand[i] for i in range(n) if mask >> i & 1)
        pure = is_pure(cards)
        sequence = pure or is_sequence(cards, wild_rank)
        if sequence or is_set(cards, wild_rank):
            found.append((mask, sequence, pure))
    return found


def analyse(hand: list[str], indicator: str) -> tuple[bool, int]:
    """(a declaration exists, the minimum penalty capped at 80)."""
    wild_rank = "A" if indicator == "JK" else indicator[0]
    n = len(hand)
    values = [points(c, wild_rank) for c in hand]
    melds = melds_of(hand, wild_rank)

    by_card: list[list[tuple[int, bool, bool]]] = [
        [m for m in melds if m[0] >> i & 1] for i in range(n)
    ]

    @cache
    def best(free: int, pure: bool, sequences: int) -> int:
        """Most points melded from ``free`` given the lives found so far (-1000: the
        two lives can no longer be completed). The lowest free card is either left
        unmelded or melded with some of the others."""
        if not free:
            return 0 if pure and sequences >= 2 else -1_000
        low = (free & -free).bit_length() - 1
        result = best(free & ~(1 << low), pure, sequences)
        for mask, sequence, is_pure_meld in by_card[low]:
            if mask & free == mask:
                gained = sum(values[i] for i in range(n) if mask >> i & 1)
                rest = best(free & ~mask, pure or is_pure_meld, min(2, sequences + sequence))
                result = max(result, gained + rest)
        return result

    full = (1 << n) - 1

    @cache
    def covers(free: int, pure: bool, sequences: int) -> bool:
        if not free:
            return pure and sequences >= 2
        low = free & -free
        return any(
            covers(free & ~mask, pure or p, min(2, sequences + s))
            for mask, s, p in by_card[low.bit_length() - 1]
            if mask & free == mask
        )

    total = sum(values)
    options = [total]
    pure_values = [sum(values[i] for i in range(n) if m >> i & 1) for m, _, p in melds if p]
    if pure_values:
        options.append(total - max(pure_values))
    both = best(full, False, 0)
    if both >= 0:
        options.append(total - both)
    return covers(full, False, 0), min(min(options), 80)
