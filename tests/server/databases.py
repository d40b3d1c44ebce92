"""Where a test server keeps its data: a SQLite file (the default), or with
``RUMMYHALL_TEST_DATABASE=postgresql`` a database of its own in a throw-away PostgreSQL
cluster that this module starts (Debian's ``postgresql`` binaries: ``initdb`` and
``pg_ctl`` in a temporary directory, on a free port) and removes when the process ends.

The tests read a stopped server's tables through :func:`query` and :func:`execute`,
which speak to either database.
"""

from __future__ import annotations

import atexit
import contextlib
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, create_engine

from tests.server.ports import free_port

VARIABLE = "RUMMYHALL_TEST_DATABASE"
"""The environment variable that picks the tests' database: ``sqlite`` or ``postgresql``."""


def backend() -> str:
    chosen = os.environ.get(VARIABLE, "sqlite")
    if chosen not in ("sqlite", "postgresql"):
        raise ValueError(f"{VARIABLE}={chosen!r}: expected sqlite or postgresql")
    return chosen


sqlite_only = pytest.mark.skipif(
    backend() != "sqlite", reason="what it checks is SQLite's own (the run on SQLite has it)"
)
"""For a test of SQLite's own behaviour: skipped in the PostgreSQL run."""


def postgres_binaries() -> Path | None:
    """The folder of Debian's newest installed PostgreSQL server programs, if any."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parts[-3]))
    return found[-1].parent if found else None


class Cluster:
    """A PostgreSQL cluster in a temporary directory, reachable on 127.0.0.1:``port`` by
    the superuser ``postgres`` without a password (trust: only this machine's tests use
    it), fsync off (the tests kill servers, never the machine)."""

    def __init__(self, binaries: Path) -> None:
        self.binaries = binaries
        self.folder = Path(tempfile.mkdtemp(prefix="rummyhall-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self.names = itertools.count(1)
        self._as_owner: list[str] = []
        if os.geteuid() == 0:  # initdb refuses root: the cluster belongs to "postgres"
            owner = pwd.getpwnam("postgres")
            os.chown(self.folder, owner.pw_uid, owner.pw_gid)
            self._as_owner = ["runuser", "-u", "postgres", "--"]

    def _run(self, program: str, *arguments: str) -> None:
        command = [*self._as_owner, str(self.binaries / program), *arguments]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"{program} failed: {done.stdout}{done.stderr}")

    def start(self) -> Cluster:
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "-A", "trust", "-E", "UTF8")
        settings = (
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1"
            " -c fsync=off -c full_page_writes=off -c max_connections=300"
        )
        log = str(self.folder / "server.log")
        self._run("pg_ctl", "-D", str(self.data), "-o", settings, "-l", log, "-w", "start")
        return self

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, database: str) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self, hint: str) -> str:
        """The URL of a new, empty database (its name from ``hint`` and a counter)."""
        stem = "".join(c if c.isalnum() else "_" for c in hint.lower())[:40]
        name = f"{stem}_{next(self.names)}"
        engine = create_engine(self.url("postgres"), isolation_level="AUTOCOMMIT")
        try:
            with engine.connect() as connection:
                connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
        finally:
            engine.dispose()
        return self.url(name)


_cluster: Cluster | None = None


def cluster() -> Cluster:
    """This process's cluster, started on first use and removed at exit."""
    global _cluster
    if _cluster is None:
        binaries = postgres_binaries()
        if binaries is None:
            raise RuntimeError(
                f"{VARIABLE}=postgresql, but no PostgreSQL server is installed "
                "(Debian: apt-get install postgresql)"
            )
        _cluster = Cluster(binaries).start()
        atexit.register(_cluster.stop)
    return _cluster


def url_for(path: Path) -> str:
    """A new database for a test server whose files (its log) live beside ``path``:
    the SQLite file ``path`` itself, or a new PostgreSQL database."""
    if backend() == "sqlite":
        return f"sqlite:///{path}"
    return cluster().new_database(f"{path.parent.name}_{path.stem}")


@contextlib.contextmanager
def _engine(url: str) -> Iterator[Engine]:
    """An engine for one look at a stopped server's database, disposed after it."""
    engine = create_engine(url)
    try:
        yield engine
    finally:
        engine.dispose()


def query(url: str, sql: str) -> list[tuple[Any, ...]]:
    """The rows of one read-only statement."""
    with _engine(url) as engine, engine.connect() as connection:
        return [tuple(row) for row in connection.exec_driver_sql(sql)]


def execute(url: str, statements: Sequence[str]) -> None:
    """Run ``statements`` in one transaction."""
    with _engine(url) as engine, engine.begin() as connection:
        for statement in statements:
            connection.exec_driver_sql(statement)
