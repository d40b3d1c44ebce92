"""Reviews carried in a game record (docs/records.md, ``reviews``): written beside the
log, read back without computing them again. A record with reviews replays exactly as
the same record without: loading it ignores them."""

from __future__ import annotations

from collections.abc import Iterable

from rummyhall.actions import JSON
from rummyhall.errors import NotationError
from rummyhall.review.model import ENGINE, Review


def with_reviews(record: JSON, reviews: Iterable[Review]) -> JSON:
    """``record`` carrying ``reviews`` (one per seat, in seat order), beside any it
    carried for other seats."""
    kept = {one.seat: one.to_json() for one in carried(record).values()}
    kept.update({one.seat: one.to_json() for one in reviews})
    if not kept:
        return record
    return {**record, "reviews": [kept[seat] for seat in sorted(kept)]}


def carried(record: JSON) -> dict[int, Review]:
    """The reviews ``record`` carries, by seat (none without a ``reviews`` field); a
    :class:`NotationError` for a field that does not read or one about another game."""
    found = record.get("reviews")
    if found is None:
        return {}
    if not isinstance(found, list):
        raise NotationError("a record's reviews are a list (docs/records.md)")
    reviews = [Review.from_json(one) for one in found]
    for one in reviews:
        if one.game != record.get("game"):
            game = record.get("game")
            raise NotationError(f"the record of a {game} game carries a {one.game} review")
    return {one.seat: one for one in reviews}


def reusable(record: JSON, worlds: int) -> dict[int, Review]:
    """The reviews ``record`` carries that a review at ``worlds`` would compute again
    the same (today's :data:`~rummyhall.review.model.ENGINE`, as many worlds), by seat."""
    return {
        seat: one
        for seat, one in carried(record).items()
        if one.engine == ENGINE and one.worlds == worlds
    }
