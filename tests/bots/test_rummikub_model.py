"""The Rummikub opponent model: the turns it reads off the view, the racks each style
rules out (never the real one of a player of that style), and the weights it gives."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest

from rummyhall import new_game
from rummyhall.bots import decide, make_bot
from rummyhall.bots.rummikub.levels import HardRummikubBot
from rummyhall.bots.rummikub.model import (
    STYLES_MODELLED,
    Style,
    beliefs,
    lays_kept_fit,
    turns_of,
)
from rummyhall.cards import TILE_NAMES
from rummyhall.games.rummikub import RummikubState
from rummyhall.games.rummikub.view import RummikubSeatView

STYLE_BY_NAME = {style.name: style for style in STYLES_MODELLED}


def after_turns(opponent: str, rounds: int = 3) -> Iterator[tuple[RummikubState, RummikubSeatView]]:
    """The state and medium's view (seat 0) after each turn of ``opponent`` (seat 1)."""
    for seed in range(rounds):
        state = new_game("rummikub", seed=seed)
        assert isinstance(state, RummikubState)
        bots = [make_bot("rummikub", "medium"), make_bot("rummikub", opponent, seed=seed)]
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            state.apply(decide(state, bots[seat]))
            if seat == 1 and not state.is_over:
                yield state, state.view(0)  # type: ignore[misc]


def test_turns_of_rebuilds_rack_sizes_and_the_pool() -> None:
    state = new_game("rummikub", seed=3)
    bots = [make_bot("rummikub", "medium"), make_bot("rummikub", "keeper")]
    checked = 0
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        before = state.view(None)
        state.apply(decide(state, bots[seat]))
        turn = turns_of(state.view(1 - seat), seat)[-1]  # type: ignore[arg-type]
        assert turn.rack_size == before["rack_counts"][seat]
        assert turn.pool == before["pool_count"]
        assert turn.table == before["table"] and turn.melded == before["melded"][seat]
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("name", sorted(STYLE_BY_NAME))
def test_the_model_never_errs_against_the_style_it_names(name: str) -> None:
    """A player of the style is never contradicted, his real rack holds no more tiles of
    the faces the style rules out than the exempt ones (the tile just drawn), and it
    explains his last draw."""
    style: Style = STYLE_BY_NAME[name]
    ruled_out = 0
    for state, view in after_turns(name):
        turns = turns_of(view, 1)
        assert not any(style.never(turn) for turn in turns if turn.kind == "play")
        assert not any(
            lays_kept_fit(style, turn, before) for before, turn in itertools.pairwise(turns)
        )
        belief = next(
            b for b in beliefs(view, 1, HardRummikubBot._unseen(view)) if b.style == style
        )
        held = sum(tile in belief.barred for tile in state.rack_names(1))
        assert held <= belief.exempt
        drawn_last = [TILE_NAMES[tile % 53] for tile in state.racks[1]]  # the draw is last
        assert belief.explains(drawn_last, random.Random(0))
        ruled_out += bool(belief.barred)
    assert ruled_out or not (style.clears_on_play or style.clears_on_draw)


@pytest.mark.parametrize("name", ["hoarder", "new-sets", "medium"])
def test_the_weights_pick_out_a_style_by_the_end_of_a_round(name: str) -> None:
    last: dict[int, RummikubSeatView] = {}
    for state, view in after_turns(name):
        last[state.seed] = view
    for view in last.values():
        weights = {b.style.name: b.weight for b in beliefs(view, 1, HardRummikubBot._unseen(view))}
        close = weights[name] + (weights["joker-holder"] if name == "medium" else 0.0)
        assert close > 0.5, weights
