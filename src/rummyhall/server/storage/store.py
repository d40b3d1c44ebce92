"""The async face of the repository: one writer thread, group commits for the log, and
a separate read path.

Every call that writes runs on a single thread (SQLite has one writer; PostgreSQL does
not mind), so the event loop never blocks on I/O. Reads that are not part of a commit
(match records, replays, statistics, tokens) run on reader threads of their own, each
with its own pooled connection: SQLite in WAL mode lets them read beside the writer, so
a burst of expensive reads never delays an acknowledgement. Actions from many rooms
that arrive while a commit is running are written together in the next one, so
hundreds of busy rooms cost a few commits per millisecond rather than one each, and a
batch waits ``GATHER_SECONDS`` for company before its commit starts. An
action is acknowledged to clients only after its commit: what a player saw is on disk.

The rest of the server reaches the database only through the methods below, each named
for what it does and run on the thread its kind needs; what belongs together (a match's
start or end with its room's status) is one repository call, so one transaction.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from functools import partial
from typing import Any, Literal, ParamSpec, TypeVar

import anyio.to_thread
from sqlalchemy.exc import InterfaceError, OperationalError

from rummyhall.server.metrics import (
    ACTIONS,
    COMMIT_BATCH,
    COMMIT_SECONDS,
    READ_SECONDS,
    STORAGE_ERRORS,
    WRITE_SECONDS,
)
from rummyhall.server.storage import models
from rummyhall.server.storage.group_commit import GroupCommit
from rummyhall.server.storage.migrate import revisions
from rummyhall.server.storage.records import (
    AccountRefusal,
    Creation,
    LogConflict,
    PairedTable,
    StoredMatch,
    StoredRoom,
)
from rummyhall.server.storage.repository import Repository
from rummyhall.server.storage.reviews import ReviewSubject

log = logging.getLogger(__name__)
P = ParamSpec("P")
T = TypeVar("T")

GATHER_SECONDS = 0.002
"""How long the first action of a batch waits for others before its commit starts. A
commit's fixed cost is most of it (on SQLite 53 µs of CPU for one row, 79 µs for four),
so under load the writer pays it once for several actions, for 2 ms more latency."""


class StorageUnavailable(Exception):
    """The database is unreachable (or, for SQLite, locked): nothing was written and the
    request may be tried again. Storage knows nothing of the wire: the connection, the
    HTTP API and the cluster answer it with the error ``storage_unavailable``."""


class Store:
    def __init__(self, repository: Repository, readers: int = 2) -> None:
        self.repository = repository
        self._executor = ThreadPoolExecutor(1, thread_name_prefix="rummyhall-db")
        self._readers = ThreadPoolExecutor(readers, thread_name_prefix="rummyhall-read")
        self._log = GroupCommit(self._executor, self._append, GATHER_SECONDS)
        """The action log's group commits."""
        self._tables = GroupCommit(self._executor, self._open_all, GATHER_SECONDS)
        """Quick pairing's tables, each pass's together (docs/pairing.md)."""

    async def _write(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run one repository method on the writer thread."""
        loop = asyncio.get_running_loop()
        with unreachable_database(), WRITE_SECONDS.time():
            return await loop.run_in_executor(self._executor, partial(fn, *args, **kwargs))

    async def revisions(self) -> tuple[str | None, str]:
        """The database's schema revision and the newest known (a round trip to it)."""
        return await self.read(revisions, self.repository.db.engine)

    async def read(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run a read (or work derived from one, such as replaying a finished match) on
        a reader thread, never on the writer's, with the readers' engine
        (:meth:`~rummyhall.server.storage.database.Database.read`)."""
        loop = asyncio.get_running_loop()
        with unreachable_database(), READ_SECONDS.time():
            read = partial(self.repository.db.read, fn, *args, **kwargs)
            return await loop.run_in_executor(self._readers, read)

    # ------------------------------------------------------------------ players

    async def create_player(self, player_id: str, nickname: str, token_hash: str) -> None:
        await self._write(self.repository.players.create_player, player_id, nickname, token_hash)

    async def rename_player(self, player_id: str, nickname: str) -> None:
        await self._write(self.repository.players.rename_player, player_id, nickname)

    async def player_by_token_hash(self, token_hash: str) -> models.Player | None:
        return await self.read(self.repository.players.player_by_token_hash, token_hash)

    async def create_account(
        self,
        player_id: str,
        username: str,
        username_key: str,
        password_hash: str,
        nickname: str | None = None,
    ) -> AccountRefusal | None:
        return await self._write(
            self.repository.players.create_account,
            player_id,
            username,
            username_key,
            password_hash,
            nickname,
        )

    async def account_of(self, player_id: str) -> models.Account | None:
        return await self.read(self.repository.players.account_of, player_id)

    async def account_by_username(self, username_key: str) -> models.Account | None:
        return await self.read(self.repository.players.account_by_username, username_key)

    async def add_sign_in(self, player_id: str, token_hash: str) -> models.Player:
        return await self._write(self.repository.players.add_sign_in, player_id, token_hash)

    async def sign_out(self, player_id: str, token_hash: str, new_guest_hash: str) -> None:
        await self._write(self.repository.players.sign_out, player_id, token_hash, new_guest_hash)

    async def sign_out_everywhere(self, player_id: str, new_guest_hash: str) -> None:
        await self._write(self.repository.players.sign_out_everywhere, player_id, new_guest_hash)

    async def nicknames(self, player_ids: list[str]) -> dict[str, str]:
        """At start-up, before any room is open: on the writer, behind the recovery."""
        return await self._write(self.repository.players.nicknames, player_ids)

    async def player_stats(self, player_id: str) -> dict[str, Any]:
        return await self.read(self.repository.standings.player_stats, player_id)

    async def add_chat(
        self, room_id: str, player_id: str, seat: int | None, text: str | None, reaction: str | None
    ) -> dict[str, Any] | None:
        return await self._write(
            self.repository.chat.add_chat, room_id, player_id, seat, text, reaction
        )

    async def chat_history(self, room_id: str, count: int) -> list[dict[str, Any]]:
        return await self.read(self.repository.chat.chat_history, room_id, count)

    async def profile(self, player_id: str) -> dict[str, Any] | None:
        return await self.read(self.repository.standings.profile, player_id)

    async def leaderboard(self, game: str, player_id: str | None) -> dict[str, Any]:
        return await self.read(self.repository.standings.leaderboard, game, player_id)

    async def invite(self, room_code: str, from_id: str, to_id: str) -> None:
        await self._write(self.repository.invitations.invite, room_code, from_id, to_id)

    async def invitations(self, player_id: str) -> list[dict[str, Any]]:
        return await self.read(self.repository.invitations.invitations, player_id)

    async def dismiss_invitation(self, player_id: str, invitation_id: int) -> bool:
        return await self._write(
            self.repository.invitations.dismiss_invitation, player_id, invitation_id
        )

    async def friends(self, player_id: str, other_id: str) -> bool:
        return await self.read(self.repository.invitations.friends, player_id, other_id)

    async def recent_opponents(self, player_id: str) -> list[dict[str, Any]]:
        return await self.read(self.repository.invitations.recent_opponents, player_id)

    async def skill(self, player_id: str, game: str) -> tuple[int, bool]:
        return await self.read(self.repository.standings.skill, player_id, game)

    async def bot_stats(self) -> dict[str, Any]:
        return await self.read(self.repository.standings.bot_stats)

    async def erase_player(self, player_id: str, unheld_token_hash: str) -> bool:
        return await self._write(self.repository.erasure.erase_player, player_id, unheld_token_hash)

    async def export(self, player_id: str) -> dict[str, Any] | None:
        return await self.read(self.repository.erasure.export, player_id)

    async def expire_chat(self, before: datetime) -> int:
        return await self._write(self.repository.retention.expire_chat, before)

    async def expire_guest_games(self, before: datetime) -> int:
        return await self._write(self.repository.retention.expire_guest_games, before)

    async def add_report(
        self,
        reporter_id: str,
        reported_id: str,
        reason: str,
        details: str | None,
        room_code: str | None,
        line_id: int | None,
    ) -> int | Literal["player_not_found", "report_target_not_found"]:
        return await self._write(
            self.repository.moderation.add_report,
            reporter_id,
            reported_id,
            reason,
            details,
            room_code,
            line_id,
        )

    async def moderate(
        self,
        moderator_id: str,
        player_id: str,
        kind: str,
        reason: str,
        until: datetime | None,
        report_id: int | None,
    ) -> dict[str, Any] | Literal["player_not_found", "report_not_found"]:
        """A moderator's action, with the report it closes, in one commit."""
        return await self._write(
            self.repository.moderation.act, moderator_id, player_id, kind, reason, until, report_id
        )

    # ------------------------------------------------------------------ rooms and matches

    async def save_room(self, room: StoredRoom) -> None:
        await self._write(self.repository.rooms.save_room, room)

    async def create_room(self, room: StoredRoom, creation: Creation) -> str:
        return await self._write(self.repository.rooms.create_room, room, creation)

    async def room_created(self, host_id: str, key: str) -> Creation | None:
        """On the writer, behind this process's own commits of that key."""
        return await self._write(self.repository.rooms.room_created, host_id, key)

    async def code_taken(self, code: str) -> bool:
        return await self.read(self.repository.rooms.code_taken, code)

    async def abandon_orphans(self) -> int:
        return await self._write(self.repository.rooms.abandon_orphans)

    async def open_rooms(self) -> list[StoredRoom]:
        """At start-up, after :meth:`abandon_orphans`: on the writer, so it reads what
        that recovery wrote."""
        return await self._write(self.repository.rooms.open_rooms)

    async def open_room(self, code: str) -> StoredRoom | None:
        """On the writer, behind any commit of this process to the room."""
        return await self._write(self.repository.rooms.open_room, code)

    async def open_codes(self) -> list[str]:
        return await self.read(self.repository.rooms.open_codes)

    async def start_match(self, room: StoredRoom, match: StoredMatch) -> None:
        """The new match and its room, ``playing``, in one commit."""
        await self._write(self.repository.matches.start_match, room, match)

    async def finish_match(
        self,
        room: StoredRoom,
        match_id: str,
        result: dict[str, Any],
        rows: list[dict[str, Any]],
    ) -> None:
        """The result, its statistics rows and the room, ``finished``, in one commit."""
        await self._write(self.repository.matches.finish_match, room, match_id, result, rows)

    async def finished_match(
        self, match_id: str
    ) -> tuple[models.Match, list[dict[str, Any]], list[str | None]] | None:
        return await self.read(self.repository.matches.finished_match, match_id)

    # ------------------------------------------------------------------ reviews

    async def review_subject(self, match_id: str) -> ReviewSubject | None:
        return await self.read(self.repository.reviews.subject, match_id)

    async def stored_review(self, match_id: str, seat: int, engine: int) -> dict[str, Any] | None:
        return await self.read(self.repository.reviews.stored, match_id, seat, engine)

    async def keep_review(
        self, match_id: str, seat: int, engine: int, review: dict[str, Any]
    ) -> None:
        """A computed review, whole, in one commit (idempotent)."""
        await self._write(self.repository.reviews.keep, match_id, seat, engine, review)

    def append_action(self, row: dict[str, Any]) -> asyncio.Future[None]:
        """Queue one log entry for the next commit; the future is done once it is
        committed (its exception says why not)."""
        return self._log.add(row)

    async def open_tables(self, tables: list[PairedTable]) -> list[str | BaseException]:
        """Open quick pairing's ``tables`` (each a room, its creation key and its first
        match) in one commit with any others queued meanwhile: per table, the id of the
        room its key opened (its own, or one committed before: a table opened again),
        or why it was not opened."""
        if not tables:
            return []
        futures = self._tables.add_all(tables)
        return await asyncio.gather(*futures, return_exceptions=True)

    def _open_all(self, tables: list[PairedTable]) -> list[str | BaseException]:
        try:
            with unreachable_database():
                return list(self.repository.tables.open_tables(tables))
        except Exception as exc:  # each table learns that nothing was written
            return [exc] * len(tables)

    def _append(self, rows: list[dict[str, Any]]) -> list[BaseException | None]:
        """Write ``rows`` in one commit; for each, why it was not written (``None``:
        it was). A turn another process logged first fails the commit of the whole
        batch: then each is written alone, so only that room's action fails."""
        try:
            with unreachable_database(), COMMIT_SECONDS.time():
                self.repository.matches.append_actions(rows)
            COMMIT_BATCH.observe(len(rows))
            ACTIONS.inc(len(rows))
        except LogConflict as conflict:
            if len(rows) == 1:
                return [conflict]
            return [self._append([row])[0] for row in rows]
        except Exception as exc:  # every waiting room learns that nothing was written
            return [exc] * len(rows)
        return [None] * len(rows)

    async def checkpoint_forever(self, every: float = 1.0) -> None:
        """Checkpoint the SQLite log now and then, on a thread of its own (never the
        writer's): the disk flush it does must not hold up commits."""
        while True:
            await asyncio.sleep(every)
            try:
                await anyio.to_thread.run_sync(self.repository.db.checkpoint)
            except Exception:  # the next round tries again; commits are unaffected
                log.exception("checkpoint failed")

    def close(self) -> None:
        self._readers.shutdown(wait=True, cancel_futures=True)
        self._executor.shutdown(wait=True)
        self.repository.close()


@contextlib.contextmanager
def unreachable_database() -> Iterator[None]:
    """The database unreachable (or, for SQLite, locked): :class:`StorageUnavailable`."""
    try:
        yield
    except (OperationalError, InterfaceError) as error:
        log.warning("the database is unreachable: %s", error)
        STORAGE_ERRORS.inc()
        raise StorageUnavailable from None
