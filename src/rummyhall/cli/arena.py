"""``rummyhall arena GAME --bots hard,medium``: two bots over many paired deals, or
``--bots hard --against zoo``: one bot against a list of opponents, a row each
(:mod:`rummyhall.bots.arena`), with a progress bar and error bars."""

from __future__ import annotations

import argparse
import json

from rummyhall.bots import DEFAULT_BUDGET, KINDS
from rummyhall.bots import arena as bot_arena
from rummyhall.bots.journal import Journal
from rummyhall.bots.registry import zoo
from rummyhall.registry import KITS


def register(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = commands.add_parser(
        "arena",
        parents=[common],
        help="measure bots over paired deals (each deal played twice, seats swapped)",
        description="Measure two bots, or one bot against a list of opponents, over paired "
        "deals: each deal is played twice with the seats swapped; win rates come with 95% "
        "Wilson intervals.",
    )
    parser.add_argument("game", choices=sorted(KITS))
    parser.add_argument(
        "--bots",
        default=None,
        help=f"two bot kinds, comma separated (default hard,medium; {', '.join(KINDS)}, a "
        "style of the game, openspiel for gin, hard@B: the hard bot at B seconds a move "
        "whatever --budget), or one with --against (default hard)",
    )
    parser.add_argument(
        "--against",
        default=None,
        help="opponents of the one bot, comma separated, or zoo: every level, random, "
        "every style of the game and the installed peers (openspiel for gin)",
    )
    parser.add_argument(
        "--variant",
        default=None,
        help="the variant played, by name (e.g. pool101 for indian: whole Pool 101 "
        "matches); default: the game's single-part variant (an Indian Points deal, a "
        "Rummikub round), else its first (Gin: standard, to 100)",
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a match option beyond the variant's, repeatable (e.g. rummikub --variant match "
        "--option rounds=4)",
    )
    parser.add_argument("--games", type=int, default=100, help="deals, each played twice")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=None, help="processes (default: cores)")
    parser.add_argument(
        "--budget", type=float, default=DEFAULT_BUDGET, help="hard bots' seconds per move"
    )
    parser.add_argument(
        "--simulations", type=int, default=None, help="hard bots: fixed search per move"
    )
    parser.add_argument(
        "--journal",
        default=None,
        metavar="FILE",
        help="keep each finished game in FILE (JSON lines); run again with the same FILE, "
        "only the games it lacks are played: a long measurement survives being stopped",
    )
    parser.set_defaults(run=lambda args: run(parser, args))


def match_options(parser: argparse.ArgumentParser, pairs: list[str]) -> dict[str, object]:
    """``--option rounds=4 …`` as keyword arguments of the match (values read as JSON:
    numbers and booleans; the match itself checks them)."""
    found: dict[str, object] = {}
    for pair in pairs:
        key, equals, text = pair.partition("=")
        if not equals or not key:
            parser.error(f"--option takes KEY=VALUE, not {pair!r}")
        try:
            found[key] = json.loads(text)
        except json.JSONDecodeError:
            found[key] = text
    return found


def run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from rich.progress import Progress

    options: dict[str, object] = {"budget": args.budget}
    if args.simulations is not None:
        options = {"simulations": args.simulations}
    if args.against is None:
        kinds = (args.bots or "hard,medium").split(",")
        if len(kinds) != 2:
            parser.error("--bots takes exactly two kinds (or one with --against)")
        title, pairs = f"{kinds[0]} vs {kinds[1]}", 1
    else:
        kinds = (args.bots or "hard").split(",")
        if len(kinds) != 1:
            parser.error("with --against, --bots takes one kind")
        opponents = zoo(args.game) if args.against == "zoo" else args.against.split(",")
        title, pairs = f"{kinds[0]} against {', '.join(opponents)}", len(opponents)
    with Progress(transient=True) as bar:
        job = bar.add_task(f"{args.game}: {title}", total=2 * args.games * pairs)

        def progress(done: int, total: int) -> None:
            bar.update(job, completed=done)

        settings = {
            "workers": args.workers,
            "options": options,
            "progress": progress,
            "variant": args.variant,
            "match_options": match_options(parser, args.option),
            "journal": None if args.journal is None else Journal(args.journal),
        }
        report: bot_arena.Report | bot_arena.Standings
        if args.against is None:
            pair = (kinds[0], kinds[1])
            report = bot_arena.run(args.game, pair, args.games, args.seed, **settings)
        else:
            report = bot_arena.against(
                args.game, kinds[0], opponents, args.games, args.seed, **settings
            )
    lines = report.lines()
    for line in lines:
        print(line)
    return 0
