"""An exhaustive Gin deadwood search written for the tests, independent of the solver.

It checks every subset of the hand against the definition of a meld (GIN-5) and then
tries every combination of disjoint melds.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import combinations

RANKS = "A23456789TJQK"


def value(card: str) -> int:
    return min(RANKS.index(card[0]) + 1, 10)


def is_meld(cards: tuple[str, ...]) -> bool:
    if len(cards) < 3:
        return False
    ranks = sorted(RANKS.index(c[0]) for c in cards)
    suits = {c[1] for c in cards}
    if len(set(ranks)) == 1:
        return len(cards) <= 4 and len(suits) == len(cards)
    return len(suits) == 1 and ranks == list(range(ranks[0], ranks[0] + len(cards)))


def brute_deadwood(hand: list[str]) -> int:
    n = len(hand)
    melds = []
    # A meld is one rank or one suit, so only subsets inside such a group can be melds.
    groups = [[i for i in range(n) if hand[i][0] == r] for r in RANKS]
    groups += [[i for i in range(n) if hand[i][1] == s] for s in "SHDC"]
    for group in groups:
        for size in range(3, len(group) + 1):
            for chosen in combinations(group, size):
                if is_meld(tuple(hand[i] for i in chosen)):
                    melds.append(sum(1 << i for i in chosen))
    values = [value(c) for c in hand]

    @cache
    def best_melded(free: int) -> int:
        best = 0
        for meld in melds:
            if meld & free == meld:
                melded = sum(values[i] for i in range(n) if meld >> i & 1)
                best = max(best, melded + best_melded(free & ~meld))
        return best

    return sum(values) - best_melded((1 << n) - 1)


@lru_cache(maxsize=100_000)
def _cached_deadwood(hand: tuple[str, ...]) -> int:
    return brute_deadwood(list(hand))


def all_melds(hand: list[str]) -> list[tuple[str, ...]]:
    found = []
    for size in range(3, len(hand) + 1):
        for chosen in combinations(hand, size):
            if is_meld(chosen):
                found.append(chosen)
    return found


def layouts(hand: list[str], limit: int) -> list[list[tuple[str, ...]]]:
    """Every set of disjoint melds of ``hand`` leaving deadwood ≤ ``limit``."""
    melds = all_melds(hand)
    out: list[list[tuple[str, ...]]] = []

    def walk(start: int, used: set[str], chosen: list[tuple[str, ...]]) -> None:
        if sum(value(c) for c in hand if c not in used) <= limit:
            out.append(list(chosen))
        for i in range(start, len(melds)):
            if not used & set(melds[i]):
                walk(i + 1, used | set(melds[i]), [*chosen, melds[i]])

    walk(0, set(), [])
    return out


def can_lay_off(cards: list[str], melds: list[tuple[str, ...]]) -> bool:
    """Whether every card can join some meld so that each grown meld is still a meld."""
    if not cards:
        return all(is_meld(m) for m in melds)
    first, rest = cards[0], cards[1:]
    return any(
        can_lay_off(rest, [*melds[:i], (*m, first), *melds[i + 1 :]]) for i, m in enumerate(melds)
    )


def brute_settle_score(knocker: list[str], defender: list[str], limit: int) -> int:
    """The knocker's signed score (negative: undercut) under GIN-10…13, by brute force."""
    best = None
    for melds in layouts(knocker, limit):
        k_points = sum(value(c) for c in knocker if not any(c in m for m in melds))
        if k_points == 0:
            return 25 + brute_deadwood(defender)
        d_best = brute_deadwood(defender)
        # only cards sharing a suit or rank with some meld can possibly be laid off
        near = [c for c in defender if any(c[0] == m[0][0] or c[1] == m[0][1] for m in melds)]
        for size in range(1, len(near) + 1):
            for laid in combinations(near, size):
                if can_lay_off(list(laid), melds):
                    rest = tuple(sorted(c for c in defender if c not in laid))
                    d_best = min(d_best, _cached_deadwood(rest))
        score = d_best - k_points if d_best > k_points else -(25 + k_points - d_best)
        best = score if best is None else max(best, score)
    assert best is not None, "the knocker cannot knock"
    return best
