"""Rooms as the database keeps them: saved and created (with a creation's idempotency
key), and read back with their latest match and its log to be played again."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import bindparam, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from rummyhall.server.storage import models
from rummyhall.server.storage.database import Database
from rummyhall.server.storage.models import now
from rummyhall.server.storage.records import Creation, StoredMatch, StoredRoom

OPEN_STATUSES = ("waiting", "playing", "finished")


CODE_TAKEN = select(models.Room.id).where(models.Room.code == bindparam("code"))
"""A room that has (or had) a code: every new room's is looked up."""


class RoomRecords:
    """Rooms; each method that writes is one transaction."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def save_room(self, room: StoredRoom) -> None:
        """Insert or update a room's own row (not its matches)."""
        with self.db.transaction("save_room") as session:
            merge_room(session, room)

    def create_room(self, room: StoredRoom, creation: Creation) -> str:
        """Insert a new room opened by a keyed request, with its key, in one commit; the
        id of the room that key opened: this one, or the one another process (or a
        request before a crash) committed first, in which case nothing is written."""
        try:
            with self.db.transaction("save_room") as session:
                merge_room(session, room)
                session.flush()  # the room row first: the key refers to it
                session.add(
                    models.RoomCreation(
                        host_id=room.host_id,
                        key=creation.key,
                        room_id=room.id,
                        digest=creation.digest,
                    )
                )
        except IntegrityError:
            found = self.room_created(room.host_id, creation.key)
            if found is None:  # not the key that clashed: a real failure
                raise
            return found.room_id
        return room.id

    def room_created(self, host_id: str, key: str) -> Creation | None:
        """What ``host_id``'s request ``key`` opened, if it was committed."""
        with self.db.sessions() as session:
            row = session.get(models.RoomCreation, (host_id, key))
            if row is None:
                return None
            code = session.scalar(select(models.Room.code).where(models.Room.id == row.room_id))
            return Creation(row.key, row.digest, row.room_id, code or "")

    def open_rooms(self) -> list[StoredRoom]:
        """Every room not closed, with its latest match and log, to rebuild at start-up."""
        with self.db.sessions() as session:
            rooms = session.scalars(
                select(models.Room).where(models.Room.status.in_(OPEN_STATUSES))
            ).all()
            return [self._stored(session, room) for room in rooms]

    def open_room(self, code: str) -> StoredRoom | None:
        """The room ``code`` with its latest match and log, if it is open (a process
        taking it over from another reads it so)."""
        with self.db.sessions() as session:
            room = session.scalar(
                select(models.Room).where(
                    models.Room.code == code, models.Room.status.in_(OPEN_STATUSES)
                )
            )
            return None if room is None else self._stored(session, room)

    def open_codes(self) -> list[str]:
        """The codes of every room not closed."""
        with self.db.sessions() as session:
            return list(
                session.scalars(
                    select(models.Room.code).where(models.Room.status.in_(OPEN_STATUSES))
                )
            )

    def abandon_orphans(self) -> int:
        """Mark ``abandoned`` every match left ``playing`` that can never go on: one in
        a room still waiting, or one a later match of its room has replaced. Earlier
        versions committed a match and its room separately, and a crash between the two
        left such orphans; nothing creates them now. Returns how many it marked
        (0 on a second run: it is idempotent)."""
        latest = (
            select(models.Match.room_id, func.max(models.Match.number).label("number"))
            .group_by(models.Match.room_id)
            .subquery()
        )
        with self.db.transaction("abandon_orphans") as session:
            orphans = session.scalars(
                select(models.Match.id)
                .join(models.Room, models.Room.id == models.Match.room_id)
                .join(latest, latest.c.room_id == models.Match.room_id)
                .where(
                    models.Match.status == "playing",
                    (models.Room.status == "waiting") | (models.Match.number < latest.c.number),
                )
            ).all()
            if orphans:
                session.execute(
                    update(models.Match)
                    .where(models.Match.id.in_(orphans))
                    .values(status="abandoned")
                )
            return len(orphans)

    def _stored(self, session: Session, room: models.Room) -> StoredRoom:
        match = session.scalar(
            select(models.Match)
            .where(models.Match.room_id == room.id, models.Match.status != "abandoned")
            .order_by(models.Match.number.desc())
            .limit(1)
        )
        stored_match = None
        if match is not None:
            in_match = models.ActionRecord.match_id == match.id
            log = session.execute(
                select(
                    models.ActionRecord.action, models.ActionRecord.seat, models.ActionRecord.actor
                )
                .where(in_match)
                .order_by(models.ActionRecord.seq)
            ).all()
            stored_match = StoredMatch(
                match.id, match.number, match.seed, match.options, match.seats, match.status
            )
            stored_match.log = [action for action, _, _ in log]
            stored_match.movers = [(seat, actor) for _, seat, actor in log]
            # Only the last row's clock matters: the turn it leaves.
            stored_match.clock = session.scalar(
                select(models.ActionRecord.clock)
                .where(in_match)
                .order_by(models.ActionRecord.seq.desc())
                .limit(1)
            )
            stored_match.started = _epoch(match.started_at)
        return StoredRoom(
            room.id,
            room.code,
            room.game,
            room.options,
            room.public,
            room.spectators,
            room.hints,
            room.host_id,
            room.seats,
            room.status,
            stored_match,
            spectator_chat=room.spectator_chat,
            clock=room.clock,
            rated=room.rated,
        )

    def code_taken(self, code: str) -> bool:
        with self.db.connect() as connection:
            return connection.execute(CODE_TAKEN, {"code": code}).first() is not None


def _epoch(moment: datetime) -> float:
    """Seconds since the epoch of a stored time (SQLite gives it back without its UTC)."""
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).timestamp()


def merge_room(session: Session, room: StoredRoom) -> None:
    session.merge(room_row(room))


def room_row(room: StoredRoom) -> models.Room:
    """``room``'s row as it is now."""
    return models.Room(
        id=room.id,
        code=room.code,
        game=room.game,
        options=room.options,
        public=room.public,
        spectators=room.spectators,
        hints=room.hints,
        spectator_chat=room.spectator_chat,
        clock=room.clock,
        rated=room.rated,
        host_id=room.host_id,
        seats=room.seats,
        status=room.status,
        updated_at=now(),
    )
