"""``/healthz`` and ``/readyz`` (docs/operations.md, "Health and readiness"): alive, and
ready only while the database answers with the schema this rummyhall knows. Redis in a
cluster: tests/server/test_cluster.py."""

from __future__ import annotations

from pathlib import Path

import httpx

from tests.server import databases
from tests.server.harness import Server


def test_alive_and_ready_then_not_ready_while_the_schema_is_behind(tmp_path: Path) -> None:
    server = Server(tmp_path / "probes.db").start()
    try:
        alive = httpx.get(f"{server.url}/healthz", timeout=10)
        assert alive.status_code == 200 and alive.json() == {"status": "ok"}
        assert alive.headers["cache-control"] == "no-store"
        ready = httpx.get(f"{server.url}/readyz", timeout=10)
        assert ready.status_code == 200
        assert ready.json() == {"status": "ready", "checks": {"database": "ok"}}
        # Another version's migration left the schema behind this process's code.
        (head,) = databases.query(server.database_url, "SELECT version_num FROM alembic_version")[0]
        databases.execute(server.database_url, ["UPDATE alembic_version SET version_num = '0010'"])
        behind = httpx.get(f"{server.url}/readyz", timeout=10)
        assert behind.status_code == 503
        assert behind.json()["checks"] == {"database": f"schema 0010, not {head}"}
        assert httpx.get(f"{server.url}/healthz", timeout=10).status_code == 200
    finally:
        server.stop()
