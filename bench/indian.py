"""Indian Rummy solver and engine speed.

    python bench/indian.py [--hands 10000] [--deals 100] [--verify 0]

1. ``penalty`` and ``find_declaration`` on uniformly random 13-card hands (two packs with
   their jokers) with a random joker indicator: median, p99 and the worst case, with the
   worst hand printed so it can be studied.
2. Full random 2-player deals per second: both players pick uniformly among the legal
   actions other than dropping, until a declaration or the end of the stock.
3. ``distance`` (the fewest cards to replace before a declaration, the bots' measure)
   on the same hands, and a bot's turn: the 14 hands left by each discard from 14
   random cards, with the solver's ``penalty`` of the same hands as the baseline (the
   target: a few hundred microseconds a hand).
4. ``--verify N``: compares both functions with the exhaustive search of the tests on N
   random hands (half uniform, half crowded into few suits and ranks with jokers).

The issue's target is a median under 1 ms and a worst case under 20 ms; the baseline
printed beside it is the exhaustive search run on the first hands of the same set.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummyhall import Drop, new_game
from rummyhall.cards import CARD_NAMES, card_index, parse_cards
from rummyhall.games import indian
from rummyhall.games.indian.distance import distance
from rummyhall.games.indian.melds import wild_rank

Hand = tuple[list[str], str]


def random_hands(count: int, seed: int) -> list[Hand]:
    rng = random.Random(seed)
    deck = list(CARD_NAMES) * 2
    return [(rng.sample(deck, 13), rng.choice(CARD_NAMES)) for _ in range(count)]


def timings(
    function: Callable[[list[str], str], object], hands: list[Hand]
) -> tuple[list[float], Hand]:
    times = []
    worst, worst_hand = -1.0, hands[0]
    for cards, indicator in hands:
        start = time.perf_counter()
        function(cards, indicator)
        elapsed = time.perf_counter() - start
        times.append(elapsed)
        if elapsed > worst:
            worst, worst_hand = elapsed, (cards, indicator)
    return times, worst_hand


def report(name: str, times: list[float], worst: Hand) -> None:
    ordered = sorted(times)
    p99 = ordered[int(0.99 * (len(ordered) - 1))]
    median = statistics.median(times)
    print(
        f"{name:<17} {len(times) / sum(times):9.0f}/s  median {median * 1e3:6.3f} ms"
        f"  p99 {p99 * 1e3:6.3f} ms  max {ordered[-1] * 1e3:6.2f} ms"
    )
    print(f"{'':<17} worst hand: {' '.join(worst[0])}  indicator {worst[1]}")


def distance_of(cards: list[str], indicator: str) -> int:
    return distance(parse_cards(cards), wild_rank(card_index(indicator)))


def turns(count: int, seed: int, function: Callable[[list[str], str], object]) -> float:
    """Seconds per hand weighed in a turn: every discard from 14 random cards."""
    rng = random.Random(seed)
    deck = list(CARD_NAMES) * 2
    weighed = 0
    start = time.perf_counter()
    for _ in range(count):
        cards, indicator = rng.sample(deck, 14), rng.choice(CARD_NAMES)
        for thrown in set(cards):
            rest = list(cards)
            rest.remove(thrown)
            function(rest, indicator)
            weighed += 1
    return (time.perf_counter() - start) / weighed


def random_deals(count: int, seed: int) -> tuple[float, float]:
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for index in range(count):
        state = new_game("indian", seed=seed + index)
        while not state.is_over:
            legal = [a for a in state.legal_actions() if not isinstance(a, Drop)]
            state.apply(rng.choice(legal))
            actions += 1
    return time.perf_counter() - start, actions / count


def verify(count: int) -> None:
    from tests.games.indian.test_solver import check_against_brute_force, dense_hand, uniform_hand

    rng = random.Random(2026)
    declarations = 0
    start = time.perf_counter()
    for i in range(count):
        make = uniform_hand if i % 2 == 0 else dense_hand
        declarations += check_against_brute_force(*make(rng))
    print(
        f"exactness: {count} hands equal to the exhaustive search "
        f"({declarations} with a declaration), {time.perf_counter() - start:.0f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--verify", type=int, default=0)
    args = parser.parse_args()
    hands = random_hands(args.hands, 7)
    print(f"{args.hands} random 13-card hands, random indicators")
    for name, function in (
        ("penalty", indian.penalty),
        ("find_declaration", indian.find_declaration),
        ("distance", distance_of),
    ):
        times, worst = timings(function, hands)
        report(name, times, worst)
    try:
        from tests.games.indian.brute_force import analyse
    except ImportError:
        analyse = None
    if analyse is not None:
        sample = hands[:200]
        brute, _ = timings(analyse, sample)
        ours, _ = timings(indian.penalty, sample)
        brute_median = statistics.median(brute)
        print(
            f"baseline: exhaustive search median {brute_median * 1e3:.2f} ms on "
            f"{len(sample)} of them, {brute_median / statistics.median(ours):.0f}× "
            "the solver's"
        )
    turn_count = max(1, args.hands // 50)
    ours_turn, solver_turn = turns(turn_count, 3, distance_of), turns(turn_count, 3, indian.penalty)
    print(
        f"a bot's turn ({turn_count} × 14 hands): distance {ours_turn * 1e6:.0f} µs a hand, "
        f"penalty {solver_turn * 1e6:.0f} µs a hand"
    )
    seconds, length = random_deals(args.deals, 1)
    print(
        f"random 2-player deals: {args.deals / seconds:.1f} deals/s "
        f"({length:.0f} actions a deal, {seconds / (length * args.deals) * 1e3:.2f} ms an action)"
    )
    if args.verify:
        verify(args.verify)


if __name__ == "__main__":
    main()
