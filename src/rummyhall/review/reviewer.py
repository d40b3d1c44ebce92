"""A finished game reviewed for one seat: its decisions replayed from the record, every
legal move valued by the game's hard bot, the move played marked by its loss."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from rummyhall.actions import JSON, Action
from rummyhall.bots.search import Appraisal
from rummyhall.errors import NotationError
from rummyhall.review.gin import GinAppraiser
from rummyhall.review.marks import counted_loss, game_accuracy, mark, move_accuracy
from rummyhall.review.model import Option, Review, ReviewedMove
from rummyhall.review.positions import Position, checked, decisions

WORLDS = 512
"""Sampled worlds per decision: 64 batches of eight for the Gin search's standard
errors, a hand reviewed in one to three seconds (``bench/review_losses.py``)."""

Progress = Callable[[int, int], None]
"""Told ``(done, total)`` decisions as the review goes."""


class Appraiser(Protocol):
    """A game's valuation of a seat's decisions (:class:`~rummyhall.review.gin.GinAppraiser`)."""

    def __init__(self, worlds: int) -> None: ...
    def unit(self, view: Any) -> str: ...
    def pp_per_unit(self, view: Any) -> float: ...
    def appraise(
        self, view: Any, legal: Sequence[Action], seed: int
    ) -> list[tuple[Action, Appraisal]]: ...


APPRAISERS: dict[str, type[Appraiser]] = {"gin": GinAppraiser}
"""The games a review knows, by name."""


def decision_seed(record_seed: int, position: Position, seat: int) -> int:
    """The seed of one decision's sampling, from the game's seed, the part, the move and
    the seat: the same game always gets the same review, and no decision's worlds depend
    on how many were drawn before it."""
    text = f"review:{record_seed}:{position.part}:{position.move}:{seat}"
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big") >> 1


def review(
    record: JSON, seat: int, *, worlds: int = WORLDS, progress: Progress | None = None
) -> Review:
    """The review of ``seat`` (0 the first) in the finished game ``record``
    (docs/records.md), decision by decision: docs/review.md says what is valued and how
    moves are marked. A record that does not replay, a seat the game does not have or a
    game not finished is a :class:`NotationError`, before anything is computed."""
    checked(record, seat)
    game = str(record["game"])
    if game not in APPRAISERS:
        raise NotationError(f"no review for {game} yet (reviewed: {', '.join(APPRAISERS)})")
    if not isinstance(worlds, int) or worlds < 2:
        raise NotationError(f"a review samples at least 2 worlds a decision, not {worlds!r}")
    positions = list(decisions(record, seat))
    appraiser = APPRAISERS[game](worlds)
    moves = []
    unit = "points"
    for done, position in enumerate(positions):
        unit = appraiser.unit(position.view)
        seed = decision_seed(int(record["seed"]), position, seat)
        found = appraiser.appraise(position.view, position.legal, seed)
        options = sorted(
            (Option(action, *appraisal) for action, appraisal in found),
            key=lambda option: option.loss,
        )
        played = next(option for option in options if option.action == position.played)
        counted = counted_loss(played.loss, played.error)
        moves.append(
            ReviewedMove(
                move=position.move,
                part=position.part,
                top=(position.view.get("discard_pile") or [None])[-1],
                played=played,
                options=tuple(options),
                mark=mark(game, unit, played.loss, played.error),
                accuracy=move_accuracy(counted * appraiser.pp_per_unit(position.view)),
            )
        )
        if progress is not None:
            progress(done + 1, len(positions))
    accuracy = game_accuracy([move.accuracy for move in moves])
    return Review(game, seat, unit, worlds, tuple(moves), accuracy)
