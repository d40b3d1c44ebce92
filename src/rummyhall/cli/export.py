"""``rummyhall export GAME_ID|FILE``: a finished game as a JSON record (docs/records.md).

The record is checked by replaying it (``rummyhall.load``), then written as
``GameState.to_json()`` writes it: seed, options, the action log and the snapshot that
proves the replay, so ``new_game``/``new_match`` with the same seed and options followed
by the log rebuilds the game exactly. ``--review`` adds every seat's review
(``reviews``, docs/records.md and docs/review.md); reviews the record already carries
are written as they are.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from rummyhall.cli.records import add_source, checked, read
from rummyhall.cli.review import reviewed
from rummyhall.review import carried, with_reviews
from rummyhall.review.positions import checked as review_checked
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
    parser.add_argument(
        "--review",
        action="store_true",
        help="add every seat's review of the game (docs/review.md), computed unless carried",
    )
    parser.add_argument(
        "--worlds",
        type=int,
        metavar="N",
        help="with --review: sampled worlds a decision (default: the review's, Gin 512, "
        "Indian 48, Rummikub 64)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    source = read(args)
    state = checked(source)
    record = with_reviews(state.to_json(), carried(source).values())
    if args.review:
        # Checked first (a game not finished or not reviewed: an error, nothing computed).
        seats = range(review_checked(source, 0).num_players)
        record = with_reviews(record, reviewed(source, seats, args.worlds))
    text = json.dumps(record, indent=1) + "\n"
    if args.output is None:
        sys.stdout.write(text)
        return 0
    args.output.write_text(text, encoding="utf-8")
    print(tr("exported", path=args.output, n=len(record["log"])), file=sys.stderr)
    return 0
