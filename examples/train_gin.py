"""Train a masked policy for Gin Rummy against the easy bot, then measure it.

    pip install '.[examples]'
    python examples/train_gin.py [--minutes 10] [--hands 1000] [--seed 1]

Trains ``sb3-contrib``'s ``MaskablePPO`` (a multilayer perceptron, two hidden layers
of 256) on eight games of ``rummyhall.envs.single_agent("gin_rummy_v0",
opponent="easy")`` stepped together, for ``--minutes`` of wall time (rewards scaled by
a running estimate of their spread). The learner's seat is drawn at every deal. Then
the policy, choosing its most likely legal action, plays ``--hands`` hands against each
of the ``random``, ``easy`` and ``medium`` bots, and the script prints the hands it won
of those scored (a cancelled hand scores nothing, GIN-14), with a 95% Wilson interval,
and its mean points a hand.
"""

from __future__ import annotations

import argparse
import math
import time

import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.env_util import make_vec_env
from stable_baselines3.common.vec_env import VecNormalize

from rummyhall.envs import single_agent

GAME = "gin_rummy_v0"


class StopAfter(BaseCallback):
    """Ends training once its wall-time budget is spent."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.deadline = time.monotonic() + seconds

    def _on_step(self) -> bool:
        return time.monotonic() < self.deadline


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    return centre - half / (1 + z * z / games), centre + half / (1 + z * z / games)


def measure(model: MaskablePPO, opponent: str, hands: int, seed: int) -> str:
    env = single_agent(GAME, opponent=opponent)
    won = scored = 0
    points = 0.0
    for hand in range(hands):
        observation, info = env.reset(seed=seed * 100_003 + hand)
        over, total = False, 0.0
        while not over:
            mask = info["action_mask"].astype(bool)
            action, _ = model.predict(observation, action_masks=mask, deterministic=True)
            observation, reward, over, _, info = env.step(int(action))
            total += reward
        points += total
        if total != 0:
            scored += 1
            won += total > 0
    low, high = wilson(won, scored)
    return (
        f"  against {opponent:6s}: won {won} of {scored} scored hands, "
        f"{100 * won / max(1, scored):.1f}% [{100 * low:.1f}–{100 * high:.1f}], "
        f"{points / hands:+.1f} points a hand ({hands - scored} cancelled)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    torch.set_num_threads(2)
    games = make_vec_env(lambda: single_agent(GAME, opponent="easy"), n_envs=8, seed=args.seed)
    games = VecNormalize(games, norm_obs=False, norm_reward=True, gamma=0.99)
    model = MaskablePPO(
        "MlpPolicy",
        games,
        n_steps=256,
        batch_size=512,
        n_epochs=4,
        learning_rate=3e-4,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [256, 256]},
        seed=args.seed,
        verbose=0,
    )
    start = time.monotonic()
    model.learn(total_timesteps=10**9, callback=StopAfter(60 * args.minutes))
    minutes = (time.monotonic() - start) / 60
    print(f"trained {model.num_timesteps:,} steps in {minutes:.1f} min against easy")
    for opponent in ("random", "easy", "medium"):
        print(measure(model, opponent, args.hands, args.seed), flush=True)


if __name__ == "__main__":
    main()
