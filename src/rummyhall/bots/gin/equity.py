"""What a Gin hand's result is worth in a match: the chance to win the match from the
totals after it (a match-equity table), so that the hard bot plays for matches, not hands.

A match to 100 is won by points, and a hand's points differ widely (a knock for 3, gin
for 40, an undercut for 30): a bot that only counts hands won knocks at once, is undercut
and gives away the big hands. Valued by the match, a knock for a few points near the
start is worth little against the risk of an undercut, and one that ends the match is
worth everything.

The table is exact for a given law of how hands end (:class:`HandOutcomes`): the chance
that the dealer's opponent, or the dealer, wins a hand by so many points, or that it is
cancelled (GIN-14). That law is measured once by the engine, strong rule players
against each other over many hands (``bench/gin_outcomes.py`` writes
``outcomes.json``, shipped beside this module), per mode (Oklahoma's knock limits
and doubled spade hands end hands otherwise). From it, the chance to win the match from
every pair of totals and every dealer follows by dynamic programming (totals only grow;
the winner of a scored hand deals the next one, a cancelled hand is dealt again by the
same dealer, GIN-1), once per target and mode: a few milliseconds compiled
(``gin/_playout.c``), some tenths of a second in Python.
"""

from __future__ import annotations

import json
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from operator import mul
from pathlib import Path

from rummyhall.bots.gin.playout import COMPILED_EQUITY

OUTCOMES_FILE = Path(__file__).with_name("outcomes.json")
"""The measured laws of how hands end, per mode (``bench/gin_outcomes.py``)."""


@dataclass(frozen=True)
class HandOutcomes:
    """How a hand of Gin ends, by who dealt it: ``by_dealer[p]`` and ``by_other[p]`` are
    the chances that the dealer or his opponent wins it by ``p`` points, ``cancelled`` the
    chance that nobody scores (GIN-14)."""

    by_dealer: tuple[float, ...]
    by_other: tuple[float, ...]
    cancelled: float

    @classmethod
    def from_counts(cls, counts: dict[str, object]) -> HandOutcomes:
        """From measured counts: ``dealer`` and ``other`` map points (as strings, JSON's
        keys) to hands won by that many, ``cancelled`` counts the rest."""
        dealer, other = counts["dealer"], counts["other"]
        cancelled = counts["cancelled"]
        assert isinstance(dealer, dict) and isinstance(other, dict)
        assert isinstance(cancelled, int)
        total = sum(dealer.values()) + sum(other.values()) + cancelled
        top = max(int(p) for p in [*dealer, *other])

        def law(wins: dict[str, int]) -> tuple[float, ...]:
            chances = [0.0] * (top + 1)
            for points, hands in wins.items():
                chances[int(points)] = hands / total
            return tuple(chances)

        return cls(law(dealer), law(other), cancelled / total)


@cache
def measured_outcomes(mode: str) -> HandOutcomes:
    """The shipped law of how hands of ``mode`` end."""
    counts = json.loads(OUTCOMES_FILE.read_text())[mode]
    return HandOutcomes.from_counts(counts)


class MatchEquity:
    """The chance to win a match to ``target`` from any totals, for hands ending as
    ``outcomes`` says: ``equity(mine, theirs, dealing)``, ``dealing`` whether the player
    whose chance it is deals the next hand."""

    def __init__(self, target: int, outcomes: HandOutcomes) -> None:
        self.target = target
        scored = 1.0 - outcomes.cancelled  # a cancelled hand is dealt again: same totals
        laws = (
            array("d", [p / scored for p in outcomes.by_dealer]),
            array("d", [p / scored for p in outcomes.by_other]),
        )
        self._table: Sequence[float]
        if COMPILED_EQUITY is None:
            self._table = reference_table(target, laws)
        else:
            self._table = memoryview(COMPILED_EQUITY(target, *map(bytes, laws))).cast("d")

    def __call__(self, mine: int, theirs: int, dealing: bool) -> float:
        """The chance that the player with ``mine`` points beats the one with ``theirs``
        (1 once he has reached the target, 0 once the other has)."""
        if mine >= self.target:
            return 1.0
        if theirs >= self.target:
            return 0.0
        return self._table[((not dealing) * self.target + theirs) * self.target + mine]

    def after_hand(self, mine: int, theirs: int, dealing: bool, points: int) -> float:
        """The chance to win the match after a hand scored ``points`` for this player
        (negative: for the opponent; zero: cancelled, the same dealer deals again)."""
        if points > 0:
            return self(mine + points, theirs, True)
        if points < 0:
            return self(mine, theirs - points, False)
        return self(mine, theirs, dealing)


def reference_table(target: int, laws: tuple[Sequence[float], Sequence[float]]) -> list[float]:
    """The table by dynamic programming over the totals, highest first (they only grow):
    ``table[(d * target + theirs) * target + mine]``, ``d`` 0 when the player with
    ``mine`` deals the next hand, 1 when his opponent does; ``laws`` the chances that the
    dealer, and his opponent, win a scored hand by each number of points. The winner of a
    hand deals the next (GIN-1). Compiled as ``_playout.equity``."""
    table = [0.0] * (2 * target * target)
    for theirs in range(target - 1, -1, -1):
        for mine in range(target - 1, -1, -1):
            for dealing in (0, 1):
                win, loss = laws[dealing], laws[1 - dealing]
                value = sum(win[target - mine :])  # his win ends the match
                row = theirs * target  # he wins: he deals next, d = 0
                value += sum(map(mul, win[1 : target - mine], table[row + mine + 1 : row + target]))
                # the opponent wins: he deals next, d = 1 from this player's side
                value += sum(
                    chance * table[(target + theirs + q) * target + mine]
                    for q, chance in enumerate(loss[1 : target - theirs], start=1)
                )
                table[(dealing * target + theirs) * target + mine] = value
    return table


@cache
def match_equity(mode: str, target: int) -> MatchEquity:
    """The match-equity table of a match of ``mode`` to ``target``, built at first use."""
    return MatchEquity(target, measured_outcomes(mode))
