"""Gin Rummy bots: easy, medium (OpenSpiel's simple gin bot, exactly) and hard.

Hands are 52-bit masks as in :mod:`rummyhall.games.gin.melds`; the bots read their seat's
view and never the state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from rummyhall.actions import Action, Discard, Draw, Knock, Pass
from rummyhall.bots.base import Bot, Decision
from rummyhall.bots.gin.equity import match_equity
from rummyhall.bots.gin.model import Belief, OpponentHands
from rummyhall.bots.gin.playout import (
    DEADWOOD,
    SIMPLE_TAKES,
    SIMPLE_THROW,
    TAKE_KNOCK,
    TAKE_THROW,
    Start,
    move_code,
    new_playouts,
)
from rummyhall.bots.gin.simple import best_group
from rummyhall.bots.gin.styles import (
    MODELS,
    PLAYERS,
    PLAYOUT_STYLES,
    StyleGinBot,
    least_after_throw,
)
from rummyhall.bots.search import (
    Appraisal,
    Searcher,
    appraise,
    appraised_against,
    batch_means,
    chosen,
)
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
    card (:func:`~rummyhall.bots.gin.simple.simple_throw`)."""
    return SIMPLE_THROW(hand, -1 if taken is None else card_index(taken))


class MediumGinBot:
    """OpenSpiel's simple gin bot, decision for decision
    (:mod:`~rummyhall.bots.gin.simple`): take the top discard when it is melded among the
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
        before = DEADWOOD(hand)
        facts = {"card": card_name(top), "before": before, "after": after}
        if action != TAKE:
            # Left although it would lower the deadwood: the rule takes only a card that
            # melds or allows a knock, and the words say that, not just the two totals.
            if after < before:
                return Decision(action, {"kind": "leave_short", "limit": limit, **facts})
            return Decision(action, {"kind": "leave", **facts})
        knock = after <= limit
        meld = next((m for m in best_group(eleven) if m >> top & 1), 0)
        if meld:
            melded = [card_name(c) for c in cards_of(meld)]
            return Decision(action, {"kind": "take_meld", "meld": melded, "knock": knock, **facts})
        reason = {"kind": "take_lower", "throw": card_name(thrown), "knock": knock, **facts}
        return Decision(action, reason)


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

BATCH = 8
"""Worlds whose mean score counts as one sample when moves are compared: the opponent's
hands come from Markov chains (:class:`~rummyhall.bots.gin.model.OpponentHands`), whose
successive hands are alike, and single worlds would overstate how sure a comparison is;
a batch holds two draws of each of its four chains."""
STRONG = next(style for style, _ in MODELS if style.name == "strong")
OWN_STYLE = STRONG.code
"""The style (its code in ``styles.MODELS``) the bot's own seat plays a world out
with after each candidate move: the strong player's, which knocks in its first few turns
and then waits for gin (until 5 December the simple bot's, which
knocks at once and never hunts gin: a world's value then said little about waiting)."""
EQUITY_INDIFFERENT = 0.002
"""A difference in the chance to win the match too small to matter (0.2%)."""
POINTS_INDIFFERENT = 0.5
"""A difference in a single hand's expected points too small to matter."""
RULE_PLAYER = StyleGinBot(STRONG)
"""The rule player whose move the hard bot's search must beat clearly to overrule: the
strong player, whose rules its own seat plays the worlds out with (until 5 December
medium, which knocks at once: where a few worlds could not tell, the bot knocked)."""

Valuation = Callable[[int], float]
"""What a played-out hand is worth to the bot, from its points (negative: lost)."""


def valuation(view: GinSeatView) -> tuple[Valuation, float]:
    """How the search values a played-out world, and the difference too small to matter:
    in a match, the chance to win the match from the totals after the hand
    (:mod:`~rummyhall.bots.gin.equity`), so that knock timing, hunting gin and the risk of
    an undercut are weighed by what they do to the match; in a single hand, its expected
    points. Oklahoma's doubled hands count double."""
    seat, multiplier = view["seat"], view["multiplier"]
    match = view.get("match")
    if match is None:
        return (lambda points: float(points * multiplier)), POINTS_INDIFFERENT
    equity = match_equity(view["mode"], match["target"])
    mine, theirs = match["totals"][seat], match["totals"][1 - seat]
    dealing = view["dealer"] == seat

    def value(points: int) -> float:
        return equity.after_hand(mine, theirs, dealing, points * multiplier)

    return value, EQUITY_INDIFFERENT


class HardGinBot(Searcher):
    """Determinized Monte Carlo search over the hidden cards, playing for the match.

    Each world holds the cards the opponent picked up and the rest of his hand as the
    posterior says (:class:`~rummyhall.bots.gin.model.OpponentHands`); every legal move is
    played out in it (:mod:`~rummyhall.bots.gin.playout`, compiled), its own seat by the
    strong player's rules (:data:`OWN_STYLE`), settled exactly and valued by
    :func:`valuation` (the chance to win the match); the best mean value is played when it
    beats the strong player's own choice clearly (:func:`~rummyhall.bots.search.chosen`).
    How and why: docs/bots.md (the table of levels, "Gin: playing for the match").

    ``budget`` is the thinking time per move in seconds; ``simulations`` instead fixes the
    number of worlds, which makes the decisions a function of ``seed`` alone.
    """

    def __init__(self, seed: int = 0, **options: Any) -> None:
        super().__init__(seed, **options)
        self.belief = Belief()
        self.stood_for: dict[Action, tuple[int, int]] = {}

    def act(self, view: GinSeatView, legal_actions: Sequence[Action]) -> Action:
        self.start_clock()
        self.belief.start(view)
        if len(legal_actions) == 1:
            return legal_actions[0]
        hand = hand_mask(view)
        choices = throws(legal_actions)
        if choices:
            gin = [a for a in choices if isinstance(a, Knock) and not deadwood_left(hand, a)]
            if gin:  # gin scores 25 + his deadwood and cannot be undercut
                return max(gin, key=lambda a: CARD_VALUES[discarded_card(a)])
        candidates = self.candidates(view, legal_actions)
        return candidates[chosen(self.scores(view, hand, candidates))]

    def appraise(
        self, view: GinSeatView, legal_actions: Sequence[Action]
    ) -> list[tuple[Action, Appraisal]]:
        """Every legal move with what the search finds it worth (its mean value as
        :func:`valuation` says, and its loss against the best), by the very sampling
        :meth:`act` chooses from, gin included: what a review of the move shows. The
        playout move that stood for each (:meth:`turns_of`) is kept for :meth:`confirm`."""
        self.start_clock()
        self.belief.start(view)
        hand = hand_mask(view)
        candidates = self.candidates(view, legal_actions)
        options = [self.turns_of(view, hand, action) for action in candidates]
        scores = self.played_out(view, hand, options)
        chosen_turns = stand_ins(options, scores)
        self.stood_for = {
            action: option[at]
            for action, option, at in zip(candidates, options, chosen_turns, strict=True)
        }
        found = appraise(self.compared(options, scores))
        return list(zip(candidates, found, strict=True))

    def confirm(self, view: GinSeatView, worse: Action, better: Action) -> Appraisal:
        """``worse``'s loss against ``better`` over fresh worlds (the bot's ``rng`` and
        ``simulations``), each played as in the last :meth:`appraise` (a take with the
        throw that stood for it there): an estimate no choice among noisy means has
        inflated, for a review's second look at a loss it would mark. The opponent model
        keeps the evidence the appraisal left."""
        evidence = self.belief.evidence
        options = [[self.stood_for[worse]], [self.stood_for[better]]]
        worse_scores, better_scores = self.compared(
            options, self.played_out(view, hand_mask(view), options)
        )
        self.belief.evidence = evidence
        return appraised_against(worse_scores, better_scores)

    @staticmethod
    def candidates(view: GinSeatView, legal_actions: Sequence[Action]) -> list[Action]:
        """The legal moves, the rule player's first (:func:`~rummyhall.bots.search.chosen`
        keeps it unless the search beats it clearly)."""
        usual = RULE_PLAYER.act(view, legal_actions)
        return [usual, *(a for a in legal_actions if a != usual)]

    @staticmethod
    def turns_of(view: GinSeatView, hand: int, action: Action) -> list[tuple[int, int]]:
        """The playout moves that stand for ``action``: itself, but for taking the top
        discard, which is played as a whole turn with each of two discards after it (the
        simple bot's and the one leaving the least deadwood; a knock too when it can), the
        best of them standing for the take."""
        if action != TAKE:
            return [move_code(action)]
        top = card_index(view["discard_pile"][-1])
        eleven = hand | 1 << top
        turns = []
        for card in dict.fromkeys(
            (SIMPLE_THROW(eleven, top)[1], least_after_throw(eleven, top)[1])
        ):
            turns.append((TAKE_THROW, card))
            if DEADWOOD(eleven ^ 1 << card) <= view["knock_limit"]:
                turns.append((TAKE_KNOCK, card))
        return turns

    def scores(self, view: GinSeatView, hand: int, candidates: list[Action]) -> list[list[float]]:
        """Each candidate's sampled values as the choice weighs them (:meth:`compared`)."""
        options = [self.turns_of(view, hand, action) for action in candidates]
        return self.compared(options, self.played_out(view, hand, options))

    def played_out(
        self, view: GinSeatView, hand: int, options: list[list[tuple[int, int]]]
    ) -> list[list[float]]:
        """The value of every playout move of ``options`` (one list per candidate) in each
        sampled world, the search's evidence on the opponent's style recorded."""
        hands = OpponentHands(view, self.belief, self.rng)
        start = Start.of(view)
        value, self.indifferent = valuation(view)
        moves = [move for option in options for move in option]
        scores: list[list[float]] = [[] for _ in moves]
        playout = new_playouts(PLAYOUT_STYLES)
        for done in self.samples():
            theirs, fit = hands.draw()
            stock = [c for c in hands.unseen if not theirs >> c & 1]
            self.rng.shuffle(stock)
            order = bytes(stock)
            style = self.belief.style_of(fit, self.rng)
            for index, (kind, card) in enumerate(moves):
                points = playout(hand, theirs, order, start, kind, card, OWN_STYLE, style)
                scores[index].append(value(points))
            if self.answered(done + 1, lambda: self.compared(options, scores)):
                break
        self.belief.record(hands.evidence)
        return scores

    @staticmethod
    def compared(
        options: list[list[tuple[int, int]]], scores: list[list[float]]
    ) -> list[list[float]]:
        """Each candidate's scores as the choice weighs them: those of its best playout
        move (:func:`stand_ins`), in means over :data:`BATCH` worlds."""
        starts = zip(firsts(options), stand_ins(options, scores), strict=True)
        rows = [scores[first + at] for first, at in starts]
        return batch_means(rows, BATCH)


def firsts(options: list[list[tuple[int, int]]]) -> list[int]:
    """Where each candidate's playout moves start among all of them."""
    starts = [0]
    for option in options[:-1]:
        starts.append(starts[-1] + len(option))
    return starts


def stand_ins(options: list[list[tuple[int, int]]], scores: list[list[float]]) -> list[int]:
    """Which of each candidate's playout moves stands for it: the one of the best total."""
    chosen_turns = []
    for first, option in zip(firsts(options), options, strict=True):
        totals = [sum(row) for row in scores[first : first + len(option)]]
        chosen_turns.append(totals.index(max(totals)))
    return chosen_turns


STYLES: dict[str, Callable[..., Bot]] = PLAYERS
"""Style variants of the rule player, by name: the opponents of the arena's zoo and the
player styles the hard bot's opponent model weighs."""

BOTS: dict[str, Callable[..., Bot]] = {
    "easy": EasyGinBot,
    "medium": MediumGinBot,
    "hard": HardGinBot,
}
