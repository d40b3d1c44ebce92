"""Every database query the server makes, synchronous, by concern, in one object.

The async :class:`~rummyhall.server.storage.store.Store` runs these on its writer
thread (reads on its reader threads); tests and tools may call them directly. Each
method that writes is one transaction: what belongs together (a match's start or end
and its room's status) commits together or not at all.
"""

from __future__ import annotations

from sqlalchemy import Engine

from rummyhall.server.storage.chat import ChatRecords
from rummyhall.server.storage.database import Database
from rummyhall.server.storage.erasure import ErasureRecords
from rummyhall.server.storage.faults import Faults
from rummyhall.server.storage.friends import InvitationRecords
from rummyhall.server.storage.matches import MatchRecords
from rummyhall.server.storage.moderation import ModerationRecords
from rummyhall.server.storage.players import PlayerRecords
from rummyhall.server.storage.retention import RetentionRecords
from rummyhall.server.storage.reviews import ReviewRecords
from rummyhall.server.storage.rooms import RoomRecords
from rummyhall.server.storage.standings import StandingRecords
from rummyhall.server.storage.tables import TableRecords


class Repository:
    """The queries of one database, by concern."""

    def __init__(self, engine: Engine, faults: Faults | None = None) -> None:
        self.db = Database(engine, faults)
        self.players = PlayerRecords(self.db)
        """Guests, accounts and sign-ins."""
        self.chat = ChatRecords(self.db)
        self.rooms = RoomRecords(self.db)
        self.matches = MatchRecords(self.db)
        """Matches, their logs and results."""
        self.tables = TableRecords(self.db, self.rooms)
        """Quick pairing's tables, a pass's in one commit."""
        self.standings = StandingRecords(self.db)
        """Statistics, profiles and leaderboards."""
        self.invitations = InvitationRecords(self.db)
        """Invitations and recent opponents."""
        self.reviews = ReviewRecords(self.db)
        """Finished matches' reviews."""
        self.erasure = ErasureRecords(self.db)
        """A player's data taken out or erased."""
        self.retention = RetentionRecords(self.db)
        """What is past its time, removed."""
        self.moderation = ModerationRecords(self.db)
        """Moderators, reports and what moderators did."""

    def close(self) -> None:
        self.matches.close()
        self.db.close()
