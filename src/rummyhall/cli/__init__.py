"""The ``rummyhall`` command: one subcommand a module.

``serve`` (the game server), ``play`` (a game against bots in the terminal), ``solve``
(the solvers on a position), ``replay``, ``review`` and ``export`` (saved games), ``match``
(bots against bots, hand by hand), ``arena`` (bots measured over many paired deals), and
``backup`` and ``restore`` (the server's SQLite database), and ``moderator`` (who
moderates the site). A
subcommand module has ``register(commands, common)``, which adds its parser and sets
``run`` (a function of the parsed arguments returning the exit status); adding a command
is adding a module to :data:`COMMANDS`.

``--lang zh`` (before or after the subcommand, or ``RUMMYHALL_LANG=zh``) switches the
terminal texts to Chinese; ``--help`` texts are in English.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from rummyhall.cli import (
    arena,
    backup,
    export,
    match,
    moderator,
    play,
    replay,
    restore,
    review,
    serve,
    solve,
)
from rummyhall.errors import IllegalAction, RummyhallError
from rummyhall.terminal.i18n import LANGUAGES, use_language

COMMANDS = (
    serve,
    play,
    solve,
    replay,
    review,
    export,
    match,
    arena,
    backup,
    restore,
    moderator,
)


def _default_language() -> str:
    chosen = os.environ.get("RUMMYHALL_LANG", "en")
    return chosen if chosen in LANGUAGES else "en"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rummyhall",
        description="Gin Rummy, Indian Rummy and Rummikub: serve the web site, play "
        "against bots in the terminal, solve positions, replay and export games.",
    )
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=_default_language(),
        help="language of the terminal texts (default: en, or $RUMMYHALL_LANG)",
    )
    # The subcommands accept --lang too; SUPPRESS keeps the top-level value when omitted.
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=argparse.SUPPRESS
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        command.register(commands, common)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    use_language(args.lang)
    try:
        status: int = args.run(args)
    except IllegalAction as error:
        print(f"rummyhall: {error.rule}: {error.message}", file=sys.stderr)
        return 2
    except RummyhallError as error:
        print(f"rummyhall: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return status


if __name__ == "__main__":
    sys.exit(main())
