"""How well the Gin hard bot reads the opponent's hand, and how that grows with draws.

    python bench/gin_belief.py [--games 20] [--draws 200,2000]

Medium plays medium from fixed seeds; at each of seat 0's decisions after seat 1 has
played a turn, the bot's sampler (``gin_model.OpponentHands``, what the search plays
against) draws hands for seat 1, and each unseen card's share of them is scored against
his true hand: the mean per-card log loss (lower is better; 0 would be knowing his hand).
The baseline is the same number of hands drawn at random from the unseen cards (the
prior, no reading of his play); the ratio is how much of the baseline's loss is left.
"""

from __future__ import annotations

import argparse
import math
import random
import time

from rummyhall import new_game
from rummyhall.bots import decide
from rummyhall.bots.gin.levels import MediumGinBot
from rummyhall.bots.gin.model import Belief, Knowledge, OpponentHands
from rummyhall.games.gin.melds import mask_of
from rummyhall.games.gin.view import GinSeatView

Position = tuple[GinSeatView, int]


def positions(games: int, seed: int) -> list[Position]:
    """Seat 0's views once seat 1 has played a turn, with seat 1's true hand."""
    found = []
    bot = MediumGinBot()
    for game in range(games):
        state = new_game("gin", seed=seed + game)
        while not state.is_over:
            if state.current_player == 0 and len(state.legal_actions()) > 1:
                view = state.view(0)
                if Knowledge(view).turns:
                    found.append((view, state.hands[1]))
            state.apply(decide(state, bot))
    return found


def log_loss(hands: list[int], unseen: list[int], truth: int) -> float:
    """Mean over the unseen cards of −log of the chance the hands give his truth."""
    total = 0.0
    for card in unseen:
        share = (sum(hand >> card & 1 for hand in hands) + 0.5) / (len(hands) + 1)
        total -= math.log(share if truth >> card & 1 else 1 - share)
    return total / len(unseen)


def scores(position: Position, draws: list[int], rng: random.Random) -> list[tuple[float, float]]:
    """(random, sampler) log losses after each number of ``draws``."""
    view, truth = position
    sampler = OpponentHands(view, Belief(), rng)
    unseen, missing = sampler.unseen, sampler.missing
    most = max(draws)
    drawn = [sampler.draw()[0] for _ in range(most)]
    random_hands = [sampler.known | mask_of(rng.sample(unseen, missing)) for _ in range(most)]
    return [
        (log_loss(random_hands[:n], unseen, truth), log_loss(drawn[:n], unseen, truth))
        for n in draws
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="hands of medium vs medium")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--draws", default="200,2000", help="hands drawn, comma separated")
    args = parser.parse_args()
    draws = [int(n) for n in args.draws.split(",")]
    found = positions(args.games, args.seed)
    rng = random.Random(args.seed)
    started = time.perf_counter()
    rows = [scores(position, draws, rng) for position in found]
    print(f"{len(found)} positions, {time.perf_counter() - started:.0f} s")
    print("| hands drawn | random | sampler | left of the random loss |")
    print("| --- | --- | --- | --- |")
    for column, n in enumerate(draws):
        baseline = sum(row[column][0] for row in rows) / len(rows)
        ours = sum(row[column][1] for row in rows) / len(rows)
        print(f"| {n} | {baseline:.4f} | {ours:.4f} | {ours / baseline:.3f} |")


if __name__ == "__main__":
    main()
