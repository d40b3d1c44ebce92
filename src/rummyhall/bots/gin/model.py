"""What the Gin hard bot believes about the opponent's hidden hand.

Two kinds of evidence, both read from the public moves of the hand:

* the cards themselves (:meth:`Knowledge.weight`): a card that melds with one he picked
  up is likelier in his hand, one next to what he threw or let go less likely;
* how he plays (:class:`Belief`): replaying his turns under each player style of
  :data:`~rummyhall.bots.gin.styles.MODELS` says which hands explain his play. He is not
  assumed to be any one of them: a hand's fit is the styles' odds-weighted agreement, and
  the odds of each style are updated from hand to hand by how well it explained the last
  one.

The hands the search plays against (:class:`OpponentHands`) follow the posterior: every
hand of the unseen cards equally likely before his play, times its fit. Where the styles
check his play, that check already holds the card evidence (a simple player who threw a
card did not hold its meld), so weighting the hands by their cards as well would count it
twice: the card weights only steer the proposals, whose bias the chain takes out again.
Where no style explains what he does, they alone draw the hand ("any consistent hand").
"""

from __future__ import annotations

import math
import random
from typing import NamedTuple

from rummyhall.bots.gin.playout import COMPILED_EXPLAINS
from rummyhall.bots.gin.styles import MODELS, Style, hand_of, near_in_meld
from rummyhall.bots.search import odds
from rummyhall.cards import card_index
from rummyhall.games.gin.melds import cards_of, mask_of
from rummyhall.games.gin.view import GinSeatView

PICKED_WEIGHT = 3.0
"""How much likelier the opponent holds a card that melds with one he picked up."""
DISCARDED_WEIGHT = 0.25
"""… with one he threw away (a player keeps what he wants, GIN-3)."""
DECLINED_WEIGHT = 0.5
"""… with a top discard he let go by drawing from the stock or passing."""
START_TRIES = 300
"""Card-weighted hands drawn in search of ones some style explains (the starts of
:class:`OpponentHands`' chains) before the check is dropped for the move."""
CHAINS = 4
"""Markov chains :class:`OpponentHands` draws from in turn (fewer where fewer start).
On 250 positions of medium against medium, the per-card log loss of his true hand after
2,000 draws was 0.532 with 4 chains, 0.534 with 8, 0.535 with 16."""
EVIDENCE_HANDS = 400
"""Fresh proposals per decision whose fits, weighted back to the prior, are the hand's
evidence on the styles (:meth:`Belief.record`)."""
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
            near_in_meld,
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
        compiled check (:data:`~rummyhall.bots.gin.playout.COMPILED_EXPLAINS`) is used
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
        odds (Bayes' rule, each style's evidence being its mean likelihood over hands of
        the prior, :attr:`OpponentHands.evidence`)."""
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

    def density(self, likelihoods: list[float]) -> float:
        """The likelihood of his play given a hand: the styles' fits weighted by their odds."""
        return sum(w * f for w, f in zip(self.odds, likelihoods, strict=True))

    def record(self, evidence: list[float] | None) -> None:
        """The evidence of the current hand, at its latest decision: each style's mean
        likelihood of his play over the hands of the prior (every hand of the unseen
        cards alike), the chance that a player of the style plays as he did."""
        if evidence is not None:
            self.evidence = evidence


class Link(NamedTuple):
    """Where one chain of :class:`OpponentHands` stands: its hand's cards beyond the
    known ones, the whole hand (a mask), its fit and density, and the log of its card
    weights' product (how likely a fresh proposal is to be this hand)."""

    cards: list[int]
    hand: int
    fit: list[float]
    density: float
    log_weight: float


