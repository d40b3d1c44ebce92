"""Indian Rummy bots: easy and medium (``indian/medium.py``), their style variants
(``indian/styles.py``) and hard, which races to a declaration and reads the opponent
with the model of ``indian/model.py``.

Hands are lists of faces (``cards.py``); the two physical copies of a face are the same
face twice. The bots read their seat's view and never the state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rummyhall.actions import Action, Declare, Discard
from rummyhall.bots.base import DEFAULT_BUDGET, Bot
from rummyhall.bots.indian.medium import (
    DROP,
    HOPELESS,
    STOCK,
    TAKE,
    EasyIndianBot,
    MediumIndianBot,
    discards,
    hand_faces,
    natural_discards,
    promise,
    related,
    wild_of,
    without,
)
from rummyhall.bots.indian.model import LEAST_MIDDLE_DROP, TYPICAL_TAKE, Belief, OpponentModel
from rummyhall.bots.indian.pool import drop_pays
from rummyhall.bots.indian.styles import (
    DropperIndianBot,
    GreedyIndianBot,
    HoarderIndianBot,
    NoDropIndianBot,
    SafeIndianBot,
    StockOnlyIndianBot,
)
from rummyhall.bots.search import Searcher
from rummyhall.cards import JOKER, card_index
from rummyhall.games.indian.distance import OutOfTime, distance
from rummyhall.games.indian.melds import card_points, is_wild
from rummyhall.games.indian.solver import arrangement_of, hand_of
from rummyhall.games.indian.view import IndianSeatView

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


def completes_meld(card: int, hand: Sequence[int], wild: int) -> bool:
    """Whether ``card`` joins two cards of ``hand`` in a meld: a set, a pure sequence, or
    any meld with a wild card."""
    if is_wild(card, wild):
        return True
    partners = [f for f in hand if related(card, f, wild)]
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

    Hands are judged by their distance to a declaration (:mod:`distance`), then by the live
    cards that would shorten it (:class:`~rummyhall.bots.indian.model.Belief`), then by
    points; in a pool with two players left it plays for the pool
    (:mod:`~rummyhall.bots.indian.pool`). How and why: docs/bots.md, "Indian hard: the
    distance to a declaration" and "The hard bots' budget".

    ``budget`` bounds the thinking per move in seconds (a distance search still running
    when it ends is cut short); ``simulations`` lifts the bound, which makes the decisions
    a function of the position (and of what the bot saw of the opponent) alone.
    """

    def __init__(
        self, seed: int = 0, budget: float = DEFAULT_BUDGET, simulations: int | None = None
    ) -> None:
        super().__init__(seed, budget, simulations)
        self.model = OpponentModel()

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
        belief = self.model.read(view)
        choices = discards(legal_actions)
        if choices:
            return self._discard(faces, choices, wild, belief, deadline)
        if DROP in legal_actions and self._drops(view, faces, wild, belief, deadline):
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
        belief: Belief,
        deadline: float | None,
    ) -> bool:
        steps = distance(faces, wild, deadline=deadline)
        for_the_pool = drop_pays(view, steps)
        if for_the_pool is not None:
            return for_the_pool
        far = steps >= HOPELESS_DISTANCE
        if view["drop_penalty"][view["seat"]] < LEAST_MIDDLE_DROP:
            return far and promise(faces, wild) < HOPELESS + 2
        layout = arrangement_of(hand_of(faces, wild))
        return (
            far
            and layout.tier == "no pure"
            and layout.points >= 80
            and belief.record.moves >= MIDDLE_DROP_TURN
        )

    def _discard(
        self,
        faces: list[int],
        choices: list[Discard],
        wild: int,
        belief: Belief,
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
        wary = belief.take_share() / TYPICAL_TAKE
        risk = {a: wary * self._risk(card_index(a.card), wild, belief.record.known) for a in left}
        ranked = sorted(
            left, key=lambda a: (left[a], risk[a], -card_points(card_index(a.card), wild))
        )
        best = left[ranked[0]]
        tied = [a for a in ranked if left[a] == best]
        if len(tied) == 1 or best == 0:
            return tied[0]
        live = belief.live(wild)
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
    def _risk(card: int, wild: int, known: list[int]) -> float:
        """Live cards' worth of help a discard would give an opponent who takes open
        cards as often as medium, holding the ``known`` cards he picked up."""
        if completes_meld(card, known, wild):
            return FEED
        return FEED / 3 * sum(related(card, f, wild) for f in known)


STYLES: dict[str, Callable[..., Bot]] = {
    "greedy": GreedyIndianBot,
    "stock-only": StockOnlyIndianBot,
    "hoarder": HoarderIndianBot,
    "safe": SafeIndianBot,
    "dropper": DropperIndianBot,
    "no-drop": NoDropIndianBot,
}
"""Style variants of the rule player, by name: the opponents of the arena's zoo and the
player styles the hard bot's opponent model weighs."""

BOTS: dict[str, Callable[..., Bot]] = {
    "easy": EasyIndianBot,
    "medium": MediumIndianBot,
    "hard": HardIndianBot,
}
