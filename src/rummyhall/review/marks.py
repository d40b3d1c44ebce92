"""How a move's loss becomes a mark and an accuracy (docs/review.md: the thresholds'
figures and the formula's reasons).

A loss is marked only where it is beyond the search's noise: the played move's mean
value is below the best one's by more than :data:`NOISE_Z` standard errors of their
paired difference, as well as by the mark's threshold. The same test decides whether the
loss counts towards the accuracy: a loss the search cannot tell from zero is none.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

from rummyhall.bots.search import Stop, appraised_against

CLEAR_Z = 3.0
"""Standard errors by which a second look's loss must be below the least mark's
threshold for the look to stop before all its worlds (:func:`clearly_below`)."""
NOISE_Z = 2.0
"""Standard errors by which a loss must exceed zero to count: with 2, a move as good as
the best is marked (or loses accuracy) in about 2% of decisions by noise alone."""

THRESHOLDS: dict[str, dict[str, dict[str, float]]] = {
    "gin": {
        "pp": {"inaccuracy": 1.0, "mistake": 2.5, "blunder": 5.0},
        "points": {"inaccuracy": 2.5, "mistake": 5.0, "blunder": 8.0},
    },
    "indian": {
        "pp": {"inaccuracy": 2.0, "mistake": 5.0, "blunder": 10.0},
        "points": {"inaccuracy": 4.0, "mistake": 10.0, "blunder": 20.0},
    },
    "rummikub": {
        "pp": {"inaccuracy": 5.0, "mistake": 15.0, "blunder": 30.0},
        "points": {"inaccuracy": 10.0, "mistake": 25.0, "blunder": 50.0},
    },
}
"""The loss from which a move is an inaccuracy, a mistake, a blunder, per game and unit:
chosen from the losses in medium's and hard's own games (``bench/review_losses.py``,
figures and the rule in docs/review.md)."""

LEVELS = ("blunder", "mistake", "inaccuracy")
"""The marks, worst first."""


def clearly_below(least: float) -> Stop:
    """The rule by which a second look (scores of the move played, then of the best)
    stops early: the loss is below ``least`` (the search's units) by :data:`CLEAR_Z`
    standard errors, so no mark can come of it. A loss that may earn a mark is always
    measured on all the look's worlds.

    >>> clearly_below(5.0)([[1, 2, 3, 2], [1, 2, 4, 2]]), clearly_below(5.0)([[0, 0], [9, 5]])
    (True, False)
    """

    def stops(scores: Sequence[Sequence[float]]) -> bool:
        found = appraised_against(scores[0], scores[1])
        return found.loss + CLEAR_Z * found.error < least

    return stops


def counted_loss(loss: float, error: float) -> float:
    """The loss that counts: ``loss`` where it is beyond the noise, else 0."""
    return loss if loss > NOISE_Z * error else 0.0


def mark(game: str, unit: str, loss: float, error: float) -> str | None:
    """The mark a move with this ``loss`` (and standard error) earns, or ``None``.

    >>> mark("gin", "pp", 6.0, 1.0), mark("gin", "pp", 6.0, 4.0), mark("gin", "pp", 0.5, 0.1)
    ('blunder', None, None)
    """
    counted = counted_loss(loss, error)
    thresholds = THRESHOLDS[game][unit]
    return next((level for level in LEVELS if counted >= thresholds[level]), None)


def move_accuracy(loss_pp: float) -> float:
    """A move's accuracy in per cent from the counted loss in percentage points of the
    chance to win: lichess's curve (``103.1668 e^(-0.04354 x) - 3.1669``, its ``x`` the
    drop in winning chances in per cent), 100 for no loss, clipped to 0…100.

    >>> move_accuracy(0.0), round(move_accuracy(5.0), 1), round(move_accuracy(20.0), 1)
    (100.0, 79.8, 40.0)
    """
    if loss_pp <= 0:
        return 100.0  # the curve gives 99.9999 there
    return min(100.0, max(0.0, 103.1668 * math.exp(-0.04354 * loss_pp) - 3.1669))


def game_accuracy(accuracies: Sequence[float]) -> float | None:
    """A seat's accuracy over a game: the mean of the arithmetic and the harmonic mean of
    its moves' accuracies (as lichess combines them, its volatility weights left out:
    the harmonic mean makes one blunder weigh more than many small slips; each move
    counts at least 1% in it), ``None`` without a move.

    >>> game_accuracy([100.0, 100.0]), round(game_accuracy([100.0, 50.0]), 1)
    (100.0, 70.8)
    """
    if not accuracies:
        return None
    harmonic = statistics.harmonic_mean([max(1.0, a) for a in accuracies])
    return (statistics.fmean(accuracies) + harmonic) / 2
