"""When a Gin player may knock (GIN-7, GIN-9) and what a knock leaves: the one place the
state's legal actions, its check of a knock and the facts told beside a legal knock
all ask, so they can never disagree.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rummyhall.actions import JSON, Knock
from rummyhall.cards import CARD_NAMES, card_index
from rummyhall.errors import IllegalAction
from rummyhall.games.gin.melds import CARD_VALUES, cards_of
from rummyhall.games.gin.solver import deadwood_mask

KNOCKS = tuple(Knock(name) for name in CARD_NAMES[:52])
"""One shared action per card (states keep every action they apply)."""


def knocks(hand: int, taken: int, limit: int) -> list[Knock]:
    """The legal knocks from an 11-card ``hand`` (a mask): every discard but ``taken``
    (GIN-4) that leaves at most ``limit`` deadwood."""
    whole = deadwood_mask(hand)
    # Discarding a card lowers the 11-card minimum by at most the card's value (10).
    if whole - 10 > limit:
        return []
    return [
        KNOCKS[card]
        for card in cards_of(hand)
        if card != taken
        and whole - CARD_VALUES[card] <= limit
        and deadwood_mask(hand ^ (1 << card)) <= limit
    ]


def refuse_knock(hand: int, card: int, limit: int) -> None:
    """Raise the rule that forbids knocking with ``card`` from ``hand``, if one does."""
    left = deadwood_mask(hand ^ (1 << card))
    if left <= limit:
        return
    if limit == 0:
        raise IllegalAction(
            "GIN-9",
            f"the first upcard is an Ace: gin only, but {left} deadwood is left",
            key="gin.ace_gin_only",
            values={"left": left},
        )
    raise IllegalAction(
        "GIN-7",
        f"knocking needs deadwood ≤ {limit}; discarding {CARD_NAMES[card]} leaves {left}",
        key="gin.knock_limit",
        values={"limit": limit, "card": CARD_NAMES[card], "left": left},
    )


def knock_facts(view: Mapping[str, Any], action: Knock) -> JSON:
    """The deadwood a knock leaves and whether that is gin, from the knocker's view."""
    hand = sum(1 << card_index(name) for name in view["hand"])
    left = deadwood_mask(hand ^ (1 << card_index(action.discard)))
    return {"deadwood": left, "gin": left == 0}
