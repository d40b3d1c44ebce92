"""The losses a review finds in medium's and hard's own games: the figures the marks'
thresholds are chosen from (docs/review.md, ``review/marks.py``).

    python bench/review_losses.py [--game G] [--hands N] [--matches N] [--hard-worlds N]

Plays single hands and matches (Gin: hands and matches to 100; Rummikub: rounds and
two-round matches, two players; Indian: Points deals and Pool 101 matches of
``--players``) of a game, the hard bot (at a fixed number of worlds a move) and medium
taking the seats in turn, reviews every seat of every game, and prints
the percentiles of the losses of the moves played per level and unit (points of a hand;
percentage points of the chance to win a match), those beyond the search's noise
(``marks.NOISE_Z``), the share of moves each mark takes at the thresholds in use, and
the review's processor time per hand or round (of one core, whatever the machine's load).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict

from rummyhall import new_game, new_match
from rummyhall.bots import make_bot, play_out
from rummyhall.review import review
from rummyhall.review.marks import LEVELS, THRESHOLDS, counted_loss

PERCENTILES = (50, 75, 90, 95, 98, 99)
MATCHES = {"indian": {"format": "pool101"}}
"""The matches played where a game's default is not the one valued in pp (Indian: a
Pool 101, whose chance to win the review values)."""


def percentile(values: list[float], share: int) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, len(ordered) * share // 100)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=("gin", "indian", "rummikub"), default="gin")
    parser.add_argument("--players", type=int, default=2, help="Indian's seats (2 to 6)")
    parser.add_argument("--hands", type=int, default=12, help="single hands or rounds")
    parser.add_argument("--matches", type=int, default=4, help="matches to play")
    parser.add_argument("--hard-worlds", type=int, default=256, help="the hard bot's worlds")
    parser.add_argument("--worlds", type=int, default=None, help="the review's worlds")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    args = parser.parse_args()
    options = {} if args.worlds is None else {"worlds": args.worlds}
    seconds_per_hand: list[float] = []
    for unit, games in (("points", args.hands), ("pp", args.matches)):
        losses: dict[str, list[tuple[float, float]]] = defaultdict(list)
        for number in range(games):
            seed = args.seed + number
            game = args.game
            seats = {"players": args.players} if game == "indian" else {}
            if unit == "points":
                state = new_game(game, seed=seed, **seats)
            else:
                state = new_match(game, seed=seed, **seats, **MATCHES.get(game, {}))
            levels = [("hard", "medium")[(seat + number) % 2] for seat in range(args.players)]
            bots = [
                make_bot(game, level, seed=seed * 2 + at, simulations=args.hard_worlds)
                if level == "hard"
                else make_bot(game, level, seed=seed * 2 + at)
                for at, level in enumerate(levels)
            ]
            play_out(state, bots)
            record = state.to_json()
            hands = len(getattr(state, "history", [])) or 1
            for seat, level in enumerate(levels):
                began = time.process_time()
                found = review(record, seat, **options)
                seconds_per_hand.append((time.process_time() - began) / hands)
                losses[level].extend((m.played.loss, m.played.error) for m in found.moves)
            print(f"{unit}: game {number + 1}/{games} reviewed", flush=True)
        for level, pairs in sorted(losses.items()):
            show(args.game, level, unit, pairs)
    median = statistics.median(seconds_per_hand)
    print(
        f"\nthe review's processor time per hand or round: median {median:.2f} s, "
        f"max {max(seconds_per_hand):.2f} s"
    )


def show(game: str, level: str, unit: str, found: list[tuple[float, float]]) -> None:
    """The percentiles of one level's losses in one unit, and the marks' shares."""
    raw = [loss for loss, _ in found]
    counted = [counted_loss(loss, error) for loss, error in found]
    print(f"\n{level}, {unit}: {len(found)} decisions")
    print("  percentile      " + "  ".join(f"{p:>6}" for p in PERCENTILES))
    print("  loss            " + "  ".join(f"{percentile(raw, p):6.2f}" for p in PERCENTILES))
    print("  beyond noise    " + "  ".join(f"{percentile(counted, p):6.2f}" for p in PERCENTILES))
    limits = THRESHOLDS[game][unit]
    shares = [
        f"{name} ≥ {limits[name]}: {sum(c >= limits[name] for c in counted) / len(counted):.1%}"
        for name in reversed(LEVELS)
    ]
    print("  marked          " + ", ".join(shares), flush=True)


if __name__ == "__main__":
    main()