class OpponentHands:
    """The opponent's hands a search plays against, drawn from the posterior by Markov
    chains (Metropolis-Hastings).

    The posterior holds every hand of the unseen cards alike before his play, times its
    fit (:meth:`Belief.density`): the card evidence is already in the fit, see the
    module. Each draw advances one of :data:`CHAINS` chains in turn by two proposals:

    * a fresh hand, drawn with odds the product of its card weights (where the evidence
      points), taken with the ratio of its density over that product to the current
      hand's (an independence sampler: the weights steer it, the ratio takes their bias
      out again);
    * the chain's hand with one card swapped, taken with the ratio of the densities.

    A chain starts at the first fresh hand some style explains; the fresh proposals let
    it jump between separate groups of hands that explain his play, the swaps explore
    each. Successive hands are alike, so what a search gains from more of them is a
    fuller picture of what he may hold, not only less noise: a 1 s search sees far more
    of the posterior than a 0.1 s one.

    Without a hand any style explains after :data:`START_TRIES` fresh hands (or before
    he has played a turn), every draw is a fresh hand, unchecked.
    """

    def __init__(self, view: GinSeatView, belief: Belief, rng: random.Random) -> None:
        knowledge = Knowledge(view)
        self.knowledge = knowledge
        self.belief = belief
        self.rng = rng
        self.known = mask_of([*knowledge.known])
        seen = hand_of(view) | self.known
        seen |= mask_of([card_index(name) for name in view["discard_pile"]])
        self.unseen = [c for c in range(52) if not seen >> c & 1]
        """The cards the view does not show: his hand's missing ones and the stock."""
        self.missing = view["hand_sizes"][1 - view["seat"]] - len(knowledge.known)
        """The cards of his hand not known from his pick-ups."""
        weights = {card: knowledge.weight(card) for card in self.unseen}
        self.log_weights = {card: math.log(weight) for card, weight in weights.items()}
        self.chances = inclusion_chances(weights, self.missing)
        self.evidence_sums = [0.0] * len(MODELS)
        self.evidence_total = 0.0
        self.proposed = 0
        self.chains: list[Link] = []
        self.draws = 0
        if knowledge.turns:
            self._start()

    def _start(self) -> None:
        for _ in range(START_TRIES):
            link = self._fresh()
            if link.density > 0:
                self.chains.append(link)
                if len(self.chains) == CHAINS:
                    return

    def _proposal(self) -> list[int]:
        """Unseen cards for his hand, drawn with odds the product of their weights
        (conditional Poisson sampling: each card in with its own chance, until the count
        is right)."""
        while True:
            cards = [card for card, chance in self.chances if self.rng.random() < chance]
            if len(cards) == self.missing:
                return cards

    def _link(self, cards: list[int]) -> Link:
        hand = self.known | mask_of(cards)
        fit = self.belief.fit(self.knowledge, hand)
        log_weight = sum(self.log_weights[c] for c in cards)
        return Link(cards, hand, fit, self.belief.density(fit), log_weight)

    def _fresh(self) -> Link:
        """A fresh proposal, its fit counted as evidence on the styles (weighted back to
        the prior) for the first :data:`EVIDENCE_HANDS`."""
        link = self._link(self._proposal())
        if self.proposed < EVIDENCE_HANDS:
            self.proposed += 1
            back = math.exp(-link.log_weight)
            self.evidence_total += back
            self.evidence_sums = [
                e + back * f for e, f in zip(self.evidence_sums, link.fit, strict=True)
            ]
        return link

    @property
    def evidence(self) -> list[float] | None:
        """Each style's mean likelihood of his play over hands of the prior (every hand of
        the unseen cards alike), from the fresh proposals; ``None`` before any."""
        if not self.proposed:
            return None
        return [e / self.evidence_total for e in self.evidence_sums]

    def _taken(self, link: Link, proposed: Link, odds: float) -> Link:
        """The chain's next place (Metropolis-Hastings): ``proposed`` with the chance
        ``odds`` (its density over the current one's, corrected for the proposal)."""
        return proposed if odds >= 1 or self.rng.random() < odds else link

    def draw(self) -> tuple[int, list[float] | None]:
        """The next hand (a mask, the known cards in it) and its fit (``None`` when
        unchecked)."""
        if not self.chains:
            return self.known | mask_of(self._proposal()), None
        index = self.draws % len(self.chains)
        self.draws += 1
        link = self.chains[index]
        fresh = self._fresh()
        shift = link.log_weight - fresh.log_weight
        link = self._taken(link, fresh, fresh.density / link.density * math.exp(shift))
        rest = [c for c in self.unseen if not link.hand >> c & 1]
        if self.missing and rest:
            cards = link.cards.copy()
            cards[self.rng.randrange(self.missing)] = self.rng.choice(rest)
            swapped = self._link(cards)
            link = self._taken(link, swapped, swapped.density / link.density)
        self.chains[index] = link
        return link.hand, link.fit


def inclusion_chances(weights: dict[int, float], count: int) -> list[tuple[int, float]]:
    """Each card's chance ``λw / (1 + λw)`` in :meth:`OpponentHands._proposal`, ``λ``
    set (by bisection) so that ``count`` cards are expected: drawn independently and
    kept when exactly ``count`` came, a set of cards comes with odds the product of
    their weights."""
    low, high = -40.0, 40.0
    for _ in range(60):
        middle = (low + high) / 2
        scale = math.exp(middle)
        expected = sum(scale * w / (1 + scale * w) for w in weights.values())
        low, high = (middle, high) if expected < count else (low, middle)
    scale = math.exp((low + high) / 2)
    return [(card, scale * w / (1 + scale * w)) for card, w in weights.items()]
