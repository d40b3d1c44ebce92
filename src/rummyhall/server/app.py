"""The ASGI application: one process serves the HTTP API, the WebSocket and the static
front end.

``create_app(settings)`` builds it; at start-up it migrates the database with the
packaged Alembic revisions and brings back every open room from its action log.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
from collections.abc import AsyncIterator
from pathlib import Path
from typing import TYPE_CHECKING

import anyio.to_thread
from fastapi import FastAPI, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.requests import Request
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

import rummyhall
from rummyhall.server.metrics import LiveFigures, serve_metrics
from rummyhall.server.net.addresses import ClientAddressMiddleware, TrustedProxies
from rummyhall.server.net.api import router
from rummyhall.server.net.connection import Connection
from rummyhall.server.net.http import (
    BodyLimitMiddleware,
    SecurityHeadersMiddleware,
    error_response,
    malformed_request,
    request_locale,
)
from rummyhall.server.net.limits import KeyedLimiter, Limiter
from rummyhall.server.net.moderation_api import moderation_routes
from rummyhall.server.net.privacy_routes import privacy as privacy_routes
from rummyhall.server.net.probes import probes
from rummyhall.server.net.reviews_api import router as reviews_router
from rummyhall.server.pairing.service import Pairing
from rummyhall.server.people.accounts import FAILURE_MEMORY, Accounts, WrongPasswords
from rummyhall.server.people.blocked_words import BlockedWords
from rummyhall.server.people.enforcement import Enforcement
from rummyhall.server.people.friends import Friends
from rummyhall.server.people.moderation import Moderation
from rummyhall.server.people.players import Players
from rummyhall.server.people.presence import Presence
from rummyhall.server.people.privacy import Privacy
from rummyhall.server.people.replays import Replays
from rummyhall.server.reviews.claims import Claims
from rummyhall.server.reviews.service import Reviews
from rummyhall.server.rooms.autoplay import Autoplay
from rummyhall.server.rooms.lobby import Lobby
from rummyhall.server.services import Services
from rummyhall.server.settings import Settings
from rummyhall.server.storage.database import make_engine
from rummyhall.server.storage.faults import FaultPoint, Faults
from rummyhall.server.storage.migrate import upgrade
from rummyhall.server.storage.repository import Repository
from rummyhall.server.storage.store import StorageUnavailable, Store
from rummyhall.server.wire.protocol import ProtocolError

if TYPE_CHECKING:
    from rummyhall.server.cluster.node import Cluster

WEB = Path(rummyhall.__file__).with_name("web")


def create_app(settings: Settings | None = None) -> ASGIApp:
    settings = settings or Settings()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(settings.database_url)
        await anyio.to_thread.run_sync(upgrade, engine)
        point = settings.fault_point
        faults = Faults(None if point is None else FaultPoint.parse(point))
        store = Store(Repository(engine, faults))
        autoplay = Autoplay(settings)
        cluster = None if settings.redis_url is None else join_cluster(settings)

        def limiter(name: str, rate: float, burst: int) -> Limiter:
            """A rate per key: this process's, or every process's in a cluster."""
            if cluster is None:
                return KeyedLimiter(rate, burst)
            return cluster.limiter(name, rate, burst)

        guesses = limiter(
            "guesses", settings.room_guesses_per_minute / 60, settings.room_guess_burst
        )
        moderation = Moderation(store, BlockedWords.load(settings.blocked_words))
        lobby = Lobby(settings, store, autoplay, cluster, guesses, moderation)
        creations = limiter(
            "creations", settings.creations_per_minute / 60, settings.creation_burst
        )
        player_rooms = limiter(
            "player_rooms", settings.player_rooms_per_minute / 60, settings.player_room_burst
        )
        reads = limiter("reads", settings.reads_per_second, settings.read_burst)
        replays = Replays(store, settings.replay_cache_bytes)
        players = Players(store)
        wrong = WrongPasswords(
            by_pair=limiter(
                "passwords",
                settings.wrong_passwords_per_hour / 3600,
                settings.wrong_password_burst,
            ),
            by_username=limiter(
                "username_passwords",
                settings.wrong_passwords_per_username_per_hour / 3600,
                settings.wrong_password_username_burst,
            ),
            by_address=limiter(
                "address_passwords",
                settings.wrong_passwords_per_address_per_hour / 3600,
                settings.wrong_password_address_burst,
            ),
            failed=limiter("failed_passwords", 1 / FAILURE_MEMORY, 1),
        )
        accounts = Accounts(store, players, wrong, cluster, moderation.admit)
        friends = Friends(store, lobby, accounts.devices, cluster)
        pairing = Pairing(settings, store, lobby, players, cluster)
        enforcement = Enforcement(store, accounts.devices, [lobby, pairing], cluster)
        moderation.attach(enforcement)
        presence = Presence(
            accounts.devices,
            lobby,
            None if cluster is None else cluster.redis,
            "" if cluster is None else cluster.node,
        )
        reviews = Reviews(
            settings,
            store,
            limiter("reviews", settings.reviews_per_hour / 3600, settings.review_burst),
            None if cluster is None else Claims(cluster.redis, cluster.node, settings.lease_ttl),
        )
        privacy = Privacy(settings, store, accounts, lobby)
        lobby.rename_listeners.append(replays.forget_player)
        app.state.services = Services(
            settings,
            store,
            autoplay,
            cluster,
            players,
            accounts,
            lobby,
            creations,
            player_rooms,
            reads,
            replays,
            friends,
            pairing,
            reviews,
            privacy,
            presence,
            moderation,
        )
        if cluster is not None:
            cluster.attach(lobby, players, accounts.devices)
            cluster.pairing = pairing
            cluster.enforcement = enforcement
        await lobby.recovery.restore(players)
        if cluster is not None:
            await cluster.start()
        # The cyclic collector's full passes stop every room while they walk the heap
        # (the p99 of bench/server.py): keep what start-up loaded (libraries, restored
        # rooms) out of them, and run them ten times less often. Game states hold no
        # reference cycles, so little waits for them.
        gc.collect()
        gc.freeze()
        first, second, _ = gc.get_threshold()
        gc.set_threshold(first, second, 100)
        chores = [
            asyncio.create_task(lobby.sweep_forever()),
            asyncio.create_task(store.checkpoint_forever()),
            asyncio.create_task(privacy.expire_forever()),
            asyncio.create_task(presence.publish_forever()),
            asyncio.create_task(enforcement.catch_up_forever()),
        ]
        pairing.start()
        metrics = None
        if settings.metrics_port is not None:
            figures = LiveFigures(
                lambda: (room.state.status for room in list(lobby.rooms.values())),
                pairing.pools_here,
            )
            metrics = serve_metrics(settings.metrics_address, settings.metrics_port, figures)
        try:
            yield
        finally:
            if metrics is not None:
                metrics.shutdown()
            for chore in chores:
                chore.cancel()
            lobby.stop()
            pairing.stop()
            if cluster is not None:
                await cluster.stop()
            autoplay.close()
            reviews.close()
            store.close()

    app = FastAPI(
        title="rummyhall",
        version=rummyhall.__version__,
        summary="Gin Rummy, Indian Rummy and Rummikub with friends and bots",
        lifespan=lifespan,
        docs_url="/docs" if settings.api_docs else None,
        redoc_url="/redoc" if settings.api_docs else None,
    )
    app.include_router(router)
    app.include_router(reviews_router)
    app.include_router(privacy_routes)
    app.include_router(moderation_routes)
    app.include_router(probes)
    # The last added runs first: headers go on every answer, the 413 included.
    app.add_middleware(BodyLimitMiddleware, limit=settings.max_body_bytes)
    app.add_middleware(SecurityHeadersMiddleware, api_docs=settings.api_docs)
    app.add_exception_handler(RequestValidationError, malformed_request)

    @app.exception_handler(StorageUnavailable)
    async def unavailable(request: Request, error: Exception) -> JSONResponse:
        return await refused(request, ProtocolError("storage_unavailable"))

    @app.exception_handler(ProtocolError)
    async def refused(request: Request, error: Exception) -> JSONResponse:
        assert isinstance(error, ProtocolError)
        return error_response(error.code, error.message(request_locale(request.headers)))

    app.mount("/", StaticFiles(directory=settings.static_dir or WEB, html=True), name="web")
    return ClientAddressMiddleware(
        WebSocketFirst(app), proxies=TrustedProxies(settings.trusted_proxies)
    )


def join_cluster(settings: Settings) -> Cluster:
    """This process's part in a cluster (imported here: only ``serve --redis`` needs
    the ``redis`` extra)."""
    try:
        from rummyhall.server.cluster.node import Cluster
    except ModuleNotFoundError as missing:
        raise RuntimeError(
            f"--redis needs the redis client ({missing.name} is not installed: "
            "pip install 'rummyhall[redis]')"
        ) from None
    return Cluster(settings)


class WebSocketFirst:
    """Serves the game WebSocket (``/ws``) straight from ASGI and everything else through
    the FastAPI app: a connection lives for hours, and FastAPI's route and middleware
    stack would otherwise wrap every message it sends and hold its frames for as long."""

    def __init__(self, app: FastAPI) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and scope["path"] == "/ws":
            await Connection(WebSocket(scope, receive, send), self.app.state.services).run()
            return
        await self.app(scope, receive, send)
