"""Where the server keeps its truth, and how it shares rooms with other processes."""

from __future__ import annotations

from dataclasses import dataclass

from rummyhall.server.settings.about import STORAGE, setting


@dataclass(frozen=True)
class StorageSettings:
    """Where the server keeps its truth, and how it shares rooms with other processes."""

    database_url: str = setting(
        "sqlite:///rummyhall.db",
        "SQLAlchemy database URL: sqlite:///FILE (embedded) or "
        "postgresql://USER:PASSWORD@HOST/DATABASE (pip install 'rummyhall[postgres]')",
        group=STORAGE,
        flag="--db",
        metavar="URL",
    )
    redis_url: str | None = setting(
        None,
        "redis://HOST:PORT/DB: run as one of several processes sharing rooms, the lobby and "
        "limits through this Redis, all on one PostgreSQL --db (pip install "
        "'rummyhall[redis]'; docs/deploy.md)",
        group=STORAGE,
        flag="--redis",
        metavar="URL",
    )
    lease_ttl: float = setting(
        2.0,
        "with --redis: seconds before a dead process's rooms move to another",
        group=STORAGE,
        positive=True,
    )
    """A room's lease lasts this long unless its owner renews it (every third of it): a
    dead process's rooms resume elsewhere at most 1⅔ times this long after it died (the
    lease lapses, then two scans a third of it apart find the room without an owner)."""
    forward_timeout: float = setting(
        5.0,
        "seconds a request forwarded to a room's owner may take before the client is "
        "answered unavailable",
        positive=True,
    )
