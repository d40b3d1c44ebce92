"""Indian Rummy's rule players: medium (pure sequence first, keep jokers, drop hopeless
hands) and easy, and the reading of a hand they share with the hard bot and the styles.

Hands are lists of faces (``cards.py``); the two physical copies of a face are the same
face twice. The bots read their seat's view and never the state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from rummyhall.actions import Action, Declare, Discard, Draw, Drop
from rummyhall.bots.base import Decision
from rummyhall.cards import RANKS, card_index
from rummyhall.games.indian.melds import card_points, is_wild
from rummyhall.games.indian.solver import arrangement_of, hand_of
from rummyhall.games.indian.view import IndianSeatView

TAKE = Draw("discard")
STOCK = Draw("stock")
DROP = Drop()
HOPELESS = 3.0
"""Medium drops at its first turn when its hand's promise (see :func:`promise`) is below
this: no wild card and hardly a pair of cards that could grow into a pure sequence."""
FIRST_DROP = 20
"""What a first drop costs in Points and Pool 101 (IND-11): medium drops only at that price."""


def hand_faces(view: IndianSeatView) -> list[int]:
    return [card_index(name) for name in view["hand"]]


def wild_of(view: IndianSeatView) -> int:
    return RANKS.index(view["wild_rank"])


def discards(legal_actions: Sequence[Action]) -> list[Discard]:
    return [a for a in legal_actions if isinstance(a, Discard)]


def without(faces: list[int], face: int) -> list[int]:
    rest = list(faces)
    rest.remove(face)
    return rest


def sequence_partner(face: int, others: Sequence[int], wild: int) -> bool:
    """Whether another natural card of the same suit lies within two ranks of ``face``
    (a start of a pure sequence; Ace high counts next to the King)."""
    rank, suit = face % 13, face // 13
    for other in others:
        if other == face or is_wild(other, wild) or other // 13 != suit:
            continue
        gap = abs(other % 13 - rank)
        if 0 < gap <= 2 or gap >= 11:
            return True
    return False


def related(a: int, b: int, wild: int) -> bool:
    """Whether two natural cards could sit in one meld (same rank, or suit and close)."""
    if is_wild(a, wild) or is_wild(b, wild):
        return True
    if a % 13 == b % 13:
        return a != b  # a set needs distinct suits (IND-7)
    return a // 13 == b // 13 and sequence_partner(a, [b], wild)


def fits(card: int, faces: Sequence[int], wild: int) -> bool:
    """Whether natural ``card`` could meld with a natural card of ``faces`` (a start of a
    set or a sequence; wild cards fit anything, so they are not counted)."""
    return any(related(card, f, wild) for f in faces if not is_wild(f, wild))


def promise(faces: Sequence[int], wild: int) -> float:
    """How much a hand has to build on: wild cards, and pairs that start sequences."""
    wilds = sum(is_wild(f, wild) for f in faces)
    partners = sum(sequence_partner(f, faces, wild) for f in faces if not is_wild(f, wild))
    return 2.0 * wilds + partners / 2


def cost(faces: list[int], wild: int) -> float:
    """Medium's estimate of how bad a 13-card hand is (lower is better).

    The solver's minimum penalty (IND-10, uncapped) counts the unmelded cards; cards
    that could still grow into a sequence count half. Without a pure sequence, the cards
    that could make one are what matters most, so they count least.
    """
    return _cost(tuple(sorted(faces)), wild)


@lru_cache(maxsize=1 << 16)
def _cost(faces: tuple[int, ...], wild: int) -> float:
    # Remembered: a turn weighs the hands of the last one again, and the hard bot's
    # samples draw the same cards many times.
    layout = arrangement_of(hand_of(faces, wild))
    loose = [card_index(name) for name in layout.deadwood]
    pure = layout.tier != "no pure"
    total = 0.0 if pure else 20.0
    for face in loose:
        points: float = card_points(face, wild)
        if sequence_partner(face, loose, wild):
            points *= 0.5 if pure else 0.3
        elif not pure and sum(f % 13 == face % 13 for f in loose) >= 2:
            points *= 0.7  # a pair towards a set still helps once a pure sequence comes
        total += points
    return total


def natural_discards(choices: list[Discard], wild: int) -> list[Discard]:
    """The discards of natural cards: a wild card goes only when nothing else can."""
    return [a for a in choices if not is_wild(card_index(a.card), wild)] or choices


def best_discard(faces: list[int], choices: list[Discard], wild: int) -> tuple[float, Discard]:
    """The discard that leaves the cheapest hand (never a wild card while another goes)."""
    scored = [
        (cost(without(faces, card_index(a.card)), wild), a) for a in natural_discards(choices, wild)
    ]
    return min(scored, key=lambda item: item[0])


def hand_discards(view: IndianSeatView) -> list[Discard]:
    """A discard of each face in hand: the throws open after taking the open card (its
    physical card stays, IND-3, but is not among these)."""
    return [Discard(name) for name in sorted(set(view["hand"]))]


class MediumIndianBot:
    """Declares when it can; takes the open card only when it makes the hand cheaper;
    throws the card whose loss costs least, keeping wild cards and the makings of a pure
    sequence; drops at its first turn a hand with nothing to build on.

    The style variants (``indian/styles.py``) change one of its rules each, by
    overriding :meth:`throw`, :meth:`drops` or :meth:`take_for`."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, view: IndianSeatView, legal_actions: Sequence[Action]) -> Action:
        return self.decide(view, legal_actions).action

    def decide(self, view: IndianSeatView, legal_actions: Sequence[Action]) -> Decision:
        """The move and why (``reason.*`` in the web catalogue)."""
        faces = hand_faces(view)
        wild = wild_of(view)
        declares = [a for a in legal_actions if isinstance(a, Declare)]
        if declares:
            return Decision(declares[0], {"kind": "declare", "card": declares[0].discard})
        choices = discards(legal_actions)
        if choices:
            thrown = self.throw(view, faces, choices, wild)
            points = card_points(card_index(thrown.card), wild)
            return Decision(thrown, {"kind": "discard", "card": thrown.card, "points": points})
        penalty = view["drop_penalty"][view["seat"]]
        if DROP in legal_actions and self.drops(view, faces, wild):
            return Decision(DROP, {"kind": "drop", "penalty": penalty})
        if TAKE in legal_actions:
            top_name = view["discard_pile"][-1]
            making = self.take_for(view, faces, wild, card_index(top_name))
            if making is not None:
                return Decision(TAKE, {"kind": "take", "card": top_name, "throw": making.card})
            return Decision(STOCK, {"kind": "stock", "card": top_name})
        return Decision(STOCK, {"kind": "stock", "card": None})

    def throw(
        self, view: IndianSeatView, faces: list[int], choices: list[Discard], wild: int
    ) -> Discard:
        """The discard: the one leaving the cheapest hand."""
        return best_discard(faces, choices, wild)[1]

    def drops(self, view: IndianSeatView, faces: list[int], wild: int) -> bool:
        """Whether to drop: at the first turn only, a hand with nothing to build on."""
        penalty = view["drop_penalty"][view["seat"]]
        return penalty == FIRST_DROP and promise(faces, wild) < HOPELESS

    def take_for(
        self, view: IndianSeatView, faces: list[int], wild: int, top: int
    ) -> Discard | None:
        """The discard that taking the open card ``top`` is for, or ``None`` to draw from
        the stock: the first throw found that leaves a hand cheaper by more than a point."""
        with_top = [*faces, top]
        cheaper = cost(faces, wild) - 1
        return next(
            (
                a
                for a in natural_discards(hand_discards(view), wild)
                if cost(without(with_top, card_index(a.card)), wild) < cheaper
            ),
            None,
        )


class EasyIndianBot:
    """A beginner: draws from the stock, throws a random unmelded card (keeping wild
    cards), declares when it can, never drops."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def act(self, view: IndianSeatView, legal_actions: Sequence[Action]) -> Action:
        declares = [a for a in legal_actions if isinstance(a, Declare)]
        if declares:
            return declares[0]
        choices = discards(legal_actions)
        if not choices:
            return STOCK
        wild = wild_of(view)
        layout = arrangement_of(hand_of(hand_faces(view), wild))
        loose = {name for name in layout.deadwood if not is_wild(card_index(name), wild)}
        return self.rng.choice([a for a in choices if a.card in loose] or choices)
