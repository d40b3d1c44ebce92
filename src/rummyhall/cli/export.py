"""``rummyhall export GAME_ID|FILE``: a finished game as a JSON record (docs/records.md).

The record is checked by replaying it (``rummyhall.load``), then written as
``GameState.to_json()`` writes it: seed, options, the action log and the snapshot that
proves the replay, so ``new_game``/``new_match`` with the same seed and options followed
by the log rebuilds the game exactly.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from rummyhall.cli.records import add_source, checked, read
from rummyhall.terminal.i18n import tr


def register(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = commands.add_parser(
        "export",
        parents=[common],
        help="write a game (by id from the server database, or a file) as a JSON record",
        description="Write a finished game as a JSON record (seed, options, action log; "
        "docs/records.md), checked by replaying it: new_game/new_match with the same seed "
        "and options, then the log, rebuild it exactly.",
    )
    add_source(parser, "GAME_ID|FILE")
    parser.add_argument(
        "-o", "--output", type=Path, metavar="FILE", help="the file to write (default: stdout)"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    state = checked(read(args))
    record = state.to_json()
    text = json.dumps(record, indent=1) + "\n"
    if args.output is None:
        sys.stdout.write(text)
        return 0
    args.output.write_text(text, encoding="utf-8")
    print(tr("exported", path=args.output, n=len(record["log"])), file=sys.stderr)
    return 0
