"""How well the Indian review's continuation plays a hand out, against medium and hard
(issue 43: the review's values should be what the hard bot plays for).

    python bench/review_continuation.py [--deals N] [--players N] [--hard-worlds N]
                                        [--seed N] [--tried playout,partners,medium,hard]

Deals Points deals (two players by default); in each, one seat (alternating from deal
to deal) is played by each player tried in turn — ``playout``, the rule player of the
review's playouts (``review/indian_playout.py``), ``partners``, the same with the throw
it had before the review's ``ENGINE`` 5 (``partner_throw``), medium, and hard at
``--hard-worlds`` a move — and the other seats by medium, with the same deck and the
same bots' seeds for every player tried (common random numbers). The rule player
declares here whenever a declaration is legal (in the playouts it asks the solver when
its hand looks near one, ``notices``). Printed per player: the seat's mean points of the
deal (minus its penalty, as the review values it), its mean difference from medium's
with a 95% interval over deals, its shares of deals won and dropped, and its processor
time per deal (the whole table's).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence

from rummyhall import new_game
from rummyhall.actions import Action, Declare, Discard, Draw, Drop
from rummyhall.bots import make_bot, play_out
from rummyhall.bots.base import Bot
from rummyhall.bots.indian.medium import HOPELESS, hand_faces, promise
from rummyhall.cards import CARD_NAMES, card_index
from rummyhall.games.indian.view import IndianSeatView
from rummyhall.review.indian import rules_of
from rummyhall.review.indian_playout import Rules, partner_throw, takes, throw

T95 = 1.96


class PlayoutBot:
    """The rule player of the review's playouts as a bot of the engine: the same choices
    from the seat's view, with the throw ``throws``."""

    seed = 0  # it draws nothing at random

    def __init__(self, throws: Callable[[list[int], int, Rules], int]) -> None:
        self.throws = throws

    def act(self, view: IndianSeatView, legal_actions: Sequence[Action]) -> Action:
        declares = [a for a in legal_actions if isinstance(a, Declare)]
        rules = rules_of(view)
        hand = hand_faces(view)
        taken = view["taken_from_discard"]
        if view["phase"] == "discard":
            if declares:
                return declares[0]
            face = self.throws(hand, -1 if taken is None else card_index(taken), rules)
            return Discard(CARD_NAMES[face])
        pile = [card_index(name) for name in view["discard_pile"]]
        first = view["drop_penalty"][view["seat"]] == rules.drops[0]
        if first and Drop() in legal_actions and promise(hand, rules.wild) < HOPELESS:
            return Drop()
        if pile and Draw("discard") in legal_actions and takes(pile[-1], hand, rules):
            return Draw("discard")
        return Draw("stock")


def player(name: str, seed: int, hard_worlds: int) -> Bot:
    if name == "playout":
        return PlayoutBot(throw)
    if name == "partners":
        return PlayoutBot(partner_throw)
    if name == "hard":
        return make_bot("indian", "hard", seed=seed, simulations=hard_worlds)
    return make_bot("indian", name, seed=seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--hard-worlds", type=int, default=64)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tried", default="playout,partners,medium,hard")
    args = parser.parse_args()
    tried = args.tried.split(",")
    points: dict[str, list[float]] = {name: [] for name in tried}
    won: dict[str, int] = dict.fromkeys(tried, 0)
    dropped: dict[str, int] = dict.fromkeys(tried, 0)
    seconds: dict[str, float] = dict.fromkeys(tried, 0.0)
    for number in range(args.deals):
        seed = args.seed + number
        seat = number % args.players
        for name in tried:
            state = new_game("indian", seed=seed, players=args.players)
            bots = [make_bot("indian", "medium", seed=seed * 7 + at) for at in range(args.players)]
            bots[seat] = player(name, seed * 7 + seat, args.hard_worlds)
            began = time.process_time()
            play_out(state, bots)
            seconds[name] += time.process_time() - began
            points[name].append(float(state.scores[seat]))
            won[name] += seat in state.winners
            dropped[name] += state.view(seat)["seats"][seat] == "dropped"
        if (number + 1) % 20 == 0:
            print(f"{number + 1} deals", flush=True)
    base = points.get("medium")
    for name in tried:
        mean = statistics.fmean(points[name])
        line = f"{name:>8}: mean {mean:+7.2f} points a deal"
        if base is not None and name != "medium":
            gaps = [a - b for a, b in zip(points[name], base, strict=True)]
            gap = statistics.fmean(gaps)
            half = T95 * statistics.stdev(gaps) / len(gaps) ** 0.5
            line += f", against medium {gap:+6.2f} [{gap - half:+.2f} … {gap + half:+.2f}]"
        line += (
            f"; won {won[name] / args.deals:.0%}, dropped {dropped[name] / args.deals:.0%}; "
            f"{seconds[name] / args.deals * 1000:.0f} ms a deal"
        )
        print(line)


if __name__ == "__main__":
    main()
