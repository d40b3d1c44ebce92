"""Quick pairing's tables as the database keeps them: every table of a pass opened in
one commit, each whole (its room, the creation key that opens it once, its first
match), or none of them."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.exc import IntegrityError

from rummyhall.server.storage import models
from rummyhall.server.storage.database import Database
from rummyhall.server.storage.matches import match_row
from rummyhall.server.storage.records import PairedTable
from rummyhall.server.storage.rooms import RoomRecords, room_row


class TableRecords:
    """Paired tables; :meth:`open_tables` is one transaction."""

    def __init__(self, db: Database, rooms: RoomRecords) -> None:
        self.db = db
        self.rooms = rooms

    def open_tables(self, tables: Sequence[PairedTable]) -> list[str]:
        """Insert every table's room, creation key and first match in one commit; per
        table, the id of the room its key opened: its own, or (a table opened again
        after a crash, or by another process first) the one committed before, of
        which nothing is written again. A key committed before fails the commit of
        the whole group: then each table is written alone."""
        try:
            with self.db.transaction("open_tables") as session:
                # New rows, each kind in one statement: the rooms first, which the keys
                # and the matches refer to.
                session.add_all(room_row(table.room) for table in tables)
                session.flush()
                session.add_all(
                    models.RoomCreation(
                        host_id=table.room.host_id,
                        key=table.creation.key,
                        room_id=table.room.id,
                        digest=table.creation.digest,
                    )
                    for table in tables
                )
                session.add_all(match_row(table.room, table.match) for table in tables)
        except IntegrityError:
            if len(tables) > 1:
                return [self.open_tables([table])[0] for table in tables]
            (table,) = tables
            found = self.rooms.room_created(table.room.host_id, table.creation.key)
            if found is None:  # not the key that clashed: a real failure
                raise
            return [found.room_id]
        return [table.room.id for table in tables]
