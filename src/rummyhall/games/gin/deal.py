"""The deal of a Gin hand (GIN-1, GIN-8, GIN-9, GIN-14): who deals, the order of the
cards, the knock limit the first upcard sets, and the stock's untouchable wall.

Stacked decks: ``deck`` lists cards in dealing order — seat 0's ten cards, seat 1's ten,
the first upcard, then the stock from the top down. A partial list is completed by the
remaining cards in the seeded order. The seed also picks the dealer when ``dealer`` is
not given (GIN-1).
"""

from __future__ import annotations

from collections.abc import Sequence

from rummyhall.cards import CARD_NAMES, parse_cards
from rummyhall.errors import NotationError
from rummyhall.games.gin.melds import CARD_VALUES
from rummyhall.games.gin.solver import MAX_KNOCK_LIMIT
from rummyhall.rng import Rng

WALL = 2
"""GIN-14: the last two stock cards are never drawn."""


def knock_limit_for(mode: str, first_upcard: int) -> int:
    """GIN-8/GIN-9: 10, or in Oklahoma the upcard's value (J/Q/K 10; an Ace: gin only)."""
    if mode == "standard":
        return MAX_KNOCK_LIMIT
    rank = first_upcard % 13
    return 0 if rank == 0 else CARD_VALUES[first_upcard]


def stacked_deck(seed: int, deck: Sequence[str] | None) -> tuple[int, list[int]]:
    """The dealer draw (0/1) and the full 52-card order for a seed and optional stack."""
    rng = Rng(seed)
    dealer_draw = rng.below(2)
    order = list(range(52))
    rng.shuffle(order)
    if not deck:
        return dealer_draw, order
    given = parse_cards(deck)
    seen: set[int] = set()
    for face in given:
        if face >= 52:
            raise NotationError("GIN-1: Gin Rummy is played without jokers")
        if face in seen:
            raise NotationError(f"GIN-1: {CARD_NAMES[face]} is stacked twice; one deck only")
        seen.add(face)
    return dealer_draw, given + [c for c in order if c not in seen]
