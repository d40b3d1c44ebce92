"""The Rummikub styles: each plays legal rounds to the end and keeps to what its docstring
says, and make_bot knows them by name."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest

from rummyhall import new_game
from rummyhall.bots import decide, make_bot, play_out
from rummyhall.bots.rummikub.levels import STYLES
from rummyhall.bots.rummikub.styles import HOARD_LIMIT
from rummyhall.bots.rummikub.tiles import fitting_faces
from rummyhall.games.rummikub.view import RummikubSeatView


def turns(style: str, rounds: int = 4) -> Iterator[tuple[RummikubSeatView, RummikubSeatView]]:
    """The style's view before and after each of its turns, against medium."""
    for seed in range(rounds):
        state = new_game("rummikub", seed=seed)
        bots = [make_bot("rummikub", style, seed=seed), make_bot("rummikub", "medium")]
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            before = state.view(0)
            state.apply(decide(state, bots[seat]))
            if seat == 0:
                yield before, state.view(0)  # type: ignore[misc]


def laid_tiles(before: RummikubSeatView, after: RummikubSeatView) -> tuple[list[str], bool, bool]:
    """The tiles a turn laid, whether it went out and whether it changed a standing set."""
    laid = Counter(before["rack"])
    laid.subtract(after["rack"])
    standing = Counter(tuple(sorted(tiles)) for tiles in after["table"])
    standing.subtract(tuple(sorted(tiles)) for tiles in before["table"])
    return (
        sorted((+laid).elements()),
        not after["rack"],
        any(count < 0 for count in standing.values()),
    )


@pytest.mark.parametrize("style", sorted(STYLES))
def test_every_style_plays_legal_rounds_to_the_end(style: str) -> None:
    for seed in range(3):
        state = new_game("rummikub", seed=seed)
        play_out(state, [make_bot("rummikub", style, seed=seed), make_bot("rummikub", "medium")])
        assert state.is_over


def test_the_joker_holder_lays_a_joker_only_to_go_out() -> None:
    for before, after in turns("joker-holder"):
        laid, out, _ = laid_tiles(before, after)
        assert "*" not in laid or out


def test_the_new_sets_player_never_touches_the_table() -> None:
    for before, after in turns("new-sets"):
        assert not laid_tiles(before, after)[2]


def test_the_hoarder_plays_only_a_full_rack_or_to_go_out() -> None:
    plays = 0
    for before, after in turns("hoarder"):
        laid, out, _ = laid_tiles(before, after)
        if laid:
            plays += 1
            assert out or len(before["rack"]) >= HOARD_LIMIT or not before["pool_count"]
    assert plays


def test_the_melded_keeper_lays_a_tile_that_fits_alone_only_alone() -> None:
    reserves = 0
    for before, after in turns("keeper"):
        laid, out, _ = laid_tiles(before, after)
        fits = [tile for tile in laid if tile in fitting_faces(before["table"])]
        if fits and not out and before["melded"][0]:
            reserves += 1
            assert laid == fits and len(laid) == 1
    assert reserves


def test_the_beginner_is_reproducible_from_its_seed() -> None:
    logs = []
    for _ in range(2):
        state = new_game("rummikub", seed=5)
        play_out(state, [make_bot("rummikub", "beginner", seed=3), make_bot("rummikub", "easy")])
        logs.append(state.log)
    assert logs[0] == logs[1]
