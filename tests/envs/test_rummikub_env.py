"""rummikub_v0: a play is built step by step on a draft table, so every legal turn is
reachable (RKB-4, RKB-5), and ending the play is allowed exactly when the draft is a
legal play."""

from __future__ import annotations

import random

import numpy as np
import pytest

from rummyhall import load, new_game
from rummyhall.actions import Pass, Play
from rummyhall.envs import rummikub_v0
from rummyhall.envs.rummikub.encoding import (
    END_ID,
    LIFT,
    PLACE,
    PUT,
    SLOTS,
    UNDO_ID,
    RummikubEncoding,
    steps_to,
)
from rummyhall.errors import IllegalAction
from rummyhall.games.rummikub.state import RummikubState


def test_every_play_the_solvers_find_is_reachable_step_by_step() -> None:
    """The plays the engine suggests (the solver's best play, the best initial meld,
    rearrangements of the table included), built tile by tile: every step is allowed by
    the mask, ending the play is allowed exactly when the draft is a legal play (so at
    the end), and the round is then exactly as if the play had been made whole."""
    env = rummikub_v0.raw_env(players=3)
    rng = random.Random(2)
    built = rearranged = 0
    for episode in range(25):
        env.reset(seed=episode)
        state = env.game_state
        assert isinstance(state, RummikubState)
        while not state.is_over and state.turn < 120:
            plays = [a for a in state.legal_actions() if isinstance(a, Play)]
            if not plays or rng.random() < 0.3:
                env.step(0)
                continue
            play = rng.choice(plays)
            seat = state.current_player
            assert seat is not None
            whole = load(state.to_json())  # the same play, made whole on a copy
            assert isinstance(whole, RummikubState)
            whole.apply(play)
            steps = steps_to(play.table, state.table, state.rack_names(seat))
            rearranged += any(LIFT <= step < PUT for step in steps)
            for number, step in enumerate(steps):
                mask = env.observe(env.agent_selection)["action_mask"]
                assert mask[step], f"step {number} of {steps}"
                draft = env.encoding.draft()  # type: ignore[attr-defined]
                assert mask[END_ID] == (state.is_legal(draft) is None)
                env.step(step)
            assert state.table == whole.table
            racks = range(state.players)
            assert [state.rack_names(r) for r in racks] == [whole.rack_names(r) for r in racks]
            built += 1
    assert built > 200 and rearranged > 20


def test_a_draft_step_the_mask_rules_out_is_refused() -> None:
    env = rummikub_v0.raw_env()
    env.reset(seed=3)
    mask = env.observe(env.agent_selection)["action_mask"]
    assert not mask[END_ID] and not mask[UNDO_ID] and not mask[PUT : PUT + SLOTS].any()
    with pytest.raises(IllegalAction, match="RKB-5"):
        env.step(PUT)
    with pytest.raises(IllegalAction, match="RKB-5"):
        env.step(LIFT)  # nothing on the table yet
    placeable = int(np.flatnonzero(mask[PLACE:LIFT])[0]) + PLACE
    env.step(placeable)
    assert env.observe(env.agent_selection)["action_mask"][UNDO_ID]
    env.step(UNDO_ID)
    with pytest.raises(IllegalAction, match="RKB"):
        env.step(END_ID)  # an empty play: the engine says why


def test_rkb_9_equal_lowest_racks_split_the_payment() -> None:
    """A blocked round won by two equal racks: the rules score each the others' whole
    payment; the rewards split it, so they sum to zero."""
    encoding = RummikubEncoding(3)
    state = new_game("rummikub", seed=1, players=3)
    assert isinstance(state, RummikubState)
    state.racks = [[0, 1], [53, 54], [9, 10]]  # R1 R2, R1 R2 (the other copies), R10 R11
    state.pool = []
    for _ in range(3):
        state.apply(Pass())
    assert state.is_over and state.winners == [0, 1]
    assert state.scores == [18, 18, -18]
    assert encoding.settle(state) == [9.0, 9.0, -18.0]
