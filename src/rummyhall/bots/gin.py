"""Gin Rummy bots: easy, medium (OpenSpiel's simple gin bot, sharpened) and hard.

Hands are 52-bit masks as in :mod:`rummyhall.games.gin.melds`; the bots read their seat's
view and never the state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from rummyhall.actions import JSON, Action, Discard, Draw, Knock, Pass
from rummyhall.bots.base import Bot
from rummyhall.bots.gin_playout import BEST_DISCARD, DEADWOOD, Start, move_code, new_playouts
from rummyhall.bots.search import Searcher, chosen, odds
from rummyhall.cards import card_index
from rummyhall.games.gin.melds import CARD_VALUES, mask_of
from rummyhall.games.gin.solver import best_arrangement, deadwood_after_best_discard, deadwood_mask

TAKE = Draw("discard")
STOCK = Draw("stock")
PASS = Pass()


def hand_mask(view: JSON) -> int:
    return mask_of([card_index(name) for name in view["hand"]])


def discarded_card(action: Action) -> int:
    """The card a discard or a knock throws."""
    assert isinstance(action, Discard | Knock)
    return card_index(action.discard if isinstance(action, Knock) else action.card)


def throws(legal_actions: Sequence[Action]) -> list[Discard | Knock]:
    return [a for a in legal_actions if isinstance(a, Discard | Knock)]


def draw_choice(legal_actions: Sequence[Action], take: bool) -> Action:
    """Take the upcard/top discard when ``take`` and allowed, else pass or draw from stock."""
    if take and TAKE in legal_actions:
        return TAKE
    return PASS if PASS in legal_actions else STOCK


def medium_throw_key(hand: int, action: Discard | Knock) -> tuple[int, bool, int]:
    """Least deadwood left, then a knock over a plain discard, then the highest card away."""
    card = discarded_card(action)
    return deadwood_mask(hand ^ 1 << card), not isinstance(action, Knock), -CARD_VALUES[card]


def medium_takes(hand: int, top: int, knock_limit: int) -> bool:
    """Take the top discard when it lowers the best deadwood or makes a knock possible."""
    after, _ = deadwood_after_best_discard(hand | 1 << top)
    return after < deadwood_mask(hand) or after <= knock_limit


class MediumGinBot:
    """The simple gin bot's logic: take the upcard only when it lowers the deadwood (or
    allows a knock), throw the card that leaves the least deadwood (the highest on ties),
    knock as soon as allowed."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, view: JSON, legal_actions: Sequence[Action]) -> Action:
        hand = hand_mask(view)
        choices = throws(legal_actions)
        if choices:
            return min(choices, key=lambda action: medium_throw_key(hand, action))
        top = card_index(view["discard_pile"][-1])
        return draw_choice(legal_actions, medium_takes(hand, top, view["knock_limit"]))


class EasyGinBot:
    """A beginner: takes the top discard only when it completes a meld, throws a random
    unmatched card, knocks whenever it may."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def act(self, view: JSON, legal_actions: Sequence[Action]) -> Action:
        hand = hand_mask(view)
        choices = throws(legal_actions)
        if choices:
            knocks = [a for a in choices if isinstance(a, Knock)]
            if knocks:
                return knocks[0]
            _, melds = best_arrangement(hand)
            loose = hand ^ sum(melds)
            unmatched = [a for a in choices if loose >> discarded_card(a) & 1]
            return self.rng.choice(unmatched or choices)
        top = card_index(view["discard_pile"][-1])
        _, melds = best_arrangement(hand | 1 << top)
        return draw_choice(legal_actions, any(meld >> top & 1 for meld in melds))


# --------------------------------------------------------------------------- hard

RELATED_SPAN = 2
"""Cards of one suit within this many ranks, or of one rank, can meld together."""
PICKED_WEIGHT = 3.0
"""How much likelier the opponent holds a card that melds with one he picked up."""
DISCARDED_WEIGHT = 0.25
"""… with one he threw away (a player keeps what he wants, GIN-3)."""
DECLINED_WEIGHT = 0.5
"""… with a top discard he let go by drawing from the stock or passing."""
POINTS_TIEBREAK = 0.01
"""Weight of a hand's points beside its outcome in :func:`hand_value`."""
RESAMPLES = 20
"""Tries to draw an opponent's hand that agrees with his last choices (see
:meth:`Knowledge.consistent`) before the last one is taken anyway."""
DISCARD_CANDIDATES = 4
"""Plain discards the hard bot searches (medium's best ones); every knock is searched."""


def related(a: int, b: int) -> bool:
    """Whether two cards could sit in one meld (same rank, or same suit and close)."""
    if a % 13 == b % 13:
        return True
    return a // 13 == b // 13 and abs(a % 13 - b % 13) <= RELATED_SPAN


