"""The deal of Indian Rummy (IND-1, IND-2, IND-15): the seats dealt in and where each
stands, the order of the 106 physical cards, and what each place gets from it.

Stacked decks: ``deck`` lists cards in dealing order — the 13 cards of each seated player
in seat order, the joker indicator, the first open discard, then the stock from the top.
A face named twice is its two copies; a partial list is completed in the seeded order.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from rummyhall.arguments import whole_number
from rummyhall.cards import CARD_NAMES, parse_cards, stack_copies
from rummyhall.errors import NotationError
from rummyhall.games.indian.turn import PACK
from rummyhall.rng import Rng

HAND_SIZE = 13


class Seat(Enum):
    """Where a seat stands in the deal."""

    PLAYING = "playing"
    OUT = "out"  # not dealt in (eliminated from a pool)
    DROPPED = "dropped"  # IND-11
    WRONG_SHOW = "wrong show"  # IND-12
    DECLARED = "declared"


def playing(seats: Sequence[Seat]) -> list[int]:
    """The seats still playing the deal."""
    return [seat for seat, status in enumerate(seats) if status is Seat.PLAYING]


def next_playing(seats: Sequence[Seat], after: int) -> int:
    """The first seat still playing after ``after``, clockwise (IND-15)."""
    for step in range(1, len(seats) + 1):
        seat = (after + step) % len(seats)
        if seats[seat] is Seat.PLAYING:
            return seat
    raise AssertionError("no player left in the deal")


def seats_dealt_in(players: int, seated: Sequence[int] | None) -> list[int]:
    """IND-1: 2–6 seats; the ones dealt in (all, or those still in a pool), in order."""
    if not 2 <= whole_number(players, "players") <= 6:
        raise NotationError(f"Indian Rummy seats 2 to 6 players, not {players!r} (IND-1)")
    in_deal = sorted(set(range(players) if seated is None else seated))
    if len(in_deal) < 2 or not set(in_deal) <= set(range(players)):
        raise NotationError(f"seated must name at least two of the seats 0…{players - 1}")
    return in_deal


def stacked_deck(rng: Rng, deck: Sequence[str] | None) -> list[int]:
    """The full order of the 106 physical cards: the stack first, then the seeded rest."""
    order = list(range(2 * PACK))
    rng.shuffle(order)
    return stack_copies(order, parse_cards(deck or ()), PACK, CARD_NAMES, "IND-1")


def deal_cards(
    deck: Sequence[int], players: int, in_deal: Sequence[int]
) -> tuple[list[list[int]], int, list[int], list[int]]:
    """The hands (empty for a seat not dealt in), the joker indicator, the discard pile
    and the stock (its top at the end of the list), dealt from ``deck`` in order."""
    cards = iter(deck)
    hands: list[list[int]] = [[] for _ in range(players)]
    for seat in in_deal:
        hands[seat] = [next(cards) for _ in range(HAND_SIZE)]
    indicator = next(cards)
    discard_pile = [next(cards)]
    return hands, indicator, discard_pile, list(cards)[::-1]
