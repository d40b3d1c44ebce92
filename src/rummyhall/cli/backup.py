"""``rummyhall backup FILE``: a copy of the server's SQLite database, taken while it plays
(:mod:`rummyhall.server.storage.backups`; docs/operations.md, "Backups")."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rummyhall.server.settings import Settings
from rummyhall.terminal.i18n import tr


def register(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = commands.add_parser(
        "backup",
        parents=[common],
        help="copy the server's SQLite database to a file, safely while it serves",
        description="Copy the game server's SQLite database to FILE while the server runs "
        "(SQLite's online backup: the copy is the database as one commit left it). "
        "PostgreSQL: pg_dump (docs/operations.md).",
    )
    parser.add_argument("file", type=Path, metavar="FILE", help="the backup to write")
    add_database(parser)
    parser.set_defaults(run=run)


def add_database(parser: argparse.ArgumentParser) -> None:
    default = Settings().database_url
    parser.add_argument(
        "--db", default=default, metavar="URL", help=f"the server's database (default: {default})"
    )


def run(args: argparse.Namespace) -> int:
    from rummyhall.server.storage.backups import backup  # the storage, only when run

    copied = backup(args.db, args.file)
    print(
        tr("backed_up", path=copied.path, n=copied.matches, finished=copied.finished),
        file=sys.stderr,
    )
    return 0
