"""gin_rummy_v0 on the compiled core (envs/gin/compiled.py) is the engine's
environment step for step: on thousands of random hands, every agent to act, every
observation and mask of both seats, every reward and the hand's record are the same as
the encoding played on GinState gives; its vector form's games replay on the engine."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from rummyhall import envs, new_game
from rummyhall.envs.aec import RummyEnv
from rummyhall.envs.gin.compiled import HANDS, CompiledGinEnv, RandomOpponentVector
from rummyhall.envs.gin.encoding import ACTIONS, GinEncoding
from rummyhall.errors import IllegalAction, NotationError
from rummyhall.registry import KITS

pytestmark = pytest.mark.skipif(HANDS is None, reason="the compiled Gin core is not built")

KIT = KITS["gin"]
CASES = [
    {},
    {"variant": "oklahoma"},
    {"dealer": 0, "knock_limit": 5},
    {"variant": "oklahoma", "knock_limit": 0},
]


def same_seen(compiled: RummyEnv, engine: RummyEnv) -> None:
    assert compiled.agent_selection == engine.agent_selection
    for agent in engine.possible_agents:
        ours, theirs = compiled.observe(agent), engine.observe(agent)
        assert np.array_equal(ours["observation"], theirs["observation"]), agent
        assert np.array_equal(ours["action_mask"], theirs["action_mask"]), agent
    assert compiled.rewards == engine.rewards
    assert compiled.terminations == engine.terminations
    assert compiled._cumulative_rewards == engine._cumulative_rewards


@pytest.mark.parametrize("options", CASES, ids=str)
def test_gin_the_compiled_hand_plays_as_the_engine(options: dict[str, Any]) -> None:
    """GIN-1…GIN-14 on both: the deal, the offer, draws, discards, knocks with their
    lay-offs and undercuts, gin and the cancelled hand."""
    compiled, engine = CompiledGinEnv(KIT, **options), RummyEnv(KIT, **options)
    rng = random.Random(7)
    outcomes: dict[str, int] = {}
    for episode in range(500):
        compiled.reset(seed=episode)
        engine.reset(seed=episode)
        same_seen(compiled, engine)
        while not engine.terminations[engine.agent_selection]:
            legal = np.flatnonzero(engine.observe(engine.agent_selection)["action_mask"])
            knocks = legal[legal >= 55]
            # knock more often than chance, so that settlements are many
            action = int(rng.choice(knocks if knocks.size and rng.random() < 0.5 else legal))
            compiled.step(action)
            engine.step(action)
            same_seen(compiled, engine)
        ours, theirs = compiled.game_state, engine.game_state
        assert ours is not None and theirs is not None
        assert ours.to_json() == theirs.to_json()
        outcome = getattr(theirs, "outcome", None)
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    assert {"knock", "cancelled"} <= set(outcomes) or options.get("knock_limit") == 0


def test_gin_a_refused_action_names_its_rule_and_changes_nothing() -> None:
    env = CompiledGinEnv(KIT)
    env.reset(seed=4)
    before = env.observe(env.agent_selection)
    with pytest.raises(IllegalAction, match="GIN-2"):
        env.step(0)  # the stock, while the first upcard is offered
    with pytest.raises(NotationError, match="from 0 to 106"):
        env.step(107)
    after = env.observe(env.agent_selection)
    assert np.array_equal(before["observation"], after["observation"])
    assert np.array_equal(before["action_mask"], after["action_mask"])
    assert env.game_state is not None and env.game_state.actions == []


def test_gin_make_uses_the_core_for_a_hand_and_the_engine_for_a_match() -> None:
    assert isinstance(envs.make_raw("gin_rummy_v0"), CompiledGinEnv)
    assert isinstance(envs.make_raw("gin_rummy_v0", match=False), CompiledGinEnv)
    assert not isinstance(envs.make_raw("gin_rummy_v0", match=True), CompiledGinEnv)
    games = envs.vector("gin_rummy_v0", 4, opponent="random")
    assert isinstance(games, RandomOpponentVector)
    assert not isinstance(envs.vector("gin_rummy_v0", 2, opponent="easy"), RandomOpponentVector)


def engine_seen(
    seed: int, seat: int, log: list[int], options: dict[str, Any]
) -> tuple[np.ndarray, np.ndarray]:
    """The learner's observation and mask after ``log``, by the encoding on GinState."""
    state = new_game("gin", seed=seed, **options)
    encoding = GinEncoding()
    encoding.reset(state)
    for index in log:
        encoding.update(state, state.apply(ACTIONS[index]))
    assert state.current_player == seat
    return encoding.observe(state, seat), encoding.mask(state)


def test_gin_the_vector_form_s_hands_replay_on_the_engine() -> None:
    """Every game's observation is the engine's after its seed and log; the log's
    moves were legal there (``apply`` would refuse them) and each deal is GinState's."""
    games = envs.vector("gin_rummy_v0", 8, opponent="random", variant="oklahoma")
    observations, infos = games.reset(seed=11)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(300):
        for index in range(8):
            seed, seat, log = games.hand(index)
            seen, mask = engine_seen(seed, seat, log, {"mode": "oklahoma"})
            assert np.array_equal(observations[index], seen)
            assert np.array_equal(infos["action_mask"][index], mask)
        masks = infos["action_mask"]
        actions = np.argmax(rng.random(masks.shape) * masks, axis=1)
        observations, rewards, terminated, _, infos = games.step(actions)
        ended += int(terminated.sum())
        assert all(rewards[~terminated] == 0)
    assert ended > 20


def test_gin_the_vector_form_replays_from_its_seed_and_refuses_masked_actions() -> None:
    first, second = (envs.vector("gin_rummy_v0", 3, opponent="random") for _ in range(2))
    seen = [games.reset(seed=5) for games in (first, second)]
    assert np.array_equal(seen[0][0], seen[1][0])
    masks = seen[0][1]["action_mask"]
    masked = int(np.flatnonzero(masks[1] == 0)[0])
    actions = [int(np.flatnonzero(mask)[0]) for mask in masks]
    with pytest.raises(NotationError, match="game 1"):
        first.step([actions[0], masked, actions[2]])
    with pytest.raises(NotationError, match="from 0 to 106"):
        first.step([actions[0], actions[1], 200])
    assert [first.hand(i) for i in range(3)] == [second.hand(i) for i in range(3)]
    one, two = first.step(actions), second.step(actions)
    assert np.array_equal(one[0], two[0]) and np.array_equal(one[1], two[1])
