"""Ratings: every finished rated match moves its players' ratings in its game.

The model is OpenSkill's Plackett–Luce (the ``openskill`` package; Weng and Lin, 2011):
a Bayesian rating of a skill ``mu`` and its uncertainty ``sigma`` that rates the 2–6
players of one match at once from their order, ties included, and needs no fixed
player count as Elo's pairs do. It is the model lichess-style free sites use for more
than two players, and it is fast enough to run inside the match's finishing transaction.

A match is rated when its room is (not casual: the host's or quick pairing's choice;
rooms older than the choice are rated) and every seat is a person (no bot, no one in two
seats); matches against bots are counted apart (``against`` in the results). A match
where one of the people never made a move of his own is aborted, and not rated. The
order is the match's winners first, tied, then everyone else, tied, then those who left
for good (the away bot played their seat to the end), tied: the games' scores mean
different things (a Gin total, an Indian penalty), and who won is what every game agrees
on. A new player starts at ``mu`` 25, ``sigma`` 25/3. What is shown and ranked is the
conservative estimate ``mu − 3·sigma`` scaled, :func:`shown`: 1000 at the start, rising
as results come and the uncertainty shrinks. While ``sigma`` is above
:data:`PROVISIONAL_SIGMA` the rating is provisional (shown with a "?", as rating sites
mark theirs): it says little yet.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
START = (MODEL.mu, MODEL.sigma)
"""A new player's ``mu`` and ``sigma``."""
BASE, SCALE = 1000, 40
PROVISIONAL_SIGMA = 0.75 * MODEL.sigma
"""``sigma`` above which a rating is provisional: three quarters of a new player's
(6.25). Two-player matches take about ten to bring it there (each shrinks ``sigma`` by
some 3 %), matches of more players fewer; lichess marks a Glicko rating provisional
likewise while its deviation is high."""


def shown(mu: float, sigma: float) -> int:
    """The rating shown and ranked: ``BASE + SCALE × (mu − 3·sigma)``."""
    return round(BASE + SCALE * (mu - 3 * sigma))


def skill(mu: float) -> int:
    """The rating quick pairing pairs by: the skill estimate ``mu`` on the shown scale,
    with a new player's uncertainty, ``BASE + SCALE × (mu − 3·sigma₀)``: 1000 for a new
    player as shown, but a newcomer is not paired below a player who has lost often
    (whose shown rating rises as his ``sigma`` shrinks, whatever his ``mu``)."""
    return round(BASE + SCALE * (mu - 3 * START[1]))


def provisional(sigma: float) -> bool:
    """Whether a rating of uncertainty ``sigma`` is still provisional."""
    return sigma > PROVISIONAL_SIGMA


def is_rated(rows: Sequence[Mapping[str, Any]], rated: bool) -> bool:
    """Whether a finished match moves ratings: its room chose ``rated`` (not casual), and
    its result rows (one per seat) are people, each in one seat."""
    if not rated:
        return False
    players = [row.get("player_id") for row in rows]
    people = all(row.get("player_id") is not None and row.get("bot") is None for row in rows)
    return people and len(rows) >= 2 and len(set(players)) == len(players)


def rate(before: Sequence[tuple[float, float]], places: Sequence[int]) -> list[tuple[float, float]]:
    """Each seat's ``(mu, sigma)`` after a match, from those before and each seat's
    place (1: won; 2: did not; 3: left for good; equal places tie)."""
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    after = MODEL.rate(teams, ranks=list(places))
    return [(team[0].mu, team[0].sigma) for team in after]
