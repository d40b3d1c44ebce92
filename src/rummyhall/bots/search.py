"""What the hard bots share: the search budget, sampling hidden cards, and picking a
move from sampled scores without being fooled by noise."""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import NamedTuple

from rummyhall.bots.base import DEFAULT_BUDGET

SEARCH_SHARE = 0.95
"""Share of the budget the sampling may use: reading the view and building the
candidates before it take time too."""
SWITCH_Z = 1.0
"""How sure a search must be (in standard errors) to overrule the rule-based choice."""
SETTLED_Z = 3.0
"""How far ahead (in standard errors) the best candidate must be of every other for a
search on a budget to stop early (:func:`settled`)."""
INDIFFERENT = 0.02
"""A difference in mean score too small to matter, by default (for the Gin bot, a hand's
value: 1% of a won hand); candidates known to be this close leave the choice settled."""


Stop = Callable[[Sequence[Sequence[float]]], bool]
"""A rule on the scores so far (one list per candidate) by which a search may answer
before its fixed number of samples."""


class Searcher:
    """A seeded bot that searches for ``budget`` seconds per move, or over exactly
    ``simulations`` samples (then its decisions depend on ``seed`` alone)."""

    first_check = 64
    """Samples after which a search on a budget first asks whether its choice is
    :func:`settled` (again at every doubling)."""
    indifferent = INDIFFERENT
    """A difference in this bot's mean scores too small to matter (:func:`settled`)."""
    stops_settled = False
    """Whether a search of a fixed number of simulations too answers once its choice is
    :func:`settled` (a review's first look: its decisions then still depend on the seed
    alone, the samples being counted, not timed)."""
    stops_when: Stop | None = None
    """Or another rule on the scores by which such a search may answer early (a
    review's second look)."""

    def __init__(
        self, seed: int = 0, budget: float = DEFAULT_BUDGET, simulations: int | None = None
    ) -> None:
        self.seed = seed
        self.budget = budget
        self.simulations = simulations
        self.rng = random.Random(seed)
        self.started = 0.0

    def start_clock(self) -> None:
        """The move's thinking starts now (called first thing in ``act``)."""
        self.started = time.perf_counter()

    def samples(self) -> Iterator[int]:
        """Counts samples until the fixed number is reached or the budget would be
        overrun: another sample starts only if, at the mean pace so far, it ends in time.
        The budget counts from :meth:`start_clock`. At least one sample is always taken."""
        began = time.perf_counter()
        deadline = min(began, self.started or began) + SEARCH_SHARE * self.budget
        done = 0
        while done < (self.simulations or 1) or (
            self.simulations is None
            and time.perf_counter() + (time.perf_counter() - began) / done < deadline
        ):
            yield done
            done += 1

    def deadline(self) -> float | None:
        """When the move's share of the budget ends, as a ``time.perf_counter()`` value;
        ``None`` when the search is a fixed number of simulations (then nothing depends
        on the clock)."""
        if self.simulations is not None:
            return None
        return self.started + SEARCH_SHARE * self.budget

    @contextmanager
    def sampling(self, seed: int, simulations: int, stops_when: Stop) -> Iterator[None]:
        """Within: ``simulations`` samples a search, drawn afresh from ``seed``, fewer only
        where ``stops_when`` says so (a review's second look at a loss); the bot's own
        settings are back after."""
        kept = self.simulations, self.stops_settled, self.stops_when
        self.rng = random.Random(seed)
        self.simulations, self.stops_settled, self.stops_when = simulations, False, stops_when
        try:
            yield
        finally:
            self.simulations, self.stops_settled, self.stops_when = kept

    def answered(self, samples: int, scores: Callable[[], Sequence[Sequence[float]]]) -> bool:
        """Whether a search on a budget may answer now, after ``samples`` samples: its
        choice is :func:`settled` on ``scores()`` (one list per candidate; computed only
        when asked), asked at :attr:`first_check` samples and every doubling. With a fixed
        number of simulations only where :attr:`stops_settled` says so, or by the rule
        :attr:`stops_when`, asked at the same counts."""
        if samples < self.first_check or samples & (samples - 1):
            return False
        if self.simulations is not None and self.stops_when is not None:
            return self.stops_when(scores())
        return (self.simulations is None or self.stops_settled) and settled(
            scores(), self.indifferent
        )


def batch_means(scores: Sequence[Sequence[float]], size: int) -> list[list[float]]:
    """Each candidate's scores averaged over consecutive batches of ``size`` samples (the
    last one maybe shorter): for samples drawn by a Markov chain, which are alike in a
    row, the batch means are near independent, so :func:`chosen` and :func:`settled` on
    them do not overstate how sure a comparison is.

    >>> batch_means([[1, 3, 5, 7, 9]], 2)
    [[2.0, 6.0, 9.0]]
    """
    return [
        [statistics.fmean(row[i : i + size]) for i in range(0, len(row), size)] for row in scores
    ]


