"""Gin Rummy bots: easy, medium (OpenSpiel's simple gin bot, exactly) and hard.

Hands are 52-bit masks as in :mod:`rummyhall.games.gin.melds`; the bots read their seat's
view and never the state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import NamedTuple

from rummyhall.actions import Action, Discard, Draw, Knock, Pass
from rummyhall.bots.base import Bot, Decision
from rummyhall.bots.gin_playout import (
    DEADWOOD,
    SIMPLE_TAKES,
    SIMPLE_THROW,
    Start,
    move_code,
    new_playouts,
)
from rummyhall.bots.gin_simple import best_group
from rummyhall.bots.search import Searcher, chosen, odds
from rummyhall.cards import card_index, card_name
from rummyhall.games.gin.melds import CARD_VALUES, cards_of, mask_of
from rummyhall.games.gin.solver import best_arrangement
from rummyhall.games.gin.view import GinSeatView

TAKE = Draw("discard")
STOCK = Draw("stock")
PASS = Pass()


def hand_mask(view: GinSeatView) -> int:
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


def deadwood_left(hand: int, action: Discard | Knock) -> int:
    return DEADWOOD(hand ^ 1 << discarded_card(action))


def medium_throw(hand: int, taken: str | None) -> tuple[int, int]:
    """Medium's discard from eleven cards (never ``taken``, GIN-4): the deadwood left, the
    card (:func:`~rummyhall.bots.gin_simple.simple_throw`)."""
    return SIMPLE_THROW(hand, -1 if taken is None else card_index(taken))


class MediumGinBot:
    """OpenSpiel's simple gin bot, decision for decision
    (:mod:`~rummyhall.bots.gin_simple`): take the top discard when it is melded among the
    eleven cards or they allow a knock, throw the highest-ranked card of the best deadwood,
    knock as soon as allowed."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, view: GinSeatView, legal_actions: Sequence[Action]) -> Action:
        return self.decide(view, legal_actions).action

    def decide(self, view: GinSeatView, legal_actions: Sequence[Action]) -> Decision:
        """The move and why (``reason.*`` in the web catalogue): the deadwood it leaves."""
        hand = hand_mask(view)
        limit = view["knock_limit"]
        if throws(legal_actions):
            left, card = medium_throw(hand, view["taken_from_discard"])
            name = card_name(card)
            facts = {"card": name, "deadwood": left, "limit": limit}
            if left <= limit:
                return Decision(Knock(name), {"kind": "gin" if left == 0 else "knock", **facts})
            return Decision(Discard(name), {"kind": "discard", **facts})
        top = card_index(view["discard_pile"][-1])
        action = draw_choice(legal_actions, SIMPLE_TAKES(hand, top, limit))
        eleven = hand | 1 << top
        after, thrown = SIMPLE_THROW(eleven, top)
        facts = {"card": card_name(top), "before": DEADWOOD(hand), "after": after}
        if action != TAKE:
            return Decision(action, {"kind": "leave", **facts})
        knock = after <= limit
        meld = next((m for m in best_group(eleven) if m >> top & 1), 0)
        if meld:
            melded = [card_name(c) for c in cards_of(meld)]
            return Decision(action, {"kind": "take_meld", "meld": melded, "knock": knock, **facts})
        reason = {"kind": "take_lower", "throw": card_name(thrown), "knock": knock, **facts}
        return Decision(action, reason)


MEDIUM = MediumGinBot()
"""The rule player whose move the hard bot's search must beat clearly to overrule."""


