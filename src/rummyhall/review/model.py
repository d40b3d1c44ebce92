"""What a review says, as values: each decision of the seat with every legal move's
value and loss, the move's mark, and the seat's accuracy over the game."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from rummyhall.actions import JSON, Action

UNITS = {"pp": "percentage points of the chance to win the match", "points": "points"}
"""The units a review's values are in: ``pp`` where a match is played (its values are
the chance to win the match, in per cent), ``points`` in a single hand, deal or round
(its values are the expected points)."""


@dataclass(frozen=True)
class Option:
    """One legal move at a decision: its value (the search's mean, in the review's unit),
    how much less it is worth than the best move (``loss``, 0 for the best) and that
    loss's standard error (the search's noise)."""

    action: Action
    value: float
    loss: float
    error: float

    def to_json(self) -> JSON:
        return {
            "action": self.action.to_json(),
            "value": round(self.value, 3),
            "loss": round(self.loss, 3),
            "error": round(self.error, 3),
        }


@dataclass(frozen=True)
class ReviewedMove:
    """A decision of the reviewed seat: ``move`` is the index of the action in the
    record's log, ``part`` the hand, deal or round it was in (0 the first), ``before``
    the public facts a move is read against (Gin: the ``top`` discard a take would take;
    Rummikub: the ``table`` the play changes); ``options`` the moves weighed, best first,
    the one played among them (``played``); ``facts`` what the solver says exactly of
    the move (Gin, a throw: the ``deadwood`` it left and the ``least`` any throw could;
    Rummikub: the tiles it ``placed`` and the ``most`` any play could); ``mark``
    is ``inaccuracy``, ``mistake``, ``blunder`` or ``None``; ``accuracy`` in per cent."""

    move: int
    part: int
    before: JSON
    played: Option
    options: tuple[Option, ...]
    facts: JSON
    mark: str | None
    accuracy: float

    @property
    def best(self) -> Option:
        return self.options[0]

    def to_json(self) -> JSON:
        return {
            "move": self.move,
            "part": self.part,
            "before": self.before,
            "played": self.played.action.to_json(),
            "best": self.best.action.to_json(),
            "loss": round(self.played.loss, 3),
            "error": round(self.played.error, 3),
            "facts": self.facts,
            "mark": self.mark,
            "accuracy": round(self.accuracy, 1),
            "options": [option.to_json() for option in self.options],
        }


@dataclass(frozen=True)
class Review:
    """The review of one seat's game: ``unit`` says what the values are in (:data:`UNITS`),
    ``worlds`` how many sampled worlds valued each decision, ``accuracy`` the seat's
    accuracy over the game in per cent (``None`` without a decision to judge)."""

    game: str
    seat: int
    unit: str
    worlds: int
    moves: tuple[ReviewedMove, ...]
    accuracy: float | None

    @property
    def marks(self) -> dict[str, int]:
        """How many moves got each mark."""
        counted = Counter(move.mark for move in self.moves if move.mark)
        return {mark: counted[mark] for mark in ("inaccuracy", "mistake", "blunder")}

    def to_json(self) -> JSON:
        return {
            "game": self.game,
            "seat": self.seat,
            "unit": self.unit,
            "worlds": self.worlds,
            "accuracy": None if self.accuracy is None else round(self.accuracy, 1),
            "marks": self.marks,
            "moves": [move.to_json() for move in self.moves],
        }
