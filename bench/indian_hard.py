"""The Indian hard bot's time per move against its budget.

    python bench/indian_hard.py [--deals 50] [--seed 1] [--budget 0.1]

Plays the arena's hard-vs-medium Points deals (each twice, seats swapped) in this one
process, as ``rummyhall arena indian --workers 1`` does, and prints hard's median, p99
and worst move against the target (p99 and worst within the budget + 10 ms), medium's
moves beside them as the baseline, and the garbage collector's pauses: the full
collections that once walked the distance memo are what used to overrun the budget.
The win rate shows what the budget buys (100 deals give it ±10%).
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummyhall.bots import arena, decide, make_bot

SLACK = 0.010
"""How far past its budget a move may end (seconds)."""


class Pauses:
    """The garbage collector's pauses, as they happen."""

    def __init__(self) -> None:
        self.seconds: list[float] = []
        self.began = 0.0
        gc.callbacks.append(self.note)

    def note(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self.began = time.perf_counter()
        else:
            self.seconds.append(time.perf_counter() - self.began)


def figures(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return (
        f"median {1000 * ordered[len(ordered) // 2]:6.2f} ms, p99 {1000 * p99:6.2f} ms, "
        f"max {1000 * ordered[-1]:6.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=0.1)
    args = parser.parse_args()
    pauses = Pauses()
    moves: dict[str, list[float]] = {"hard": [], "medium": []}
    paused: list[float] = []  # per hard move, the collections inside it
    wins = losses = 0
    kinds = ("hard", "medium")
    for task in arena.tasks("indian", kinds, args.deals, args.seed, {"budget": args.budget}):
        state = arena.start("indian", task.seed)
        seats = (1, 0) if task.swapped else (0, 1)
        bots = {
            seats[who]: make_bot(
                "indian", kind, seed=2 * task.seed + who, **(task.options if who == 0 else {})
            )
            for who, kind in enumerate(kinds)
        }
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            before = len(pauses.seconds)
            began = time.perf_counter()
            action = decide(state, bots[seat])
            moves[kinds[seats.index(seat)]].append(time.perf_counter() - began)
            if seat == seats[0]:
                paused.append(sum(pauses.seconds[before:]))
            state.apply(action)
        margin = state.scores[seats[0]] - state.scores[seats[1]]
        wins += margin > 0
        losses += margin < 0
    limit = args.budget + SLACK
    over = sum(seconds > limit for seconds in moves["hard"])
    print(
        f"Indian hard vs medium, {args.deals} deals × 2 at a budget of "
        f"{1000 * args.budget:.0f} ms (seed {args.seed}): hard wins {wins}, medium "
        f"{losses} ({wins / max(1, wins + losses):.1%} of decided)"
    )
    print(
        f"hard per move:   {figures(moves['hard'])}  (target: p99 and max ≤ "
        f"{1000 * limit:.0f} ms; {over} of {len(moves['hard'])} moves over)"
    )
    print(f"medium per move: {figures(moves['medium'])}  (baseline)")
    full = [s for s in pauses.seconds if s > SLACK]
    print(
        f"garbage collection: {len(full)} pauses over {1000 * SLACK:.0f} ms, longest "
        f"{1000 * max(pauses.seconds, default=0):.1f} ms; inside hard's moves at most "
        f"{1000 * max(paused, default=0):.1f} ms"
    )


if __name__ == "__main__":
    main()
