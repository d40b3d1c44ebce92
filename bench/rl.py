"""Learning environments' speed: environment steps per second with random masked
actions, ours beside the Gin environments people use today, in one run.

    python bench/rl.py [--seconds 5] [--runs 3]

Every environment plays whole episodes from fresh deals, each step a uniformly random
legal action (read from the action mask, or RLCard's ``legal_actions``); a step is one
``step`` call of the agent to act. Measured, each the best of ``--runs`` runs of
``--seconds``:

- ``gin_rummy_v0`` as ``rummyhall.envs.make`` gives it (PettingZoo's checking wrappers),
  and raw (``make_raw``);
- RLCard's ``gin-rummy`` environment (``rlcard.make``), its own step loop;
- PettingZoo 1.26.1's ``gin_rummy_v4`` (the last release that has it, on RLCard), with
  the same loop as ours. It cannot share an interpreter with the PettingZoo ``rl``
  installs, so it is installed with pip into ``~/.cache/rummyhall/pettingzoo-1.26.1``
  (with pygame, which it imports) and timed in a child process;
- ``indian_rummy_v0`` with 2 and 6 players, ``rummikub_v0`` with 2 and 4 (its steps
  build a play tile by tile);
- the vector form: ``rummyhall.envs.vector("gin_rummy_v0", 16, opponent="random")``,
  learner steps per second (each step also plays the random bot's moves), in one
  process and spread over a worker process a core.

Ratios are our steps per second / the peer's (above 1: we are faster).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

PEER_PETTINGZOO = "pettingzoo==1.26.1"
PEER_FOLDER = Path.home() / ".cache" / "rummyhall" / "pettingzoo-1.26.1"


def aec_rate(env: Any, seconds: float) -> float:
    """Steps per second of an AEC environment under random masked actions."""
    rng = np.random.default_rng(0)
    steps = episode = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=episode)
        episode += 1
        for _ in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            action = None
            if not (termination or truncation):
                action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            env.step(action)
            steps += 1
    return steps / (time.perf_counter() - start)


def rlcard_rate(seconds: float) -> float | None:
    try:
        import rlcard
    except ImportError:
        return None
    env = rlcard.make("gin-rummy", config={"seed": 0})
    rng = np.random.default_rng(0)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, _ = env.reset()
        while not env.is_over():
            action = int(rng.choice(list(state["legal_actions"])))
            state, _ = env.step(action)
            steps += 1
    return steps / (time.perf_counter() - start)


def pettingzoo_v4_rate(seconds: float, runs: int) -> float | None:
    """``gin_rummy_v4`` timed in a child process on PettingZoo 1.26.1 (installed on
    first use; ``None`` when pip cannot get it)."""
    if not (PEER_FOLDER / "pettingzoo" / "classic" / "gin_rummy_v4.py").exists():
        install = [sys.executable, "-m", "pip", "install", "-q", "--no-deps"]
        done = subprocess.run(
            [*install, "--target", str(PEER_FOLDER), PEER_PETTINGZOO, "pygame"], check=False
        )
        if done.returncode != 0:
            return None
    path = os.pathsep.join([str(PEER_FOLDER), os.environ.get("PYTHONPATH", "")])
    child = subprocess.run(
        [sys.executable, __file__, "--child-v4", "--seconds", str(seconds), "--runs", str(runs)],
        env={**os.environ, "PYTHONPATH": path},
        capture_output=True,
        text=True,
        check=True,
    )
    return float(json.loads(child.stdout.strip().splitlines()[-1]))


def vector_rate(processes: bool, seconds: float, count: int = 16) -> float:
    """Learner steps per second of the vector form against the random bot."""
    from rummyhall.envs import vector

    games = vector("gin_rummy_v0", count, processes=processes, opponent="random")
    rng = np.random.default_rng(0)
    _, infos = games.reset(seed=0)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        actions = [int(rng.choice(np.flatnonzero(mask))) for mask in infos["action_mask"]]
        _, _, _, _, infos = games.step(actions)
        steps += count
    rate = steps / (time.perf_counter() - start)
    games.close()
    return rate


def best(runs: int, measure: Any) -> float | None:
    rates = [measure() for _ in range(runs)]
    return None if None in rates else max(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--child-v4", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child_v4:
        from pettingzoo.classic import gin_rummy_v4

        rate = best(args.runs, lambda: aec_rate(gin_rummy_v4.env(), args.seconds))
        print(json.dumps(rate))
        return

    from rummyhall import envs

    rates: dict[str, float | None] = {
        "gin_rummy_v0 (make)": best(
            args.runs, lambda: aec_rate(envs.make("gin_rummy_v0"), args.seconds)
        ),
        "gin_rummy_v0 (make_raw)": best(
            args.runs, lambda: aec_rate(envs.make_raw("gin_rummy_v0"), args.seconds)
        ),
        "RLCard gin-rummy": best(args.runs, lambda: rlcard_rate(args.seconds)),
        "PettingZoo 1.26.1 gin_rummy_v4": pettingzoo_v4_rate(args.seconds, args.runs),
    }
    for name, counts in (("indian_rummy_v0", (2, 6)), ("rummikub_v0", (2, 4))):
        for players in counts:
            rates[f"{name}, {players} players"] = best(
                args.runs,
                lambda name=name, players=players: aec_rate(  # type: ignore[misc]
                    envs.make(name, players=players), args.seconds
                ),
            )
    for processes in (False, True):
        where = "a process a core" if processes else "1 process"
        rates[f"vector gin, 16 games, {where}"] = best(
            args.runs, lambda processes=processes: vector_rate(processes, args.seconds)
        )
    print(f"steps per second, random masked actions (best of {args.runs} × {args.seconds} s):")
    for name, rate in rates.items():
        print(f"  {name:34s} {'not installed' if rate is None else f'{rate:10,.0f}'}")
    ours = rates["gin_rummy_v0 (make)"]
    raw = rates["gin_rummy_v0 (make_raw)"]
    assert ours is not None and raw is not None
    for peer in ("RLCard gin-rummy", "PettingZoo 1.26.1 gin_rummy_v4"):
        rate = rates[peer]
        if rate is not None:
            print(f"  gin_rummy_v0 / {peer}: {ours / rate:.2f}× (make), {raw / rate:.2f}× (raw)")


if __name__ == "__main__":
    main()
