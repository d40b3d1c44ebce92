"""Is a review honest? Positions it marked as mistakes or blunders, played out from the
real hidden cards or tiles with the move played and with the one it recommended (issue 43).

    python bench/review.py [--game G] [--players N] [--variant pool101|pool201]
                           [--until deal|pool] [--bots A,B] [--hands N]
                           [--playouts N] [--hard-worlds N] [--marks M,M]
                           [--rest played|hard] [--workers N] [--out FILE]

Single Gin hands, Indian Points deals (``--players``, 2 by default) or Rummikub rounds
of the bots (``--bots``, default hard against medium, taken in turn round the table,
seats changing places from one hand to the next), every seat reviewed; with
``--variant``, whole two-player Indian pools instead (``--hands`` of them), every deal
of each reviewed. Every decision marked a mistake or a blunder (``--marks``) is played
out ``--playouts`` times with each of the two moves: the hands or racks as they really
were, the stock's or pool's part not yet drawn shuffled anew for each playout (the same
shuffle for both moves, and the same bots with the same seeds: common random numbers),
the rest played by the bots that played the game (hard at ``--hard-worlds`` a move), or
with ``--rest hard`` the reviewed seat's rest by the hard bot, whose play the review's
values assume (the others' as it was). The gain is in the review's own value: the seat's
net points (Rummikub: winning the round counting 100 more; Indian: minus its penalty);
in a pool its chance to win the pool in per cent, from the totals after the deal played
out by the pool's equity (``bots/indian/pool.py``, as the review values it) or, with
``--until pool``, from the pool played out to its end (100 won, 0 lost: the equity
itself put to the test).

Printed per mark: how many positions, the share where the recommended move did better on
average, the mean gain with its 95% confidence interval over positions, and beside it
the mean loss the review marked (``--out``'s lines hold each position's move played
and the one recommended, its marked loss and its gain); then the review's processor
time per hand or round (one core, ``time.process_time``), median and maximum. Target:
for blunders, the interval lies above zero.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import statistics
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import partial

from rummyhall import new_game, new_match
from rummyhall.actions import JSON, Action, action_from_json
from rummyhall.bots import decide, make_bot, play_out
from rummyhall.bots.base import Bot
from rummyhall.bots.indian.pool import win_chance
from rummyhall.game import GameState
from rummyhall.games.indian.formats import POOL_LIMITS, drop_penalties
from rummyhall.games.indian.match import IndianMatch
from rummyhall.registry import load_start
from rummyhall.review import ReviewedMove, review

DEALT = {"gin": 21, "indian": 2, "rummikub": 28}
"""Cards or tiles dealt before the stock or pool in a deck's order (Gin: two hands and
the upcard; Indian: 13 a seat, then the cut joker and the open card; Rummikub: two
racks)."""
OUT_BONUS = {"gin": 0, "indian": 0, "rummikub": 100}
"""What winning is worth beyond the points in the review's value."""
MARKS = ("mistake", "blunder")
T95 = 1.96


def bots(game: str, levels: Sequence[str], seed: int, hard_worlds: int) -> list[Bot]:
    return [
        make_bot(game, level, seed=seed + at, simulations=hard_worlds)
        if level == "hard"
        else make_bot(game, level, seed=seed + at)
        for at, level in enumerate(levels)
    ]


def value(state: GameState, game: str, seat: int) -> float:
    """The finished hand's or round's worth to ``seat`` as the review values it."""
    scores, winners = state.scores, state.winners
    if game == "indian":
        return float(scores[seat])
    won = (seat in winners) - (1 - seat in winners)
    return float(scores[seat] - (scores[1 - seat] if game == "gin" else 0)) + OUT_BONUS[game] * won


def pool_value(pool: IndianMatch, seat: int) -> float:
    """The seat's chance in per cent to win the two-player ``pool`` from its totals (0 or
    100 once it is over), as the review values a deal's end."""
    if pool.is_over:
        return 100.0 * (seat in pool.winners)
    limit = POOL_LIMITS[pool.format]
    mine, his = pool.totals[seat], pool.totals[1 - seat]
    return 100 * win_chance(mine, his, limit, drop_penalties(pool.format))


