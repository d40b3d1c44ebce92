"""A Gin turn's actions (GIN-2…GIN-4, GIN-7): the legal ones, interned so a state's
legal actions allocate nothing per card, and the check that refuses any other with its
rule. The state (``state.py``) asks them by phase: the first upcard's offer, the draw,
then the discard or knock."""

from __future__ import annotations

from rummyhall.actions import Action, Discard, Draw, Knock, Pass
from rummyhall.cards import CARD_NAMES, card_index
from rummyhall.errors import IllegalAction, NotationError, not_in_hand, unknown_pile
from rummyhall.games.gin.knocking import knocks, refuse_knock
from rummyhall.games.gin.melds import SUIT_BITS

DRAW_STOCK = Draw("stock")
DRAW_DISCARD = Draw("discard")
PASS = Pass()
DISCARDS = tuple(Discard(name) for name in CARD_NAMES[:52])
# The discards of one suit's 13-bit slice of a hand, for every slice: a hand's discards
# are then four lookups (this is the hottest path of a playout).
SUIT_DISCARDS = tuple(
    tuple(
        tuple(DISCARDS[13 * suit + rank] for rank in range(13) if bits >> rank & 1)
        for bits in range(1 << 13)
    )
    for suit in range(4)
)


def discard_actions(hand: int, taken: int, knock_limit: int) -> list[Action]:
    """Every discard and knock of ``hand`` (a mask), but the card just ``taken`` from
    the discard pile (GIN-4; -1: none)."""
    spades, hearts, diamonds, clubs = SUIT_DISCARDS
    actions: list[Action] = [
        *spades[hand & SUIT_BITS],
        *hearts[(hand >> 13) & SUIT_BITS],
        *diamonds[(hand >> 26) & SUIT_BITS],
        *clubs[hand >> 39],
    ]
    if taken >= 0:
        actions.remove(DISCARDS[taken])  # GIN-4
    actions.extend(knocks(hand, taken, knock_limit))
    return actions


def check_offer(action: Action, *, dealer: bool) -> None:
    """GIN-2: the first upcard is taken or passed, nothing else."""
    if action in (DRAW_DISCARD, PASS):
        return
    who = "dealer" if dealer else "non-dealer"
    raise IllegalAction(
        "GIN-2",
        f"the {who} must take the first upcard or pass, not {action.type}",
        key="gin.offer.dealer" if dealer else "gin.offer.non_dealer",
        values={"type": action.type},
    )


def check_draw(action: Action, stock_only: bool) -> None:
    """GIN-3: a turn begins with a draw; GIN-2: from stock once both passed the upcard."""
    if action == DRAW_STOCK:
        return
    if action == DRAW_DISCARD:
        if stock_only:
            raise IllegalAction(
                "GIN-2",
                "both players passed the upcard: the non-dealer draws from stock",
                key="gin.stock_only",
            )
        return
    if isinstance(action, Draw):
        raise unknown_pile("GIN-3", action.source)
    raise IllegalAction(
        "GIN-3",
        f"draw a card before you {action.type}",
        key="gin.draw_first",
        values={"type": action.type},
    )


def check_discard(action: Action, hand: int, taken: int, knock_limit: int) -> int:
    """GIN-3, GIN-4, GIN-7: a discard or knock of a card in ``hand`` other than the one
    just ``taken``; the card it names."""
    if isinstance(action, Discard):
        name = action.card
    elif isinstance(action, Knock):
        name = action.discard
    else:
        raise IllegalAction(
            "GIN-3",
            f"you have drawn: discard or knock, not {action.type}",
            key="gin.drawn",
            values={"type": action.type},
        )
    try:
        card = card_index(name)
    except NotationError as error:
        raise IllegalAction("GIN-3", str(error)) from None
    if card >= 52 or not hand >> card & 1:
        raise not_in_hand("GIN-3", name)
    if card == taken:
        raise IllegalAction(
            "GIN-4",
            f"{CARD_NAMES[card]} was just taken from the discard pile",
            key="gin.just_taken",
            values={"card": CARD_NAMES[card]},
        )
    if isinstance(action, Knock):
        refuse_knock(hand, card, knock_limit)
    return card
