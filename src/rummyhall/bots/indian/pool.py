"""Playing for the pool, not the deal (IND-14): the Indian hard bot's drops in Pool
101 and 201 are judged by the chance to win the pool.

In a pool a deal's penalty is not money lost but a step towards elimination (a total
over 101, or 201): 20 more points cost nothing to a player at 0 whose opponent is at
0, and everything to a player at 85. So between two players still in, the bot values a
position by :func:`win_chance`, the chance to win the pool from the two totals, as a
match-equity table does: each later deal won by either player alike, its loser paying
a penalty drawn from what the hard bot's deals against the zoo measured
(``indian/pool_table.py``, written by ``bench/indian_pool.py``). At a turn where it may
drop, it drops when the pool chance after the drop beats the chance of playing the hand
on (:func:`drop_pays`): the measured odds of winning a deal from the hand's distance to
a declaration at that stage, and the measured penalties it then pays or collects.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from functools import lru_cache

from rummyhall.bots.indian.pool_table import LOSER_PENALTY, LOST_BY_DISTANCE, PLAYED_ON, WON_FROM
from rummyhall.games.indian.formats import drop_penalties
from rummyhall.games.indian.view import IndianSeatView

FIRST_DROP, MIDDLE_DROP = -1, -2
"""The tables' keys for a first and a middle drop (IND-11): each format prices them."""
STAGES = (0, 1, 3, 5, 8, 12)
"""A turn's stage is the index of the last of these at or below the player's draws so
far (stage 0: his first turn, where a drop is a first drop)."""
FARTHEST = max(far for far, _ in PLAYED_ON)
"""The tables' last distance bin: this far from a declaration or farther."""
PRIOR_DEALS = 4
"""How many deals' worth a cell's prior counts (:func:`deal_odds`)."""
FEWEST_LOSSES = 30
"""Losses measured at a distance below this are pooled with the nearer distances'
(:func:`losses_at`)."""

Shares = list[tuple[int, float]]
"""A distribution of penalties: (points, probability) pairs."""