def played_out(
    record: JSON, move: int, action: Action, deck: list[str], bots: list[Bot]
) -> GameState:
    """The finished game when the deal is ``deck``, the log is replayed to ``move``,
    ``action`` is played there and ``bots`` play the rest."""
    state = load_start({**record, "deck": deck})
    state.replay(record["log"][:move])
    state.apply(action)
    play_out(state, bots)
    return state


def pool_at(record: JSON, move: int, rng: random.Random) -> IndianMatch:
    """The pool of ``record`` replayed to ``move``, its deal's stock (the cards not yet
    drawn) shuffled."""
    pool = load_start(record)
    assert isinstance(pool, IndianMatch)
    pool.replay(record["log"][:move])
    rng.shuffle(pool.deal.stock)
    return pool


def pool_played_out(pool: IndianMatch, action: Action, bots: list[Bot], until: str) -> IndianMatch:
    """A copy of ``pool`` with ``action`` played and ``bots`` playing on to the end of
    the deal, or of the pool (``until``)."""
    pool = copy.deepcopy(pool)
    deals = len(pool.history)
    pool.apply(action)
    while not pool.is_over and (until == "pool" or len(pool.history) == deals):
        seat = pool.current_player
        assert seat is not None
        pool.apply(decide(pool, bots[seat]))
    return pool


def reshuffled(record: JSON, move: int, rng: random.Random) -> list[str]:
    """The real deal with the stock's or pool's part not drawn before ``move`` shuffled."""
    drawn = sum(
        entry["type"] == "draw" and entry["source"] in ("stock", "pool")
        for entry in record["log"][:move]
    )
    deck = list(record["deck"])
    first = DEALT[record["game"]] + drawn
    if record["game"] == "indian":
        first += 13 * len(record["options"]["seated"])
    rest = deck[first:]
    rng.shuffle(rest)
    return deck[:first] + rest


def hand(args: argparse.Namespace, number: int) -> tuple[list[float], list[JSON]]:
    """One hand or round played, both seats reviewed (their processor times) and every
    marked position played out (one line each)."""
    seed = args.seed + number
    names = args.bots.split(",")
    levels = [names[(seat + number) % len(names)] for seat in range(args.players)]
    if args.variant:
        state = new_match("indian", seed=seed, players=2, format=args.variant)
    else:
        options = {"players": args.players} if args.game == "indian" else {}
        state = new_game(args.game, seed=seed, **options)
    play_out(state, bots(args.game, levels, seed * 2, args.hard_worlds))
    record = state.to_json()
    seconds, lines = [], []
    for seat in range(args.players):
        began = time.process_time()
        found = review(record, seat)
        seconds.append(time.process_time() - began)
        for reviewed in found.moves:
            if reviewed.mark in args.marks.split(","):
                gains = list(gained(args, record, seat, levels, reviewed))
                mean = statistics.fmean(gains)
                error = statistics.stdev(gains) / len(gains) ** 0.5
                lines.append(
                    {
                        "seed": seed,
                        "seat": seat,
                        "level": levels[seat],
                        "move": reviewed.move,
                        "played": reviewed.played.action.to_json(),
                        "best": reviewed.best.action.to_json(),
                        "mark": reviewed.mark,
                        "loss": round(reviewed.played.loss, 3),
                        "loss_error": round(reviewed.played.error, 3),
                        "gain": round(mean, 3),
                        "gain_error": round(error, 3),
                    }
                )
    return seconds, lines


def gained(
    args: argparse.Namespace,
    record: JSON,
    seat: int,
    levels: Sequence[str],
    reviewed: ReviewedMove,
) -> Iterator[float]:
    """The recommended move's gain over the one played, playout by playout."""
    move = reviewed.move
    played = action_from_json(record["log"][move])
    rng = random.Random(f"{record['seed']}:{move}")
    best = reviewed.best.action
    rest = levels if args.rest == "played" else with_level(levels, seat, "hard")
    for playout in range(args.playouts):
        start = pool_at(record, move, rng) if args.variant else reshuffled(record, move, rng)
        with_each = []
        for action in (played, best):
            players = bots(args.game, rest, record["seed"] * 7 + playout, args.hard_worlds)
            if isinstance(start, IndianMatch):
                pool = pool_played_out(start, action, players, args.until)
                with_each.append(pool_value(pool, seat))
            else:
                state = played_out(record, move, action, start, players)
                with_each.append(value(state, args.game, seat))
        yield with_each[1] - with_each[0]


