"""Indian Rummy formats over several deals (IND-14, IND-15).

* ``points``: one deal; the winner pays nothing, each loser his penalty.
* ``pool101`` / ``pool201``: deals repeat and penalties add up; a player whose total
  exceeds 101 (201) is out; the last player left wins. Drops cost 20/40 in Pool 101 and
  25/50 in Pool 201.
* ``deals``: a fixed number of deals (default 2). Everyone starts with 80 × deals chips;
  after each deal the winner takes each loser's penalty in chips. Most chips wins; equal
  chips share the win.

When the stock runs out (IND-13) a Points deal is void, while Pools and Deals shuffle the
discard pile (all but its top card) into a new stock, as the formats page says: "牌堆用完：
把弃牌堆洗匀后再用". ``reshuffle_on_empty`` chooses either way in any format.

The match is itself a :class:`GameState`: actions go to the deal in progress, and the
next deal is dealt at once, the dealer moving to the next player still in (IND-15).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rummyhall.actions import JSON
from rummyhall.arguments import check_options, quoted, whole_number
from rummyhall.errors import NotationError
from rummyhall.game import GameState, Match
from rummyhall.games.indian.formats import FORMATS, POOL_LIMITS, drop_penalties, reshuffles
from rummyhall.games.indian.state import IndianState
from rummyhall.games.indian.view import IndianMatchFacts, IndianPartFacts, IndianView
from rummyhall.rng import Rng


class IndianMatch(Match[IndianView]):
    """A Points deal, a Pool 101/201 or a Deals match for 2–6 players."""

    game = "indian"
    part = "deal"
    over_rule = "IND-14"

    def __init__(
        self,
        *,
        seed: int,
        players: int = 2,
        format: str = "pool101",
        deals: int = 2,
        joker_from_discard: bool = False,
        manual_declaration: bool = False,
        reshuffle_on_empty: bool | None = None,
    ) -> None:
        if format not in FORMATS:
            raise NotationError(f"unknown format {format!r} (choose from {', '.join(FORMATS)})")
        if not 2 <= whole_number(players, "players") <= 6:
            raise NotationError(f"Indian Rummy seats 2 to 6 players, not {players!r} (IND-1)")
        if whole_number(deals, "deals") < 1:
            raise NotationError("a Deals match plays at least one deal")
        self.seed = seed
        self.players = players
        self.format = format
        self.deals = deals
        self.rules: dict[str, Any] = {
            "joker_from_discard": joker_from_discard,
            "manual_declaration": manual_declaration,
            "reshuffle_on_empty": reshuffles(format, reshuffle_on_empty),
        }
        self.legal_actions_complete = not manual_declaration
        self._rng = Rng(seed)
        self._begin()  # totals: the penalties added up (pools)
        self.chips = [80 * deals] * players if format == "deals" else [0] * players
        self.out: list[bool] = [False] * players  # eliminated from a pool
        self.deal = self._new_deal(self._rng.below(players))

    def _new_deal(self, dealer: int) -> IndianState:
        first, middle = drop_penalties(self.format)
        return IndianState(
            seed=self._rng.derive(),
            players=self.players,
            dealer=dealer,
            seated=[s for s in range(self.players) if not self.out[s]],
            first_drop=first,
            middle_drop=middle,
            **self.rules,
        )

    # ----------------------------------------------------------------- state API

    @property
    def current(self) -> GameState:
        return self.deal

    @property
    def scores(self) -> list[int]:
        """Chips in a Deals match; otherwise minus the penalties so far."""
        if self.format == "deals":
            return list(self.chips)
        return [-t for t in self.totals]

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def options(self) -> JSON:
        return {"players": self.players, "format": self.format, "deals": self.deals, **self.rules}

    def _score_part(self) -> IndianPartFacts:
        deal = self.deal
        penalties = deal.penalties
        for seat in range(self.players):
            self.totals[seat] += penalties[seat]
        for winner in deal.winners if self.format == "deals" else ():  # none if void
            for seat in range(self.players):
                if seat != winner:
                    self.chips[seat] -= penalties[seat]
                    self.chips[winner] += penalties[seat]
        limit = POOL_LIMITS.get(self.format)
        eliminated = []
        if limit is not None:
            for seat in range(self.players):
                if not self.out[seat] and self.totals[seat] > limit:
                    self.out[seat] = True
                    eliminated.append(seat)
        return {
            "dealer": deal.dealer,
            "outcome": deal.outcome,
            "winners": deal.winners,
            "penalties": list(penalties),
            "chips": list(self.chips),
            "eliminated": eliminated,
        }

    def _decided(self) -> list[int] | None:
        if self.format == "points":
            return self.deal.winners  # a void deal has no winner
        if self.format == "deals":
            if len(self.history) < self.deals:
                return None
            best = max(self.chips)
            return [s for s in range(self.players) if self.chips[s] == best]
        left = [s for s in range(self.players) if not self.out[s]]
        return left if len(left) == 1 else None

    def _deal_next(self) -> int:
        self.deal = self._new_deal(self._next_dealer(self.deal.dealer))
        return self.deal.dealer

    def _next_dealer(self, dealer: int) -> int:
        for step in range(1, self.players + 1):
            seat = (dealer + step) % self.players
            if not self.out[seat]:
                return seat
        raise AssertionError("nobody left to deal")

    def _facts(self) -> IndianMatchFacts:
        return {
            "format": self.format,
            "deals": self.deals if self.format == "deals" else None,
            "limit": POOL_LIMITS.get(self.format),
            "chips": list(self.chips) if self.format == "deals" else None,
            "out": list(self.out),
        }


def new_deal(*, seed: int, deck: Sequence[str] | None = None, **options: Any) -> IndianState:
    """``new_game("indian", …)``: one deal, under the Points format's rules (IND-14: drops
    of 20/40; IND-13: an empty stock voids the deal unless ``reshuffle_on_empty``). The
    other formats are matches: ``new_match("indian", format=…)``."""
    if "format" in options:
        raise NotationError(
            "an Indian deal has no format: the formats of IND-14 are matches, "
            f"new_match('indian', format={quoted(options['format'])})"
        )
    fixed = ("first_drop", "middle_drop")  # IND-14: the format sets them
    check_options(IndianState, options, "an Indian Points deal", fixed)
    first, middle = drop_penalties("points")
    return IndianState(seed=seed, deck=deck, first_drop=first, middle_drop=middle, **options)


def load(data: JSON) -> GameState:
    """Load a saved Indian Rummy deal or match (``to_json`` output)."""
    kind = data.get("kind", "deal")
    if kind == "match":
        return IndianMatch.from_json(data)
    if kind == "deal":
        return IndianState.from_json(data)
    raise NotationError(f"unknown kind of saved Indian Rummy game: {kind!r}")
