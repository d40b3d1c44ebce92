"""``rummyhall restore FILE``: a backup put in place of the server's SQLite database, the
server stopped (:mod:`rummyhall.server.storage.backups`; docs/operations.md)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rummyhall.cli.backup import add_database
from rummyhall.terminal.i18n import tr


def register(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = commands.add_parser(
        "restore",
        parents=[common],
        help="put a backup in place of the server's SQLite database (server stopped)",
        description="Check FILE (a whole rummyhall database of a schema this rummyhall "
        "knows) and put it in place of the server's SQLite database. Stop the server "
        "first; the server brings an older schema up to date when it starts.",
    )
    parser.add_argument("file", type=Path, metavar="FILE", help="the backup to restore")
    add_database(parser)
    parser.add_argument("--replace", action="store_true", help="replace the database if it exists")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from rummyhall.server.storage.backups import restore  # the storage, only when run

    copied = restore(args.file, args.db, replace=args.replace)
    print(
        tr("restored", path=copied.path, n=copied.matches, finished=copied.finished),
        file=sys.stderr,
    )
    return 0
