"""gin_rummy_v0: a hand pays its points, nothing hidden is in an observation, and the
table is drawn for the seat to act."""

from __future__ import annotations

import random

from rummyhall.envs import gin_rummy_v0
from tests.envs.test_envs import masked_playout


def test_a_hand_pays_its_points_to_the_winner() -> None:
    """GIN-12: the reward is the hand's points, won by one seat and lost by the other."""
    env = gin_rummy_v0.raw_env()
    rng = random.Random(3)
    for episode in range(100):
        env.reset(seed=episode)
        rewards = masked_playout(env, rng)
        state = env.game_state
        assert state is not None
        points = max(state.scores)
        winners = state.winners
        expected = [0.0, 0.0] if not winners else [-points, -points]
        for seat in winners:
            expected[seat] = points
        assert rewards == expected


def test_ansi_render_draws_the_acting_seat_s_table() -> None:
    env = gin_rummy_v0.raw_env(render_mode="ansi")
    env.reset(seed=4)
    seat = env.game_state.current_player  # type: ignore[union-attr]
    text = env.render()
    assert isinstance(text, str) and "Gin Rummy" in text
    hand = env.game_state.view(seat)["hand"]  # type: ignore[union-attr]
    other = env.game_state.view(1 - seat)["hand"]  # type: ignore[union-attr]
    plain = text.replace("10", "T")
    assert all(card[0] in plain for card in hand)
    assert other != hand
