"""What a review says, as values: each decision of the seat with every legal move's
value and loss, the move's mark, and the seat's accuracy over the game; and its JSON,
which a game record may carry (docs/records.md)."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import Any

from rummyhall.actions import JSON, Action, action_from_json
from rummyhall.errors import NotationError

FORMAT = 1
"""The version of a review's JSON shape (:meth:`Review.to_json`): a reader refuses a
review of a format it does not know."""
ENGINE = 5
"""The version of what a review says: raised whenever a change to the review, the hard
bots' search or the solvers would change the values or marks of some game. A review of
another engine is stale: the server computes it again, ``rummyhall review`` does not
reuse it."""

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
            "error": error_json(self.error),
        }

    @classmethod
    def from_json(cls, data: Any) -> Option:
        return cls(
            action_from_json(data["action"]),
            float(data["value"]),
            float(data["loss"]),
            error_from_json(data["error"]),
        )


def error_json(error: float) -> float | None:
    """A standard error in JSON: ``null`` where the search drew too few batches of
    worlds to measure it (infinite: no loss counts then), which JSON cannot say."""
    return round(error, 3) if math.isfinite(error) else None


def error_from_json(data: Any) -> float:
    return math.inf if data is None else float(data)


@dataclass(frozen=True)
class ReviewedMove:
    """A decision of the reviewed seat: ``move`` is the index of the action in the
    record's log, ``part`` the hand, deal or round it was in (0 the first), ``before``
    the public facts a move is read against (Gin: the ``top`` discard a take would take;
    Rummikub: the ``table`` the play changes); ``options`` the moves weighed, best first,
    the one played among them (``played``); ``facts`` what the solver says exactly of
    the move (Gin, a throw: the ``deadwood`` it left and the ``least`` any throw could;
    Rummikub: the tiles it ``placed`` and the ``most`` any play could), ``best_facts``
    the same of the best move (the why of a better move); ``mark`` is ``inaccuracy``,
    ``mistake``, ``blunder`` or ``None``; ``accuracy`` in per cent."""

    move: int
    part: int
    before: JSON
    played: Option
    options: tuple[Option, ...]
    facts: JSON
    best_facts: JSON
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
            "error": error_json(self.played.error),
            "facts": self.facts,
            "best_facts": self.best_facts,
            "mark": self.mark,
            "accuracy": round(self.accuracy, 1),
            "options": [option.to_json() for option in self.options],
        }

    @classmethod
    def from_json(cls, data: Any) -> ReviewedMove:
        options = tuple(Option.from_json(option) for option in data["options"])
        played = action_from_json(data["played"])
        return cls(
            move=int(data["move"]),
            part=int(data["part"]),
            before=dict(data["before"]),
            played=next(option for option in options if option.action == played),
            options=options,
            facts=dict(data["facts"]),
            best_facts=dict(data["best_facts"]),
            mark=data["mark"],
            accuracy=float(data["accuracy"]),
        )


@dataclass(frozen=True)
class Review:
    """The review of one seat's game: ``unit`` says what the values are in (:data:`UNITS`),
    ``worlds`` how many sampled worlds valued each decision, ``accuracy`` the seat's
    accuracy over the game in per cent (``None`` without a decision to judge),
    ``engine`` the :data:`ENGINE` that computed it."""

    game: str
    seat: int
    unit: str
    worlds: int
    moves: tuple[ReviewedMove, ...]
    accuracy: float | None
    engine: int = ENGINE

    @property
    def marks(self) -> dict[str, int]:
        """How many moves got each mark."""
        counted = Counter(move.mark for move in self.moves if move.mark)
        return {mark: counted[mark] for mark in ("inaccuracy", "mistake", "blunder")}

    def to_json(self) -> JSON:
        return {
            "format": FORMAT,
            "engine": self.engine,
            "game": self.game,
            "seat": self.seat,
            "unit": self.unit,
            "worlds": self.worlds,
            "accuracy": None if self.accuracy is None else round(self.accuracy, 1),
            "marks": self.marks,
            "moves": [move.to_json() for move in self.moves],
        }

    @classmethod
    def from_json(cls, data: Any) -> Review:
        """A review as :meth:`to_json` wrote it; a :class:`NotationError` names what is
        wrong with one that is not."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            found = data.get("format") if isinstance(data, dict) else data
            raise NotationError(f"a review is an object of format {FORMAT}, not {found!r}")
        try:
            moves = tuple(ReviewedMove.from_json(move) for move in data["moves"])
            accuracy = data["accuracy"]
            return cls(
                game=str(data["game"]),
                seat=int(data["seat"]),
                unit=str(data["unit"]),
                worlds=int(data["worlds"]),
                moves=moves,
                accuracy=None if accuracy is None else float(accuracy),
                engine=int(data["engine"]),
            )
        except (KeyError, TypeError, ValueError, StopIteration, NotationError) as error:
            raise NotationError(f"a review that does not read: {error!r}") from None