def with_level(levels: Sequence[str], seat: int, level: str) -> list[str]:
    """``levels`` with ``seat`` played by ``level``."""
    return [level if at == seat else played for at, played in enumerate(levels)]


def summary(lines: list[JSON], seconds: list[float], unit: str, reviewed: str) -> None:
    for mark in MARKS:
        found = [line for line in lines if line["mark"] == mark]
        if len(found) < 2:
            print(f"{mark}s: {len(found)} positions, too few to judge")
            continue
        gains = [line["gain"] for line in found]
        mean = statistics.fmean(gains)
        half = T95 * statistics.stdev(gains) / len(gains) ** 0.5
        better = sum(gain > 0 for gain in gains) / len(gains)
        marked = statistics.fmean(line["loss"] for line in found)
        print(
            f"{mark}s: {len(found)} positions; the recommended move did better on average in "
            f"{better:.0%} of them; mean gain {mean:+.2f} {unit} "
            f"(95% interval {mean - half:+.2f} … {mean + half:+.2f}); "
            f"mean marked loss {marked:.2f}"
        )
    if len(lines) >= 2:
        losses = [line["loss"] for line in lines]
        gains = [line["gain"] for line in lines]
        slope = statistics.linear_regression(losses, gains).slope
        print(f"gain against marked loss, position by position: slope {slope:+.2f}")
    print(
        f"the review's processor time per {reviewed}: median "
        f"{statistics.median(seconds):.2f} s, max {max(seconds):.2f} s ({len(seconds)} reviews)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=tuple(DEALT), default="gin")
    parser.add_argument("--players", type=int, default=2, help="seats (Indian: 2 to 6)")
    parser.add_argument(
        "--variant", choices=tuple(POOL_LIMITS), help="Indian: whole two-player pools"
    )
    parser.add_argument(
        "--until",
        choices=("deal", "pool"),
        default="deal",
        help="pools: a playout ends with the deal (valued by the pool's equity) or the pool",
    )
    parser.add_argument("--bots", default="hard,medium", help="the bots, round the table")
    parser.add_argument("--hands", type=int, default=30, help="hands or rounds to play")
    parser.add_argument("--playouts", type=int, default=30, help="playouts a move")
    parser.add_argument("--hard-worlds", type=int, default=64, help="the hard bot's worlds")
    parser.add_argument("--seed", type=int, default=1, help="the first hand's seed")
    parser.add_argument("--marks", default=",".join(MARKS), help="the marks played out")
    parser.add_argument("--rest", choices=("played", "hard"), default="played")
    parser.add_argument("--workers", type=int, default=1, help="processes playing hands")
    parser.add_argument("--out", help="a file for one JSON line a position")
    args = parser.parse_args()
    if args.game != "indian" and args.players != 2:
        parser.error("Gin and Rummikub are played by two here")
    if args.variant and (args.game != "indian" or args.players != 2):
        parser.error("pools are benched for two-player Indian Rummy (--game indian --players 2)")
    seconds: list[float] = []
    lines: list[JSON] = []
    with ProcessPoolExecutor(args.workers) as pool:
        for done, (times, found) in enumerate(
            pool.map(partial(hand, args), range(args.hands)), start=1
        ):
            seconds.extend(times)
            lines.extend(found)
            print(f"hand {done}/{args.hands}: {len(found)} positions played out", flush=True)
            if args.out:
                with open(args.out, "a", encoding="utf-8") as out:
                    out.writelines(json.dumps(line) + "\n" for line in found)
    summary(
        lines,
        seconds,
        "pp of the chance to win the pool"
        if args.variant
        else {"gin": "points a hand", "indian": "points a deal"}.get(args.game, "points a round"),
        "pool" if args.variant else "hand or round",
    )


if __name__ == "__main__":
    main()
