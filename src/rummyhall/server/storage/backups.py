"""Backups of the embedded SQLite database, taken while the server plays, and restores.

A backup is SQLite's online backup API reading the live file in one step: one read
transaction, so the copy is the database as one commit left it, and in WAL mode the
server's writers go on meanwhile (docs/operations.md, "Backups"). The copy is written
beside its destination and renamed into place once whole and checked, so a crash
leaves the old file or the new one, never half of one. PostgreSQL has its own tools
(``pg_dump``/``pg_restore``), whose procedure docs/operations.md gives.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from alembic.script import ScriptDirectory
from sqlalchemy.engine import make_url

from rummyhall.errors import RummyhallError
from rummyhall.server.storage.migrate import alembic_config


class BackupError(RummyhallError):
    """A backup or restore that cannot be made; nothing was written."""


@dataclass(frozen=True)
class Copied:
    """What a backup or restore holds: the schema's revision and the matches."""

    path: Path
    revision: str
    matches: int
    finished: int


def sqlite_file(url: str) -> Path:
    """The file of an SQLite database URL; a clear error for any other database."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        raise BackupError(
            f"{parsed.get_backend_name()} database: back it up with its own tools "
            "(PostgreSQL: pg_dump, docs/operations.md); this command copies SQLite files"
        )
    if not parsed.database or parsed.database == ":memory:":
        raise BackupError(f"{url} names no database file")
    return Path(parsed.database)


def backup(url: str, target: Path) -> Copied:
    """Copy the live database at ``url`` to ``target`` (replaced if it exists)."""
    source = sqlite_file(url)
    if not source.is_file():
        raise BackupError(f"no database at {source}")
    if target.resolve() == source.resolve():
        raise BackupError(f"{target} is the database itself")
    return _copy(source, target)


def restore(backup_file: Path, url: str, replace: bool = False) -> Copied:
    """Put ``backup_file`` in place of the database at ``url``, with the server stopped:
    refused if the file is no rummyhall backup, comes from a newer rummyhall, or the
    database exists and ``replace`` is not given."""
    target = sqlite_file(url)
    if not backup_file.is_file():
        raise BackupError(f"no backup at {backup_file}")
    check(backup_file)
    if target.exists() and not replace:
        raise BackupError(f"{target} exists: stop the server, then restore with --replace")
    return _copy(backup_file, target, journals=True)


def check(path: Path) -> Copied:
    """What the SQLite file at ``path`` holds, if it is a whole rummyhall database of a
    schema this rummyhall knows."""
    try:
        with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
            (verdict,) = db.execute("PRAGMA integrity_check").fetchone()
            if verdict != "ok":
                raise BackupError(f"{path} is damaged: {verdict}")
            revision = db.execute("SELECT version_num FROM alembic_version").fetchone()
            matches, finished = db.execute(
                "SELECT count(*), count(*) FILTER (WHERE status = 'finished') FROM matches"
            ).fetchone()
    except sqlite3.DatabaseError as error:
        raise BackupError(f"{path} is not a rummyhall database ({error})") from None
    if revision is None:
        raise BackupError(f"{path} is not a rummyhall database (no schema revision)")
    scripts = ScriptDirectory.from_config(alembic_config(f"sqlite:///{path}"))
    if scripts.get_revision(revision[0]) is None:
        raise BackupError(
            f"{path} has schema revision {revision[0]}, unknown to this rummyhall: "
            "restore it with the rummyhall that made it, or a newer one"
        )
    return Copied(path, revision[0], matches, finished)


def _copy(source: Path, target: Path, journals: bool = False) -> Copied:
    """``source`` copied beside ``target``, checked, then renamed into place; with
    ``journals``, the old database's write-ahead log and its index are removed just
    before (they must not be read into the new file, and until the copy is whole they
    may hold the old one's last commits)."""
    partial = target.with_name(f"{target.name}.partial")
    partial.unlink(missing_ok=True)
    try:
        with (
            contextlib.closing(sqlite3.connect(source)) as reader,
            contextlib.closing(sqlite3.connect(partial)) as writer,
        ):
            reader.backup(writer)  # one step: one read transaction, one commit's state
            writer.execute("PRAGMA journal_mode=DELETE")  # one file, whole in itself
        copied = check(partial)
        with open(partial, "rb") as written:
            os.fsync(written.fileno())
        if journals:
            for journal in (Path(f"{target}-wal"), Path(f"{target}-shm")):
                journal.unlink(missing_ok=True)
        os.replace(partial, target)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    return Copied(target, copied.revision, copied.matches, copied.finished)
