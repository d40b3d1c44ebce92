"""``rummyhall serve``: the game server (web front end, HTTP API and WebSocket in one
process; :mod:`rummyhall.server`)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from rummyhall.bots import LEVELS


def register(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = commands.add_parser(
        "serve",
        parents=[common],
        help="run the game server (web, API, WebSocket)",
        description="Run the game server: the web front end, the HTTP API (/api, described "
        "at /openapi.json) and the WebSocket protocol (/ws) in one process, on an SQLite file "
        "by default.",
    )
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument(
        "--db",
        default="sqlite:///rummyhall.db",
        help="SQLAlchemy database URL: sqlite:///FILE (the default, embedded) or "
        "postgresql://USER:PASSWORD@HOST/DATABASE (pip install 'rummyhall[postgres]')",
    )
    parser.add_argument(
        "--redis",
        metavar="URL",
        help="redis://HOST:PORT/DB: run as one of several processes sharing rooms, the "
        "lobby and limits through this Redis, all on one PostgreSQL --db "
        "(pip install 'rummyhall[redis]'; docs/deploy.md)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        help="with --redis: server processes sharing the port (one per core is a start)",
    )
    parser.add_argument(
        "--lease-ttl",
        type=float,
        default=2.0,
        help="with --redis: seconds before a dead process's rooms move to another",
    )
    parser.add_argument(
        "--away-after",
        type=float,
        default=60.0,
        help="seconds before an absent player's seat is played by a bot",
    )
    parser.add_argument(
        "--bot-delay", type=float, default=0.4, help="seconds a bot waits before moving"
    )
    parser.add_argument(
        "--clocks",
        default="30+60,60+120",
        help="turn clocks a host may choose for Gin and Indian rooms (TURN+BANK seconds)",
    )
    parser.add_argument(
        "--hand-over-after",
        type=float,
        default=300.0,
        help="seconds a turn lasts, without a clock, before the others may hand it over",
    )
    parser.add_argument(
        "--part-pause",
        type=float,
        default=30.0,
        help="seconds the next hand waits for every player to close the result",
    )
    parser.add_argument(
        "--rate", type=float, default=20.0, help="messages per second allowed per connection"
    )
    parser.add_argument(
        "--creation-rate",
        type=float,
        default=30.0,
        help="guests and rooms one address may create per minute",
    )
    parser.add_argument(
        "--read-rate",
        type=float,
        default=20.0,
        help="HTTP reads (lobby, rooms, records, replays, stats) one address may make per second",
    )
    parser.add_argument(
        "--guess-rate",
        type=float,
        default=20.0,
        help="unknown room codes one address may look up per minute",
    )
    parser.add_argument(
        "--remove-ban",
        type=float,
        default=600.0,
        help="seconds a player the host removed may not sit in that room again",
    )
    parser.add_argument(
        "--player-room-rate",
        type=float,
        default=None,
        help="rooms one player may create per minute (from any address)",
    )
    parser.add_argument(
        "--trusted-proxies",
        default="",
        help="comma-separated addresses or networks (CIDR) of reverse proxies whose "
        "X-Forwarded-For is believed; none by default: the socket's peer is the client",
    )
    parser.add_argument(
        "--max-connections",
        type=int,
        default=None,
        help="open connections at once; more get HTTP 503",
    )
    parser.add_argument(
        "--max-connections-per-address",
        type=int,
        default=None,
        help="open connections from one client address (trusted proxies exempt)",
    )
    parser.add_argument(
        "--hello-timeout",
        type=float,
        default=None,
        help="seconds a new WebSocket has to say a valid hello",
    )
    parser.add_argument(
        "--idle-timeout",
        type=float,
        default=None,
        help="seconds a WebSocket outside any room may stay silent",
    )
    parser.add_argument(
        "--ws-ping-interval",
        type=float,
        default=None,
        help="seconds between the server's WebSocket pings",
    )
    parser.add_argument(
        "--ws-ping-timeout",
        type=float,
        default=None,
        help="seconds to wait for a pong before dropping the WebSocket",
    )
    parser.add_argument(
        "--request-timeout",
        type=float,
        default=None,
        help="seconds one HTTP request (headers and body) may take to arrive",
    )
    parser.add_argument(
        "--keep-alive",
        type=float,
        default=None,
        help="seconds an idle HTTP keep-alive connection is kept",
    )
    parser.add_argument(
        "--max-body",
        type=int,
        default=None,
        help="largest HTTP request body in bytes (413 beyond)",
    )
    parser.add_argument(
        "--api-docs",
        action="store_true",
        help="serve the interactive API docs at /docs and /redoc (they load scripts from a CDN)",
    )
    parser.add_argument(
        "--bot-levels", default=",".join(LEVELS), help="bot levels offered, comma separated"
    )
    parser.add_argument(
        "--away-level", default="medium", help="bot level that plays for an away player"
    )
    parser.add_argument(
        "--compression",
        action="store_true",
        help="per-message deflate on the WebSocket (fewer bytes, more CPU)",
    )
    parser.add_argument(
        "--match-seed",
        type=int,
        default=None,
        help="start every match from this seed (for tests: repeatable deals)",
    )
    parser.add_argument(
        "--fault-point",
        default=None,
        metavar="NAME:MOMENT[:N]",
        help="for crash tests: SIGKILL the server at this commit boundary of the store, "
        "e.g. finish_match:before (rummyhall.server.storage.faults)",
    )
    parser.add_argument(
        "--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"]
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        return serve(args)
    except ValueError as error:  # settings refused (a bad URL, an unknown bot level, …)
        print(f"rummyhall: {error}", file=sys.stderr)
        return 2


TUNED = {
    "player_rooms_per_minute": "player_room_rate",
    "max_connections": "max_connections",
    "max_connections_per_address": "max_connections_per_address",
    "hello_timeout": "hello_timeout",
    "idle_timeout": "idle_timeout",
    "ws_ping_interval": "ws_ping_interval",
    "ws_ping_timeout": "ws_ping_timeout",
    "request_timeout": "request_timeout",
    "keep_alive_timeout": "keep_alive",
    "max_body_bytes": "max_body",
}
"""Settings fields set by the flag of that name when given (else Settings' default, so
the defaults live in one place, and ``--help`` need not import the server)."""


def connection_settings(args: argparse.Namespace) -> dict[str, Any]:
    given: dict[str, Any] = {
        field: getattr(args, flag)
        for field, flag in TUNED.items()
        if getattr(args, flag) is not None
    }
    if args.player_room_rate is not None:
        given["player_room_burst"] = max(1, int(2 * args.player_room_rate))
    return given


def serve(args: argparse.Namespace) -> int:
    import logging

    import uvicorn
    from sqlalchemy import make_url

    from rummyhall.server import Settings, create_app
    from rummyhall.server.storage.repository import database_url
    from rummyhall.server.transport import protocols
    from rummyhall.server.workers import serve_workers

    if args.workers < 1 or (args.workers > 1 and not args.redis):
        print(
            "rummyhall serve: --workers N needs --redis (they share rooms through it)",
            file=sys.stderr,
        )
        return 2
    if args.redis and database_url(args.db).get_backend_name() == "sqlite":
        print(
            "rummyhall serve: --redis needs a PostgreSQL --db (an SQLite file has one writer)",
            file=sys.stderr,
        )
        return 2

    settings = Settings(
        database_url=args.db,
        redis_url=args.redis,
        lease_ttl=args.lease_ttl,
        away_after=args.away_after,
        bot_delay=args.bot_delay,
        part_pause=args.part_pause,
        clocks=tuple(entry for entry in args.clocks.split(",") if entry.strip()),
        hand_over_after=args.hand_over_after,
        messages_per_second=args.rate,
        message_burst=max(1, int(2 * args.rate)),
        creations_per_minute=args.creation_rate,
        creation_burst=max(1, int(2 * args.creation_rate)),
        reads_per_second=args.read_rate,
        read_burst=max(1, int(2 * args.read_rate)),
        room_guesses_per_minute=args.guess_rate,
        room_guess_burst=max(1, int(args.guess_rate)),
        remove_ban=args.remove_ban,
        trusted_proxies=tuple(entry for entry in args.trusted_proxies.split(",") if entry.strip()),
        api_docs=args.api_docs,
        **connection_settings(args),
        bot_levels=tuple(args.bot_levels.split(",")),
        away_level=args.away_level,
        compression=args.compression,
        match_seed=args.match_seed,
        fault_point=args.fault_point,
    )
    logging.basicConfig(
        level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    shown = database_url(args.db).render_as_string(hide_password=True)
    if args.redis:
        shown += ", " + make_url(args.redis).render_as_string(hide_password=True)
    workers = f", {args.workers} processes" if args.workers > 1 else ""
    print(f"rummyhall: serving on http://{args.host}:{args.port}/ (database {shown}{workers})")
    http, ws = protocols(settings)
    config = uvicorn.Config(
        create_app(settings),
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        http=http,
        ws=ws,
        ws_max_size=4 * settings.max_message_bytes,
        ws_per_message_deflate=settings.compression,
        ws_ping_interval=settings.ws_ping_interval,
        ws_ping_timeout=settings.ws_ping_timeout,
        limit_concurrency=settings.max_connections,
        timeout_keep_alive=settings.keep_alive_timeout,  # type: ignore[arg-type]
        # The client address is ours to compute (rummyhall.server.addresses): uvicorn's
        # own proxy headers believe X-Forwarded-For from 127.0.0.1 by default.
        proxy_headers=False,
        server_header=False,  # no need to tell scanners which server and version this is
    )
    if args.workers > 1:
        return serve_workers(config, args.workers)
    uvicorn.Server(config).run()
    return 0
