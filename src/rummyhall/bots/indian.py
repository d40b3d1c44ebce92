"""Indian Rummy bots: easy, medium (pure sequence first, keep jokers, drop hopeless
hands) and hard.

Hands are lists of faces (``cards.py``); the two physical copies of a face are the same
face twice. The bots read their seat's view and never the state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache

from rummyhall.actions import Action, Declare, Discard, Draw, Drop
from rummyhall.bots.base import Bot, Decision
from rummyhall.bots.search import Searcher, odds
from rummyhall.cards import JOKER, RANKS, card_index
from rummyhall.games.indian.distance import OutOfTime, distance
from rummyhall.games.indian.melds import card_points, is_wild
from rummyhall.games.indian.solver import arrangement_of, hand_of
from rummyhall.games.indian.view import IndianSeatView

TAKE = Draw("discard")
STOCK = Draw("stock")
DROP = Drop()
HOPELESS = 3.0
"""Medium drops at its first turn when its hand's promise (see :func:`promise`) is below
this: no wild card and hardly a pair of cards that could grow into a pure sequence."""


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


class MediumIndianBot:
    """Declares when it can; takes the open card only when it makes the hand cheaper;
    throws the card whose loss costs least, keeping wild cards and the makings of a pure
    sequence; drops at its first turn a hand with nothing to build on."""

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
            thrown = best_discard(faces, choices, wild)[1]
            points = card_points(card_index(thrown.card), wild)
            return Decision(thrown, {"kind": "discard", "card": thrown.card, "points": points})
        seat = view["seat"]
        penalty = view["drop_penalty"][seat]
        if DROP in legal_actions and penalty == 20 and promise(faces, wild) < HOPELESS:
            return Decision(DROP, {"kind": "drop", "penalty": penalty})
        if TAKE in legal_actions:
            top_name = view["discard_pile"][-1]
            with_top = [*faces, card_index(top_name)]
            options = [Discard(name) for name in sorted(set(view["hand"]))]
            cheaper = cost(faces, wild) - 1
            # the cheapest hand after taking it would be cheaper: stop at the first one
            making = next(
                (
                    a
                    for a in natural_discards(options, wild)
                    if cost(without(with_top, card_index(a.card)), wild) < cheaper
                ),
                None,
            )
            if making is not None:
                return Decision(TAKE, {"kind": "take", "card": top_name, "throw": making.card})
            return Decision(STOCK, {"kind": "stock", "card": top_name})
        return Decision(STOCK, {"kind": "stock", "card": None})


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


# --------------------------------------------------------------------------- hard

TIED = 8
"""Discards reaching the least distance whose draws are counted (the rest by points)."""
FEED = 3.0
"""Live cards a discard is charged when it completes a meld with cards the opponent
picked up (discard safety); a card merely related to them is charged a third."""
HOPELESS_DISTANCE = 6
"""A first hand this far from a declaration, with nothing to build on, drops for 20."""
MIDDLE_DROP_TURN = 16
"""From this many moves of the opponent on, a hopeless hand drops for 40 rather than
wait to pay up to 80."""


class Knowledge:
    """What the view says about the opponent (2 players): cards he picked up from the
    discard pile and still holds, cards he threw, top discards he let go; and the unseen
    cards, both physical copies counted (IND-1)."""

    def __init__(self, view: IndianSeatView) -> None:
        me = view["seat"]
        self.opponent = next(
            s for s in range(view["players"]) if s != me and view["seats"][s] == "playing"
        )
        top: int | None = None  # the open card when known (the first one is not in the moves)
        self.known = [card_index(name) for name in view["picked_up"][self.opponent]]
        self.discarded: list[int] = []
        self.declined: list[int] = []
        self.moves = 0
        for move in view["moves"]:
            kind, seat = move["type"], move["seat"]
            if kind == "draw" and move["source"] == "discard":
                top = None
            elif kind == "draw" and seat == self.opponent and top is not None:
                self.declined.append(top)
            elif kind in ("discard", "declare"):
                top = card_index(move.get("card") or move["discard"])
                if seat == self.opponent:
                    self.discarded.append(top)
            if seat == self.opponent:
                self.moves += 1
        self.unseen = [2] * 53
        for name in [*view["hand"], *view["discard_pile"], view["indicator"]]:
            self.unseen[card_index(name)] -= 1
        for card in self.known:
            self.unseen[card] -= 1
        self.missing = view["hand_sizes"][self.opponent] - len(self.known)

    def weight(self, card: int, wild: int) -> float:
        """Relative odds that an unseen ``card`` is in the opponent's hand."""
        if is_wild(card, wild):
            return 1.0
        evidence = [(self.known, 1.8), (self.discarded, 0.6), (self.declined, 0.85)]
        return odds(card, lambda a, b: _related(a, b, wild), evidence)

    def live(self, wild: int) -> list[float]:
        """Per face: the unseen copies expected in the stock rather than in the
        opponent's hand (his unknown cards drawn from the unseen ones by weight)."""
        weights = [self.weight(f, wild) for f in range(53)]
        total = sum(w * c for w, c in zip(weights, self.unseen, strict=True))
        share = self.missing / total if total else 0.0
        return [c * max(0.0, 1.0 - share * w) for w, c in zip(weights, self.unseen, strict=True)]


