"""Rummikub's moves valued for a review: by the hard bot's own search
(:class:`~rummyhall.bots.rummikub.levels.HardRummikubBot`): the solver's maximum, drawing
instead, the plays that keep the jokers or the reserves back, and the move played where
it is none of them, each played two turns deep in the same sampled worlds of the
opponent's rack and the pool. The second look at a loss plays the two moves on to the
round's end instead, both seats laying the solver's maximum: what the round comes to,
not the two-turn estimate of it, decides the mark (docs/review.md, "Rummikub"). What the
solver decides exactly is said as a fact: how many tiles the move placed, and the most any
play could (RKB-5)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from statistics import NormalDist

from rummyhall.actions import JSON, Action, Play
from rummyhall.bots.rummikub.equity import ROUND_SPREAD
from rummyhall.bots.rummikub.levels import HardRummikubBot, tiles_placed
from rummyhall.bots.search import Appraisal, Stop, appraised_against
from rummyhall.games.rummikub.view import RummikubSeatView
from rummyhall.review.marks import THRESHOLDS

WORLDS = 32
"""Sampled worlds per decision: each costs the solver a few calls per move weighed."""
DEEPER = 2
"""How many times an ordinary second look's worlds (``reviewer.CONFIRMING`` times the
first look's) Rummikub's may play: each plays both moves to the round's end, where a
world's outcome swings by a won or lost round (a paired difference's spread about 120
points), so a loss that may earn a mark needs many worlds (128 by default: a standard
error near 11 points), and one that cannot stops early (:func:`may_be_marked`)."""
SPREAD = 25
"""Points either side of a level score over which :data:`POINTS_IN_PP` is measured."""
MATCH_ROUNDS = 2
"""The match :data:`POINTS_IN_PP` weighs a round's points in: two players' default, a
round each dealt first."""


def points_in_pp() -> float:
    """What a point of a round is worth in percentage points of the chance to win, for
    the accuracy: its worth at the start of a two-player match of :data:`MATCH_ROUNDS`
    rounds, under the hard bot's normal law of totals (a round's score counts twice in
    the difference between the players)."""
    sigma = 2 * ROUND_SPREAD * MATCH_ROUNDS**0.5
    normal = NormalDist()
    gained = normal.cdf(2 * SPREAD / sigma) - normal.cdf(-2 * SPREAD / sigma)
    return 100 * gained / (2 * SPREAD)


POINTS_IN_PP = points_in_pp()


class RummikubAppraiser:
    """Values one seat's decisions as the hard bot would in its place; each decision's
    sampling seeded on its own, stopped early where the choice is settled."""

    worlds = WORLDS

    def __init__(self, worlds: int) -> None:
        self.bot = HardRummikubBot(simulations=worlds)
        self.bot.stops_settled = True
        self.round_out = HardRummikubBot(simulations=worlds)
        self.round_out.replies = None

    @staticmethod
    def unit(view: RummikubSeatView) -> str:
        """``pp`` in a two-player match (the search values the chance to win it), else
        ``points`` (the round's, going out counting 100 more: what the search values)."""
        return "pp" if view.get("match") is not None and view["players"] == 2 else "points"

    def pp_per_unit(self, view: RummikubSeatView) -> float:
        return 1.0 if self.unit(view) == "pp" else POINTS_IN_PP

    @staticmethod
    def facts(view: RummikubSeatView, legal: Sequence[Action], played: Action) -> JSON:
        """The solver's exact word: the tiles the move placed and the most any play could."""
        most = max(tiles_placed(view, a) for a in legal if isinstance(a, Play))
        placed = tiles_placed(view, played) if isinstance(played, Play) else 0
        return {"placed": placed, "most": most}

    def appraise(
        self, view: RummikubSeatView, legal: Sequence[Action], played: Action, seed: int
    ) -> list[tuple[Action, Appraisal]]:
        """The moves weighed and the one played, each with its value and loss."""
        self.bot.rng = random.Random(seed)
        return self.bot.appraise(view, legal, played)

    def confirm(
        self,
        view: RummikubSeatView,
        played: Action,
        best: Action,
        seed: int,
        worlds: int,
        stop: Stop,
    ) -> Appraisal:
        """The second look at the loss of ``played`` against ``best``: both played to the
        round's end in up to :data:`DEEPER` times ``worlds``, stopped where ``stop`` says so
        or once the loss is no longer one that may be marked."""
        least = THRESHOLDS["rummikub"][self.unit(view)]["inaccuracy"]
        scale = 100.0 if self.unit(view) == "pp" else 1.0
        marked = may_be_marked(least / scale)
        with self.round_out.sampling(
            seed, DEEPER * worlds, lambda scores: stop(scores) or not marked(scores)
        ):
            return self.round_out.confirm(view, played, best)


def may_be_marked(least: float) -> Stop:
    """Whether a second look's loss so far (scores of the move played, then of the best)
    may still earn a mark: at least ``least`` (the least mark) and a standard error above
    0. Asked at 16 worlds and every doubling, a look goes on only while it is, so the
    many losses a round played out does not bear out cost a few worlds and the few that
    may earn a mark get all of them.

    >>> may_be_marked(10.0)([[0, 0, 0], [20, 15, 10]]), may_be_marked(10.0)([[0, 0], [5, 0]])
    (True, False)
    >>> may_be_marked(10.0)([[0, 0, 0], [90, -60, 0]])
    False
    """

    def goes_on(scores: Sequence[Sequence[float]]) -> bool:
        found = appraised_against(scores[0], scores[1])
        return found.loss >= max(least, found.error)

    return goes_on
