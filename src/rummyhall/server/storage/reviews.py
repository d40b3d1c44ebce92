"""Reviews of finished matches as the database keeps them (``match_reviews``): one row
per match, seat and review engine, inserted whole or not at all."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from rummyhall.server.storage import models
from rummyhall.server.storage.database import Database


@dataclass(frozen=True)
class ReviewSubject:
    """What deciding whether a match may be reviewed needs: its game, its status
    (``playing``, ``finished`` …), its seats as they started (``{"player": id}``, ``{"bot":
    level}``) and whether its room is public."""

    game: str
    status: str
    seats: list[Any]
    public: bool


class ReviewRecords:
    """Reviews kept and read back, and the facts a review request is checked against."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def subject(self, match_id: str) -> ReviewSubject | None:
        """The match ``match_id`` as a review request sees it, ``None`` if there is none."""
        with self.db.sessions() as session:
            found = session.execute(
                select(models.Match, models.Room.public)
                .join(models.Room, models.Room.id == models.Match.room_id)
                .where(models.Match.id == match_id)
            ).first()
        if found is None:
            return None
        match, public = found
        return ReviewSubject(match.game, match.status, list(match.seats), bool(public))

    def stored(self, match_id: str, seat: int, engine: int) -> dict[str, Any] | None:
        """The review of ``seat`` in ``match_id`` by ``engine``, if it was computed."""
        with self.db.sessions() as session:
            row = session.get(models.MatchReview, (match_id, seat, engine))
            return None if row is None else dict(row.review)

    def keep(self, match_id: str, seat: int, engine: int, review: dict[str, Any]) -> None:
        """Keep a computed review, in one commit. Idempotent: a review another process
        kept first stays (the same engine computes the same review)."""
        try:
            with self.db.transaction("keep_review") as session:
                session.add(
                    models.MatchReview(match_id=match_id, seat=seat, engine=engine, review=review)
                )
        except IntegrityError:
            if self.stored(match_id, seat, engine) is None:
                raise
