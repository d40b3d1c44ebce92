"""What the player to act may do on his turn (IND-3, IND-4, IND-9, IND-11, IND-12): the
one place that lists a turn's legal actions and refuses the others, so the list and
the check can never disagree.

A turn is a draw (from the stock or the open discard pile) or a drop, then a discard or
a declaration. Hands hold physical cards (``face`` gives the face); actions name faces.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummyhall.actions import Action, Declare, Discard, Draw, Drop
from rummyhall.cards import CARD_NAMES, canonical_key, card_index
from rummyhall.errors import IllegalAction, NotationError, not_in_hand, unknown_pile
from rummyhall.games.indian.declaration import check_declaration, found_melds
from rummyhall.games.indian.melds import is_wild
from rummyhall.games.indian.solver import declaring_discards

PACK = 53
"""Cards in one pack: a physical card's face is its id modulo this (IND-1)."""

DRAW_STOCK = Draw("stock")
DRAW_DISCARD = Draw("discard")
DROP = Drop()
DISCARDS = tuple(Discard(name) for name in CARD_NAMES)


def face(card: int) -> int:
    return card % PACK


def may_take(top: int, wild: int, joker_from_discard: bool) -> bool:
    """IND-4: a wild card on the discard pile stays there unless the table allows it."""
    return joker_from_discard or not is_wild(face(top), wild)


def draw_actions(top: int, wild: int, joker_from_discard: bool) -> list[Action]:
    """The start of a turn: draw from the stock, from the pile if ``top`` may be taken,
    or drop (IND-11)."""
    if may_take(top, wild, joker_from_discard):
        return [DRAW_STOCK, DRAW_DISCARD, DROP]
    return [DRAW_STOCK, DROP]


def check_draw(action: Action, top: int, wild: int, joker_from_discard: bool) -> None:
    """Refuse anything but a legal draw or a drop at the start of a turn."""
    if action in (DRAW_STOCK, DROP):
        return
    if action == DRAW_DISCARD:
        if not may_take(top, wild, joker_from_discard):
            name = CARD_NAMES[face(top)]
            raise IllegalAction(
                "IND-4",
                f"{name} is a wild card: it cannot be picked up",
                key="ind.wild_pickup",
                values={"card": name},
            )
        return
    if isinstance(action, Draw):
        raise unknown_pile("IND-3", action.source)
    raise IllegalAction(
        "IND-3",
        f"draw a card (or drop) before you {action.type}",
        key="ind.draw_first",
        values={"type": action.type},
    )


def discard_actions(hand: Sequence[int], taken: int, wild: int, manual: bool) -> list[Action]:
    """After the draw: discard any face but the card just taken from the pile (IND-3),
    or declare with a discard that leaves valid melds (IND-9). Under ``manual`` (IND-12)
    a declaration carries the engine's own grouping as a suggestion."""
    faces = sorted({face(c) for c in hand if c != taken}, key=canonical_key)
    actions: list[Action] = [DISCARDS[f] for f in faces]
    held = [face(c) for c in hand]
    for discard in declaring_discards(held, wild):
        if discard in faces:
            groups = _suggested_groups(held, discard, wild) if manual else None
            actions.append(Declare(CARD_NAMES[discard], groups))
    return actions


def _suggested_groups(held: Sequence[int], discard: int, wild: int) -> tuple[tuple[str, ...], ...]:
    rest = list(held)
    rest.remove(discard)
    melds = found_melds(rest, wild)
    assert melds is not None, "declaring_discards named a discard that leaves no melds"
    return tuple(tuple(CARD_NAMES[f] for f in meld) for _, meld in melds)


def check_discard(action: Action, hand: Sequence[int], taken: int, wild: int, manual: bool) -> int:
    """Refuse anything but a legal discard or declaration after the draw; return the
    physical card it throws."""
    if isinstance(action, Discard):
        name = action.card
    elif isinstance(action, Declare):
        name = action.discard
    elif isinstance(action, Drop):
        raise IllegalAction(
            "IND-11",
            "a player drops at the start of his turn, before drawing",
            key="ind.drop_late",
        )
    else:
        raise IllegalAction(
            "IND-3",
            f"you have drawn: discard or declare, not {action.type}",
            key="ind.drawn",
            values={"type": action.type},
        )
    card = card_to_discard(hand, taken, name)
    if isinstance(action, Declare):
        rest = [face(c) for c in hand if c != card]
        check_declaration(action, rest, wild, manual=manual)
    return card


def card_to_discard(hand: Sequence[int], taken: int, name: str) -> int:
    """The physical card that discarding face ``name`` throws: the first copy held that
    is not the card just taken from the pile (IND-3)."""
    try:
        wanted = card_index(name)
    except NotationError as error:
        raise IllegalAction("IND-3", str(error)) from None
    copies = sorted(c for c in hand if face(c) == wanted)
    if not copies:
        raise not_in_hand("IND-3", CARD_NAMES[wanted])
    allowed = [c for c in copies if c != taken]
    if not allowed:
        raise IllegalAction(
            "IND-3",
            f"{CARD_NAMES[wanted]} was just taken from the discard pile; keep it this turn",
            key="ind.just_taken",
            values={"card": CARD_NAMES[wanted]},
        )
    return allowed[0]
