"""Indian Rummy bots: easy, medium (pure sequence first, keep jokers, drop hopeless
hands) and hard.

Hands are lists of faces (``cards.py``); the two physical copies of a face are the same
face twice. The bots read their seat's view and never the state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from rummyhall.actions import JSON, Action, Declare, Discard, Draw, Drop
from rummyhall.bots.base import Bot
from rummyhall.cards import RANKS, card_index
from rummyhall.games.indian.melds import card_points, is_wild
from rummyhall.games.indian.solver import arrangement_of, hand_of

TAKE = Draw("discard")
STOCK = Draw("stock")
DROP = Drop()
HOPELESS = 3.0
"""Medium drops at its first turn when its hand's promise (see :func:`promise`) is below
this: no wild card and hardly a pair of cards that could grow into a pure sequence."""


def hand_faces(view: JSON) -> list[int]:
    return [card_index(name) for name in view["hand"]]


def wild_of(view: JSON) -> int:
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


def best_discard(faces: list[int], choices: list[Discard], wild: int) -> tuple[float, Discard]:
    """The discard that leaves the cheapest hand (never a wild card while another goes)."""
    natural = [a for a in choices if not is_wild(card_index(a.card), wild)] or choices
    scored = [(cost(without(faces, card_index(a.card)), wild), a) for a in natural]
    return min(scored, key=lambda item: item[0])


class MediumIndianBot:
    """Declares when it can; takes the open card only when it makes the hand cheaper;
    throws the card whose loss costs least, keeping wild cards and the makings of a pure
    sequence; drops at its first turn a hand with nothing to build on."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, view: JSON, legal_actions: Sequence[Action]) -> Action:
        faces = hand_faces(view)
        wild = wild_of(view)
        declares = [a for a in legal_actions if isinstance(a, Declare)]
        if declares:
            return declares[0]
        choices = discards(legal_actions)
        if choices:
            return best_discard(faces, choices, wild)[1]
        seat = view["seat"]
        if (
            DROP in legal_actions
            and view["drop_penalty"][seat] == 20
            and promise(faces, wild) < HOPELESS
        ):
            return DROP
        if TAKE in legal_actions:
            top = card_index(view["discard_pile"][-1])
            with_top = [*faces, top]
            options = [Discard(name) for name in sorted(set(view["hand"]))]
            after, _ = best_discard(with_top, options, wild)
            if after < cost(faces, wild) - 1:
                return TAKE
        return STOCK


class EasyIndianBot:
    """A beginner: draws from the stock, throws a random unmelded card (keeping wild
    cards), declares when it can, never drops."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def act(self, view: JSON, legal_actions: Sequence[Action]) -> Action:
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


BOTS: dict[str, Callable[..., Bot]] = {"easy": EasyIndianBot, "medium": MediumIndianBot}