def leader(scores: Sequence[Sequence[float]]) -> int:
    """The candidate with the best mean score (the first on ties)."""
    return max(range(len(scores)), key=lambda i: sum(scores[i]))


def paired_gap(worse: Sequence[float], better: Sequence[float]) -> tuple[float, float] | None:
    """The mean of ``better - worse`` over the same samples and its standard error, or
    ``None`` below two samples."""
    differences = [b - a for a, b in zip(worse, better, strict=True)]
    if len(differences) < 2:
        return None
    error = statistics.stdev(differences) / math.sqrt(len(differences))
    return statistics.fmean(differences), error


class Appraisal(NamedTuple):
    """What a search found of one candidate: its mean score, how far the best candidate's
    mean is above it (``loss``, the mean of the paired differences over the same samples;
    0 for the best) and that loss's standard error (infinite below two samples, 0 for the
    best). A review reads these (:mod:`rummyhall.review`); :func:`chosen` decides on them."""

    mean: float
    loss: float
    error: float


def appraised_against(worse: Sequence[float], better: Sequence[float]) -> Appraisal:
    """``worse``'s :class:`Appraisal` against ``better`` over the same samples, whichever
    has the better mean (a loss below 0 then): the loss of a move fixed in advance, which
    no choice among noisy means has inflated.

    >>> [round(x, 2) for x in appraised_against([1, 2, 3], [5, 6, 8])]
    [2.0, 4.33, 0.33]
    >>> appraised_against([2], [1])
    Appraisal(mean=2.0, loss=-1.0, error=inf)
    """
    gap = paired_gap(worse, better)
    if gap is None:
        loss = statistics.fmean(b - a for a, b in zip(worse, better, strict=True))
        return Appraisal(statistics.fmean(worse), loss, math.inf)
    return Appraisal(statistics.fmean(worse), *gap)


def appraise(scores: Sequence[Sequence[float]]) -> list[Appraisal]:
    """Each candidate's :class:`Appraisal` against the one with the best mean score.

    >>> [tuple(round(x, 2) for x in a) for a in appraise([[1, 2, 3], [5, 6, 8]])]
    [(2.0, 4.33, 0.33), (6.33, 0.0, 0.0)]
    >>> appraise([[0], [5]])[0]
    Appraisal(mean=0.0, loss=5.0, error=inf)
    """
    best = leader(scores)
    appraisals = []
    for index, row in enumerate(scores):
        mean = statistics.fmean(row)
        if index == best:
            appraisals.append(Appraisal(mean, 0.0, 0.0))
        else:
            appraisals.append(appraised_against(row, scores[best]))
    return appraisals


def chosen(scores: Sequence[Sequence[float]]) -> int:
    """The candidate with the best mean score, unless it beats candidate 0 (the
    rule-based choice) by less than :data:`SWITCH_Z` standard errors of their paired
    difference: with few samples, noise would otherwise pick a worse move about as often
    as a better one. A single sample never overrules.

    >>> chosen([[1, 2, 3], [5, 6, 7]]), chosen([[0, 10], [10, 0]]), chosen([[0, 9], [2, 8]])
    (1, 0, 0)
    >>> chosen([[0], [5]])
    0
    """
    rule = appraise(scores)[0]
    return leader(scores) if rule.loss > SWITCH_Z * rule.error else 0


def settled(scores: Sequence[Sequence[float]], indifferent: float = INDIFFERENT) -> bool:
    """Whether more samples would hardly change the choice: the candidate with the best
    mean beats every other by more than :data:`SETTLED_Z` standard errors of their paired
    difference, or is within ``indifferent`` of it at that confidence (a search on a
    budget stops there and answers at once).

    >>> settled([[1, 2, 3, 2], [0, 0, 1, 0]]), settled([[1, 2, 3, 2], [0, 3, 1, 0]])
    (True, False)
    >>> settled([[1, 0] * 50, [1, 0] * 49 + [1, 0.1]])
    True
    """
    best = leader(scores)
    for other in range(len(scores)):
        if other == best:
            continue
        gap = paired_gap(scores[other], scores[best])
        if gap is None:
            return False
        mean, error = gap
        margin = SETTLED_Z * error
        if margin >= mean and mean + margin >= indifferent:
            return False
    return True


def odds(
    card: int, related: Callable[[int, int], bool], evidence: Sequence[tuple[Iterable[int], float]]
) -> float:
    """Relative odds that an unseen ``card`` is in the opponent's hand: each of his public
    cards it could meld with multiplies them by the factor of its evidence (picked up:
    likelier; thrown or let go: less likely).

    >>> odds(5, lambda a, b: abs(a - b) <= 1, [([4, 9], 2.0), ([6], 0.5)])
    1.0
    """
    weight = 1.0
    for cards, factor in evidence:
        for other in cards:
            if related(card, other):
                weight *= factor
    return weight
