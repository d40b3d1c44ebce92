"""What a seat of Gin Rummy sees, as types: ``GinState.view`` returns a :class:`GinView`
and the bots read a :class:`GinSeatView`, so mypy checks every key they read."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal, NotRequired, TypedDict

from rummyhall.actions import JSON
from rummyhall.view import HistoryEntry, MatchInfo, View

if TYPE_CHECKING:  # typing.ReadOnly is Python 3.13's; the annotations are never evaluated
    from typing_extensions import ReadOnly


class GinResult(TypedDict):
    """How a hand ended (also the ``part_over`` event): a cancelled hand (GIN-14) has
    only its outcome, no winners and zero scores."""

    outcome: str
    """``gin``, ``knock``, ``undercut`` or ``cancelled``."""
    winners: list[int]
    """The seat that scored the hand (none when cancelled)."""
    scores: list[int]
    knocker: NotRequired[int | None]
    multiplier: NotRequired[int]
    settlement: NotRequired[JSON]
    """``Settlement.to_json``: both hands laid out, the lay-offs and the points."""


class GinPartFacts(TypedDict):
    """What a hand's entry in the match's history says beyond the shared words
    (``GinMatch._score_part``)."""

    dealer: int
    result: GinResult | None


class GinHistoryEntry(HistoryEntry, GinPartFacts):
    pass


class GinMatchFacts(TypedDict):
    """What a Gin match's view says beyond the shared words (``GinMatch._facts``)."""

    target: int


class GinMatchInfo(MatchInfo, GinMatchFacts):
    part: ReadOnly[Literal["hand"]]
    history: ReadOnly[Sequence[GinHistoryEntry]]


class GinView(View):
    """``GinState.view(seat)``: ``seat`` and ``hand`` are ``None`` for a spectator."""

    game: ReadOnly[Literal["gin"]]
    mode: str
    dealer: int
    phase: Literal["offer", "draw", "discard", "over"]
    hand: ReadOnly[list[str] | None]
    hand_sizes: list[int]
    stock_count: int
    discard_pile: list[str]
    """Bottom to top."""
    first_upcard: str
    knock_limit: int
    multiplier: int
    taken_from_discard: str | None
    """The card just taken from the discard pile, which may not be thrown back (GIN-4)."""
    picked_up: list[list[str]]
    result: ReadOnly[GinResult | None]
    match: ReadOnly[NotRequired[GinMatchInfo]]


class GinSeatView(GinView):
    """A seated player's view, as a bot or a hint reads it: its seat and hand are known."""

    seat: ReadOnly[int]
    hand: ReadOnly[list[str]]
