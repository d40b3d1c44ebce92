"""A Gin match: hands until a player reaches the target (GIN-1, GIN-8, GIN-9, GIN-15).

The match is itself a :class:`GameState`: actions go to the hand in progress, and when a
hand ends the next one is dealt at once — by the winner of a scored hand, by the same
dealer after a cancelled one (GIN-1). Each hand's seed comes from the match's seeded
generator, so the match replays from its seed and its flat action log.
"""

from __future__ import annotations

from typing import Any

from rummyhall.actions import JSON
from rummyhall.arguments import whole_number
from rummyhall.errors import NotationError
from rummyhall.game import GameState, Match
from rummyhall.games.gin.solver import checked_knock_limit
from rummyhall.games.gin.state import MODES, GinState
from rummyhall.games.gin.view import GinMatchFacts, GinPartFacts, GinView
from rummyhall.rng import Rng

TARGETS = {"standard": 100, "oklahoma": 150}


class GinMatch(Match[GinView]):
    """Hands of Gin to 100 (standard) or 150 (Oklahoma); modern scoring only (GIN-15).
    ``knock_limit`` fixes GIN-7's limit for every hand (a house rule)."""

    game = "gin"
    part = "hand"
    over_rule = "GIN-15"

    def __init__(
        self,
        *,
        seed: int,
        mode: str = "standard",
        target: int | None = None,
        knock_limit: int | None = None,
    ) -> None:
        if mode not in MODES:
            raise NotationError(f"unknown Gin mode {mode!r} (choose from {', '.join(MODES)})")
        self.seed = seed
        self.mode = mode
        self.knock_limit = None if knock_limit is None else checked_knock_limit(knock_limit)
        """A house rule's GIN-7 limit for every hand (``None``: the mode's)."""
        self.target = TARGETS[mode] if target is None else whole_number(target, "target")
        if self.target <= 0:
            raise NotationError("the match target must be positive")
        self._rng = Rng(seed)
        self._begin()
        self.hand = self._deal(self._rng.below(2))  # GIN-1: first dealer at random

    def _deal(self, dealer: int) -> GinState:
        return GinState(
            seed=self._rng.derive(), mode=self.mode, dealer=dealer, knock_limit=self.knock_limit
        )

    # ----------------------------------------------------------------- state API

    @property
    def current(self) -> GameState:
        return self.hand

    @property
    def scores(self) -> list[int]:
        return list(self.totals)

    @property
    def num_players(self) -> int:
        return 2

    @property
    def options(self) -> JSON:
        """Options beyond the mode are recorded only when set (older records stay alike)."""
        house = {} if self.knock_limit is None else {"knock_limit": self.knock_limit}
        return {"mode": self.mode, "target": self.target, **house}

    def _score_part(self) -> GinPartFacts:
        hand = self.hand
        for seat, points in enumerate(hand.scores):
            self.totals[seat] += points
        return {"dealer": hand.dealer, "result": hand.view(None)["result"]}

    def _decided(self) -> list[int] | None:
        leader = max((0, 1), key=lambda s: self.totals[s])
        return [leader] if self.totals[leader] >= self.target else None

    def _deal_next(self) -> int:
        # GIN-1: the winner of a scored hand deals next; a cancelled hand is redealt.
        hand = self.hand
        dealer = hand.winners[0] if hand.winners else hand.dealer
        self.hand = self._deal(dealer)
        return dealer

    def _facts(self) -> GinMatchFacts:
        return {"target": self.target}


def load(data: JSON) -> GameState:
    """Load a saved Gin hand or match (``to_json`` output)."""
    kind: Any = data.get("kind", "hand")
    if kind == "match":
        return GinMatch.from_json(data)
    if kind == "hand":
        return GinState.from_json(data)
    raise NotationError(f"unknown kind of saved Gin game: {kind!r}")
