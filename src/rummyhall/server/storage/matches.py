"""Matches as the database keeps them: started with their room, their action log
appended (the busiest write), finished with their result, statistics and ratings in one
commit, and read back once finished."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Connection, select, update
from sqlalchemy.exc import IntegrityError

from rummyhall.server.storage import models, standings
from rummyhall.server.storage.database import Database
from rummyhall.server.storage.log_insert import LogInsert
from rummyhall.server.storage.models import now
from rummyhall.server.storage.records import LogConflict, StoredMatch, StoredRoom
from rummyhall.server.storage.rooms import merge_room


class MatchRecords:
    """Matches and their logs; what belongs together (a match's start or end and its
    room's status) commits together or not at all."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._insert_log = LogInsert(db.engine)
        self._log: Connection | None = None
        """SQLite: the connection the action log is appended on, kept open (a local
        file never drops it), which saves a pool check-out and reset per commit."""

    def close(self) -> None:
        if self._log is not None:
            self._log.close()
            self._log = None

    def start_match(self, room: StoredRoom, match: StoredMatch) -> None:
        """Insert a new match and save its room (``playing``) in one commit: a crash
        leaves either both or neither, never a match nobody can play."""
        with self.db.transaction("start_match") as session:
            merge_room(session, room)
            session.flush()  # the room row first: the match refers to it
            session.add(match_row(room, match))

    def append_actions(self, rows: Sequence[dict[str, Any]]) -> None:
        """Append log entries (``match_id, seq, seat, actor, action``) in one commit.

        The busiest write (every action of every room): a precompiled insert on a plain
        connection (``log_insert``), not an ORM session's bulk insert (three times the
        CPU)."""
        created = now()
        try:
            with self._log_connection() as connection, connection.begin():
                self._insert_log(connection, rows, created)
                self.db.faults.reach("append_actions", "before")
        except IntegrityError as error:
            raise LogConflict(str(error.orig)) from error
        self.db.faults.reach("append_actions", "after")

    @contextmanager
    def _log_connection(self) -> Iterator[Connection]:
        """The kept connection on SQLite; a pooled one (checked on check-out) elsewhere,
        where a server may close idle connections."""
        if self.db.engine.dialect.name != "sqlite":
            with self.db.engine.connect() as connection:
                yield connection
            return
        if self._log is None:
            self._log = self.db.engine.connect()
        yield self._log

    def finish_match(
        self,
        room: StoredRoom,
        match_id: str,
        result: dict[str, Any],
        seats: Sequence[dict[str, Any]],
    ) -> None:
        """Mark a match finished with its result and one statistics row per seat
        (``seat, player_id, bot, against, game, score, won``), and save its room, in one
        commit. Idempotent: for a match already finished only the room is saved, so a
        recovery that finishes it again after a crash writes no second result."""
        with self.db.transaction("finish_match") as session:
            finished = session.execute(
                update(models.Match)
                .where(models.Match.id == match_id, models.Match.status == "playing")
                .values(status="finished", result=result, finished_at=now())
            )
            if finished.rowcount == 1:  # type: ignore[attr-defined]
                session.add_all(models.Result(match_id=match_id, **row) for row in seats)
                rated = session.scalar(
                    select(models.Match.rated).where(models.Match.id == match_id)
                )
                standings.rate(session, match_id, seats, bool(rated), result)
            merge_room(session, room)

    def finished_match(
        self, match_id: str
    ) -> tuple[models.Match, list[dict[str, Any]], list[str | None]] | None:
        """A finished match, its log and per seat the player's nickname (``None``: a
        bot); replays are public once a match is over."""
        with self.db.sessions() as session:
            match = session.get(models.Match, match_id)
            if match is None or match.status != "finished":
                return None
            log = session.scalars(
                select(models.ActionRecord.action)
                .where(models.ActionRecord.match_id == match_id)
                .order_by(models.ActionRecord.seq)
            ).all()
            ids = [seat.get("player") if seat else None for seat in match.seats]
            found = session.execute(
                select(models.Player.id, models.Player.nickname).where(
                    models.Player.id.in_([i for i in ids if i is not None])
                )
            ).all()
            nicknames = {player_id: nickname for player_id, nickname in found}
            return match, list(log), [nicknames.get(i) if i else None for i in ids]


def match_row(room: StoredRoom, match: StoredMatch) -> models.Match:
    """The row of ``room``'s new match, ``playing``."""
    return models.Match(
        id=match.id,
        room_id=room.id,
        number=match.number,
        game=room.game,
        options=match.options,
        seed=match.seed,
        seats=match.seats,
        rated=room.rated,
        status="playing",
    )
