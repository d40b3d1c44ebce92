"""What a seat of Indian Rummy sees, as types: ``IndianState.view`` returns an
:class:`IndianView` and the bots read an :class:`IndianSeatView`, so mypy checks every
key they read."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal, NotRequired, TypedDict

from rummyhall.actions import JSON
from rummyhall.view import HistoryEntry, MatchInfo, View

if TYPE_CHECKING:  # typing.ReadOnly is Python 3.13's; the annotations are never evaluated
    from typing_extensions import ReadOnly

SeatStatus = Literal["playing", "out", "dropped", "wrong show", "declared"]
"""Where a seat stands in the deal (``state.Seat``)."""


class IndianResult(TypedDict):
    """How a deal ended (also the ``part_over`` event)."""

    outcome: str | None
    """``declared``, ``last player`` or ``void``."""
    winners: list[int]
    """The seat that declared or was left last (none on a void deal, IND-13)."""
    penalties: list[int]
    declaration: list[JSON] | None
    """The winner's melds (``{"kind", "cards"}``) after a valid declaration."""
    hands: dict[str, JSON]
    """The losers' hands as laid out at a declaration, by seat (``Arrangement.to_json``)."""
    indicator: str
    wild_rank: str
    """The deal's own cut joker and wild rank: a result is drawn with them, not with the
    next deal's (which the view already shows when the event arrives)."""


class IndianPartFacts(TypedDict):
    """What a deal's entry in the match's history says beyond the shared words
    (``IndianMatch._score_part``)."""

    dealer: int
    outcome: str | None
    winners: list[int]
    penalties: list[int]
    chips: list[int]
    eliminated: list[int]


class IndianHistoryEntry(HistoryEntry, IndianPartFacts):
    pass


class IndianMatchFacts(TypedDict):
    """What an Indian match's view says beyond the shared words (``IndianMatch._facts``)."""

    format: str
    deals: int | None
    limit: int | None
    chips: list[int] | None
    out: list[bool]


class IndianMatchInfo(MatchInfo, IndianMatchFacts):
    part: ReadOnly[Literal["deal"]]
    history: ReadOnly[Sequence[IndianHistoryEntry]]


class IndianView(View):
    """``IndianState.view(seat)``: ``seat`` is ``None`` for a spectator, and ``hand`` too
    for him or a seat not dealt in."""

    game: ReadOnly[Literal["indian"]]
    players: int
    dealer: int
    phase: Literal["draw", "discard", "over"]
    hand: ReadOnly[list[str] | None]
    hand_sizes: list[int]
    seats: list[SeatStatus]
    stock_count: int
    discard_pile: list[str]
    """Bottom to top."""
    indicator: str
    wild_rank: str
    joker_from_discard: bool
    manual_declaration: bool
    taken_from_discard: str | None
    picked_up: list[list[str]]
    drop_penalty: list[int]
    """Per seat, what dropping now would cost (IND-11)."""
    result: ReadOnly[IndianResult | None]
    match: ReadOnly[NotRequired[IndianMatchInfo]]


class IndianSeatView(IndianView):
    """A player's view, as a bot or a hint reads it: its seat and hand are known."""

    seat: ReadOnly[int]
    hand: ReadOnly[list[str]]
