"""A fast continuation of an Indian Rummy deal, for the review's sampled worlds: the
deal as bare lists of faces (no events, no views) and one cheap rule player for every
seat, so that a deal is played to its end in about a millisecond.

The rule player throws as medium does, without the solver (:func:`throw`,
``review/indian_throw.py``: the card whose discard leaves the cheapest hand by medium's
cost), where medium asks the solver for every throw; it takes the open card when the
hand's partners of it (the cards it could share a meld with: the same rank in another
suit, the same suit one or two places away, as medium's
:func:`~rummyhall.bots.indian.medium.related` reads them) weigh enough (:func:`takes`).
It declares as soon as the solver finds a declaration (asked when the hand looks near
one, :func:`notices`), drops a first hand with nothing to build on as medium does, and
is settled exactly (IND-10: each loser's least penalty by the solver).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from rummyhall.actions import Action, Declare, Discard, Draw, Drop
from rummyhall.bots.indian.medium import HOPELESS, promise
from rummyhall.cards import JOKER, card_index
from rummyhall.games.indian.melds import ACE, card_points, is_wild
from rummyhall.games.indian.solver import arrangement_of, first_declaring_discard, hand_of
from rummyhall.review.indian_throw import cheapest_throw

TAKE_WORTH = 4
"""The partners' weight (:func:`partner_weights`) from which the open card is taken: a
card that joins two cards of a suit, or completes a set."""
LONGEST = 400
"""Moves after which a continuation stops as a void deal: a pool's reshuffled stock
could otherwise keep two weak players going (never reached in the bench's deals)."""


@dataclass(frozen=True)
class Rules:
    """What a continuation needs of the table: the wild rank, the drop prices (first,
    middle), whether a wild card may be taken from the pile, whether an empty stock is
    renewed (IND-13)."""

    wild: int
    drops: tuple[int, int]
    joker_from_discard: bool
    reshuffle: bool


@dataclass
class Deal:
    """A deal in faces: ``hands`` per seat, the ``stock`` drawn from its end, the
    ``pile`` (top last), who is still ``playing``, who has ``drawn`` (a drop then costs
    the middle price), the ``penalties`` so far, the seat to play, whether it has drawn
    this turn (``discarding``) and the face it took from the pile (-1: none)."""

    hands: list[list[int]]
    stock: list[int]
    pile: list[int]
    playing: list[bool]
    drawn: list[bool]
    penalties: list[int]
    player: int
    discarding: bool
    taken: int = -1
    winner: int | None = None
    over: bool = False


@cache
def partner_weights(wild: int) -> tuple[tuple[int, ...], ...]:
    """Per pair of faces, how much the second helps the first into a meld: 3 for the
    next card of its suit, 2 for one two places away or the same rank in another suit,
    0 otherwise (and for wild cards, counted apart)."""
    table = []
    for a in range(53):
        row = []
        for b in range(53):
            if is_wild(a, wild) or is_wild(b, wild) or a == b:
                row.append(0)
            elif a % 13 == b % 13:
                row.append(2)
            elif a // 13 == b // 13:
                gap = abs(a % 13 - b % 13)
                gap = min(gap, 13 - gap)  # the Ace sits next to the King too
                row.append(3 if gap == 1 else 2 if gap == 2 else 0)
            else:
                row.append(0)
        table.append(tuple(row))
    return tuple(table)


def worth(card: int, hand: Sequence[int], weights: tuple[tuple[int, ...], ...]) -> int:
    """How much the rest of ``hand`` helps ``card`` into a meld."""
    return sum(map(weights[card].__getitem__, hand))


def throw(hand: list[int], taken: int, rules: Rules) -> int:
    """The face to throw: medium's choice (:func:`cheapest_throw`), or where no unmelded
    natural card may go the partners' choice (:func:`partner_throw`)."""
    return remembered_throw(tuple(sorted(hand)), taken, rules)


@lru_cache(maxsize=1 << 16)
def remembered_throw(hand: tuple[int, ...], taken: int, rules: Rules) -> int:
    """:func:`throw`, remembered as :func:`least_penalty` is: the moves of one decision,
    played out in the same world, reach the same hands (above all the other seats')."""
    found = cheapest_throw(list(hand), taken, rules.wild)
    return partner_throw(list(hand), taken, rules) if found is None else found


def partner_throw(hand: list[int], taken: int, rules: Rules) -> int:
    """The natural card with the least help from the rest of the hand, the higher one on
    a tie (its points would count against the hand); a wild card only when nothing else
    may go, never the copy just taken from the pile (IND-3). The rule player's throw
    before ``ENGINE`` 5: a two-player hand played out by it loses some 4 points a deal
    to medium (docs/review.md)."""
    weights = partner_weights(rules.wild)
    best, best_key = -1, (0, 0)
    for card in set(hand):
        if card == taken and hand.count(card) == 1:
            continue
        if is_wild(card, rules.wild):
            key = (1000, 0)
        else:
            key = (worth(card, hand, weights), -card_points(card, rules.wild))
        if best < 0 or key < best_key:
            best, best_key = card, key
    return best


def takes(top: int, hand: list[int], rules: Rules) -> bool:
    """Whether to take the open card: a wild card where the table allows it, a natural
    card that the hand helps into a meld by :data:`TAKE_WORTH`."""
    if is_wild(top, rules.wild):
        return rules.joker_from_discard
    return worth(top, hand, partner_weights(rules.wild)) >= TAKE_WORTH


def notices(hand: Sequence[int], wild: int) -> bool:
    """Whether the rule player looks for a declaration in its 14 cards (the card just
    drawn last): not when that card is natural, helps nothing and fewer than two wild
    cards could meld it (the other 13 were looked at last turn); else when the hand has
    a pure sequence and at most three loose cards (in no set or run of three natural
    cards) per wild card, and one to throw. Asking the solver only then keeps a turn
    cheap; on the review's own deals it missed no declaration (``tests/review``)."""
    wilds = sum(is_wild(card, wild) for card in hand)
    drawn = hand[-1]
    weights = partner_weights(wild)
    if wilds < 2 and not is_wild(drawn, wild) and worth(drawn, hand, weights) == 0:
        return False
    runs = [0, 0, 0, 0]
    suits: list[set[int]] = [set() for _ in range(13)]
    for card in hand:
        if card != JOKER:
            runs[card // 13] |= 1 << (card % 13) | (1 << 13 if card % 13 == ACE else 0)
            suits[card % 13].add(card // 13)
    runs = [mask & mask >> 1 & mask >> 2 for mask in runs]  # where a run of three starts
    if not any(runs):
        return False  # no pure sequence (IND-9)
    loose = 0
    for card in hand:
        if is_wild(card, wild) or len(suits[card % 13]) >= 3:
            continue
        rank, starts = card % 13, runs[card // 13]
        in_run = starts >> max(0, rank - 2) & (7 if rank >= 2 else (1 << (rank + 1)) - 1)
        ace_high = rank == ACE and starts >> 11 & 1  # Q K A
        loose += not in_run and not ace_high
    return loose <= 3 * wilds + 1


def apply(deal: Deal, action: Action, rules: Rules, rng: random.Random) -> None:
    """Play one legal ``action`` for the seat to play."""
    seat = deal.player
    hand = deal.hands[seat]
    if isinstance(action, Drop):
        deal.penalties[seat] = rules.drops[1] if deal.drawn[seat] else rules.drops[0]
        deal.playing[seat] = False
        left = [s for s, still in enumerate(deal.playing) if still]
        if len(left) == 1:
            finish(deal, left[0], rules)
        else:
            pass_turn(deal)
    elif isinstance(action, Draw):
        if action.source == "stock":
            hand.append(deal.stock.pop())
            deal.taken = -1
        else:
            deal.taken = deal.pile.pop()
            hand.append(deal.taken)
        deal.drawn[seat] = True
        deal.discarding = True
    elif isinstance(action, Declare):
        hand.remove(card_index(action.discard))
        deal.pile.append(card_index(action.discard))
        finish(deal, seat, rules)
    elif isinstance(action, Discard):
        discard(deal, card_index(action.card), rules, rng)


def discard(deal: Deal, card: int, rules: Rules, rng: random.Random) -> None:
    """The seat to play throws ``card``; an empty stock then ends the deal void, or is
    renewed from the pile (IND-13)."""
    deal.hands[deal.player].remove(card)
    deal.pile.append(card)
    if not deal.stock:
        if not rules.reshuffle or len(deal.pile) < 2:
            finish(deal, None, rules)
            return
        deal.stock = deal.pile[:-1]
        rng.shuffle(deal.stock)
        deal.pile = deal.pile[-1:]
    pass_turn(deal)


def pass_turn(deal: Deal) -> None:
    seats = len(deal.hands)
    player = (deal.player + 1) % seats
    while not deal.playing[player]:
        player = (player + 1) % seats
    deal.player, deal.discarding, deal.taken = player, False, -1


def finish(deal: Deal, winner: int | None, rules: Rules) -> None:
    """The deal's end: after a declaration every other seat still playing pays its
    hand's least penalty (IND-10)."""
    deal.over, deal.winner = True, winner
    if winner is None or not deal.playing[winner]:
        return
    for seat, still in enumerate(deal.playing):
        if still and seat != winner:
            deal.penalties[seat] = least_penalty(tuple(sorted(deal.hands[seat])), rules.wild)


@lru_cache(maxsize=1 << 16)
def least_penalty(hand: tuple[int, ...], wild: int) -> int:
    """IND-10, remembered: the moves of one decision, played out in the same world,
    often end with the same hands."""
    return arrangement_of(hand_of(hand, wild)).points


@lru_cache(maxsize=1 << 16)
def declaration(hand: tuple[int, ...], wild: int) -> int | None:
    """The face whose discard declares with these 14 cards (IND-9), or ``None``;
    remembered as :func:`least_penalty` is."""
    return first_declaring_discard(list(hand), wild)


@lru_cache(maxsize=1 << 16)
def noticed_declaration(hand: tuple[int, ...], drawn: int, wild: int) -> int | None:
    """The declaring discard the rule player finds in ``hand`` when it has just drawn
    ``drawn`` (:func:`notices`, then :func:`declaration`), remembered as
    :func:`least_penalty` is."""
    ordered = list(hand)
    ordered.remove(drawn)
    return declaration(hand, wild) if notices([*ordered, drawn], wild) else None


def play_to_end(deal: Deal, rules: Rules, rng: random.Random) -> None:
    """Every seat plays by the rule player until the deal ends (or :data:`LONGEST`
    moves pass: then it ends void)."""
    for _ in range(LONGEST):
        if deal.over:
            return
        seat = deal.player
        hand = deal.hands[seat]
        if not deal.discarding:
            apply(deal, draw_choice(deal, rules), rules, rng)
            continue
        declaring = noticed_declaration(tuple(sorted(hand)), hand[-1], rules.wild)
        if declaring is not None:
            hand.remove(declaring)
            deal.pile.append(declaring)
            finish(deal, seat, rules)
            return
        discard(deal, throw(hand, deal.taken, rules), rules, rng)
    if not deal.over:
        finish(deal, None, rules)


def draw_choice(deal: Deal, rules: Rules) -> Action:
    """The rule player's start of a turn: a first hand with nothing to build on drops
    (medium's rule), the open card is taken by :func:`takes`, else the stock."""
    seat = deal.player
    hand = deal.hands[seat]
    if not deal.drawn[seat] and promise(hand, rules.wild) < HOPELESS:
        return Drop()
    if deal.pile and takes(deal.pile[-1], hand, rules):
        return Draw("discard")
    return Draw("stock")


def net_points(deal: Deal, seat: int) -> int:
    """What the deal moves to ``seat``: the winner collects every loser's penalty (the
    chips of Deals, a Points table's stake), a loser pays his own."""
    if deal.winner == seat:
        return sum(deal.penalties)
    return -deal.penalties[seat]