class Knowledge:
    """What the view says about the opponent's hand: the cards he picked up from the
    discard pile and still holds (known), the ones he threw, and the top discards he
    declined; and his last turn's choices (the top he let go, the card he threw).
    Replayed from the public moves of the hand."""

    def __init__(self, view: JSON) -> None:
        opponent = 1 - view["seat"]
        pile = [card_index(view["first_upcard"])]
        self.known: set[int] = set()
        self.discarded: list[int] = []
        self.declined: list[int] = []
        self.let_go: int | None = None  # the top discard he let go at his last turn
        self.last_thrown: int | None = None  # his last move's discard, when he drew from stock
        for move in view["moves"]:
            kind, seat = move["type"], move["seat"]
            if kind == "draw" and move["source"] == "discard":
                card = pile.pop()
                if seat == opponent:
                    self.known.add(card)
                    self.let_go = None
            elif kind in ("draw", "pass") and seat == opponent:
                self.let_go = pile[-1] if pile else None
                self.declined.extend(pile[-1:])
            elif kind == "discard":
                card = card_index(move["card"])
                pile.append(card)
                if seat == opponent:
                    self.known.discard(card)
                    self.discarded.append(card)
            if seat == opponent:
                free = kind == "discard" and self.let_go is not None
                self.last_thrown = card if free else None

    def weight(self, card: int) -> float:
        """Relative odds that an unseen ``card`` is in the opponent's hand."""
        return odds(
            card,
            related,
            [
                (self.known, PICKED_WEIGHT),
                (self.discarded, DISCARDED_WEIGHT),
                (self.declined, DECLINED_WEIGHT),
            ],
        )

    def consistent(self, theirs: int) -> bool:
        """Whether a sampled hand agrees with the opponent's last turn: a sensible player
        does not let go a card that melds with two he keeps, and the card he threw
        (unless he had to keep the one he took, GIN-4) was his best discard."""
        if self.let_go is not None and melds_with(self.let_go, theirs):
            return False
        if self.last_thrown is None:
            return True
        best, _ = BEST_DISCARD(theirs | 1 << self.last_thrown)
        return DEADWOOD(theirs) <= best


def melds_with(card: int, hand: int) -> bool:
    """Whether ``card`` makes a set or a run (Ace low, GIN-5) with two cards of ``hand``."""
    rank, suit = card % 13, card // 13
    if sum(hand >> (other * 13 + rank) & 1 for other in range(4) if other != suit) >= 2:
        return True
    near = {
        step: 0 <= rank + step < 13 and bool(hand >> (card + step) & 1) for step in (-2, -1, 1, 2)
    }
    return (near[-2] and near[-1]) or (near[-1] and near[1]) or (near[1] and near[2])


def hand_value(points: int) -> float:
    """What a played-out hand is worth to the bot: winning it (+1) or losing it (−1),
    the points breaking ties. A bot that plays for points takes risks for big hands
    (gin, undercuts); this one plays to win hands, which is what wins matches."""
    return (points > 0) - (points < 0) + POINTS_TIEBREAK * points


class HardGinBot(Searcher):
    """Determinized Monte Carlo search over the hidden cards.

    Each iteration invents a world consistent with the view: the opponent holds the cards
    he took from the discard pile and still has, the rest of his hand is drawn from the
    unseen cards weighted by what his pick-ups, discards and declined upcards say, and
    redrawn until it agrees with his last turn (:class:`Knowledge`); the stock is the
    remaining unseen cards in random order. Every candidate action is played in that
    same world, both players then following medium's policy to the end of the hand, and
    settled exactly (lay-offs and undercuts included) and valued as won or lost, the
    points breaking ties (:func:`hand_value`). The candidate with the best mean value is
    played when it beats medium's own choice clearly
    (:func:`~rummyhall.bots.search.chosen`). Knock timing falls out of comparing a knock
    with the best discards; the risk of feeding the opponent, of being undercut or of
    waiting too long is in the played-out hands.

    ``budget`` is the thinking time per move in seconds; ``simulations`` instead fixes the
    number of worlds, which makes the decisions a function of ``seed`` alone.
    """

    def act(self, view: JSON, legal_actions: Sequence[Action]) -> Action:
        self.start_clock()
        if len(legal_actions) == 1:
            return legal_actions[0]
        hand = hand_mask(view)
        choices = throws(legal_actions)
        if choices:
            candidates: list[Action] = self._throw_candidates(hand, choices)
            if len(candidates) == 1:
                return candidates[0]
        else:
            top = card_index(view["discard_pile"][-1])
            usual = draw_choice(legal_actions, medium_takes(hand, top, view["knock_limit"]))
            candidates = [usual, *(a for a in legal_actions if a != usual)]
        return self._search(view, hand, candidates)

    @staticmethod
    def _throw_candidates(hand: int, choices: list[Discard | Knock]) -> list[Action]:
        ranked = sorted(choices, key=lambda action: medium_throw_key(hand, action))
        gin = [a for a in ranked if isinstance(a, Knock) and medium_throw_key(hand, a)[0] == 0]
        if gin:
            return [gin[0]]  # gin scores 25 + his deadwood and cannot be undercut
        knocks = [a for a in ranked if isinstance(a, Knock)]
        plain = [a for a in ranked if isinstance(a, Discard)][:DISCARD_CANDIDATES]
        return [*knocks, *plain]

    def _search(self, view: JSON, hand: int, candidates: list[Action]) -> Action:
        knowledge = Knowledge(view)
        opponent = 1 - view["seat"]
        seen = hand | mask_of([*knowledge.known])
        seen |= mask_of([card_index(name) for name in view["discard_pile"]])
        unseen = [c for c in range(52) if not seen >> c & 1]
        weights = [knowledge.weight(c) for c in unseen]
        missing = view["hand_sizes"][opponent] - len(knowledge.known)
        scores: list[list[float]] = [[] for _ in candidates]
        start = Start.of(view)
        moves = [move_code(action) for action in candidates]
        playout = new_playouts()
        for _ in self.samples():
            for _attempt in range(RESAMPLES):
                keys = self.weighted_order(weights)
                theirs = mask_of([*knowledge.known, *(unseen[i] for i in keys[:missing])])
                if knowledge.consistent(theirs):
                    break
            stock = [unseen[i] for i in keys[missing:]]
            self.rng.shuffle(stock)
            order = bytes(stock)
            for index, (kind, card) in enumerate(moves):
                scores[index].append(hand_value(playout(hand, theirs, order, start, kind, card)))
        return candidates[chosen(scores)]


BOTS: dict[str, Callable[..., Bot]] = {
    "easy": EasyGinBot,
    "medium": MediumGinBot,
    "hard": HardGinBot,
}
