"""Bot decision times against the issue's targets.

    python bench/bots.py [--positions 300] [--budget 0.1]

For each game, positions are met along games between two medium bots; at each one the
medium bot's decision is timed (target: under 20 ms), with the time the state itself
needs to list the legal actions printed beside it as the baseline (the medium bot's own
work is the difference), and on every tenth position the hard bot's at ``--budget``
(target: a median within the budget).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummyhall import new_game
from rummyhall.bots import decide, make_bot


def figures(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return f"median {1000 * statistics.median(ordered):7.2f} ms, p99 {1000 * p99:7.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--budget", type=float, default=0.1)
    args = parser.parse_args()
    for game in ("gin", "indian", "rummikub"):
        medium = [make_bot(game, "medium", seed=seat) for seat in (0, 1)]
        hard = make_bot(game, "hard", seed=9, budget=args.budget)
        listing: list[float] = []
        deciding: list[float] = []
        searching: list[float] = []
        seed = 0
        while len(deciding) < args.positions:
            state = new_game(game, seed=seed)
            seed += 1
            while not state.is_over and len(deciding) < args.positions:
                seat = state.current_player
                assert seat is not None
                began = time.perf_counter()
                state.legal_actions()
                listing.append(time.perf_counter() - began)
                began = time.perf_counter()
                action = decide(state, medium[seat])
                deciding.append(time.perf_counter() - began)
                if len(deciding) % 10 == 0:
                    began = time.perf_counter()
                    decide(state, hard)
                    searching.append(time.perf_counter() - began)
                state.apply(action)
        print(f"{game:9} legal actions (baseline): {figures(listing)}")
        print(f"{game:9} medium decision:          {figures(deciding)}  (target < 20 ms)")
        print(
            f"{game:9} hard decision:            {figures(searching)}  "
            f"(target: median ≤ {1000 * args.budget:.0f} ms)"
        )


if __name__ == "__main__":
    main()
