"""Learning environments' speed: environment steps per second with random masked
actions, ours beside the Gin environments people use today, in one run.

    python bench/rl.py [--seconds 5] [--runs 3]

Every environment plays whole episodes from fresh deals, each step a uniformly random
legal action: ``random.Random.choice`` over the action mask's legal ids (or RLCard's
``legal_actions``), the same cheap draw for every environment, so that the loop's own
cost (numpy's ``Generator.choice`` alone takes some 5 µs) does not hide theirs; a step
is one ``step`` call of the agent to act. Measured, each the best of ``--runs`` runs of
``--seconds``:

- ``gin_rummy_v0`` as ``rummyhall.envs.make`` gives it (PettingZoo's checking wrappers)
  and raw (``make_raw``): both on the compiled Gin core (``envs/gin/compiled.py``)
  when it is built; and the same encoding played on the engine (``RummyEnv``), for
  what the core gains;
- RLCard's ``gin-rummy`` environment (``rlcard.make``), its own step loop;
- PettingZoo 1.26.1's ``gin_rummy_v4`` (the last release that has it, on RLCard), with
  the same loop as ours. It cannot share an interpreter with the PettingZoo ``rl``
  installs, so it is installed with pip into ``~/.cache/rummyhall/pettingzoo-1.26.1``
  (with pygame, which it imports) and timed in a child process;
- ``indian_rummy_v0`` with 2 and 6 players, ``rummikub_v0`` with 2 and 4 (its steps
  build a play tile by tile);
- the vector form: ``rummyhall.envs.vector("gin_rummy_v0", N, opponent="random")``,
  learner steps per second (each step also plays the random bot's moves), its actions
  drawn for all games at once (``argmax`` of uniform noise on the masks): on the
  compiled core with 16 and 256 games, and the engine's forms (16 games in one
  process, and spread over a worker process a core) for comparison.

Ratios are our steps per second / the peer's (above 1: we are faster).
"""

from __future__ import annotations

import argparse
import json
import os
import random
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
    choose = random.Random(0).choice
    steps = episode = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=episode)
        episode += 1
        for _ in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            action = None
            if not (termination or truncation):
                action = int(choose(np.flatnonzero(observation["action_mask"])))
            env.step(action)
            steps += 1
    return steps / (time.perf_counter() - start)


def rlcard_rate(seconds: float) -> float | None:
    try:
        import rlcard
    except ImportError:
        return None
    env = rlcard.make("gin-rummy", config={"seed": 0})
    choose = random.Random(0).choice
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, _ = env.reset()
        while not env.is_over():
            action = int(choose(list(state["legal_actions"])))
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
    return child_rate("v4", seconds, runs, {"PYTHONPATH": path})


def vector_rate(games: Any, count: int, seconds: float) -> float:
    """Learner steps per second of a vector form of ``count`` games (closed after)."""
    rng = np.random.default_rng(0)
    _, infos = games.reset(seed=0)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        masks = infos["action_mask"]
        actions = np.argmax(rng.random(masks.shape) * masks, axis=1)
        _, _, _, _, infos = games.step(actions)
        steps += count
    rate = steps / (time.perf_counter() - start)
    games.close()
    return rate


def engine_vector(processes: bool, count: int = 16) -> Any:
    """The engine's vector forms (what ``vector`` gives for another opponent); timed in
    a child process with the compiled core turned off (``RUMMYHALL_GIN_CORE=python``)."""
    from rummyhall.envs import vector

    return vector("gin_rummy_v0", count, processes=processes, opponent="random")


def child_rate(measure: str, seconds: float, runs: int, env: dict[str, str]) -> float:
    """``measure`` (a ``--child`` choice) timed in a child process with ``env``."""
    arguments = ["--child", measure, "--seconds", str(seconds), "--runs", str(runs)]
    child = subprocess.run(
        [sys.executable, __file__, *arguments],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return float(json.loads(child.stdout.strip().splitlines()[-1]))


def best(runs: int, measure: Any) -> float | None:
    rates = [measure() for _ in range(runs)]
    return None if None in rates else max(rates)


def child(measure: str, seconds: float, runs: int) -> float | None:
    """A measurement made in a child process (see ``child_rate``)."""
    if measure == "v4":
        from pettingzoo.classic import gin_rummy_v4

        return best(runs, lambda: aec_rate(gin_rummy_v4.env(), seconds))
    processes = measure == "engine-vector-spread"
    return best(runs, lambda: vector_rate(engine_vector(processes), 16, seconds))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--child", choices=("v4", "engine-vector", "engine-vector-spread"), help=argparse.SUPPRESS
    )
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child, args.seconds, args.runs)))
        return

    from rummyhall import envs
    from rummyhall.envs.aec import RummyEnv

    seconds, runs = args.seconds, args.runs
    rates: dict[str, float | None] = {
        "gin_rummy_v0 (make)": best(runs, lambda: aec_rate(envs.make("gin_rummy_v0"), seconds)),
        "gin_rummy_v0 (make_raw)": best(
            runs, lambda: aec_rate(envs.make_raw("gin_rummy_v0"), seconds)
        ),
        "gin_rummy_v0 on the engine (raw)": best(
            runs, lambda: aec_rate(RummyEnv(envs.ENVS["gin_rummy_v0"]), seconds)
        ),
        "RLCard gin-rummy": best(runs, lambda: rlcard_rate(seconds)),
        "PettingZoo 1.26.1 gin_rummy_v4": pettingzoo_v4_rate(seconds, runs),
    }
    for name, counts in (("indian_rummy_v0", (2, 6)), ("rummikub_v0", (2, 4))):
        for players in counts:
            rates[f"{name}, {players} players"] = best(
                runs,
                lambda name=name, players=players: aec_rate(  # type: ignore[misc]
                    envs.make(name, players=players), seconds
                ),
            )
    for count in (16, 256):
        rates[f"vector gin, {count} games, compiled"] = best(
            runs,
            lambda count=count: vector_rate(  # type: ignore[misc]
                envs.vector("gin_rummy_v0", count, opponent="random"), count, seconds
            ),
        )
    engine = {"RUMMYHALL_GIN_CORE": "python"}
    rates["vector gin, 16 games, engine, 1 process"] = child_rate(
        "engine-vector", seconds, runs, engine
    )
    rates["vector gin, 16 games, engine, a process a core"] = child_rate(
        "engine-vector-spread", seconds, runs, engine
    )
    print(f"steps per second, random masked actions (best of {runs} × {seconds} s):")
    for name, rate in rates.items():
        print(f"  {name:48s} {'not installed' if rate is None else f'{rate:10,.0f}'}")
    ours = rates["gin_rummy_v0 (make)"]
    raw = rates["gin_rummy_v0 (make_raw)"]
    assert ours is not None and raw is not None
    for peer in ("RLCard gin-rummy", "PettingZoo 1.26.1 gin_rummy_v4"):
        rate = rates[peer]
        if rate is not None:
            print(f"  gin_rummy_v0 / {peer}: {ours / rate:.2f}× (make), {raw / rate:.2f}× (raw)")


if __name__ == "__main__":
    main()
