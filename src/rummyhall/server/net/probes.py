"""``/healthz`` and ``/readyz``, for a reverse proxy or an orchestrator
(docs/operations.md, "Health and readiness"): whether the process is alive, and whether
it can serve a game, its database and Redis answering and its schema current.

They are outside ``/api``: never rate-limited, never cached, and cheap (``/healthz``
touches nothing; ``/readyz`` makes one round trip to each store, with a deadline).
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from rummyhall.server.storage.store import StorageUnavailable

probes = APIRouter()

DEADLINE = 2.0
"""Seconds a store may take to answer before the process counts as not ready."""


@probes.get("/healthz")
async def healthz() -> JSONResponse:
    """The process is alive and its event loop turns: 200, always."""
    return JSONResponse({"status": "ok"}, headers={"Cache-Control": "no-store"})


@probes.get("/readyz")
async def readyz(request: Request) -> JSONResponse:
    """200 when the database answers with the newest schema this rummyhall knows and, in
    a cluster, Redis answers; else 503, with what is not ready."""
    services = request.app.state.services
    checks: dict[str, Any] = {}
    try:
        current, head = await asyncio.wait_for(services.store.revisions(), DEADLINE)
        checks["database"] = "ok" if current == head else f"schema {current}, not {head}"
    except (StorageUnavailable, TimeoutError):
        checks["database"] = "unreachable"
    cluster = services.cluster
    if cluster is not None:
        try:
            await asyncio.wait_for(cluster.redis.ping(), DEADLINE)
            checks["redis"] = "ok"
        except Exception:  # any failure to answer is "not ready", whatever its kind
            checks["redis"] = "unreachable"
    ready = all(value == "ok" for value in checks.values())
    return JSONResponse(
        {"status": "ready" if ready else "not ready", "checks": checks},
        status_code=200 if ready else 503,
        headers={"Cache-Control": "no-store"},
    )
