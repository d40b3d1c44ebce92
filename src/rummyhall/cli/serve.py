"""``rummyhall serve``: the game server (web front end, HTTP API and WebSocket in one
process; :mod:`rummyhall.server`)."""

from __future__ import annotations

import argparse
import dataclasses
import sys
import typing
from collections.abc import Callable
from typing import Any

from rummyhall.server.settings import SettingError, Settings, about


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
    process = parser.add_argument_group("the process")
    process.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default: %(default)s)"
    )
    process.add_argument(
        "--port", type=int, default=8000, help="port to listen on (default: %(default)s)"
    )
    process.add_argument(
        "--workers",
        type=int,
        default=1,
        help="with --redis: server processes sharing the port (one per core is a start)",
    )
    process.add_argument(
        "--log-level",
        default="info",
        choices=["critical", "error", "warning", "info", "debug"],
        help="what the log shows (default: %(default)s)",
    )
    process.add_argument(
        "--log-format",
        default="text",
        choices=["text", "json"],
        help="text lines, or JSON lines for a log collector: one object a request or "
        "connection event, never a token or password (default: %(default)s)",
    )
    add_settings(parser)
    parser.set_defaults(run=run)


def add_settings(parser: argparse.ArgumentParser) -> None:
    """A flag for every :class:`Settings` field that names its ``--help`` group, with the
    field's help, type, default and name."""
    types = typing.get_type_hints(Settings)
    groups: dict[str, argparse._ArgumentGroup] = {}
    for field in dataclasses.fields(Settings):
        spec = about(field)
        if spec.group is None:
            continue
        if spec.group not in groups:
            groups[spec.group] = parser.add_argument_group(spec.group)
        flag = flag_of(field)
        kind = types[field.name]
        help = spec.help.replace("%", "%%") + shown_default(field.default)
        if kind is bool:
            groups[spec.group].add_argument(flag, dest=field.name, action="store_true", help=help)
            continue
        groups[spec.group].add_argument(
            flag,
            dest=field.name,
            type=comma_list if kind == tuple[str, ...] else parser_of(kind),
            default=field.default,
            metavar=spec.metavar or flag.removeprefix("--").replace("-", "_").upper(),
            help=help,
        )


def parser_of(kind: Any) -> Callable[[str], Any]:
    """``float`` for ``float``, ``int`` for ``int | None``, …"""
    (taken,) = [part for part in typing.get_args(kind) or (kind,) if part is not type(None)]
    parse: Callable[[str], Any] = taken
    return parse


def comma_list(text: str) -> tuple[str, ...]:
    return tuple(entry for entry in text.split(",") if entry.strip())


def shown_default(default: object) -> str:
    if default is None or isinstance(default, bool) or default == ():
        return ""
    shown = ",".join(default) if isinstance(default, tuple) else default
    return f" (default: {shown})"


def flag_of(field: dataclasses.Field[Any]) -> str:
    return about(field).flag or "--" + field.name.replace("_", "-")


def settings_from(args: argparse.Namespace) -> Settings:
    """The flags' values, and each burst from its rate."""
    given = {
        field.name: getattr(args, field.name)
        for field in dataclasses.fields(Settings)
        if about(field).group is not None
    }
    for field in dataclasses.fields(Settings):
        burst_of = about(field).burst_of
        if burst_of is not None:
            rate, factor = burst_of
            given[field.name] = max(1, int(factor * given[rate]))
    return Settings(**given)


def run(args: argparse.Namespace) -> int:
    try:
        return serve(args)
    except SettingError as error:
        fields = {field.name: field for field in dataclasses.fields(Settings)}
        field = fields[error.setting]
        named = flag_of(field) if about(field).group is not None else error.setting
        print(f"rummyhall: {named}: {error.problem}", file=sys.stderr)
        return 2
    except ValueError as error:  # refused before the settings (a bad database URL, …)
        print(f"rummyhall: {error}", file=sys.stderr)
        return 2


def serve(args: argparse.Namespace) -> int:
    import logging.config

    import uvicorn
    from sqlalchemy import make_url

    from rummyhall.server.app import create_app
    from rummyhall.server.logs import log_config
    from rummyhall.server.net.transport import protocols
    from rummyhall.server.storage.database import database_url
    from rummyhall.server.workers import serve_workers

    settings = settings_from(args)
    if args.workers < 1 or (args.workers > 1 and not settings.redis_url):
        print(
            "rummyhall serve: --workers N needs --redis (they share rooms through it)",
            file=sys.stderr,
        )
        return 2
    if args.workers > 1 and settings.metrics_port is not None:
        print(
            "rummyhall serve: --metrics-port is one process's port: with --workers, run one "
            "serve a process instead (docs/operations.md, 'Metrics')",
            file=sys.stderr,
        )
        return 2
    if settings.redis_url and database_url(settings.database_url).get_backend_name() == "sqlite":
        print(
            "rummyhall serve: --redis needs a PostgreSQL --db (an SQLite file has one writer)",
            file=sys.stderr,
        )
        return 2

    logging_config = log_config(args.log_level, args.log_format)
    logging.config.dictConfig(logging_config)
    shown = database_url(settings.database_url).render_as_string(hide_password=True)
    if settings.redis_url:
        shown += ", " + make_url(settings.redis_url).render_as_string(hide_password=True)
    workers = f", {args.workers} processes" if args.workers > 1 else ""
    serving = f"serving on http://{args.host}:{args.port}/ (database {shown}{workers})"
    if args.log_format == "json":  # the log's lines are all JSON
        logging.getLogger("rummyhall").info(serving)
    else:
        print(f"rummyhall: {serving}")
    http, ws = protocols(settings)
    config = uvicorn.Config(
        create_app(settings),
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        log_config=logging_config,
        http=http,
        ws=ws,
        ws_max_size=4 * settings.max_message_bytes,
        ws_per_message_deflate=settings.compression,
        ws_ping_interval=settings.ws_ping_interval,
        ws_ping_timeout=settings.ws_ping_timeout,
        limit_concurrency=settings.max_connections,
        timeout_keep_alive=settings.keep_alive_timeout,  # type: ignore[arg-type]
        # The client address is ours to compute (rummyhall.server.net.addresses): uvicorn's
        # own proxy headers believe X-Forwarded-For from 127.0.0.1 by default.
        proxy_headers=False,
        server_header=False,  # no need to tell scanners which server and version this is
    )
    if args.workers > 1:
        return serve_workers(config, args.workers)
    uvicorn.Server(config).run()
    return 0