class EasyGinBot:
    """A beginner: takes the top discard only when it completes a meld, throws a random
    unmatched card, knocks whenever it may."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def act(self, view: GinSeatView, legal_actions: Sequence[Action]) -> Action:
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
RESAMPLES = 100
"""Tries to draw an opponent's hand that explains his play (see
:meth:`Knowledge.consistent`) before the last one is taken anyway."""
HISTORY_STEPS = 500
"""Steps of the search for the cards he drew unseen (:meth:`Knowledge.consistent`)
after which a sampled hand is taken as explaining his play."""

TRIAL_TRIES = 300
EXPLAINED = 0.01
"""When fewer of the hands sampled (after :data:`TRIAL_TRIES`) than this share explain
the opponent's play, he does not play medium's policy: the check is dropped for the move."""

PASSED, TOOK, DREW, FORCED = range(4)
"""How a turn of the opponent began (:class:`Turn`)."""


def related(a: int, b: int) -> bool:
    """Whether two cards could sit in one meld (same rank, or same suit and close)."""
    if a % 13 == b % 13:
        return True
    return a // 13 == b // 13 and abs(a % 13 - b % 13) <= RELATED_SPAN


class Turn(NamedTuple):
    """One of the opponent's turns as the view shows it: how it began (he ``PASSED``
    the first upcard, ``TOOK`` the top discard, ``DREW`` from the stock instead, or was
    ``FORCED`` to draw from the stock after both passed, GIN-2), the top discard he was
    offered (or -1), the card he threw (-1 after a pass) and the cards he had taken from
    the discard pile before it (which he cannot have drawn from the stock)."""

    start: int
    top: int
    thrown: int
    picked_before: int


class Knowledge:
    """What the view says about the opponent's hand: the cards he picked up from the
    discard pile and still holds (known), the ones he threw, the top discards he
    declined, and his turns. Replayed from the public moves of the hand; the cards still
    held are the view's ``picked_up``."""

    def __init__(self, view: GinSeatView) -> None:
        opponent = 1 - view["seat"]
        pile = [card_index(view["first_upcard"])]
        self.limit: int = view["knock_limit"]
        self.known = {card_index(name) for name in view["picked_up"][opponent]}
        self.discarded: list[int] = []
        self.declined: list[int] = []
        self.turns: list[Turn] = []
        picked = passes = 0
        start = top = -1
        for move in view["moves"]:
            kind, seat = move["type"], move["seat"]
            if kind == "pass":
                passes += 1
                if seat == opponent:
                    self.turns.append(Turn(PASSED, pile[-1], -1, picked))
                    self.declined.append(pile[-1])
            elif kind == "draw":
                top = pile[-1] if pile else -1
                took = move["source"] == "discard"
                start = TOOK if took else FORCED if passes == 2 else DREW
                passes = 0
                if took:
                    card = pile.pop()
                    if seat == opponent:
                        picked |= 1 << card
                elif seat == opponent and start == DREW and top >= 0:
                    self.declined.append(top)
            elif kind == "discard":
                card = card_index(move["card"])
                pile.append(card)
                if seat == opponent:
                    self.discarded.append(card)
                    before = picked & ~(1 << top) if start == TOOK else picked
                    self.turns.append(Turn(start, top, card, before))

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
        """Whether, holding ``theirs`` now, medium's policy would have played every turn
        of the opponent as he did, for some choice of the cards he drew from the stock:
        he took or let go each top discard as medium does, threw medium's discard each
        time and could never knock before. The search goes back turn by turn from his
        hand now, trying each card he held as the one he drew unseen; after
        :data:`HISTORY_STEPS` steps the hand is taken as explaining his play."""
        return self._explains(len(self.turns) - 1, theirs, [HISTORY_STEPS])

    def _explains(self, turn: int, hand: int, steps: list[int]) -> bool:
        """Whether ``hand``, held after the opponent's ``turn``, explains that turn and
        all before it (``steps``: the steps left, shared by the whole search)."""
        steps[0] -= 1
        if turn < 0 or steps[0] < 0:
            return True
        start, top, thrown, picked_before = self.turns[turn]
        limit = self.limit
        if start == PASSED:
            return not SIMPLE_TAKES(hand, top, limit) and self._explains(turn - 1, hand, steps)
        if DEADWOOD(hand) <= limit:  # he would have knocked
            return False
        before = hand | 1 << thrown
        if SIMPLE_THROW(before, top if start == TOOK else -1)[1] != thrown:
            return False
        if start == TOOK:
            earlier = before ^ 1 << top
            return SIMPLE_TAKES(earlier, top, limit) and self._explains(turn - 1, earlier, steps)
        for card in cards_of(before & ~picked_before):  # the card he drew from the stock
            earlier = before ^ 1 << card
            if start == DREW and top >= 0 and SIMPLE_TAKES(earlier, top, limit):
                continue
            if self._explains(turn - 1, earlier, steps):
                return True
        return False


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
    redrawn until medium's policy, holding it, would have played all his turns as he did
    (:meth:`Knowledge.consistent`: exact against medium; dropped for the move against a
    player whose play few hands explain); the stock is the remaining unseen cards in
    random order. Every legal move (but a gin, played at once) is played in that same
    world, both players then following medium's policy to the end of the hand
    (:mod:`~rummyhall.bots.gin_playout`, compiled: some 1,500 worlds in 0.1 s), and
    settled exactly (lay-offs and undercuts included) and valued as won or lost, the
    points breaking ties (:func:`hand_value`). The candidate with the best mean value is
    played when it beats medium's own choice clearly
    (:func:`~rummyhall.bots.search.chosen`). Knock timing falls out of comparing a knock
    with the best discards; the risk of feeding the opponent, of being undercut or of
    waiting too long is in the played-out hands.

    ``budget`` is the thinking time per move in seconds; ``simulations`` instead fixes the
    number of worlds, which makes the decisions a function of ``seed`` alone.
    """

    def act(self, view: GinSeatView, legal_actions: Sequence[Action]) -> Action:
        self.start_clock()
        if len(legal_actions) == 1:
            return legal_actions[0]
        hand = hand_mask(view)
        choices = throws(legal_actions)
        if choices:
            gin = [a for a in choices if isinstance(a, Knock) and not deadwood_left(hand, a)]
            if gin:  # gin scores 25 + his deadwood and cannot be undercut
                return max(gin, key=lambda a: CARD_VALUES[discarded_card(a)])
        usual = MEDIUM.act(view, legal_actions)
        return self._search(view, hand, [usual, *(a for a in legal_actions if a != usual)])

    def _search(self, view: GinSeatView, hand: int, candidates: list[Action]) -> Action:
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
        checking = bool(knowledge.turns)
        tries = explained = 0
        for _ in self.samples():
            for _attempt in range(RESAMPLES if checking else 1):
                keys = self.weighted_order(weights)
                theirs = mask_of([*knowledge.known, *(unseen[i] for i in keys[:missing])])
                tries += 1
                if checking and knowledge.consistent(theirs):
                    explained += 1
                    break
            # Few hands explaining his play: he does not play medium's policy.
            checking = checking and (tries < TRIAL_TRIES or explained >= EXPLAINED * tries)
            stock = [unseen[i] for i in keys[missing:]]
            self.rng.shuffle(stock)
            order = bytes(stock)
            for index, (kind, card) in enumerate(moves):
                scores[index].append(hand_value(playout(hand, theirs, order, start, kind, card)))
        return candidates[chosen(scores)]


STYLES: dict[str, Callable[..., Bot]] = {}
"""Style variants of the rule player, by name: the opponents of the arena's zoo and the
player styles the hard bot's opponent model weighs."""

BOTS: dict[str, Callable[..., Bot]] = {
    "easy": EasyGinBot,
    "medium": MediumGinBot,
    "hard": HardGinBot,
}
