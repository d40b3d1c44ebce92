"""How a hard bot's strength grows with its thinking: the arena at several budgets (or
fixed numbers of simulations) on the same paired deals, a row each.

    python bench/budget_curve.py gin --against openspiel --budgets 0.05,0.1,0.25,1 --games 150
    python bench/budget_curve.py rummikub --against hoarder --simulations 4,16,64 --games 100

Each row: the hard bot's paired win rate with its 95% interval (for Gin, of hands and of
matches to 100), its mean margin, its median and 99th-percentile time per move, and the
load average before and after the row. Budget-bound play is distorted by a busy machine:
run the budget rows alone (``--workers`` no more than the idle cores); rows of fixed
simulations depend on the seed alone.
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

from rummyhall.bots import arena


def row(
    game: str, opponent: str, games: int, seed: int, workers: int, options: dict[str, Any]
) -> str:
    load = os.getloadavg()[0]
    started = time.perf_counter()
    report = arena.run(game, ("hard", opponent), games, seed, workers=workers, options=options)
    setting = ", ".join(f"{name} {value}" for name, value in options.items())
    cells = [setting, *report.games.cells()]
    if report.hands.played:
        cells += report.hands.cells()
    median, p99 = arena.move_times(report.seconds[0])
    cells += [
        f"{median:.1f} / {p99:.1f} ms",
        f"{load:.1f} → {os.getloadavg()[0]:.1f}",
        f"{time.perf_counter() - started:.0f} s",
    ]
    return "| " + " | ".join(cells) + " |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=["gin", "indian", "rummikub"])
    parser.add_argument("--against", default="medium", help="the opponent's bot kind")
    parser.add_argument("--budgets", default="", help="seconds per move, comma separated")
    parser.add_argument("--simulations", default="", help="fixed searches, comma separated")
    parser.add_argument("--games", type=int, default=100, help="deals, each played twice")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    settings: list[dict[str, Any]] = [
        {"budget": float(b)} for b in args.budgets.split(",") if b
    ] + [{"simulations": int(s)} for s in args.simulations.split(",") if s]
    if not settings:
        parser.error("give --budgets or --simulations")
    unit = arena.unit(args.game)
    header = ["hard", unit, "drawn", "win rate [95% CI]", "margin"]
    if args.game == "gin":
        header += ["hands", "drawn", "win rate [95% CI]", "margin"]
    header += ["hard's time per move (median / p99)", "load", "wall"]
    print(f"{args.game}: hard against {args.against}, {args.games} deals × 2, seed {args.seed}")
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for options in settings:
        print(
            row(args.game, args.against, args.games, args.seed, args.workers, options), flush=True
        )


if __name__ == "__main__":
    main()
