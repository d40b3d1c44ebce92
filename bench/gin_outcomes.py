"""How hands of Gin end between two strong rule players, measured by the engine: the law
the Gin match-equity table is built from (``rummyhall/bots/gin/equity.py``), written to
the ``outcomes.json`` shipped beside it.

    python bench/gin_outcomes.py --hands 40000 --seed 1     # both modes, then writes

Per mode: the hands the dealer won by so many points, those his opponent won, and the
cancelled ones (GIN-14), with the players and the seed that made them. Every hand is
dealt from the seed (``hand i`` from ``seed + i``), so the file is reproducible.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from rummyhall.bots.gin.equity import OUTCOMES_FILE, HandOutcomes
from rummyhall.bots.play import decide
from rummyhall.bots.registry import make_bot
from rummyhall.registry import new_game

PLAYERS = ("strong", "strong")
MODES = ("standard", "oklahoma")


def count(mode: str, seeds: range) -> tuple[Counter[int], Counter[int], int]:
    """The hands of ``seeds`` played out: wins by points of the dealer, of the other
    seat, and the cancelled hands."""
    dealer_wins: Counter[int] = Counter()
    other_wins: Counter[int] = Counter()
    cancelled = 0
    for seed in seeds:
        state = new_game("gin", seed=seed, mode=mode)
        bots = [make_bot("gin", kind, seed=seed) for kind in PLAYERS]
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            state.apply(decide(state, bots[seat]))
        dealer = state.view(None)["dealer"]
        scores = state.scores
        if not any(scores):
            cancelled += 1
        elif scores[dealer] > 0:
            dealer_wins[scores[dealer]] += 1
        else:
            other_wins[scores[1 - dealer]] += 1
    return dealer_wins, other_wins, cancelled


def measure(mode: str, hands: int, seed: int, workers: int) -> dict[str, object]:
    chunk = -(-hands // workers)
    ranges = [range(seed + i, seed + min(i + chunk, hands)) for i in range(0, hands, chunk)]
    dealer_wins: Counter[int] = Counter()
    other_wins: Counter[int] = Counter()
    cancelled = 0
    with ProcessPoolExecutor(workers) as pool:
        for dealer, other, void in pool.map(count, [mode] * len(ranges), ranges):
            dealer_wins += dealer
            other_wins += other
            cancelled += void
    return {
        "players": list(PLAYERS),
        "seed": seed,
        "hands": hands,
        "dealer": {str(p): n for p, n in sorted(dealer_wins.items())},
        "other": {str(p): n for p, n in sorted(other_wins.items())},
        "cancelled": cancelled,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=40_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    table = {mode: measure(mode, args.hands, args.seed, args.workers) for mode in MODES}
    for mode, counts in table.items():
        law = HandOutcomes.from_counts(counts)
        print(
            f"{mode}: dealer wins {sum(law.by_dealer):.3f}, the other seat "
            f"{sum(law.by_other):.3f}, cancelled {law.cancelled:.3f} of {counts['hands']} hands"
        )
    OUTCOMES_FILE.write_text(json.dumps(table, indent=1) + "\n")
    print(f"written: {OUTCOMES_FILE}")


if __name__ == "__main__":
    main()
