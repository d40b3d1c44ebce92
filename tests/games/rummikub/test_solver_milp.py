"""RKB-5 and RKB-6 at full size against a second exact method: the integer programme of
``tests/games/rummikub/milp.py`` (HiGHS), on random positions with jokers in play."""

from __future__ import annotations

import random

import pytest

from rummyhall.games import rummikub
from tests.games.rummikub.milp import best_play_milp
from tests.games.rummikub.positions import full_position
from tests.games.rummikub.test_solver import placed_and_value


@pytest.mark.parametrize(("rack_size", "positions"), [(14, 10), (30, 6)])
def test_rkb_5_best_play_equals_the_integer_programme(rack_size: int, positions: int) -> None:
    rng = random.Random(100 + rack_size)
    for _ in range(positions):
        table, rack = full_position(rng, rack_size)
        ours = placed_and_value(table, rack, rummikub.best_play(table, rack))
        assert ours == best_play_milp(table, rack), (table, rack)


def test_rkb_6_best_play_equals_the_integer_programme_with_table_jokers() -> None:
    rng = random.Random(106)
    checked = 0
    while checked < 16:
        table, rack = full_position(rng, rng.choice((8, 14, 20)))
        if any("*" in s for s in table):
            ours = placed_and_value(table, rack, rummikub.best_play(table, rack))
            assert ours == best_play_milp(table, rack), (table, rack)
            checked += 1
