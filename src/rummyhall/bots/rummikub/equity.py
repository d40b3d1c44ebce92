"""What the hard Rummikub bot's search makes of a sampled world: the round's points, or in a
two-player match the chance to win the match.

The search plays each candidate two turns deep (``rummikub.HardRummikubBot``; a review
plays on to the round's end) and stops at a :class:`Horizon`: somebody may have gone out
or the round be blocked (the round's score is then exact, RKB-8, RKB-9), else the racks
say who is nearer to it. In a single round the bot wants the most
points and going out; in a match of several rounds whose scores add up (the match view's
``totals``), points count only for what they do to the final totals: far ahead in the last
round it should not risk a big loss for a small win, far behind it needs a big win. So a
match values a world by the chance that the totals end in its favour, under a normal law
for what is still open: the rest of this round (none once somebody is out) and the
rounds still to come.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from statistics import NormalDist

from rummyhall.games.rummikub.view import RummikubSeatView

OUT_BONUS = 100
"""What going out is worth beyond the points it scores in a single round: the round is
won (RKB-8)."""
TILE_WEIGHT = 5
"""Points per tile of rack difference when nobody is out yet: fewer tiles, nearer out."""
ROUND_SPREAD = 24.0
"""The standard deviation of a player's score in one round between two rule players
(medium against medium, the keeper and the hoarder: 21–28 points over 300 rounds each)."""
POINTS_INDIFFERENT = 1.0
"""A difference of a rack point: too small to matter in a single round."""
MATCH_INDIFFERENT = 0.002
"""A difference of 0.2% in the chance to win the match: too small to matter."""
NORMAL = NormalDist()


@dataclass(frozen=True)
class Horizon:
    """Where a sampled world stands when the search stops playing it."""

    out: int
    """+1: the bot went out; −1: the opponent did; 0: nobody yet."""
    mine: int
    """The value of the bot's rack (what it costs at the round's end, jokers 30)."""
    theirs: int
    tile_lead: int
    """The opponent's tiles minus the bot's, less those he held back on a draw that his
    maximum would have laid (the hoarder's): they are not between him and going out."""
    blocked: bool = False
    """The round is over with nobody out: the pool empty, neither could play (RKB-9); the
    lower rack won it (``out`` +1 for the bot, −1 for the opponent, 0 on a tie)."""

    def points(self) -> float:
        """The round's score for the bot: exact when somebody is out or the round is
        blocked, else an estimate from the racks (their difference plus
        :data:`TILE_WEIGHT` a tile)."""
        if self.blocked:
            return self.theirs - self.mine
        if self.out:
            return self.theirs if self.out > 0 else -self.mine
        return TILE_WEIGHT * self.tile_lead + self.theirs - self.mine

    def spread(self) -> float:
        """How far the round's score may still move: nothing once the round is over, else
        at most half of what both racks hold, and a round's usual spread."""
        if self.out or self.blocked:
            return 0.0
        return min(ROUND_SPREAD, (self.mine + self.theirs) / 2)


Valuation = Callable[[Horizon], float]


def round_value(horizon: Horizon) -> float:
    """A single round's worth of a world: its points, going out worth :data:`OUT_BONUS`
    more (winning the round)."""
    return horizon.points() + OUT_BONUS * horizon.out


def valuation(view: RummikubSeatView) -> tuple[Valuation, float]:
    """How the search values a world, and the difference too small to matter: in a
    two-player match, the chance to win it (:func:`match_chance`); else the round's
    worth (:func:`round_value`)."""
    match = view.get("match")
    if match is None or view["players"] != 2:
        return round_value, POINTS_INDIFFERENT
    seat = view["seat"]
    lead = match["totals"][seat] - match["totals"][1 - seat]
    later = match["rounds"] - match["number"]
    return (lambda horizon: match_chance(lead, later, horizon)), MATCH_INDIFFERENT


def match_chance(lead: int, later: int, horizon: Horizon) -> float:
    """The chance to end a two-player match ahead (a tie counting half), ``lead`` points
    ahead before this round with ``later`` rounds to come after it: the round's score
    counts twice in the difference (the scores of a round sum to zero), what is still
    open in it and each later round (:data:`ROUND_SPREAD`) add their variance.

    Going out with 20 points in his rack in the last round: enough 30 behind, a tie 40
    behind, not enough 60 behind.

    >>> [match_chance(lead, 0, Horizon(1, 10, 20, 5)) for lead in (-30, -40, -60)]
    [1.0, 0.5, 0.0]
    >>> round(match_chance(0, 3, Horizon(0, 30, 30, 0)), 3)
    0.5
    """
    margin = lead + 2 * horizon.points()
    sigma = math.hypot(2 * horizon.spread(), 2 * ROUND_SPREAD * math.sqrt(later))
    if sigma == 0:
        return 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
    return NORMAL.cdf(margin / sigma)
