"""The throw of the Indian review's playout player, for every seat: medium's choice
(the discard that leaves the cheapest hand by medium's ``cost``,
``bots/indian/medium.py``) without the solver, so that a playout stays cheap.

Medium's cost of a hand without a pure sequence needs no layout: every card counts
(IND-10), less where it could still grow into a meld (:func:`no_pure_cost`, exact for a
hand with at most one wild card; with more the solver may lay the wild cards out
together, which changes what medium counts a little). With a pure sequence the solver's
layout is approximated (:func:`deadwood`): the natural runs, then sets, then pairs each
completed by a wild card, greedily; without a second sequence every card but the best
run counts, as the solver has it. The throw it replaced
(``indian_playout.partner_throw``) weighed only a card's partners and played a
two-player hand out some 4 points a deal worse than medium; this one is within the
noise of medium (``bench/review_continuation.py``, docs/review.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from rummyhall.cards import JOKER
from rummyhall.games.indian.melds import card_points

NEIGHBOURS = tuple(
    sum(1 << other for other in range(13) if abs(other - rank) in (1, 2, 11, 12))
    for rank in range(13)
)
"""Per rank, the ranks of a suit that make a card's sequence partner (medium's
``sequence_partner``: within two places, the Ace next to the King too)."""
NO_PURE = 20.0
"""What medium's cost charges a hand without a pure sequence."""


@cache
def points_of(wild: int) -> tuple[int, ...]:
    """Every face's points (IND-10) with ``wild`` the wild rank: 0 for a wild card and
    only for one, so that the loops below ask a table."""
    return tuple(card_points(face, wild) for face in range(JOKER + 1))


def suit_masks(faces: Sequence[int], points: tuple[int, ...]) -> list[int]:
    """Per suit, the ranks of the natural cards among ``faces``."""
    masks = [0, 0, 0, 0]
    for face in faces:
        if points[face]:
            masks[face // 13] |= 1 << face % 13
    return masks


def no_pure_cost(hand: Sequence[int], wild: int) -> float:
    """Medium's cost of a hand without a pure sequence: every card counts, a card with a
    sequence partner 0.3 of its points, one paired with its rank 0.7 (a joker read as
    an Ace, as medium reads it)."""
    points = points_of(wild)
    masks = suit_masks(hand, points)
    ranks = [0] * 13
    for face in hand:
        ranks[face % 13] += 1
    total = NO_PURE
    for face in hand:
        worth = points[face]
        if not worth:
            continue
        if masks[face // 13] & NEIGHBOURS[face % 13]:
            total += 0.3 * worth
        elif ranks[face % 13] >= 2:
            total += 0.7 * worth
        else:
            total += worth
    return total


def loose_cost(dead: Sequence[int], wild: int) -> float:
    """Medium's cost of a hand with a pure sequence whose unmelded cards are ``dead``:
    their points, half for a card with a sequence partner among them."""
    points = points_of(wild)
    masks = suit_masks(dead, points)
    total = 0.0
    for face in dead:
        worth = points[face]
        if worth:
            total += 0.5 * worth if masks[face // 13] & NEIGHBOURS[face % 13] else worth
    return total


@cache
def runs_in(mask: int) -> tuple[tuple[int, ...], ...]:
    """The ranks of each run of three or more in a suit whose ranks held are ``mask``
    (the Ace low and high)."""
    high = mask | (mask & 1) << 13
    runs, start = [], None
    for position in range(15):
        if position < 14 and high >> position & 1:
            start = position if start is None else start
        elif start is not None:
            if position - start >= 3:
                runs.append(tuple(p % 13 for p in range(start, position)))
            start = None
    return tuple(runs)


def deadwood(hand: Sequence[int], wild: int) -> list[int] | None:
    """The cards an approximate layout leaves unmelded, or ``None`` without a pure
    sequence: the natural runs (the first pure, the others second sequences), then sets
    of three suits, then the dearest related pairs each with a wild card (a sequence
    pair a second sequence), then the dearest single cards with two; without a second
    sequence, every card but the dearest run."""
    points = points_of(wild)
    masks = [0, 0, 0, 0]
    for face in hand:
        if face != JOKER:
            masks[face // 13] |= 1 << face % 13
    runs = [[suit * 13 + rank for rank in run] for suit in range(4) for run in runs_in(masks[suit])]
    if not runs:
        return None
    rest = list(hand)
    for run in runs:
        for face in run:
            if face in rest:  # an Ace held once may end a low run and a high one
                rest.remove(face)
    wilds = len(rest)
    rest = [face for face in rest if points[face]]
    wilds -= len(rest)
    lives = len(runs)
    suits: dict[int, set[int]] = {}
    for face in rest:
        suits.setdefault(face % 13, set()).add(face // 13)
    for rank, held in suits.items():
        if len(held) >= 3:
            for suit in held:
                rest.remove(suit * 13 + rank)
    if wilds:
        lives += completed(rest, wilds, points)
    if lives < 2:
        best = max(runs, key=lambda run: sum(points[face] for face in run))
        rest = list(hand)
        for face in best:
            rest.remove(face)
    return rest


def completed(loose: list[int], wilds: int, points: tuple[int, ...]) -> int:
    """Takes from ``loose`` the cards ``wilds`` wild cards meld: the dearest related
    pairs (a sequence pair, a rank in two suits) one wild card each, then the dearest
    single cards two each; returns the sequences so made."""
    pairs = []
    for at, first in enumerate(loose):
        for second in loose[at + 1 :]:
            near = bool(NEIGHBOURS[first % 13] >> second % 13 & 1)
            sequence = first // 13 == second // 13 and near
            if sequence or (first % 13 == second % 13 and first != second):
                pairs.append((points[first] + points[second], sequence, first, second))
    pairs.sort(reverse=True)
    sequences = 0
    for _, sequence, first, second in pairs:
        if not wilds:
            break
        if first in loose and second in loose:
            loose.remove(first)
            loose.remove(second)
            wilds -= 1
            sequences += sequence
    loose.sort(key=points.__getitem__)
    while wilds >= 2 and loose:
        loose.pop()
        wilds -= 2
        sequences += 1
    return sequences


def cheapest_throw(hand: list[int], taken: int, wild: int) -> int | None:
    """The natural card whose discard leaves the cheapest hand by medium's cost (the
    dearer on a tie), never the copy just taken from the pile (IND-3); ``None`` where
    no unmelded natural card may go."""
    points = points_of(wild)
    dead = deadwood(hand, wild)
    pool = hand if dead is None else dead
    cost: Callable[[Sequence[int], int], float] = no_pure_cost if dead is None else loose_cost
    best, best_key = None, (0.0, 0)
    for face in sorted(set(pool)):
        if not points[face] or (face == taken and hand.count(face) == 1):
            continue
        rest = list(pool)
        rest.remove(face)
        key = (cost(rest, wild), -points[face])
        if best is None or key < best_key:
            best, best_key = face, key
    return best