def penalty_bin(points: int) -> int:
    """A penalty rounded to 5 (at least 5: a loss is never free), as the tables hold it.

    >>> penalty_bin(2), penalty_bin(22), penalty_bin(23), penalty_bin(80)
    (5, 20, 25, 80)
    """
    return max(5, (points + 2) // 5 * 5)


def stage_of(view: IndianSeatView) -> int:
    """How far the deal has gone for the seat to play: the index in :data:`STAGES` of
    its draws so far."""
    seat = view["seat"]
    draws = sum(move["type"] == "draw" and move["seat"] == seat for move in view["moves"])
    return max(i for i, least in enumerate(STAGES) if draws >= least)


def shares(counts: Mapping[int, int], drops: tuple[int, int]) -> Shares:
    """Counts of penalties as probabilities, a drop priced at the format's ``drops``
    (first, middle)."""
    total = sum(counts.values())
    price = {FIRST_DROP: drops[0], MIDDLE_DROP: drops[1]}
    return [(price.get(points, points), n / total) for points, n in counts.items()]


@lru_cache(maxsize=64)
def equity(
    limit: int, loss: tuple[tuple[int, float], ...], mine: int, his: int
) -> tuple[tuple[float, ...], ...]:
    """The chance to win a 2-player pool from the totals ``mine + i * step`` and ``his +
    j * step`` (up to ``limit``; ``step`` the greatest common divisor of the penalties,
    so these are the totals the two can reach), indexed ``[i][j]``: each deal is won by
    either player with probability 1/2, its loser paying a penalty drawn from ``loss``
    (positive points); a player whose total exceeds ``limit`` is out. Exact: totals only
    grow, so every position depends on positions with more points alone."""
    step = math.gcd(*(points for points, _ in loss))
    moves = [(points // step, share) for points, share in loss]
    rows, columns = (limit - mine) // step + 1, (limit - his) // step + 1
    chance = [[0.0] * columns for _ in range(rows)]
    for i in range(rows - 1, -1, -1):
        row = chance[i]
        for j in range(columns - 1, -1, -1):
            value = 0.0
            for steps, share in moves:
                value += share * (row[j + steps] if j + steps < columns else 1.0)
                value += share * (chance[i + steps][j] if i + steps < rows else 0.0)
            row[j] = value / 2
    return tuple(tuple(row) for row in chance)


def win_chance(mine: int, his: int, limit: int, drops: tuple[int, int]) -> float:
    """The chance to win a 2-player pool to ``limit`` (drops priced ``drops``) from the
    totals ``mine`` and ``his``: 0 once out, 1 once he is."""
    if mine > limit:
        return 0.0
    if his > limit:
        return 1.0
    loss = loser_pays(drops)
    step = math.gcd(*(points for points, _ in loss))
    table = equity(limit, loss, mine % step, his % step)
    return table[mine // step][his // step]


@lru_cache(maxsize=4)
def loser_pays(drops: tuple[int, int]) -> tuple[tuple[int, float], ...]:
    """What the loser of a deal pays, as measured, drops priced ``drops``."""
    return tuple(sorted(shares(LOSER_PENALTY, drops)))


def play_on_chance(
    mine: int, his: int, limit: int, drops: tuple[int, int], far: int, stage: int
) -> float:
    """The chance to win the pool by playing this deal on with a hand ``far`` from a
    declaration at ``stage``: the odds of winning the deal from there
    (:func:`deal_odds`), then the pool from the totals after it, with the penalties
    measured for such deals."""
    far = min(far, FARTHEST)
    wins = deal_odds(far, stage)
    collect = sum(
        share * win_chance(mine, his + points, limit, drops)
        for points, share in shares(WON_FROM, drops)
    )
    pay = sum(
        share * win_chance(mine + points, his, limit, drops)
        for points, share in shares(losses_at(far), drops)
    )
    return wins * collect + (1 - wins) * pay


@lru_cache(maxsize=128)
def deal_odds(far: int, stage: int) -> float:
    """The chance to win a deal played on from a hand ``far`` from a declaration at
    ``stage`` (``far`` at most :data:`FARTHEST`): the measured share, with
    :data:`PRIOR_DEALS` deals added at the prior, the lesser odds of a hand one card
    nearer at this stage and of this hand one stage earlier (a hand is no better for
    being farther, or later); the first cell's prior is the share of all the deals. So a
    cell seldom met leans to its neighbours, and never rises above them for luck."""
    nearer = [deal_odds(f, g) for f, g in ((far - 1, stage), (far, stage - 1)) if f > 0 <= g]
    if nearer:
        prior = min(nearer)
    else:
        prior = sum(won for _, won in PLAYED_ON.values()) / sum(
            played for played, _ in PLAYED_ON.values()
        )
    played, won = PLAYED_ON.get((far, stage), (0, 0))
    return (won + PRIOR_DEALS * prior) / (played + PRIOR_DEALS)


@lru_cache(maxsize=16)
def losses_at(far: int) -> Mapping[int, int]:
    """The penalties measured in deals lost from a hand ``far`` from a declaration, with
    the nearer distances' added while fewer than :data:`FEWEST_LOSSES` are counted (the
    farthest hands are seldom met)."""
    counts: Counter[int] = Counter()
    for distance in range(far, 0, -1):
        counts.update(LOST_BY_DISTANCE.get(distance, {}))
        if counts.total() >= FEWEST_LOSSES:
            break
    return counts


def pool_of(view: IndianSeatView) -> tuple[int, int, int, tuple[int, int]] | None:
    """My total, the other player's, the pool's limit and its drop prices, when the view
    is of a pool with two players left in the deal (else ``None``: the deal is judged as
    in Points)."""
    match = view.get("match")
    if match is None or match["limit"] is None:
        return None
    seat = view["seat"]
    others = [s for s, status in enumerate(view["seats"]) if s != seat and status == "playing"]
    if len(others) != 1:
        return None
    totals = match["totals"]
    return totals[seat], totals[others[0]], match["limit"], drop_penalties(match["format"])


def drop_pays(view: IndianSeatView, far: int) -> bool | None:
    """Whether dropping now (its price in ``view["drop_penalty"]``) gives a better chance
    to win the pool than playing on a hand ``far`` from a declaration; ``None`` outside
    a 2-player pool position (:func:`pool_of`)."""
    pool = pool_of(view)
    if pool is None:
        return None
    mine, his, limit, drops = pool
    price = view["drop_penalty"][view["seat"]]
    dropped = win_chance(mine + price, his, limit, drops)
    return dropped > play_on_chance(mine, his, limit, drops, far, stage_of(view))
