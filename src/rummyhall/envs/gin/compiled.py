"""``gin_rummy_v0`` on the compiled hands (``_hands.c``): the same environment, faster.

A hand of Gin played for a learner spends most of its time outside the rules: making
actions, events and views in Python. The compiled core plays one hand by action id and
writes the observation and mask of :mod:`rummyhall.envs.gin.encoding` straight into
numpy's buffers, so the environment computes the same values as
:class:`~rummyhall.envs.aec.RummyEnv` with :class:`GinEncoding`, step for step
(``tests/envs/test_gin_compiled.py`` compares them on thousands of hands). It deals as
``new_game("gin", seed=…)`` does, so the engine's state (``game_state``) is the hand's
seed and log replayed, made only when asked for.

:func:`environment` chooses it for one hand (standard or Oklahoma, with ``dealer`` and
``knock_limit``) where the core is built; a match, a stacked ``deck`` or an install
without the core gets the engine's environment. :func:`vector` steps many hands of a
learner against the random bot in one call (``rummyhall.envs.vector``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import VectorEnv
from gymnasium.vector.utils import batch_space

from rummyhall.actions import Action
from rummyhall.compiled import load_compiled
from rummyhall.envs.aec import RummyEnv
from rummyhall.envs.gin.encoding import ACTIONS, INDEX, SIZE
from rummyhall.errors import NotationError
from rummyhall.game import GameState
from rummyhall.games.gin.settlement import SETTLE_HEADER
from rummyhall.games.gin.solver import DEADWOOD_HEADER
from rummyhall.kit import GameInfo
from rummyhall.registry import new_game

HANDS = load_compiled(
    "rummyhall.envs.gin._hands",
    Path(__file__).with_name("_hands.c"),
    "RUMMYHALL_GIN_CORE",
    (DEADWOOD_HEADER, SETTLE_HEADER),
)
"""The compiled core (``_hands.pyi``), or ``None``."""
HAND_OPTIONS = frozenset({"dealer", "knock_limit"})
"""The options of a hand the core plays (beside the variant's mode)."""
DRAWN = -1
"""The core's word for "as the deal draws it" (the dealer) or "the mode's" (the limit)."""


def _deal_arguments(options: dict[str, Any]) -> tuple[bool, int, int]:
    """What the core's deal takes, from options the engine has accepted."""
    dealer, limit = options.get("dealer"), options.get("knock_limit")
    return (
        options.get("mode") == "oklahoma",
        DRAWN if dealer is None else int(dealer),
        DRAWN if limit is None else int(limit),
    )


class CompiledGinEnv(RummyEnv):
    """One hand of Gin on the compiled core (see the module)."""

    def __init__(self, kit: GameInfo, **options: Any) -> None:
        super().__init__(kit, **options)  # checks the options as the engine does
        assert HANDS is not None
        self._hand = HANDS.Hand()
        self._deal = _deal_arguments(self.options)
        self._seed: int | None = None  # the hand's, once dealt
        self._log: list[int] = []

    @property
    def game_state(self) -> GameState | None:
        """The engine's hand: replayed from the seed and the log the first time it is
        asked for in a hand, then played on with every step (so it is live, as the
        engine's environment's is)."""
        if self._seed is None:
            return None
        if self._state is None:
            self._state = new_game(self.kit.name, seed=self._seed, **self.options)
            for index in self._log:
                self._state.apply(ACTIONS[index])
        return self._state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._seed = self._next_seed(seed)
        self._hand.deal(self._seed, *self._deal)
        self._log = []
        self._state = None
        self._start(self.possible_agents[self._hand.player])

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        index = self._index(agent, action)
        played = self._hand.step(index)
        if played < 0:
            raise self._refusal(ACTIONS[index])
        self._log.append(index)
        if self._state is not None:
            self._state.apply(ACTIONS[index])
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if played:  # the hand is over: each seat gets its points less the other's
            first, second = self._hand.scores
            self.rewards = dict(zip(self.agents, (first - second, second - first), strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[self._hand.player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def act(self, action: Action) -> None:
        index = INDEX.get(action)
        if index is None:
            raise self._refusal(action)
        self.step(index)

    def _refusal(self, action: Action) -> Exception:
        """The engine's reason to refuse ``action`` (the core refused it first)."""
        state = self.game_state
        assert state is not None
        error = state.is_legal(action)
        if error is None:
            raise AssertionError(f"the compiled Gin core refused {action}, which is legal")
        return error

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        observation = np.empty(SIZE, dtype=np.float32)
        mask = np.empty(len(ACTIONS), dtype=np.int8)
        self._hand.observe(self._seat[agent], observation, mask)
        return {"observation": observation, "action_mask": mask}


def environment(kit: GameInfo, **options: Any) -> RummyEnv:
    """``gin_rummy_v0``: on the compiled core where it can play the hand asked for (see
    the module), else the engine's environment."""
    extra = set(options) - {"variant", "render_mode", "match"}
    hand = not options.get("match") and extra <= HAND_OPTIONS
    if HANDS is not None and hand:
        return CompiledGinEnv(kit, **options)
    return RummyEnv(kit, **options)


class RandomOpponentVector(VectorEnv):
    """Hands of Gin of a learner against the random bot (uniform over the legal
    actions), many at once on the compiled core: Gymnasium's vector API with same-step
    autoreset, as :func:`rummyhall.envs.vector` gives it. Game ``i``'s deals, seats and
    opponent's choices come from a SplitMix64 generator seeded ``seed + i``;
    :meth:`hand` tells its hand's seed (``new_game("gin", seed=…)`` deals the same hand),
    the learner's seat and the actions so far."""

    def __init__(self, kit: GameInfo, count: int, *, seat: int | None, **options: Any) -> None:
        assert HANDS is not None
        probe = CompiledGinEnv(kit, **options)  # checks the options
        if seat is not None and seat not in (0, 1):
            raise NotationError(f"seat is one of 0–1, not {seat!r}")
        deal = _deal_arguments(probe.options)
        self._batch = HANDS.Batch(count, *deal, DRAWN if seat is None else seat)
        self.num_envs = count
        self.single_observation_space = spaces.Box(0.0, 1.0, (SIZE,), np.float32)
        self.single_action_space = spaces.Discrete(len(ACTIONS))
        self.observation_space = batch_space(self.single_observation_space, count)
        self.action_space = batch_space(self.single_action_space, count)
        self.metadata = {"autoreset_mode": "same-step"}
        self._masks = np.zeros((count, len(ACTIONS)), dtype=np.int8)
        self._seeds = np.random.default_rng()

    def hand(self, index: int) -> tuple[int, int, list[int]]:
        """Game ``index``'s hand now: its seed, the learner's seat and the action ids
        played so far by both seats (the hand replays on the engine from these)."""
        seed, seat, log = self._batch.hand(index)
        return seed, seat, list(log)

    def _infos(self) -> dict[str, Any]:
        every = np.ones(self.num_envs, dtype=np.bool_)
        return {"action_mask": self._masks, "_action_mask": every}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        if seed is None:
            seed = int(self._seeds.integers(1 << 62))
        observations = np.empty((self.num_envs, SIZE), dtype=np.float32)
        self._masks = np.empty((self.num_envs, len(ACTIONS)), dtype=np.int8)
        self._batch.reset(seed, observations, self._masks)
        return observations, self._infos()

    def step(
        self, actions: Any
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        count = self.num_envs
        chosen = np.ascontiguousarray(actions, dtype=np.int64)
        if chosen.shape != (count,):
            raise NotationError(f"one action per game: {count} of them, not {chosen.shape}")
        self._refuse_masked(chosen)
        observations = np.empty((count, SIZE), dtype=np.float32)
        masks = np.empty((count, len(ACTIONS)), dtype=np.int8)
        rewards = np.empty(count, dtype=np.float64)
        ended = np.empty(count, dtype=np.bool_)
        finals = np.empty((count, SIZE), dtype=np.float32)
        over = self._batch.step(chosen, observations, masks, rewards, ended, finals)
        self._masks = masks
        infos = self._infos()
        for index in over:
            last = {"action_mask": np.zeros(len(ACTIONS), dtype=np.int8)}
            infos = self._add_info(infos, {"final_obs": finals[index], "final_info": last}, index)
        return observations, rewards, ended, np.zeros(count, dtype=np.bool_), infos

    def _refuse_masked(self, chosen: np.ndarray) -> None:
        """Name the first game whose action is out of range or masked (nothing is played)."""
        outside = np.flatnonzero((chosen < 0) | (chosen >= len(ACTIONS)))
        if outside.size:
            game = int(outside[0])
            raise NotationError(
                f"game {game}: action ids run from 0 to {len(ACTIONS) - 1}, not {chosen[game]}"
            )
        masked = np.flatnonzero(self._masks[np.arange(self.num_envs), chosen] == 0)
        if masked.size:
            game = int(masked[0])
            action = ACTIONS[int(chosen[game])]
            raise NotationError(f"game {game}: {action} (id {chosen[game]}) is not legal now")


def vector(kit: GameInfo, count: int, **options: Any) -> VectorEnv | None:
    """Many hands against the random bot on the compiled core, when that is what is
    asked for (``opponent="random"``, one hand per episode, no bot options) and the
    core is built; else ``None``."""
    options = dict(options)
    opponent, bot_options = options.pop("opponent", "medium"), options.pop("bot_options", None)
    seat = options.pop("seat", None)
    extra = set(options) - {"variant", "render_mode", "match"}
    wanted = opponent == "random" and not bot_options and extra <= HAND_OPTIONS
    if HANDS is None or not wanted or options.get("render_mode") or options.get("match"):
        return None
    return RandomOpponentVector(kit, count, seat=seat, **options)
