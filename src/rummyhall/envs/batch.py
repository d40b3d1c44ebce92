"""Many single-learner games at once (Gymnasium's vector API): :func:`vector`, in this
process or spread over worker processes, each stepping its share of the games in turn:
one process per core rather than one per game (``AsyncVectorEnv``'s way, which on a
few cores spends more on its pipes and process switches than small games compute).

:class:`SpreadVectorEnv` behaves as ``SyncVectorEnv`` with same-step autoreset does,
game for game: the same seeds (``reset(seed=s)`` seeds game ``i`` with ``s + i``), the
same observations, rewards and ``infos`` (a finished game's last observation and info
in ``infos["final_obs"]`` and ``infos["final_info"]``).
"""

from __future__ import annotations

import contextlib
import importlib
import multiprocessing
import os
from multiprocessing.connection import Connection
from typing import Any, cast

import numpy as np
from gymnasium.vector import AutoresetMode, SyncVectorEnv, VectorEnv
from gymnasium.vector.utils import batch_space

from rummyhall.envs.catalogue import kit_of
from rummyhall.envs.single import SingleAgentEnv


def _serve(connection: Connection, name: str, count: int, options: dict[str, Any]) -> None:
    """A worker: ``count`` games, stepped in turn on the main process's orders. What it
    sends back is batched: the observations and masks stacked, and per game that ended
    its last observation and info (the game is dealt again at once)."""
    games = [SingleAgentEnv(name, **options) for _ in range(count)]
    while True:
        order, argument = connection.recv()
        if order == "reset":
            seed, reset_options = argument
            seeds = [None] * count if seed is None else [seed + i for i in range(count)]
            pairs = zip(games, seeds, strict=True)
            seen = [game.reset(seed=s, options=reset_options) for game, s in pairs]
            first = np.stack([observation for observation, _ in seen])
            connection.send((first, np.stack([info["action_mask"] for _, info in seen])))
        elif order == "step":
            observations: list[np.ndarray] = []
            masks: list[np.ndarray] = []
            rewards, ends, cuts = [], [], []
            finals = {}
            for index, (game, action) in enumerate(zip(games, argument, strict=True)):
                observation, reward, terminated, truncated, info = game.step(action)
                if terminated or truncated:
                    finals[index] = (observation, info)
                    observation, info = game.reset()
                observations.append(observation)
                rewards.append(reward)
                ends.append(terminated)
                cuts.append(truncated)
                masks.append(info["action_mask"])
            connection.send(
                (
                    np.stack(observations),
                    np.array(rewards, dtype=np.float64),
                    np.array(ends, dtype=np.bool_),
                    np.array(cuts, dtype=np.bool_),
                    np.stack(masks),
                    finals,
                )
            )
        else:
            connection.close()
            return


class SpreadVectorEnv(VectorEnv):
    def __init__(
        self, name: str, count: int, workers: int, context: str | None = None, **options: Any
    ) -> None:
        """``count`` games of ``name`` (``options`` as :func:`single_agent` takes them)
        over ``workers`` processes started the ``multiprocessing`` way ``context``
        names (the platform's default if ``None``, as for ``AsyncVectorEnv``)."""
        probe = SingleAgentEnv(name, **options)  # bad options fail here, not in a worker
        self.num_envs = count
        self.single_observation_space = probe.observation_space
        self.single_action_space = probe.action_space
        self.observation_space = batch_space(probe.observation_space, count)
        self.action_space = batch_space(probe.action_space, count)
        self.metadata = {"autoreset_mode": "same-step"}
        workers = max(1, min(workers, count))
        self.shares = [count // workers + (w < count % workers) for w in range(workers)]
        starts: Any = multiprocessing.get_context(context)
        self.connections: list[Connection] = []
        self.processes = []
        for share in self.shares:
            mine, theirs = starts.Pipe()
            process = starts.Process(
                target=_serve, args=(theirs, name, share, options), daemon=True
            )
            process.start()
            theirs.close()
            self.connections.append(mine)
            self.processes.append(process)

    def _gather(self, orders: list[tuple[str, Any]]) -> list[Any]:
        """Each worker's answer to its order, in order."""
        try:
            for connection, order in zip(self.connections, orders, strict=True):
                connection.send(order)
            return [connection.recv() for connection in self.connections]
        except (EOFError, OSError) as error:
            dead = [p.pid for p in self.processes if not p.is_alive()]
            raise RuntimeError(
                f"a worker process of the vector environment has died (pids {dead}): {error!r}"
            ) from error

    def _infos(self, masks: np.ndarray) -> dict[str, Any]:
        """A single game's info holds its action mask alone (``SingleAgentEnv``)."""
        return {"action_mask": masks, "_action_mask": np.ones(self.num_envs, dtype=np.bool_)}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        firsts = np.cumsum([0, *self.shares[:-1]])
        orders = [
            ("reset", (None if seed is None else seed + int(first), options)) for first in firsts
        ]
        answers = self._gather(orders)
        observations = np.concatenate([observations for observations, _ in answers])
        return observations, self._infos(np.concatenate([masks for _, masks in answers]))

    def step(
        self, actions: Any
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        actions = [int(action) for action in actions]
        ends = np.cumsum(self.shares)
        orders = [
            ("step", actions[end - share : end])
            for share, end in zip(self.shares, ends, strict=True)
        ]
        answers = self._gather(orders)
        joined = [np.concatenate([answer[part] for answer in answers]) for part in range(5)]
        observations, rewards, terminated, truncated, masks = joined
        infos = self._infos(masks)
        for first, answer in zip(ends - self.shares, answers, strict=True):
            for index, (observation, info) in sorted(answer[5].items()):
                final = {"final_obs": observation, "final_info": info}
                infos = self._add_info(infos, final, int(first) + index)
        return observations, rewards, terminated, truncated, infos

    def close_extras(self, **kwargs: Any) -> None:
        for connection in self.connections:
            with contextlib.suppress(OSError):  # a worker that died has closed its end
                connection.send(("close", None))
                connection.close()
        for process in self.processes:
            process.join(timeout=5)


def vector(name: str, count: int, *, processes: bool = False, **options: Any) -> VectorEnv:
    """``count`` :class:`~rummyhall.envs.single.SingleAgentEnv` games of ``name``
    (``options`` as it takes them) stepped together (Gymnasium's vector API).
    A game whose episode ends is dealt again in the same step, so every observation and
    ``infos["action_mask"]`` returned is one to act on (the ended episode's are in
    ``infos["final_obs"]`` and ``infos["final_info"]``). ``processes`` spreads the games
    over one worker process per core (:class:`SpreadVectorEnv`), else this process
    steps them in turn. A game may have a faster vector form for some options (its
    kit's ``environments``: Gin's compiled hands against the random bot), used then
    in place of either."""
    kit = kit_of(name)
    if kit.environments:
        faster = importlib.import_module(kit.environments).vector(kit, count, **options)
        if faster is not None:
            return cast(VectorEnv, faster)
    if processes:
        return SpreadVectorEnv(name, count, os.cpu_count() or 1, **options)
    makers = [lambda: SingleAgentEnv(name, **options) for _ in range(count)]
    return SyncVectorEnv(makers, autoreset_mode=AutoresetMode.SAME_STEP)