def _related(a: int, b: int, wild: int) -> bool:
    """Whether two natural cards could sit in one meld (same rank, or suit and close)."""
    if is_wild(a, wild) or is_wild(b, wild):
        return True
    if a % 13 == b % 13:
        return a != b  # a set needs distinct suits (IND-7)
    return a // 13 == b // 13 and sequence_partner(a, [b], wild)


def completes_meld(card: int, hand: Sequence[int], wild: int) -> bool:
    """Whether ``card`` joins two cards of ``hand`` in a meld: a set, a pure sequence, or
    any meld with a wild card."""
    if is_wild(card, wild):
        return True
    partners = [f for f in hand if _related(card, f, wild)]
    wilds = sum(is_wild(f, wild) for f in partners)
    naturals = [f for f in partners if not is_wild(f, wild)]
    if wilds and naturals:
        return True
    ranks = {f // 13 for f in naturals if f % 13 == card % 13}
    if len(ranks) >= 2:
        return True
    return len({f for f in naturals if f // 13 == card // 13 and f % 13 != card % 13}) >= 2


def draws_that_help(faces: list[int], wild: int, deadline: float | None = None) -> list[int]:
    """The faces whose draw brings 13 cards closer to a declaration (the best 13 of
    the 14 kept): cards of a suit within two places of a natural card of the hand, cards
    of its ranks, and the wild cards (one stands for all). Raises
    :class:`~rummyhall.games.indian.distance.OutOfTime` if a distance is still being
    searched at ``deadline``."""
    now = distance(faces, wild, deadline=deadline)
    near = {JOKER}
    for face in faces:
        if not is_wild(face, wild):
            rank, suit = face % 13, face // 13
            near.update(s * 13 + rank for s in range(4))
            near.update(suit * 13 + (rank + step) % 13 for step in (-2, -1, 1, 2))
    found = []
    for card in sorted(near):
        if is_wild(card, wild) and card != JOKER:
            continue
        if distance([*faces, card], wild, deadline=deadline) < now:
            if card == JOKER:
                found += [f for f in range(53) if is_wild(f, wild)]
            else:
                found.append(card)
    return found


class HardIndianBot(Searcher):
    """Races to a declaration, as the winner of a 2-player Points deal is whoever
    declares first.

    Hands are judged by their distance to a declaration (:mod:`distance`: the fewest
    cards to replace), then by how many of the cards that would shorten it are still
    live (unseen, and not likely in the opponent's hand given his pick-ups, discards and
    passes: :class:`Knowledge`), then by points. The open card is taken when it
    shortens the distance; a discard that completes a meld with cards the opponent
    picked up is charged (discard safety); wild cards are never thrown while another
    card can go. A hopeless hand drops: at once for 20, or later for 40 when the
    opponent has had time to come close.

    ``budget`` bounds the thinking per move in seconds: the discards are measured and
    the draws of the tied ones counted while it lasts, and a distance search still
    running when it ends is cut short (``distance(..., deadline=)``), so no hand can
    overrun it. The bot then judges what it has measured, as a player short of time
    settles among the options he has weighed rather than throw one he has not: the best
    of the discards measured so far (highest cards first), by the outs of the tied ones
    counted so far. If not one distance was measured (a budget of a few ms), it plays
    medium's move, whose solver judges every option quickly: better than a guess.
    ``simulations`` lifts the bound, which makes the decisions a function of the
    position alone.
    """

    def act(self, view: IndianSeatView, legal_actions: Sequence[Action]) -> Action:
        self.start_clock()
        declares = [a for a in legal_actions if isinstance(a, Declare)]
        if declares:
            return declares[0]
        if len(legal_actions) == 1:
            return legal_actions[0]
        try:
            return self._choose(view, legal_actions, self.deadline())
        except OutOfTime:
            return MediumIndianBot(self.seed).act(view, legal_actions)

    def _choose(
        self, view: IndianSeatView, legal_actions: Sequence[Action], deadline: float | None
    ) -> Action:
        """The move, or :class:`OutOfTime` if not one distance is measured by ``deadline``."""
        faces = hand_faces(view)
        wild = wild_of(view)
        knowledge = Knowledge(view)
        choices = discards(legal_actions)
        if choices:
            return self._discard(faces, choices, wild, knowledge, deadline)
        if DROP in legal_actions and self._drops(view, faces, wild, knowledge, deadline):
            return DROP
        if TAKE in legal_actions:
            top = card_index(view["discard_pile"][-1])
            if distance([*faces, top], wild, deadline=deadline) < distance(
                faces, wild, deadline=deadline
            ):
                return TAKE
        return STOCK

    @staticmethod
    def _drops(
        view: IndianSeatView,
        faces: list[int],
        wild: int,
        knowledge: Knowledge,
        deadline: float | None,
    ) -> bool:
        far = distance(faces, wild, deadline=deadline) >= HOPELESS_DISTANCE
        if view["drop_penalty"][view["seat"]] < 40:
            return far and promise(faces, wild) < HOPELESS + 2
        layout = arrangement_of(hand_of(faces, wild))
        return (
            far
            and layout.tier == "no pure"
            and layout.points >= 80
            and knowledge.moves >= MIDDLE_DROP_TURN
        )

    def _discard(
        self,
        faces: list[int],
        choices: list[Discard],
        wild: int,
        knowledge: Knowledge,
        deadline: float | None,
    ) -> Action:
        natural = natural_discards(choices, wild)
        left: dict[Discard, int] = {}  # the distance each discard leaves, highest cards first
        for action in sorted(natural, key=lambda a: -card_points(card_index(a.card), wild)):
            try:
                left[action] = distance(
                    without(faces, card_index(action.card)), wild, deadline=deadline
                )
            except OutOfTime:
                if not left:
                    raise
                break  # judge the discards measured so far
        risk = {a: self._risk(card_index(a.card), wild, knowledge) for a in left}
        ranked = sorted(
            left, key=lambda a: (left[a], risk[a], -card_points(card_index(a.card), wild))
        )
        best = left[ranked[0]]
        tied = [a for a in ranked if left[a] == best]
        if len(tied) == 1 or best == 0:
            return tied[0]
        live = knowledge.live(wild)
        scored: list[tuple[float, Discard]] = []
        for action in tied[:TIED]:
            rest = without(faces, card_index(action.card))
            try:
                helping = draws_that_help(rest, wild, deadline)
            except OutOfTime:
                break  # judge the discards whose outs are counted
            outs = sum(live[f] for f in helping)
            points = card_points(card_index(action.card), wild)
            scored.append((outs - risk[action] + points / 100, action))
        return max(scored, key=lambda item: item[0])[1] if scored else tied[0]

    @staticmethod
    def _risk(card: int, wild: int, knowledge: Knowledge) -> float:
        """Live cards' worth of help a discard would give the opponent."""
        if completes_meld(card, knowledge.known, wild):
            return FEED
        return FEED / 3 * sum(_related(card, f, wild) for f in knowledge.known)


STYLES: dict[str, Callable[..., Bot]] = {}
"""Style variants of the rule player, by name: the opponents of the arena's zoo and the
player styles the hard bot's opponent model weighs."""

BOTS: dict[str, Callable[..., Bot]] = {
    "easy": EasyIndianBot,
    "medium": MediumIndianBot,
    "hard": HardIndianBot,
}
