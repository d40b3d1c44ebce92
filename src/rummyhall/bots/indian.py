"""Indian Rummy bots: easy, medium (pure sequence first, keep jokers, drop hopeless
hands) and hard.

Hands are lists of faces (``cards.py``); the two physical copies of a face are the same
face twice. The bots read their seat's view and never the state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache

from rummyhall.actions import JSON, Action, Declare, Discard, Draw, Drop
from rummyhall.bots.base import Bot
from rummyhall.bots.search import Searcher, chosen
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


# --------------------------------------------------------------------------- hard

LOOKAHEAD_DISCARDS = 3
"""Discards kept open when judging a hand after a sampled draw: the drawn card and the
current hand's cheapest losses."""
CANDIDATES = 4
"""Discards the hard bot searches (medium's best ones)."""
FEED_PENALTY = 6.0
"""Points charged for a discard that completes a meld in the opponent's hand, scaled by
how likely that is over the sampled hands (discard safety)."""
MIDDLE_DROP_TURN = 16
"""From this many moves of the opponent on, a hopeless hand drops for 40 rather than
wait to pay up to 80."""


class Knowledge:
    """What the view says about the opponent (2 players): cards he picked up from the
    discard pile and still holds, cards he threw, top discards he let go; and the unseen
    cards, both physical copies counted (IND-1)."""

    def __init__(self, view: JSON) -> None:
        me = view["seat"]
        self.opponent = next(
            s for s in range(view["players"]) if s != me and view["seats"][s] == "playing"
        )
        top: int | None = None  # the open card when known (the first one is not in the moves)
        self.known: list[int] = []
        self.discarded: list[int] = []
        self.declined: list[int] = []
        self.moves = 0
        for move in view["moves"]:
            kind, seat = move["type"], move["seat"]
            if kind == "draw" and move["source"] == "discard":
                if seat == self.opponent:
                    self.known.append(card_index(move["card"]))
                top = None
            elif kind == "draw" and seat == self.opponent and top is not None:
                self.declined.append(top)
            elif kind in ("discard", "declare"):
                top = card_index(move.get("card") or move["discard"])
                if seat == self.opponent:
                    if top in self.known:
                        self.known.remove(top)
                    self.discarded.append(top)
            if seat == self.opponent:
                self.moves += 1
        counts = [2] * 53
        for name in [*view["hand"], *view["discard_pile"], view["indicator"]]:
            counts[card_index(name)] -= 1
        for card in self.known:
            counts[card] -= 1
        self.unseen = [f for f in range(53) for _ in range(max(0, counts[f]))]
        self.missing = view["hand_sizes"][self.opponent] - len(self.known)

    def weight(self, card: int, wild: int) -> float:
        """Relative odds that an unseen ``card`` is in the opponent's hand."""
        if is_wild(card, wild):
            return 1.0
        weight = 1.0
        for picked in self.known:
            if _related(card, picked, wild):
                weight *= 1.8
        for thrown in self.discarded:
            if _related(card, thrown, wild):
                weight *= 0.6
        for let_go in self.declined:
            if _related(card, let_go, wild):
                weight *= 0.85
        return weight

    def sample(self, searcher: Searcher, weights: list[float]) -> tuple[list[int], list[int]]:
        """One world: the opponent's hand and the stock (its top last)."""
        order = searcher.weighted_order(weights)
        theirs = [*self.known, *(self.unseen[i] for i in order[: self.missing])]
        stock = [self.unseen[i] for i in order[self.missing :]]
        searcher.rng.shuffle(stock)
        return theirs, stock


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


