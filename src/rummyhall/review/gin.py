"""Gin Rummy's moves valued for a review: by the hard bot's own search
(:class:`~rummyhall.bots.gin.levels.HardGinBot`), every legal move of a decision (take
or pass the upcard, stock or pile, the discard, knock or not, gin) played out in the same
sampled worlds of the opponent's hand and the stock. What the solver decides exactly is
said as a fact: the deadwood a throw left, the least any throw could leave (GIN-6), and
whether the throw could have been gin."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

from rummyhall.actions import JSON, Action
from rummyhall.bots.gin.equity import match_equity
from rummyhall.bots.gin.levels import HardGinBot, deadwood_left, hand_mask, throws
from rummyhall.bots.search import Appraisal, Stop
from rummyhall.games.gin.view import GinSeatView

WORLDS = 512
"""Sampled worlds per decision: 64 batches of eight for the search's standard errors, a
hand reviewed in a few seconds (``bench/review_losses.py``)."""
SPREAD = 25
"""Points either side of a level score over which :func:`points_in_pp` measures a point's
worth: about a knock's or an undercut's size."""


@cache
def points_in_pp(mode: str) -> float:
    """What a point of a single hand is worth in percentage points of the chance to win,
    for the accuracy (its formula reads chances): its worth at the start of a match to
    100 of the same mode, with the other player dealing."""
    equity = match_equity(mode, 100)
    gained = equity.after_hand(0, 0, False, SPREAD) - equity.after_hand(0, 0, False, -SPREAD)
    return 100 * gained / (2 * SPREAD)


class GinAppraiser:
    """Values one seat's decisions in order, as the hard bot would in its place: one bot
    for the whole game, so that its opponent model learns his style from his moves as in
    live play; each decision's sampling seeded on its own (``seed``), stopped early
    where the choice is settled."""

    worlds = WORLDS

    def __init__(self, worlds: int) -> None:
        self.bot = HardGinBot(simulations=worlds)
        self.bot.stops_settled = True

    @staticmethod
    def unit(view: GinSeatView) -> str:
        """``pp`` in a match (the search values the chance to win it), else ``points``."""
        return "pp" if view.get("match") is not None else "points"

    @staticmethod
    def pp_per_unit(view: GinSeatView) -> float:
        return 1.0 if view.get("match") is not None else points_in_pp(view["mode"])

    @staticmethod
    def facts(view: GinSeatView, legal: Sequence[Action], played: Action) -> JSON:
        """After the draw, the solver's exact word on the throw: the deadwood it left, the
        least any throw could leave, and whether that is gin (0)."""
        choices = throws(legal)
        if not choices:
            return {}
        hand = hand_mask(view)
        least = min(deadwood_left(hand, action) for action in choices)
        left = next((deadwood_left(hand, a) for a in choices if a == played), None)
        return {"least": least} if left is None else {"deadwood": left, "least": least}

    def appraise(
        self, view: GinSeatView, legal: Sequence[Action], played: Action, seed: int
    ) -> list[tuple[Action, Appraisal]]:
        """Every legal move (``played`` among them) with its value and loss."""
        self.bot.rng = random.Random(seed)
        return self.bot.appraise(view, legal)

    def confirm(
        self, view: GinSeatView, played: Action, best: Action, seed: int, worlds: int, stop: Stop
    ) -> Appraisal:
        """The second look at the loss of ``played`` against ``best``."""
        with self.bot.sampling(seed, worlds, stop):
            return self.bot.confirm(view, played, best)
