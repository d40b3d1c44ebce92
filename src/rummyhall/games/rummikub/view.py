"""What a seat of Rummikub sees, as types: ``RummikubState.view`` returns a
:class:`RummikubView` and the bots read a :class:`RummikubSeatView`, so mypy checks every
key they read."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal, NotRequired, TypedDict

from rummyhall.view import HistoryEntry, MatchInfo, View

if TYPE_CHECKING:  # typing.ReadOnly is Python 3.13's; the annotations are never evaluated
    from typing_extensions import ReadOnly


class RummikubResult(TypedDict):
    """How a round ended (also the ``part_over`` event)."""

    outcome: str | None
    """``out`` (RKB-8) or ``blocked`` (RKB-9)."""
    winners: list[int]
    rack_totals: list[int]
    racks: list[list[str]]
    """Each seat's rack as the round ended, laid open to be counted."""
    scores: list[int]


class RummikubPartFacts(TypedDict):
    """What a round's entry in the match's history says beyond the shared words
    (``RummikubMatch._score_part``)."""

    first: int
    result: RummikubResult | None


class RummikubHistoryEntry(HistoryEntry, RummikubPartFacts):
    pass


class RummikubMatchFacts(TypedDict):
    """What a Rummikub match's view says beyond the shared words (``RummikubMatch._facts``)."""

    rounds: int


class RummikubMatchInfo(MatchInfo, RummikubMatchFacts):
    part: ReadOnly[Literal["round"]]
    history: ReadOnly[Sequence[RummikubHistoryEntry]]


class RummikubView(View):
    """``RummikubState.view(seat)``: ``seat`` and ``rack`` are ``None`` for a spectator."""

    game: ReadOnly[Literal["rummikub"]]
    players: int
    rack: ReadOnly[list[str] | None]
    rack_counts: list[int]
    table: list[list[str]]
    pool_count: int
    melded: list[bool]
    """Per seat, whether it has made its initial meld (RKB-4)."""
    passes: int
    """Consecutive passes with the pool empty (RKB-9)."""
    result: ReadOnly[RummikubResult | None]
    match: ReadOnly[NotRequired[RummikubMatchInfo]]


class RummikubSeatView(RummikubView):
    """A player's view, as a bot or a hint reads it: its seat and rack are known."""

    seat: ReadOnly[int]
    rack: ReadOnly[list[str]]
