"""Removing what is past its time (docs/privacy.md): chat lines older than their
retention, and finished games among guests only, with their closed rooms.

Every process of a site runs the rounds, and a round may die at any moment: each step is
one transaction that leaves the database whole (a match goes with its log, results,
rating history and reviews, or stays), and a step only removes what is past its time, so running it
again, or on two processes at once, removes nothing more. On PostgreSQL the rows a step
takes are locked with ``SKIP LOCKED``, so two processes take different batches instead
of waiting on each other (SQLite has one writer at a time).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, exists, select
from sqlalchemy.orm import Session, aliased

from rummyhall.server.storage import models
from rummyhall.server.storage.database import Database

BATCH = 200
"""Matches (or rooms) one transaction removes at most: a long backlog is removed in
short transactions that hold no lock for long."""


def expire_chat(session: Session, before: datetime) -> int:
    """Remove the chat lines written before ``before``; how many."""
    gone = session.execute(delete(models.ChatLine).where(models.ChatLine.at < before))
    return int(gone.rowcount)  # type: ignore[attr-defined]


def expire_guest_matches(session: Session, before: datetime) -> int:
    """Remove up to :data:`BATCH` matches finished before ``before``, in closed rooms,
    at which nobody has an account (their results say who sat); how many."""
    seat = aliased(models.Result)
    with_account = exists().where(
        seat.match_id == models.Match.id,
        models.Account.player_id == seat.player_id,
    )
    due = session.scalars(
        select(models.Match.id)
        .join(models.Room, models.Room.id == models.Match.room_id)
        .where(
            models.Match.status == "finished",
            models.Match.finished_at < before,
            models.Room.status == "closed",
            ~with_account,
        )
        .order_by(models.Match.id)
        .limit(BATCH)
        .with_for_update(of=models.Match, skip_locked=True)
    ).all()
    if not due:
        return 0
    for table, column in (
        (models.ActionRecord, models.ActionRecord.match_id),
        (models.Result, models.Result.match_id),
        (models.RatingChange, models.RatingChange.match_id),
        (models.MatchReview, models.MatchReview.match_id),
        (models.Match, models.Match.id),
    ):
        session.execute(delete(table).where(column.in_(due)))
    return len(due)


def expire_empty_rooms(session: Session, before: datetime) -> int:
    """Remove up to :data:`BATCH` rooms closed before ``before`` that no match is left
    in, with their chat lines, invitations and room requests; how many."""
    due = session.scalars(
        select(models.Room.id)
        .where(
            models.Room.status == "closed",
            models.Room.updated_at < before,
            ~exists().where(models.Match.room_id == models.Room.id),
        )
        .order_by(models.Room.id)
        .limit(BATCH)
        .with_for_update(skip_locked=True)
    ).all()
    if not due:
        return 0
    codes = select(models.Room.code).where(models.Room.id.in_(due))
    session.execute(delete(models.Invitation).where(models.Invitation.room_code.in_(codes)))
    for table, column in (
        (models.ChatLine, models.ChatLine.room_id),
        (models.RoomCreation, models.RoomCreation.room_id),
        (models.Room, models.Room.id),
    ):
        session.execute(delete(table).where(column.in_(due)))
    return len(due)


class RetentionRecords:
    """The steps of a round, one transaction each."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def expire_chat(self, before: datetime) -> int:
        """:func:`expire_chat`, one transaction."""
        with self.db.transaction("expire_chat") as session:
            return expire_chat(session, before)

    def expire_guest_games(self, before: datetime) -> int:
        """Matches among guests over before ``before``, then the closed rooms left
        empty, a batch a transaction until none is left; how many matches."""
        removed = 0
        while True:
            with self.db.transaction("expire_guest_games") as session:
                matches = expire_guest_matches(session, before)
            removed += matches
            if matches < BATCH:
                break
        while True:
            with self.db.transaction("expire_guest_games") as session:
                rooms = expire_empty_rooms(session, before)
            if rooms < BATCH:
                return removed
