"""Measures what the Indian hard bot's pool play is computed from, and writes it to
``src/rummyhall/bots/indian/pool_table.py``.

    python bench/indian_pool.py [--deals 600] [--seed 39]

Plays 2-player deals under a pool's rules (drops 20/40, IND-11; an empty stock
renewed, IND-13) between the hard bot and the medium-like members of the zoo in turn,
each deal twice:

* with the hard bot as it plays Points (its drops included): the loser's penalty of
  every deal, a first drop, a middle drop (each format prices them: IND-14) or his
  hand's penalty (rounded to 5), the
  distribution from which ``indian_pool.win_chance`` computes the chance to win a pool
  from any two totals;
* with the hard bot never dropping: at each of its turns where it could drop, its
  distance to a declaration and the opponent's turns so far, and how the deal ended
  (won, or lost and for how much; the opponent's penalty when won): the odds of
  playing a hand on, which the bot weighs against a drop.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from rummyhall.actions import Action  # noqa: E402
from rummyhall.bots import decide, make_bot  # noqa: E402
from rummyhall.bots.indian.levels import HardIndianBot  # noqa: E402
from rummyhall.bots.indian.medium import DROP, hand_faces, wild_of  # noqa: E402
from rummyhall.bots.indian.pool import FIRST_DROP, MIDDLE_DROP, penalty_bin, stage_of  # noqa: E402
from rummyhall.games.indian.distance import distance  # noqa: E402
from rummyhall.registry import new_game  # noqa: E402
from rummyhall.rng import Rng  # noqa: E402

OPPONENTS = ("medium", "safe", "hoarder", "no-drop", "dropper", "greedy")
"""The zoo members the deals are played against, in turn: the closest to hard."""
DISTANCES = 8
"""Distances are counted up to this, the last bin holding the farther ones."""
OUTPUT = ROOT / "src" / "rummyhall" / "bots" / "indian" / "pool_table.py"


class PlayingOn(HardIndianBot):
    """The hard bot, never dropping, noting its distance and the stage at every turn
    where it could have dropped."""

    def __init__(self, seed: int, simulations: int) -> None:
        super().__init__(seed, simulations=simulations)
        self.noted: list[tuple[int, int]] = []

    def act(self, view, legal_actions: Sequence[Action]) -> Action:  # type: ignore[no-untyped-def]
        if DROP in legal_actions:
            far = distance(hand_faces(view), wild_of(view))
            self.noted.append((min(far, DISTANCES - 1), stage_of(view)))
            legal_actions = [a for a in legal_actions if a != DROP]
        return super().act(view, legal_actions)


def play(seed: int, seat: int, opponent: str, hard: HardIndianBot) -> list[int]:
    """One deal, the hard bot in ``seat``: the penalties, binned (:func:`penalty_bin`; a
    drop as ``FIRST_DROP`` or ``MIDDLE_DROP``; 0 for the winner and in a void deal)."""
    state = new_game("indian", seed=seed, reshuffle_on_empty=True)
    bots = {seat: hard, 1 - seat: make_bot("indian", opponent, seed=seed)}
    while not state.is_over:
        current = state.current_player
        assert current is not None
        state.apply(decide(state, bots[current]))
    statuses = state.view(0)["seats"]
    return [
        0
        if not points
        else (FIRST_DROP if points == 20 else MIDDLE_DROP)
        if status == "dropped"
        else penalty_bin(points)
        for points, status in zip(state.penalties, statuses, strict=True)  # type: ignore[attr-defined]
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=600)
    parser.add_argument("--seed", type=int, default=39)
    args = parser.parse_args()
    rng = Rng(args.seed)
    losses: Counter[int] = Counter()  # the loser's penalty, binned
    deals: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0])  # played, won
    lost: dict[int, Counter[int]] = defaultdict(Counter)  # by distance: his penalty
    won: Counter[int] = Counter()  # the opponent's penalty when the hard bot won
    for number in range(args.deals):
        seed = rng.derive()
        seat = number % 2
        opponent = OPPONENTS[number // 2 % len(OPPONENTS)]
        penalties = play(seed, seat, opponent, HardIndianBot(seed, simulations=1))
        if any(penalties):  # a deal nobody lost (void) changes no total
            losses[next(p for p in penalties if p)] += 1  # the loser's
        player = PlayingOn(seed, simulations=1)
        penalties = play(seed, seat, opponent, player)
        if not any(penalties):
            continue
        mine, theirs = penalties[seat], penalties[1 - seat]
        for far, stage in player.noted:
            deals[far, stage][0] += 1
            deals[far, stage][1] += mine == 0
            if mine:
                lost[far][mine] += 1
        if not mine:
            won[theirs] += 1
        print(f"\r{number + 1}/{args.deals} deals", end="", file=sys.stderr)
    print(file=sys.stderr)
    write(args, losses, deals, lost, won)


def ordered(counts: Counter[int]) -> dict[int, int]:
    return dict(sorted(counts.items()))


def write(
    args: argparse.Namespace,
    losses: Counter[int],
    deals: dict[tuple[int, int], list[int]],
    lost: dict[int, Counter[int]],
    won: Counter[int],
) -> None:
    command = f"python bench/indian_pool.py --deals {args.deals} --seed {args.seed}"
    text = f'''"""Measured by ``{command}`` (generated: do not
edit): what ``indian/pool.py`` computes the hard bot's pool play from. Counts, not
shares, so the sample sizes show; penalties are rounded to 5."""

LOSER_PENALTY = {ordered(losses)!r}
"""Deals by the loser's penalty, as the hard bot plays the zoo (-1, -2: a first, a
middle drop)."""

PLAYED_ON = {dict(sorted((k, tuple(v)) for k, v in deals.items()))!r}
"""By the hard bot's distance to a declaration (the last bin: {DISTANCES - 1} or more) and
the stage (``indian_pool.stage_of``) at a turn where it could drop: the deals it then
played on to the end, and how many of them it won."""

LOST_BY_DISTANCE = {dict(sorted((k, ordered(v)) for k, v in lost.items()))!r}
"""By that distance: the hard bot's penalty at each turn of a deal it played on and lost."""

WON_FROM = {ordered(won)!r}
"""The opponent's penalty in the deals the hard bot (playing on) won."""
'''
    OUTPUT.write_text(text)
    ruff = ROOT / ".venv" / "bin" / "ruff"
    subprocess.run([str(ruff), "format", str(OUTPUT)], check=True)
    print(f"wrote {OUTPUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
