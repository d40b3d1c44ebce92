"""One learner against the built-in bots (Gymnasium), and many games at once."""

from __future__ import annotations

import numpy as np
import pytest

from rummyhall.envs import SpreadVectorEnv, single_agent, vector
from rummyhall.errors import NotationError


@pytest.mark.parametrize(
    ("name", "options"),
    [("gin_rummy_v0", {}), ("indian_rummy_v0", {"players": 4, "opponent": "easy"})],
)
def test_observations_fit_the_spaces(name: str, options: dict[str, object]) -> None:
    """What Gymnasium's ``check_env`` checks, but with masked actions: it steps random
    unmasked ones, which the environment refuses (IllegalAction, nothing changed)."""
    env = single_agent(name, **options)
    for seed in range(3):
        observation, info = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        over = False
        while not over:
            assert env.observation_space.contains(observation)
            assert info["action_mask"].shape == (env.action_space.n,)
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            assert env.action_space.contains(action)
            observation, reward, over, _, info = env.step(action)
            assert isinstance(reward, float)


def play(env: object, seed: int) -> tuple[list[int], float]:
    """One episode of random masked actions; the actions and the total reward."""
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)  # type: ignore[attr-defined]
    actions, total, over = [], 0.0, False
    while not over:
        mask = info["action_mask"]
        assert np.array_equal(mask.astype(bool), env.action_masks())  # type: ignore[attr-defined]
        action = int(rng.choice(np.flatnonzero(mask)))
        _, reward, over, truncated, info = env.step(action)  # type: ignore[attr-defined]
        assert not truncated
        actions.append(action)
        total += reward
    return actions, total


def test_the_learner_is_paid_its_hand_and_seeds_replay() -> None:
    """The episode's rewards add up to the learner's share of the hand (GIN-12), and
    the same seed plays the same game."""
    env = single_agent("gin_rummy_v0", opponent="medium")
    for seed in range(20):
        actions, total = play(env, seed)
        state = env.game.game_state
        assert state is not None
        expected = env.game.encoding.settle(state)[env.seat]
        assert total == expected
        assert play(env, seed) == (actions, total)


def test_bad_choices_are_refused() -> None:
    with pytest.raises(NotationError, match="no 'grandmaster' bot"):
        single_agent("gin_rummy_v0", opponent="grandmaster")
    with pytest.raises(NotationError, match="seat is one of 0–1"):
        single_agent("gin_rummy_v0", seat=2)
    env = single_agent("gin_rummy_v0", opponent="random")
    play(env, 1)
    with pytest.raises(NotationError, match="reset"):
        env.step(0)


def test_many_games_step_together() -> None:
    envs = vector("gin_rummy_v0", 4, opponent="easy")
    observations, infos = envs.reset(seed=3)
    assert observations.shape == (4, 373)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(300):
        masks = infos["action_mask"]
        actions = [int(rng.choice(np.flatnonzero(mask))) for mask in masks]
        observations, _, terminated, _, infos = envs.step(actions)
        ended += int(terminated.sum())
    assert ended > 0
    envs.close()


def test_games_spread_over_processes_play_as_in_one() -> None:
    """Two worker processes stepping five games give, step for step, what one process
    gives: observations, rewards, ends, masks and the finished games' last
    observations."""
    one = vector("gin_rummy_v0", 5, opponent="easy")
    spread = SpreadVectorEnv("gin_rummy_v0", 5, 2, opponent="easy")
    assert spread.shares == [3, 2]
    first, infos = one.reset(seed=4)
    again, spread_infos = spread.reset(seed=4)
    assert np.array_equal(first, again)
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(150):
        actions = [int(rng.choice(np.flatnonzero(mask))) for mask in infos["action_mask"]]
        ours = one.step(actions)
        theirs = spread.step(actions)
        for mine, other in zip(ours[:4], theirs[:4], strict=True):
            assert np.array_equal(mine, other)
        infos, spread_infos = ours[4], theirs[4]
        assert np.array_equal(infos["action_mask"], spread_infos["action_mask"])
        if "final_obs" in infos:
            assert np.array_equal(infos["_final_obs"], spread_infos["_final_obs"])
            for index in np.flatnonzero(infos["_final_obs"]):
                assert np.array_equal(infos["final_obs"][index], spread_infos["final_obs"][index])
        ended += int(ours[2].sum())
    assert ended > 0
    one.close()
    spread.close()
