"""The simple gin bot's rules, exactly as OpenSpiel's ``SimpleGinRummyBot`` plays them.

The medium Gin bot is that bot (and the hard bot's playouts and opponent model start from
it), so its choices must be the real bot's, down to which cards it counts as deadwood when
several arrangements leave the same count. OpenSpiel's ``BestMeldGroup`` keeps the first
arrangement of most melded points its depth-first search meets: listing the melds in its
order (:func:`openspiel_melds`), that is the arrangement whose meld numbers, sorted, come
first (:func:`best_group`). On those cards the bot

* takes the top discard when it would not be deadwood among the eleven cards, or when the
  eleven would allow a knock (:func:`simple_takes`);
* throws the highest-ranked card of that deadwood, ties broken by OpenSpiel's suit order
  (spades, clubs, diamonds, hearts), and knocks as soon as what is left allows it
  (:func:`simple_throw`). With no deadwood (gin with eleven cards) it throws the first
  card, in OpenSpiel's card order, whose loss leaves gin.

OpenSpiel lets a player throw the card he has just taken from the discard pile; GIN-4 does
not. The bot only ever wants to when its dealt hand could knock already and it takes the
first upcard; then it throws the card that leaves the least deadwood, the highest on ties.

This module is the reference; the compiled ``_playout`` computes the same (the hard
bot's playouts and its check of sampled hands call these rules millions of times), and
``gin_playout`` chooses which implementation the bots use.
"""

from __future__ import annotations

from collections.abc import Callable

from rummyhall.games.gin.melds import CARD_VALUES, cards_of, mask_value
from rummyhall.games.gin.solver import deadwood_mask

OPENSPIEL_SUIT = (0, 3, 2, 1)
"""OpenSpiel's index of each of our suits: ours are S H D C, its are s c d h."""


def openspiel_id(card: int) -> int:
    """A card's id in OpenSpiel (its suit order, then the rank), which breaks its ties."""
    return OPENSPIEL_SUIT[card // 13] * 13 + card % 13


def rank_key(card: int) -> tuple[int, int]:
    """OpenSpiel's rank order (``CompareRanks``): rank, then its card id."""
    return card % 13, openspiel_id(card)


def highest(mask: int) -> int:
    """The card OpenSpiel's bot throws first among ``mask`` (not empty)."""
    return max(cards_of(mask), key=rank_key)


def openspiel_melds(hand: int) -> list[int]:
    """Every meld of ``hand`` in the order OpenSpiel's ``AllMelds`` lists them: sets by
    rank (the four of a kind with two of its threes first), then runs of five, four and
    three by suit and rank. Runs longer than five are made of these."""
    by_rank = sorted(cards_of(hand), key=rank_key)
    melds = []
    for i in range(len(by_rank) - 3):
        a, b, c, d = by_rank[i : i + 4]
        if a % 13 == d % 13:
            melds += [1 << a | 1 << b | 1 << c | 1 << d, 1 << a | 1 << b | 1 << d]
            melds.append(1 << a | 1 << c | 1 << d)
    for i in range(len(by_rank) - 2):
        a, b, c = by_rank[i : i + 3]
        if a % 13 == c % 13:
            melds.append(1 << a | 1 << b | 1 << c)
    by_suit = sorted(cards_of(hand), key=openspiel_id)
    ids = [openspiel_id(card) for card in by_suit]
    for length in (5, 4, 3):
        for i in range(len(by_suit) - length + 1):
            last = i + length - 1
            if ids[last] - ids[i] == length - 1 and ids[i] // 13 == ids[last] // 13:
                run = 0
                for card in by_suit[i : last + 1]:
                    run |= 1 << card
                melds.append(run)
    return melds


def best_group(hand: int) -> list[int]:
    """The melds OpenSpiel's ``BestMeldGroup`` picks: of the arrangements with the least
    deadwood, the one whose melds come first in :func:`openspiel_melds`'s order (its
    search meets it first and keeps it)."""
    melds = openspiel_melds(hand)
    values = [mask_value(meld) for meld in melds]
    target = mask_value(hand) - deadwood_mask(hand)
    reach = [0] * (len(melds) + 1)  # the cards the melds from index i on can cover
    for i in range(len(melds) - 1, -1, -1):
        reach[i] = reach[i + 1] | melds[i]

    def first(start: int, free: int, value: int) -> list[int] | None:
        """The first group of melds from ``start`` on that reaches ``target``."""
        if value == target:
            return []
        if value + mask_value(free & reach[start]) < target:
            return None
        for j in range(start, len(melds)):
            meld = melds[j]
            if meld & free == meld:
                rest = first(j + 1, free ^ meld, value + values[j])
                if rest is not None:
                    return [meld, *rest]
        return None

    group = first(0, hand, 0)
    assert group is not None
    return group


def best_deadwood(hand: int) -> int:
    """The cards :func:`best_group` leaves unmelded."""
    return hand ^ sum(best_group(hand))


def simple_deadwood(hand: int) -> int:
    """OpenSpiel's ``MinDeadwood``: the best deadwood's points, less its highest card for
    eleven cards (the one the bot would throw)."""
    loose = best_deadwood(hand)
    if loose and hand.bit_count() == 11:
        loose ^= 1 << highest(loose)
    return mask_value(loose)


def simple_takes(hand: int, top: int, limit: int) -> bool:
    """Whether the bot takes ``top``: it is melded among the eleven cards, or they knock."""
    eleven = hand | 1 << top
    return not best_deadwood(eleven) >> top & 1 or simple_deadwood(eleven) <= limit


def simple_throw(hand: int, taken: int) -> tuple[int, int]:
    """The bot's discard from eleven cards (``taken``: the card just taken from the
    discard pile, or -1): the deadwood its arrangement leaves, and the card."""
    loose = best_deadwood(hand)
    if loose:
        card = highest(loose)
        left = mask_value(loose) - CARD_VALUES[card]
    else:
        ordered = sorted(cards_of(hand), key=openspiel_id)
        card = next(c for c in ordered if not deadwood_mask(hand ^ 1 << c))
        left = 0
    return (left, card) if card != taken else least_after_throw(hand, taken)


def least_after_throw(
    hand: int, taken: int, deadwood: Callable[[int], int] = deadwood_mask
) -> tuple[int, int]:
    """The card of eleven (never ``taken``, GIN-4) leaving the least deadwood, the highest
    on ties (then the first by id): the deadwood left and the card. ``deadwood`` is the
    solver's count, compiled or not, as the caller likes."""
    card = min(
        (c for c in cards_of(hand) if c != taken),
        key=lambda c: (deadwood(hand ^ 1 << c), -CARD_VALUES[c]),
    )
    return deadwood(hand ^ 1 << card), card
