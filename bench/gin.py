"""Gin Rummy speed against OpenSpiel (C++) and RLCard (Python), in one run.

    make bench            # or: python bench/gin.py [--hands N] [--games N]

1. Minimum deadwood (GIN-6) on the same random hands for every library: uniform 10- and
   11-card hands, and dense ones (cards from a window of five ranks in two to four suits,
   so sets and runs overlap). Hands are converted to each library's own form before the
   clock starts; only the solver calls are timed. Our figure is ``deadwood_mask`` on a
   bit mask (what the engine and bots call); ``gin.deadwood`` on notation strings, which
   adds the parsing, is printed beside it.
2. Full random-vs-random hands per second: each library's own loop of "legal actions,
   pick one uniformly, apply" from a fresh deal to the end of the hand.

Ratios are peer time / our time (above 1: we are faster). A peer that is not installed
(``pip install '.[bench]'``) is reported as such.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import gin_peers

from rummyhall import new_game
from rummyhall.cards import CARD_NAMES
from rummyhall.games import gin
from rummyhall.games.gin.solver import deadwood_mask


def uniform_hand(rng: random.Random, size: int) -> list[int]:
    return rng.sample(range(52), size)


def dense_hand(rng: random.Random, size: int) -> list[int]:
    suits = rng.sample(range(4), rng.choice((2, 3, 4)))
    low = rng.randrange(0, 9)
    pool = [13 * s + r for s in suits for r in range(low, low + 5)]
    while len(pool) < size:
        pool.append(rng.choice([c for c in range(52) if c not in pool]))
    return rng.sample(pool, size)


def best_of(runs: int, measure: Callable[[], float | None]) -> float | None:
    """The fastest of ``runs`` timings (the least disturbed by other load)."""
    times = [measure() for _ in range(runs)]
    valid = [t for t in times if t is not None]
    return min(valid) if valid else None


def our_deadwood_seconds(hands: list[list[int]]) -> float:
    masks = [sum(1 << c for c in hand) for hand in hands]
    start = time.perf_counter()
    for mask in masks:
        deadwood_mask(mask)
    return time.perf_counter() - start


def our_notation_seconds(hands: list[list[int]]) -> float:
    named = [[CARD_NAMES[c] for c in hand] for hand in hands]
    start = time.perf_counter()
    for hand in named:
        gin.deadwood(hand)
    return time.perf_counter() - start


def our_random_hands_seconds(n: int, seed: int) -> float:
    rng = random.Random(seed)
    start = time.perf_counter()
    for i in range(n):
        state = new_game("gin", seed=seed + i)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
    return time.perf_counter() - start


def fmt_us(seconds: float | None, calls: int) -> str:
    return "n/a" if seconds is None else f"{seconds / calls * 1e6:7.2f} µs"


def ratio(peer: float | None, ours: float) -> str:
    return "n/a" if peer is None else f"{peer / ours:6.1f}×"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000, help="hands per deadwood set")
    parser.add_argument("--games", type=int, default=400, help="random full hands per library")
    parser.add_argument("--runs", type=int, default=3, help="timing repetitions (best kept)")
    args = parser.parse_args()
    peers = gin_peers.available()
    print(f"peers installed: {peers}")
    rng = random.Random(2026)

    print("\nMinimum deadwood per call (lower is better); ratio = peer / ours")
    header = f"{'hands':<10}{'ours':>11}{'notation':>12}{'OpenSpiel':>12}{'RLCard':>12}"
    print(header + f"{'vs OpenSpiel':>14}{'vs RLCard':>11}")
    for kind, make in (("uniform", uniform_hand), ("dense", dense_hand)):
        for size in (10, 11):
            hands = [make(rng, size) for _ in range(args.hands)]
            ours = our_deadwood_seconds(hands)
            ours = min(ours, *(our_deadwood_seconds(hands) for _ in range(args.runs - 1)))
            notation = best_of(args.runs, lambda h=hands: our_notation_seconds(h))
            spiel = best_of(args.runs, lambda h=hands: gin_peers.openspiel_deadwood_seconds(h))
            rl = best_of(args.runs, lambda h=hands: gin_peers.rlcard_deadwood_seconds(h))
            n = len(hands)
            print(
                f"{kind + ' ' + str(size):<10}{fmt_us(ours, n):>11}{fmt_us(notation, n):>12}"
                f"{fmt_us(spiel, n):>12}{fmt_us(rl, n):>12}"
                f"{ratio(spiel, ours):>14}{ratio(rl, ours):>11}"
            )
            check = gin_peers.openspiel_deadwood_values(hands[:2000])
            if check is not None:
                mine = [deadwood_mask(sum(1 << c for c in h)) for h in hands[:2000]]
                differ = sum(a != b for a, b in zip(mine, check, strict=True))
                if differ:
                    print(f"  WARNING: {differ} of 2000 hands differ from OpenSpiel")

    print("\nRandom-vs-random full hands per second (higher is better); ratio = ours / peer")
    games = args.games
    ours = best_of(args.runs, lambda: our_random_hands_seconds(games, 1))
    assert ours is not None
    rows = [
        ("rummyhall", ours),
        (
            "OpenSpiel (Python loop)",
            best_of(args.runs, lambda: gin_peers.openspiel_random_hands_seconds(games, 1)),
        ),
        (
            "RLCard (Game loop)",
            best_of(args.runs, lambda: gin_peers.rlcard_random_hands_seconds(games, 1)),
        ),
        (
            "RLCard (env.run)",
            best_of(
                args.runs, lambda: gin_peers.rlcard_random_hands_seconds(games, 1, use_env=True)
            ),
        ),
    ]
    for name, seconds in rows:
        rate = "n/a" if seconds is None else f"{games / seconds:8.0f} hands/s"
        versus = (
            "" if seconds is None or name == "rummyhall" else f"   ours: {seconds / ours:5.1f}×"
        )
        print(f"{name:<26}{rate:>16}{versus}")
    per_hand = statistics.mean(
        len(play(new_game("gin", seed=s), random.Random(s))) for s in range(50)
    )
    print(f"(our random hands average {per_hand:.0f} actions)")


def play(state, rng: random.Random) -> list[object]:  # type: ignore[no-untyped-def]
    actions = []
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        state.apply(action)
        actions.append(action)
    return actions


if __name__ == "__main__":
    main()
