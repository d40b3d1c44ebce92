"""Is a review honest? Positions it marked as mistakes or blunders, played out from the
real hidden cards with the move played and with the one it recommended (issue 43).

    python bench/review.py [--bots A,B] [--hands N] [--playouts N] [--hard-worlds N]

Gin, single hands of two bots (``--bots``, default hard against medium; seats
alternating), both seats reviewed. Every decision marked a mistake or a blunder is
played out ``--playouts`` times with each of the two moves: the hands as they really
were, the stock's cards not yet drawn shuffled anew for each playout (the same shuffle
for both moves, and the same bots with the same seeds: common random numbers), the rest
of the hand played by the bots that played the game (hard at ``--hard-worlds`` a move).
Printed per mark: how many positions, the share where the recommended move did better
on average, and the mean gain in points of the hand with its 95% confidence interval
over positions. Target: for blunders, the interval lies above zero.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import defaultdict

from rummyhall import new_game
from rummyhall.actions import JSON, Action, action_from_json
from rummyhall.bots import make_bot, play_out
from rummyhall.bots.base import Bot
from rummyhall.review import review

FIRST_STOCK = 21
"""Cards dealt before the stock in a Gin deck's order (two hands and the upcard)."""
T95 = 1.96


def bots(levels: tuple[str, str], seed: int, hard_worlds: int) -> list[Bot]:
    return [
        make_bot("gin", level, seed=seed + at, simulations=hard_worlds)
        if level == "hard"
        else make_bot("gin", level, seed=seed + at)
        for at, level in enumerate(levels)
    ]


def played_out(
    record: JSON,
    move: int,
    action: Action,
    deck: list[str],
    levels: tuple[str, str],
    seed: int,
    hard_worlds: int,
) -> list[int]:
    """Both seats' points when the hand is dealt from ``deck``, replayed to ``move``,
    ``action`` is played there and the bots play the rest (the winner's points, the
    other's 0)."""
    state = new_game("gin", seed=record["seed"], deck=deck, **record["options"])
    state.replay(record["log"][:move])
    state.apply(action)
    play_out(state, bots(levels, seed, hard_worlds))
    return state.scores


def reshuffled(record: JSON, move: int, rng: random.Random) -> list[str]:
    """The real deal with the stock's cards not drawn before ``move`` shuffled."""
    drawn = sum(
        entry["type"] == "draw" and entry["source"] == "stock" for entry in record["log"][:move]
    )
    deck = list(record["deck"])
    rest = deck[FIRST_STOCK + drawn :]
    rng.shuffle(rest)
    return deck[: FIRST_STOCK + drawn] + rest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", default="hard,medium", help="the two bots that play")
    parser.add_argument("--hands", type=int, default=30, help="hands to play and review")
    parser.add_argument("--playouts", type=int, default=30, help="playouts a move")
    parser.add_argument("--hard-worlds", type=int, default=64, help="the hard bot's worlds")
    parser.add_argument("--seed", type=int, default=1, help="the first hand's seed")
    args = parser.parse_args()
    gains: dict[str, list[float]] = defaultdict(list)
    for number in range(args.hands):
        seed = args.seed + number
        first, second = args.bots.split(",")
        levels = (first, second) if number % 2 == 0 else (second, first)
        state = new_game("gin", seed=seed)
        play_out(state, bots(levels, seed * 2, args.hard_worlds))
        record = state.to_json()
        for seat in (0, 1):
            for reviewed in review(record, seat).moves:
                if reviewed.mark not in ("mistake", "blunder"):
                    continue
                played = action_from_json(record["log"][reviewed.move])
                rng = random.Random(f"{seed}:{reviewed.move}")
                differences = []
                for playout in range(args.playouts):
                    deck = reshuffled(record, reviewed.move, rng)
                    with_each = []
                    for action in (played, reviewed.best.action):
                        settings = (levels, seed * 7 + playout, args.hard_worlds)
                        points = played_out(record, reviewed.move, action, deck, *settings)
                        with_each.append(points[seat] - points[1 - seat])  # the review's value
                    differences.append(with_each[1] - with_each[0])
                gains[reviewed.mark].append(statistics.fmean(differences))
        print(f"hand {number + 1}/{args.hands} reviewed and played out", flush=True)
    for mark in ("mistake", "blunder"):
        found = gains[mark]
        if len(found) < 2:
            print(f"{mark}s: {len(found)} positions, too few to judge")
            continue
        mean = statistics.fmean(found)
        half = T95 * statistics.stdev(found) / len(found) ** 0.5
        better = sum(gain > 0 for gain in found) / len(found)
        print(
            f"{mark}s: {len(found)} positions; the recommended move did better on average in "
            f"{better:.0%} of them; mean gain {mean:+.2f} points a hand "
            f"(95% interval {mean - half:+.2f} … {mean + half:+.2f})"
        )


if __name__ == "__main__":
    main()
