"""The database: its engine (SQLite with WAL, or PostgreSQL with a checked pool) and
the sessions and named transactions every query runs in."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import URL, Engine, create_engine, event, make_url
from sqlalchemy.orm import Session, sessionmaker

from rummyhall.server.storage.faults import Faults

POOL_SIZE = 4
"""Connections a PostgreSQL engine keeps open: the writer's, the two readers' and one
for a request between them (``Store``); up to as many more open under a burst."""


def database_url(url: str) -> URL:
    """``url`` parsed, PostgreSQL's plain scheme meaning the psycopg (v3) driver (the
    ``postgres`` extra) rather than SQLAlchemy's default, psycopg2."""
    parsed = make_url(url)
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed


def make_engine(url: str) -> Engine:
    """An engine for ``url``. SQLite files get WAL journaling, which keeps every
    committed action through a process crash without a disk flush per commit, enforced
    foreign keys, and no automatic checkpoints: a checkpoint flushes the disk, and run by
    the committing writer it would stall every room (see :meth:`Database.checkpoint`).
    PostgreSQL gets a pool of :data:`POOL_SIZE` connections, each checked before use (a
    server restart or an idle timeout must not fail the next commit)."""
    parsed = database_url(url)
    if parsed.get_backend_name() != "sqlite":
        try:
            return create_engine(
                parsed, pool_size=POOL_SIZE, max_overflow=POOL_SIZE, pool_pre_ping=True
            )
        except ModuleNotFoundError as missing:
            raise ValueError(
                f"no driver for {parsed.drivername} ({missing.name} is not installed; "
                "PostgreSQL: pip install 'rummyhall[postgres]')"
            ) from None
    engine = create_engine(parsed, connect_args={"check_same_thread": False})

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA wal_autocheckpoint=0")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    return engine


class Database:
    """An engine's sessions, and its named transactions with their fault points."""

    def __init__(self, engine: Engine, faults: Faults | None = None) -> None:
        self.engine = engine
        self.sessions = sessionmaker(engine, expire_on_commit=False)
        self.faults = faults or Faults()

    @contextmanager
    def transaction(self, name: str) -> Iterator[Session]:
        """One named transaction, committed when the block ends; its fault points are
        reached just before the commit and just after it."""
        with self.sessions() as session, session.begin():
            yield session
            self.faults.reach(name, "before")
        self.faults.reach(name, "after")

    def checkpoint(self) -> None:
        """Copy the SQLite write-ahead log into the database file without blocking
        writers; called periodically off the writer thread. Other databases: nothing."""
        if self.engine.dialect.name == "sqlite":
            with self.engine.connect() as connection:
                connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
