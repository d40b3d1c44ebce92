"""The database: its engine (SQLite with WAL, or PostgreSQL with a checked pool), the
readers' engine beside it, and the sessions and named transactions every query runs in.

On PostgreSQL the store's reader threads have an engine of their own
(:func:`make_read_engine`) whose connections are neither checked before each use nor
rolled back after it: a read that finds its connection dropped (the server restarted,
its backend killed) is made again once on a new one (:meth:`Database.read`). A quick
pairing seek's reads paid three round trips of that kind for one or two of its own
(docs/pairing.md, "Measured")."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, ParamSpec, TypeVar

from sqlalchemy import URL, Connection, Engine, create_engine, event, make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session, sessionmaker

from rummyhall.server.storage.faults import Faults

P = ParamSpec("P")
T = TypeVar("T")

POOL_SIZE = 4
"""Connections a PostgreSQL engine keeps open (the writer's, and one for a request
between its commits; the readers' engine: the two readers' and two for tools and
tests); up to as many more open under a burst."""


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


def make_read_engine(engine: Engine) -> Engine:
    """The engine of the store's reader threads beside ``engine`` (the writer's): for
    PostgreSQL, one in autocommit whose connections are not checked before use, so
    that a read is its own statements' round trips and nothing more. Autocommit sees
    what a transaction at PostgreSQL's default isolation (read committed, each
    statement its own snapshot) sees, and psycopg skips the rollback SQLAlchemy asks of
    a returned connection that holds no transaction. A dropped connection is found by
    the read that uses it, which :meth:`Database.read` makes again (SQLAlchemy's
    "optimistic" disconnect handling; the writer keeps the "pessimistic" check, a
    commit being no thing to try twice). SQLite: ``engine`` itself."""
    if engine.dialect.name == "sqlite":
        return engine
    return create_engine(
        engine.url, pool_size=POOL_SIZE, max_overflow=POOL_SIZE, isolation_level="AUTOCOMMIT"
    )


class Database:
    """An engine's sessions, and its named transactions with their fault points."""

    def __init__(self, engine: Engine, faults: Faults | None = None) -> None:
        self.engine = engine
        self.read_engine = make_read_engine(engine)
        self._writes = sessionmaker(engine, expire_on_commit=False)
        self._reads = sessionmaker(self.read_engine, expire_on_commit=False)
        self._thread = threading.local()
        """``reading``: this thread is one of the store's readers."""
        self.faults = faults or Faults()

    def sessions(self) -> Session:
        """A session for queries: on a reader thread (:meth:`read`), of the readers'
        engine."""
        return (self._reads if self._reading() else self._writes)()

    def connect(self) -> Connection:
        """A connection for a read that wants no ORM session (a statement built once and
        run per call, a quarter of a session's processor time: a quick pairing seek's
        rating, a new room's code); on a reader thread, of the readers' engine."""
        return (self.read_engine if self._reading() else self.engine).connect()

    def _reading(self) -> bool:
        return bool(getattr(self._thread, "reading", False))

    def read(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``fn``, a read, on the readers' engine; made again once if its connection was
        found dropped (the next one is new: SQLAlchemy replaces the pool's connections
        older than the drop)."""
        self._thread.reading = True
        try:
            try:
                return fn(*args, **kwargs)
            except DBAPIError as error:
                if not error.connection_invalidated:
                    raise
            return fn(*args, **kwargs)
        finally:
            self._thread.reading = False

    def close(self) -> None:
        self.engine.dispose()
        self.read_engine.dispose()

    @contextmanager
    def transaction(self, name: str) -> Iterator[Session]:
        """One named transaction, committed when the block ends (always on the
        writer's engine); its fault points are reached just before the commit and just
        after it."""
        with self._writes() as session, session.begin():
            yield session
            self.faults.reach(name, "before")
        self.faults.reach(name, "after")

    def checkpoint(self) -> None:
        """Copy the SQLite write-ahead log into the database file without blocking
        writers; called periodically off the writer thread. Other databases: nothing."""
        if self.engine.dialect.name == "sqlite":
            with self.engine.connect() as connection:
                connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
