"""The keys every game's view shares, as types: each game's view (``GinView``, …, in
its folder) extends :class:`View`, so code that serves every game reads these keys
checked. Imports nothing of the state API, so the bots may use it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from rummyhall.actions import JSON

if TYPE_CHECKING:  # typing.ReadOnly is Python 3.13's; the annotations are never evaluated
    from typing_extensions import ReadOnly


class HistoryEntry(TypedDict):
    """One finished part in a match's ``history`` (each game's entry adds its own facts)."""

    number: int
    scores: list[int]
    totals: list[int]
    """Per seat, the match's totals after this part."""


class MatchInfo(TypedDict):
    """A match view's ``match``: the words every game's match shares (``game.Match``);
    each game's type narrows ``part`` and ``history`` and adds its facts (``_facts``)."""

    part: ReadOnly[str]
    number: int
    """The part in progress, counted from 1 (the last one once the match is over)."""
    history: ReadOnly[Sequence[HistoryEntry]]
    totals: list[int]
    winners: list[int]


class View(TypedDict):
    """The keys every game's view has (``GinView``, ``IndianView``, ``RummikubView``
    name the rest); read-only where a game's view narrows them."""

    game: ReadOnly[str]
    seat: ReadOnly[int | None]
    """The seat the view is for, ``None`` for a spectator."""
    current_player: int | None
    turn: int
    moves: list[JSON]
    """The part's events so far (``Event.to_json``)."""
    result: ReadOnly[Mapping[str, Any] | None]
    """How the part ended, ``None`` until then."""
    scores: list[int]
    match: ReadOnly[NotRequired[MatchInfo]]
    """Only in a match's view: the part's view plus where the match stands."""
