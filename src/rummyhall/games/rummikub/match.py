"""A Rummikub match: a fixed number of rounds whose scores add up (RKB-8, RKB-9).

docs/rulebook.md scores one round; a match sums the rounds' scores (a round's scores sum to zero,
so the totals do too) and the highest total wins, equal highest totals sharing the win.
The starting player is drawn by the seed for the first round and moves one seat on each
round; by default a match has as many rounds as players, so every seat starts once.

The match is itself a :class:`GameState`: actions go to the round in progress, and when a
round ends the next one is dealt at once. Each round's seed comes from the match's seeded
generator, so the match replays from its seed and its flat action log.
"""

from __future__ import annotations

from typing import Any

from rummyhall.actions import JSON
from rummyhall.arguments import whole_number
from rummyhall.errors import NotationError
from rummyhall.game import GameState, Match
from rummyhall.games.rummikub.state import RummikubState
from rummyhall.games.rummikub.view import RummikubMatchFacts, RummikubPartFacts, RummikubView
from rummyhall.rng import Rng


class RummikubMatch(Match[RummikubView]):
    """``rounds`` rounds of Rummikub for 2–4 players (default: one round per player)."""

    game = "rummikub"
    part = "round"
    over_rule = "RKB-8"
    legal_actions_complete = False

    def __init__(
        self, *, seed: int, players: int = 2, rounds: int | None = None, first: int | None = None
    ) -> None:
        if not 2 <= whole_number(players, "players") <= 4:
            raise NotationError(f"Rummikub seats 2 to 4 players, not {players!r} (RKB-1)")
        self.rounds = players if rounds is None else whole_number(rounds, "rounds")
        if self.rounds < 1:
            raise NotationError(f"a match has at least one round, not {rounds!r}")
        if first is not None and not 0 <= whole_number(first, "first") < players:
            raise NotationError(f"first must be a seat 0…{players - 1}, not {first!r}")
        self.seed = seed
        self.players = players
        self._rng = Rng(seed)
        drawn = self._rng.below(players)  # drawn either way, so a given seat replays alike
        self.first = drawn if first is None else first
        self._begin()
        self.round = self._deal()

    def _deal(self) -> RummikubState:
        starter = (self.first + len(self.history)) % self.players
        return RummikubState(seed=self._rng.derive(), players=self.players, first=starter)

    # ----------------------------------------------------------------- state API

    @property
    def current(self) -> GameState:
        return self.round

    @property
    def scores(self) -> list[int]:
        return list(self.totals)

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def options(self) -> JSON:
        return {"players": self.players, "rounds": self.rounds, "first": self.first}

    def _score_part(self) -> RummikubPartFacts:
        for seat, points in enumerate(self.round.scores):
            self.totals[seat] += points
        return {"first": self.round.first, "result": self.round.view(None)["result"]}

    def _decided(self) -> list[int] | None:
        if len(self.history) < self.rounds:
            return None
        best = max(self.totals)
        return [seat for seat in range(self.players) if self.totals[seat] == best]

    def _deal_next(self) -> int:
        self.round = self._deal()
        return self.round.first

    def _facts(self) -> RummikubMatchFacts:
        return {"rounds": self.rounds}


def load(data: JSON) -> GameState:
    """Load a saved Rummikub round or match (``to_json`` output)."""
    kind: Any = data.get("kind", "round")
    if kind == "match":
        return RummikubMatch.from_json(data)
    if kind == "round":
        return RummikubState.from_json(data)
    raise NotationError(f"unknown kind of saved Rummikub game: {kind!r}")