class HardIndianBot(Searcher):
    """Search over the hidden cards, one draw deep, with opponent modelling.

    Each sample invents a world from the view (:class:`Knowledge`): the opponent's hand
    (the cards he picked up and still holds, the rest drawn from the unseen cards, both
    physical copies counted, weighted by his pick-ups, discards and passes) and the
    stock order. For each candidate discard the bot plays its next draw in that world and
    keeps the cheapest hand it can then make (medium's cost), and it is charged when the
    discard would complete a meld in the sampled opponent's hand (discard safety). The
    choice between the open card and the stock is judged the same way, and wild cards
    are never thrown while another card can go. A hopeless hand drops: at once for 20,
    or later for 40 when the opponent has had time to come close.

    ``budget`` is the thinking time per move in seconds; ``simulations`` instead fixes
    the number of samples, which makes the decisions a function of ``seed`` alone.
    """

    def act(self, view: JSON, legal_actions: Sequence[Action]) -> Action:
        self.start_clock()
        declares = [a for a in legal_actions if isinstance(a, Declare)]
        if declares:
            return declares[0]
        if len(legal_actions) == 1:
            return legal_actions[0]
        faces = hand_faces(view)
        wild = wild_of(view)
        knowledge = Knowledge(view)
        choices = discards(legal_actions)
        if choices:
            return self._discard(faces, choices, wild, knowledge)
        if DROP in legal_actions and self._drops(view, faces, wild, knowledge):
            return DROP
        return self._draw(view, faces, wild, knowledge, legal_actions)

    @staticmethod
    def _drops(view: JSON, faces: list[int], wild: int, knowledge: Knowledge) -> bool:
        if view["drop_penalty"][view["seat"]] < 40:
            return promise(faces, wild) < HOPELESS
        layout = arrangement_of(hand_of(faces, wild))
        return (
            layout.tier == "no pure"
            and layout.points >= 80
            and knowledge.moves >= MIDDLE_DROP_TURN
            and promise(faces, wild) < HOPELESS + 2
        )

    def _discard(
        self, faces: list[int], choices: list[Discard], wild: int, knowledge: Knowledge
    ) -> Action:
        natural = [a for a in choices if not is_wild(card_index(a.card), wild)] or choices
        scored = sorted(
            ((cost(without(faces, card_index(a.card)), wild), a) for a in natural),
            key=lambda item: item[0],
        )[:CANDIDATES]
        if len(scored) == 1 or len(knowledge.unseen) <= knowledge.missing:
            return scored[0][1]  # one choice, or the stock is empty: the deal ends void
        weights = [knowledge.weight(f, wild) for f in knowledge.unseen]
        scores: list[list[float]] = [[] for _ in scored]
        for _ in self.samples():
            theirs, stock = knowledge.sample(self, weights)
            # the opponent draws first (from the stock, as a rule), then the bot
            card = stock[-2] if len(stock) >= 2 else stock[-1]
            for index, (_, action) in enumerate(scored):
                thrown = card_index(action.card)
                loss = after_draw(without(faces, thrown), card, wild)
                if completes_meld(thrown, theirs, wild):
                    loss += FEED_PENALTY
                scores[index].append(-loss)
        return scored[chosen(scores)][1]

    def _draw(
        self,
        view: JSON,
        faces: list[int],
        wild: int,
        knowledge: Knowledge,
        legal_actions: Sequence[Action],
    ) -> Action:
        if TAKE not in legal_actions:
            return STOCK
        top = card_index(view["discard_pile"][-1])
        taken = -after_draw(faces, top, wild)
        candidates = [TAKE, STOCK] if -taken < cost(faces, wild) - 1 else [STOCK, TAKE]
        weights = [knowledge.weight(f, wild) for f in knowledge.unseen]
        scores: dict[Action, list[float]] = {TAKE: [], STOCK: []}
        for _ in self.samples():
            _, stock = knowledge.sample(self, weights)
            scores[STOCK].append(-after_draw(faces, stock[-1], wild))
            scores[TAKE].append(taken)
        return candidates[chosen([scores[a] for a in candidates])]


def after_draw(faces: list[int], card: int, wild: int) -> float:
    """Medium's cost of the best 13 cards the bot can keep after drawing ``card`` to
    ``faces`` (13 cards): the drawn card and the hand's cheapest losses are tried."""
    losses = sorted(
        (f for f in set(faces) if not is_wild(f, wild)),
        key=lambda f: -card_points(f, wild) * (0.5 if sequence_partner(f, faces, wild) else 1),
    )[:LOOKAHEAD_DISCARDS]
    options = {card, *losses} if not is_wild(card, wild) else set(losses)
    with_card = [*faces, card]
    return min(cost(without(with_card, f), wild) for f in options)


BOTS: dict[str, Callable[..., Bot]] = {
    "easy": EasyIndianBot,
    "medium": MediumIndianBot,
    "hard": HardIndianBot,
}
