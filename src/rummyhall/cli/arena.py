"""``rummyhall arena GAME --bots hard,medium``: two bots over many paired deals
(:mod:`rummyhall.bots.arena`), with a progress bar and error bars."""

from __future__ import annotations

import argparse

from rummyhall.bots import DEFAULT_BUDGET, KINDS
from rummyhall.bots import arena as bot_arena
from rummyhall.registry import KITS


def register(
    commands: argparse._SubParsersAction[argparse.ArgumentParser], common: argparse.ArgumentParser
) -> None:
    parser = commands.add_parser(
        "arena",
        parents=[common],
        help="measure two bots over paired deals (each deal played twice, seats swapped)",
        description="Measure two bots over paired deals: each deal is played twice with "
        "the seats swapped; win rates come with 95%% Wilson intervals.",
    )
    parser.add_argument("game", choices=sorted(KITS))
    parser.add_argument(
        "--bots", default="hard,medium", help=f"two bot kinds, comma separated ({', '.join(KINDS)})"
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
    parser.set_defaults(run=lambda args: run(parser, args))


def run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from rich.progress import Progress

    kinds = args.bots.split(",")
    if len(kinds) != 2:
        parser.error("--bots takes exactly two kinds")
    options: dict[str, object] = {"budget": args.budget}
    if args.simulations is not None:
        options = {"simulations": args.simulations}
    with Progress(transient=True) as bar:
        job = bar.add_task(f"{args.game}: {kinds[0]} vs {kinds[1]}", total=2 * args.games)
        report = bot_arena.run(
            args.game,
            (kinds[0], kinds[1]),
            args.games,
            args.seed,
            workers=args.workers,
            options=options,
            progress=lambda done, total: bar.update(job, completed=done),
        )
    for line in report.lines():
        print(line)
    return 0
