"""``rummyhall serve``: the game server (web front end, HTTP API and WebSocket in one
process; :mod:`rummyhall.server`)."""

from __future__ import annotations

import argparse
import sys

from rummyhall.bots import LEVELS


def register(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = commands.add_parser(
        "serve",
        parents=[common],
        help="run the game server (web, API, WebSocket)",
        description="Run the game server: the web front end, the HTTP API (/docs) and the "
        "WebSocket protocol (/ws) in one process, on an SQLite file by default.",
    )
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--db", default="sqlite:///rummyhall.db", help="SQLAlchemy database URL")
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


def serve(args: argparse.Namespace) -> int:
    import logging

    import uvicorn

    from rummyhall.server import Settings, create_app

    settings = Settings(
        database_url=args.db,
        away_after=args.away_after,
        bot_delay=args.bot_delay,
        messages_per_second=args.rate,
        message_burst=max(1, int(2 * args.rate)),
        creations_per_minute=args.creation_rate,
        creation_burst=max(1, int(2 * args.creation_rate)),
        reads_per_second=args.read_rate,
        read_burst=max(1, int(2 * args.read_rate)),
        room_guesses_per_minute=args.guess_rate,
        room_guess_burst=max(1, int(args.guess_rate)),
        remove_ban=args.remove_ban,
        bot_levels=tuple(args.bot_levels.split(",")),
        away_level=args.away_level,
        compression=args.compression,
        match_seed=args.match_seed,
        fault_point=args.fault_point,
    )
    logging.basicConfig(
        level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    print(f"rummyhall: serving on http://{args.host}:{args.port}/ (database {args.db})")
    uvicorn.run(
        create_app(settings),
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        ws_max_size=4 * settings.max_message_bytes,
        ws_per_message_deflate=settings.compression,
        limit_concurrency=settings.max_connections,
    )
    return 0
