"""A finished game reviewed for one seat: its decisions replayed from the record, the
moves valued by the game's hard bot, the move played marked by its loss."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from rummyhall.actions import JSON, Action
from rummyhall.bots.search import Appraisal, Stop
from rummyhall.errors import NotationError
from rummyhall.review.gin import GinAppraiser
from rummyhall.review.indian import IndianAppraiser
from rummyhall.review.marks import (
    THRESHOLDS,
    clearly_below,
    counted_loss,
    game_accuracy,
    mark,
    move_accuracy,
)
from rummyhall.review.model import Option, Review, ReviewedMove
from rummyhall.review.positions import Position, checked, decisions
from rummyhall.review.rummikub import RummikubAppraiser

Progress = Callable[[int, int], None]
"""Told ``(done, total)`` decisions as the review goes."""


class Appraiser(Protocol):
    """A game's valuation of a seat's decisions, by its hard bot's search: the unit of
    its values (``pp`` or ``points``, :data:`~rummyhall.review.model.UNITS`; the raw
    chances of ``pp`` are turned into per cent here), what a unit is worth in percentage
    points for the accuracy, the solver's exact facts on a move, and every move weighed
    (the one played among them) with its :class:`Appraisal`; and the second look at a
    loss (:func:`judged`): the move played against the best over fresh worlds, its
    :class:`Appraisal` against it (a loss below 0 where the played one did better).
    The first look may stop sampling early where the choice is settled; the second
    where ``stop`` says so."""

    worlds: int
    """Sampled worlds per decision unless the review says otherwise."""

    def __init__(self, worlds: int) -> None: ...
    def unit(self, view: Any) -> str: ...
    def pp_per_unit(self, view: Any) -> float: ...
    def facts(self, view: Any, legal: Sequence[Action], played: Action) -> JSON: ...
    def appraise(
        self, view: Any, legal: Sequence[Action], played: Action, seed: int
    ) -> list[tuple[Action, Appraisal]]: ...
    def confirm(
        self, view: Any, played: Action, best: Action, seed: int, worlds: int, stop: Stop
    ) -> Appraisal: ...


APPRAISERS: dict[str, type[Appraiser]] = {
    "gin": GinAppraiser,
    "indian": IndianAppraiser,
    "rummikub": RummikubAppraiser,
}
"""The games a review knows, by name."""

CONFIRMING = 2
"""How many times the first look's worlds the second look at a loss samples (:func:`judged`)."""


def decision_seed(record_seed: int, position: Position, seat: int, look: str = "review") -> int:
    """The seed of one decision's sampling, from the game's seed, the part, the move, the
    seat and the ``look`` (``review`` the first, ``confirm`` the second): the same game
    always gets the same review, no decision's worlds depend on how many were drawn
    before it, and the second look's worlds are not the first's."""
    text = f"{look}:{record_seed}:{position.part}:{position.move}:{seat}"
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big") >> 1


def sampled_worlds(game: str, worlds: int | None = None) -> int:
    """The worlds a review of ``game`` samples a decision: ``worlds``, by default the
    game's; a :class:`NotationError` for a game not reviewed yet or fewer than two."""
    if game not in APPRAISERS:
        raise NotationError(f"no review for {game} yet (reviewed: {', '.join(APPRAISERS)})")
    found = APPRAISERS[game].worlds if worlds is None else worlds
    if not isinstance(found, int) or isinstance(found, bool) or found < 2:
        raise NotationError(f"a review samples at least 2 worlds a decision, not {found!r}")
    return found


def review(
    record: JSON, seat: int, *, worlds: int | None = None, progress: Progress | None = None
) -> Review:
    """The review of ``seat`` (0 the first) in the finished game ``record``
    (docs/records.md), decision by decision, each valued over ``worlds`` sampled worlds
    (by default the game's: 512 in Gin, 32 in Rummikub); docs/review.md says what is
    valued and how moves are marked. A record that does not replay, a seat the game does
    not have, a game not finished or not reviewed yet is a :class:`NotationError`, before
    anything is computed."""
    checked(record, seat)
    game = str(record["game"])
    worlds = sampled_worlds(game, worlds)
    positions = list(decisions(record, seat))
    appraiser = APPRAISERS[game](worlds)
    moves = []
    unit = "points"
    for done, position in enumerate(positions):
        first, second = (
            decision_seed(int(record["seed"]), position, seat, look)
            for look in ("review", "confirm")
        )
        moves.append(judged(appraiser, position, first, second, CONFIRMING * worlds))
        unit = appraiser.unit(position.view)
        if progress is not None:
            progress(done + 1, len(positions))
    accuracy = game_accuracy([move.accuracy for move in moves])
    return Review(game, seat, unit, worlds, tuple(moves), accuracy)


def judged(
    appraiser: Appraiser, position: Position, seed: int, confirm_seed: int, confirm_worlds: int
) -> ReviewedMove:
    """One decision: its moves valued in the review's unit, best first, the one played
    marked by its loss. The loss is looked at twice: the first look values every move
    (``seed``) and the best of their means is the move recommended; where the played one
    lost beyond the noise there, a second look plays just the two again over
    ``confirm_worlds`` fresh worlds (``confirm_seed``; fewer where the loss is clearly
    below any mark, :func:`~rummyhall.review.marks.clearly_below`), and its value, loss,
    mark and accuracy are that look's: the first one's, the largest of several noisy means, is
    too large by the very noise that made it the largest (docs/review.md, "Two looks")."""
    view = position.view
    unit = appraiser.unit(view)
    scale = 100.0 if unit == "pp" else 1.0
    options = sorted(
        (
            Option(action, found.mean * scale, found.loss * scale, found.error * scale)
            for action, found in appraiser.appraise(view, position.legal, position.played, seed)
        ),
        key=lambda option: option.loss,
    )
    played = next(option for option in options if option.action == position.played)
    best = options[0]
    if counted_loss(played.loss, played.error) > 0:
        least = clearly_below(THRESHOLDS[view["game"]][unit]["inaccuracy"] / scale)
        found = appraiser.confirm(
            view, played.action, best.action, confirm_seed, confirm_worlds, least
        )
        loss = max(0.0, found.loss * scale)
        played = Option(played.action, found.mean * scale, loss, found.error * scale)
        options = sorted(
            (played if option.action == played.action else option for option in options),
            key=lambda option: option.loss,
        )
    counted = counted_loss(played.loss, played.error)
    return ReviewedMove(
        move=position.move,
        part=position.part,
        before=position.before,
        played=played,
        options=tuple(options),
        facts=appraiser.facts(view, position.legal, position.played),
        best_facts=appraiser.facts(view, position.legal, best.action),
        mark=mark(view["game"], unit, played.loss, played.error),
        accuracy=move_accuracy(counted * appraiser.pp_per_unit(view)),
    )
