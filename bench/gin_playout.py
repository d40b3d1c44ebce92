"""The Gin hard bot's playouts: the compiled ones against the Python reference.

    python bench/gin_playout.py [--worlds 300]

Each world is a random deal with the first upcard offered (GIN-2), to the non-dealer and
then to the dealer; every playout implementation takes it and passes it from both, as
the hard bot plays each of its candidates in a sampled world (the reference sharing its
memo within the world, as within a decision). Prints the time per world of each, their
ratio, and how many worlds a 0.1 s move has room for.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummyhall.bots.gin.playout import OFFER, PASS, PLAYOUTS, TAKE, Start
from rummyhall.bots.gin.styles import PLAYOUT_STYLES
from rummyhall.games.gin.melds import mask_of

PLAYOUTS_A_WORLD = 4


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--worlds", type=int, default=300)
    args = parser.parse_args()
    rng = random.Random(2026)
    worlds = []
    for _ in range(args.worlds):
        deck = rng.sample(range(52), 52)
        worlds.append((mask_of(deck[:10]), mask_of(deck[10:20]), bytes(deck[21:]), deck[20]))
    per_world = {}
    scores = {}
    for name, playouts in PLAYOUTS.items():
        began = time.perf_counter()
        results = []
        for mine, theirs, stock, upcard in worlds:
            playout = playouts(PLAYOUT_STYLES)
            for passes in (0, 1):  # after one pass, the dealer has the choice
                start = Start(top=upcard, phase=OFFER, passes=passes, taken=-1, limit=10)
                for kind in (TAKE, PASS):
                    results.append(playout(mine, theirs, stock, start, kind, 0, 0, 0))
        per_world[name] = (time.perf_counter() - began) / len(worlds)
        scores[name] = results
        print(
            f"{name:7} {1e3 * per_world[name]:7.3f} ms a world of {PLAYOUTS_A_WORLD} playouts, "
            f"{int(0.1 / per_world[name]):6,} worlds in 0.1 s (playouts alone)"
        )
    if "c" in per_world:
        assert scores["c"] == scores["python"], "the implementations disagree"
        print(f"compiled / Python speed: {per_world['python'] / per_world['c']:.1f}x, same scores")
    else:
        print("the compiled playouts are not built: `pip install -e .` with a C compiler")


if __name__ == "__main__":
    main()
