"""What the Gin hard bot believes about the opponent's hidden hand.

Two kinds of evidence, both read from the public moves of the hand:

* the cards themselves (:meth:`Knowledge.weight`): a card that melds with one he picked
  up is likelier in his hand, one next to what he threw or let go less likely;
* how he plays (:class:`Belief`): replaying his turns under each player style of
  :data:`~rummyhall.bots.gin_styles.MODELS` says which hands explain his play. He is not
  assumed to be any one of them: a hand's fit is the styles' odds-weighted agreement, and
  the odds of each style are updated from hand to hand by how well it explained the last
  one. When no style explains what he does, the hand is drawn from the card evidence
  alone ("any consistent hand").
"""

from __future__ import annotations

import random
from typing import NamedTuple

from rummyhall.bots.gin_playout import COMPILED_EXPLAINS
from rummyhall.bots.gin_styles import MODELS, Style
from rummyhall.bots.search import odds
from rummyhall.cards import card_index
from rummyhall.games.gin.melds import cards_of
from rummyhall.games.gin.view import GinSeatView

RELATED_SPAN = 2
"""Cards of one suit within this many ranks, or of one rank, can meld together."""
PICKED_WEIGHT = 3.0
"""How much likelier the opponent holds a card that melds with one he picked up."""
DISCARDED_WEIGHT = 0.25
"""… with one he threw away (a player keeps what he wants, GIN-3)."""
DECLINED_WEIGHT = 0.5
"""… with a top discard he let go by drawing from the stock or passing."""
HISTORY_STEPS = 500
"""Steps of the search for the cards he drew unseen (:meth:`Knowledge.explains`) after
which a sampled hand is taken as explaining his play."""
FIRST_STOCK = 52 - 2 * 10 - 1
"""Cards in the stock after the deal and the first upcard (GIN-1, GIN-2)."""
EVIDENCE_FLOOR = 0.01
"""The least a style's evidence from one hand counts: one odd hand does not rule a
style out for the rest of the match."""
LEAST_ODDS = 0.02
"""No style's odds fall below this share."""

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
    offered (or -1), the card he threw (-1 after a pass), the cards he had taken from the
    discard pile before it (which he cannot have drawn from the stock) and the cards left
    in the stock after his draw."""

    start: int
    top: int
    thrown: int
    picked_before: int
    stock: int


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
        self._encoded: bytes | None = None
        picked = passes = 0
        start = top = -1
        stock = FIRST_STOCK
        for move in view["moves"]:
            kind, seat = move["type"], move["seat"]
            if kind == "pass":
                passes += 1
                if seat == opponent:
                    self.turns.append(Turn(PASSED, pile[-1], -1, picked, stock))
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
                else:
                    stock -= 1
                    if seat == opponent and start == DREW and top >= 0:
                        self.declined.append(top)
            elif kind == "discard":
                card = card_index(move["card"])
                pile.append(card)
                if seat == opponent:
                    self.discarded.append(card)
                    before = picked & ~(1 << top) if start == TOOK else picked
                    self.turns.append(Turn(start, top, card, before, stock))

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

    @property
    def encoded(self) -> bytes:
        """The turns as the compiled check reads them: per turn its start, top + 1,
        thrown + 1, stock and the picked-up cards before it (eight bytes, little-endian)."""
        if self._encoded is None:
            self._encoded = b"".join(
                bytes((t.start, t.top + 1, t.thrown + 1, t.stock))
                + t.picked_before.to_bytes(8, "little")
                for t in self.turns
            )
        return self._encoded

    def explains(self, theirs: int, style: Style) -> bool:
        """Whether, holding ``theirs`` now, a player of ``style`` would have played every
        turn of the opponent as he did, for some choice of the cards he drew from the
        stock: he took or let go each top discard as the style does, could have thrown
        each card he threw and would not have knocked before. The search goes back turn
        by turn from his hand now, trying each card he held as the one he drew unseen;
        after :data:`HISTORY_STEPS` steps the hand is taken as explaining his play. The
        compiled check (:data:`~rummyhall.bots.gin_playout.COMPILED_EXPLAINS`) is used
        where it is built: the same search, some fifty times faster."""
        if COMPILED_EXPLAINS is not None:
            return COMPILED_EXPLAINS(theirs, self.encoded, self.limit, style.code, HISTORY_STEPS)
        return self.reference_explains(theirs, style)

    def reference_explains(self, theirs: int, style: Style) -> bool:
        """:meth:`explains` in Python: the reference the compiled check is tested on."""
        return self._explains(len(self.turns) - 1, theirs, style, [HISTORY_STEPS])

    def _explains(self, turn: int, hand: int, style: Style, steps: list[int]) -> bool:
        """Whether ``hand``, held after the opponent's ``turn``, explains that turn and
        all before it (``steps``: the steps left, shared by the whole search)."""
        steps[0] -= 1
        if turn < 0 or steps[0] < 0:
            return True
        start, top, thrown, picked_before, stock = self.turns[turn]
        limit = self.limit
        if start == PASSED:
            return not style.takes(hand, top, limit) and self._explains(
                turn - 1, hand, style, steps
            )
        if style.knocks(hand, limit, stock):  # he would have knocked
            return False
        before = hand | 1 << thrown
        if not style.throws(before, top if start == TOOK else -1, thrown):
            return False
        if start == TOOK:
            earlier = before ^ 1 << top
            return style.takes(earlier, top, limit) and self._explains(
                turn - 1, earlier, style, steps
            )
        for card in cards_of(before & ~picked_before):  # the card he drew from the stock
            earlier = before ^ 1 << card
            if start == DREW and top >= 0 and style.takes(earlier, top, limit):
                continue
            if self._explains(turn - 1, earlier, style, steps):
                return True
        return False


class Belief:
    """The odds of each player style for one opponent, carried from hand to hand of a
    match, and the evidence the current hand has given so far."""

    def __init__(self) -> None:
        total = sum(prior for _, prior in MODELS)
        self.odds = [prior / total for _, prior in MODELS]
        self.hand: object = None
        self.evidence: list[float] | None = None

    def start(self, view: GinSeatView) -> None:
        """Called at every decision: a new hand folds the last one's evidence into the
        odds (Bayes' rule, each style's evidence being the share of card-weighted hands
        it explained)."""
        match = view.get("match")
        hand = (len(match["history"]) if match else 0, view["first_upcard"], view["dealer"])
        if hand == self.hand:
            return
        self.hand = hand
        if self.evidence is not None:
            odds = [w * (e + EVIDENCE_FLOOR) for w, e in zip(self.odds, self.evidence, strict=True)]
            total = sum(odds)
            odds = [max(LEAST_ODDS, w / total) for w in odds]
            self.odds = [w / sum(odds) for w in odds]
        self.evidence = None

    def fit(self, knowledge: Knowledge, theirs: int) -> list[float]:
        """Each style's likelihood of his play given that he holds ``theirs``: 1 for a
        style that plays each turn one way and explains them, its spread per throw for one
        that leaves a choice, else 0."""
        discards = len(knowledge.discarded)  # the turns in which he chose a card to throw
        return [
            style.spread**discards if knowledge.explains(theirs, style) else 0.0
            for style, _ in MODELS
        ]

    def style_of(self, likelihoods: list[float] | None, rng: random.Random) -> int:
        """The style (its code) he plays a world's hand out with: drawn with the odds
        times the world's fit, or the odds alone where his play was not checked (or no
        style explains it)."""
        weights = self.odds
        if likelihoods is not None and any(likelihoods):
            weights = [w * f for w, f in zip(self.odds, likelihoods, strict=True)]
        return rng.choices(range(len(weights)), weights)[0]

    def accepts(self, likelihoods: list[float], rng: random.Random) -> bool:
        """Rejection sampling: a hand is kept with probability its odds-weighted fit."""
        fit = sum(w * f for w, f in zip(self.odds, likelihoods, strict=True))
        return rng.random() < fit

    def record(self, likelihoods: list[list[float]]) -> None:
        """The evidence of the current hand: each style's mean likelihood over the hands
        drawn from the card evidence at the latest decision."""
        if likelihoods:
            count = len(likelihoods)
            self.evidence = [sum(column) / count for column in zip(*likelihoods, strict=True)]
