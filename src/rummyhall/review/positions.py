"""The decisions a review judges: the record replayed, and every position where the
reviewed seat chose among several legal moves, as that seat saw it then."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from rummyhall.actions import JSON, Action, action_from_json
from rummyhall.errors import NotationError
from rummyhall.game import GameState
from rummyhall.registry import load, load_start


@dataclass(frozen=True)
class Position:
    """A decision of the seat: the index of the action it played in the record's log,
    the part (hand, deal, round) it was in, its view then, the legal moves and the one
    played."""

    move: int
    part: int
    view: Any
    legal: list[Action]
    played: Action

    @property
    def before(self) -> JSON:
        """The public facts a move is read against: the top discard (what a take takes),
        or the table (what a play changes)."""
        if "table" in self.view:
            return {"table": self.view["table"]}
        pile = self.view.get("discard_pile") or [None]
        return {"top": pile[-1]}


def checked(record: JSON, seat: object) -> GameState:
    """The finished game of ``record`` for a review of ``seat`` (0 the first), or a
    :class:`NotationError` naming what is wrong: a record that does not replay, a seat the
    game does not have, a game not finished. Nothing is computed before these checks."""
    if not isinstance(record, dict):
        raise NotationError("a game record is a JSON object (docs/records.md)")
    try:
        state = load(record)
    except NotationError as error:
        raise NotationError(f"the record does not replay: {error}") from None
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise NotationError(f"the seat is a number, not {seat!r}")
    if not 0 <= seat < state.num_players:
        raise NotationError(
            f"no seat {seat + 1} in this game: its seats are 1 to {state.num_players}"
        )
    if not state.is_over:
        raise NotationError(
            f"the game is not finished (it stops after {len(record['log'])} moves): "
            "only a finished game is reviewed"
        )
    return state


def decisions(record: JSON, seat: int) -> Iterator[Position]:
    """The seat's decisions in a checked record (:func:`checked`), in order of play; a
    position with a single legal move is no decision."""
    state = load_start(record)
    for index, entry in enumerate(record["log"]):
        if state.current_player == seat:
            legal = state.legal_actions()
            if len(legal) > 1:
                view = state.view(seat)
                match = view.get("match")
                part = len(match["history"]) if match else 0
                yield Position(index, part, view, legal, action_from_json(entry))
        state.apply_json(entry)
