"""The exact solvers (RKB-4 initial meld, RKB-5 best play): examples, exactness against
the brute force on small instances, and invariants on full-size random positions."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummyhall import IllegalAction, NotationError
from rummyhall.games import rummikub
from tests.games.rummikub.brute_force import brute_best_play, brute_initial_meld, legal_value
from tests.games.rummikub.positions import (
    ALL_TILES,
    COLOURS,
    full_position,
    small_joker_position,
    small_position,
    small_stand_in_position,
)


def placed_and_value(
    table: list[list[str]], rack: list[str], result: list[list[str]] | None
) -> tuple[int, int]:
    """Check a best_play result against RKB-5 and RKB-6 (``check_turn``, and the brute
    force's own reading of the rules) and measure it as the brute force does."""
    if result is None:
        return 0, 0
    assert all(rummikub.is_valid_set(s) for s in result), result
    old = Counter(t for s in table for t in s)
    new = Counter(t for s in result for t in s)
    assert not old - new, "a table tile was lost"
    added = new - old
    assert not added - Counter(rack), "a tile not on the rack appeared"
    assert added, "at least one rack tile is placed"
    rummikub.check_turn(table, rack, result, melded=True)
    value = legal_value(table, rack, result)
    assert value is not None, "RKB-6 (brute force): a table joker changed unreleased"
    return sum(added.values()), value


# ---------------------------------------------------------------------------- RKB-4


def test_rkb_4_initial_meld_needs_30_from_the_rack() -> None:
    assert rummikub.best_initial_meld("R10 B10 K10 O2") == [["R10", "B10", "K10"]]
    assert rummikub.best_initial_meld("R9 B9 K9 O2") is None  # 27
    assert rummikub.best_initial_meld("R1 R2 R3 B4 B5 B6 K7 K8 K9") == [
        ["R1", "R2", "R3"],
        ["B4", "B5", "B6"],
        ["K7", "K8", "K9"],
    ]  # 6 + 15 + 24 = 45: several sets together


def test_rkb_4_joker_counts_as_the_number_it_represents() -> None:
    # 12 + 13 + joker as 11 = 36 (not 12 + 13 + 13: a run cannot go past 13)
    assert rummikub.best_initial_meld("R12 R13 *") == [["*", "R12", "R13"]]
    assert rummikub.best_initial_meld("R8 R9 *") is None  # 8 + 9 + 10 = 27 < 30
    assert rummikub.best_initial_meld("R9 R10 *") == [["R9", "R10", "*"]]  # 9 + 10 + 11 = 30


def test_rkb_4_most_tiles_first_then_most_value() -> None:
    # R7-R11 (5 tiles, 45) loses to R7-R9 + the tens (6 tiles, 54); R11 stays
    meld = rummikub.best_initial_meld("R7 R8 R9 R10 B10 K10 R11")
    assert meld == [["R7", "R8", "R9"], ["R10", "B10", "K10"]]
    # equal tile counts: the higher value (B11-B13 = 36 beats B1-B3 = 6)
    assert rummikub.best_initial_meld("B1 B2 B3 B11 B12 B13 R5") == [
        ["B1", "B2", "B3"],
        ["B11", "B12", "B13"],
    ]


def test_rkb_4_exactness_against_the_brute_force() -> None:
    rng = random.Random(4)
    for _ in range(150):
        low = rng.randrange(1, 11)
        faces = [f"{c}{n}" for c in rng.sample(COLOURS, 3) for n in range(low, low + 4)]
        rack = rng.sample(faces * 2 + ["*", "*"], rng.randrange(3, 9))
        meld = rummikub.best_initial_meld(rack)
        expected = brute_initial_meld(rack)
        if meld is None:
            assert expected is None, rack
            continue
        assert all(rummikub.is_valid_set(s) for s in meld)
        assert not Counter(t for s in meld for t in s) - Counter(rack)
        got = (sum(map(len, meld)), sum(rummikub.set_value(s) for s in meld))
        assert got == expected, (rack, meld)


# ---------------------------------------------------------------------------- RKB-5


def test_rkb_5_extend_table_sets() -> None:
    assert rummikub.best_play([["R5", "R6", "R7"]], ["R8", "B2"]) == [["R5", "R6", "R7", "R8"]]


def test_rkb_5_rearrange_the_table_freely() -> None:
    # R7 only fits if the run is split and a group of sevens is formed
    # R8 R9 only fit if R7 leaves its group for the run
    table = [["R7", "B7", "K7", "O7"], ["R4", "R5", "R6"]]
    assert rummikub.best_play(table, ["R8", "R9"]) == [
        ["R4", "R5", "R6", "R7", "R8", "R9"],
        ["B7", "K7", "O7"],
    ]


def test_rkb_5_split_a_run_to_place_a_tile() -> None:
    table = [["K3", "K4", "K5", "K6", "K7"]]
    result = rummikub.best_play(table, ["K5", "K9"])
    assert result == [["K3", "K4", "K5"], ["K5", "K6", "K7"]]


def test_rkb_5_nothing_placeable_is_none() -> None:
    assert rummikub.best_play([["R5", "R6", "R7"]], ["B1", "O13"]) is None
    assert rummikub.best_play([["R5", "R6", "R7"]], []) is None


def test_rkb_5_a_joker_from_the_rack_extends_any_set() -> None:
    assert rummikub.best_play([["R5", "R6", "R7", "R8"]], ["*"]) == [["R5", "R6", "R7", "R8", "*"]]
    assert rummikub.best_play([["R5", "B5", "K5"]], ["*"]) == [["R5", "B5", "K5", "*"]]


def test_rkb_5_table_jokers_stay_on_the_table() -> None:
    result = rummikub.best_play([["R5", "*", "R7"]], ["R6"])
    assert result is not None
    assert Counter(t for s in result for t in s) == Counter(["R5", "R6", "R7", "*"])


def test_rkb_5_most_tiles_then_most_value() -> None:
    # only O10 fits anywhere
    result = rummikub.best_play([["R10", "B10", "K10"]], ["O10", "B13", "B1"])
    assert result == [["R10", "B10", "K10", "O10"]]
    # both R2 and R9 could extend a run, one at a time: the higher value wins
    result = rummikub.best_play([["R3", "R4", "R5"], ["R6", "R7", "R8"]], ["R2", "R9"])
    assert placed_and_value([["R3", "R4", "R5"], ["R6", "R7", "R8"]], ["R2", "R9"], result) == (
        2,
        44,
    )


def test_rkb_5_invalid_table_or_too_many_copies() -> None:
    with pytest.raises(IllegalAction) as error:
        rummikub.best_play([["R5", "R6"]], ["R7"])
    assert error.value.rule == "RKB-2"
    with pytest.raises(NotationError):
        rummikub.best_play([["R5", "B5", "K5"], ["R5", "R6", "R7"]], ["R5"])  # three R5
    with pytest.raises(NotationError):
        rummikub.best_play([["R5", "*", "R7"]], ["*", "*"])  # three jokers
    with pytest.raises(NotationError):
        rummikub.best_play([], ["X9"])


def test_rkb_5_exactness_against_the_brute_force() -> None:
    rng = random.Random(5)
    for _ in range(250):
        table, rack = small_position(rng)
        result = rummikub.best_play(table, rack)
        assert placed_and_value(table, rack, result) == brute_best_play(table, rack), (table, rack)


@pytest.mark.parametrize("rack_size", [14, 30])
def test_rkb_5_full_size_results_are_legal_tables(rack_size: int) -> None:
    rng = random.Random(rack_size)
    for _ in range(6):
        table, rack = full_position(rng, rack_size)
        result = rummikub.best_play(table, rack)
        placed, _ = placed_and_value(table, rack, result)
        assert placed <= len(rack)


@settings(max_examples=25)
@given(st.randoms(use_true_random=False))
def test_rkb_5_answer_ignores_the_order_of_sets_and_tiles(rng: random.Random) -> None:
    table, rack = small_position(rng)
    expected = rummikub.best_play(table, rack)
    shuffled = [rng.sample(s, len(s)) for s in rng.sample(table, len(table))]
    assert rummikub.best_play(shuffled, rng.sample(rack, len(rack))) == expected


@settings(max_examples=25)
@given(st.randoms(use_true_random=False))
def test_rkb_5_placing_more_rack_tiles_never_hurts(rng: random.Random) -> None:
    table, rack = small_position(rng)
    if len(rack) < 2:
        return
    fewer = placed_and_value(table, rack[:-1], rummikub.best_play(table, rack[:-1]))
    more = placed_and_value(table, rack, rummikub.best_play(table, rack))
    assert more[0] >= fewer[0]


# ---------------------------------------------------------------------------- RKB-6


def test_rkb_6_a_table_joker_moves_only_if_its_tile_is_played() -> None:
    # the joker of R1 R2 R3 * can only be R4: without playing R4 it cannot move
    assert rummikub.best_play([["R1", "R2", "R3", "*"]], "B7 B8") is None
    # so B7 B8 B9 is a new set beside it, not B7 B8 B9 * (which check_turn refuses)
    assert rummikub.best_play([["R1", "R2", "R3", "*"]], "B7 B8 B9") == [
        ["R1", "R2", "R3", "*"],
        ["B7", "B8", "B9"],
    ]


def test_rkb_6_playing_the_tile_releases_the_joker() -> None:
    assert rummikub.best_play([["R1", "R2", "R3", "*"]], "R4 B7 B8") == [
        ["R1", "R2", "R3", "R4"],
        ["B7", "B8", "*"],
    ]
    # a 3-tile group: either missing colour releases its joker (K5 or O5)
    assert rummikub.best_play([["R5", "B5", "*"]], "O5 B7 B8") == [
        ["R5", "B5", "O5"],
        ["B7", "B8", "*"],
    ]


def test_rkb_6_a_kept_joker_may_move_where_it_still_stands_for_its_tile() -> None:
    # R4 * R6: the joker is R5; it may go to a group of fives as R5 (RKB-6 allows it)
    table = [["R4", "*", "R6"], ["B5", "K5", "O5"]]
    result = rummikub.best_play(table, ["R3", "R7"])
    assert placed_and_value(table, ["R3", "R7"], result)[0] == 2


def test_rkb_6_a_kept_joker_beside_both_copies_of_its_tile() -> None:
    # the joker stays R7 while both real R7 are on the table: three R7 on the new table
    table = [["R6", "*", "R8"], ["R7", "B7", "K7"], ["R7", "B7", "O7"]]
    result = rummikub.best_play(table, ["R9", "R10"])
    assert result == [
        ["R6", "R7", "R8", "R9", "R10"],
        ["*", "B7", "K7"],
        ["R7", "B7", "O7"],
    ]
    assert placed_and_value(table, ["R9", "R10"], result) == (2, 40 + 21 + 21)


def test_rkb_6_exactness_against_the_brute_force() -> None:
    """One or two jokers on the table (``bench/rummikub.py --exhaustive`` runs thousands)."""
    rng = random.Random(6)
    for _ in range(300):
        table, rack = small_joker_position(rng)
        result = rummikub.best_play(table, rack)
        assert placed_and_value(table, rack, result) == brute_best_play(table, rack), (table, rack)


def test_rkb_6_exactness_with_three_copies_of_a_face() -> None:
    """A kept joker beside both real copies of its tile (``sweep_tables.MAX_COPIES``)."""
    rng = random.Random(66)
    for _ in range(150):
        table, rack = small_stand_in_position(rng)
        result = rummikub.best_play(table, rack)
        assert placed_and_value(table, rack, result) == brute_best_play(table, rack), (table, rack)


@settings(max_examples=40)
@given(st.randoms(use_true_random=False))
def test_rkb_6_the_answer_always_passes_check_turn(rng: random.Random) -> None:
    table, rack = small_joker_position(rng) if rng.random() < 0.7 else full_position(rng, 14)
    result = rummikub.best_play(table, rack)
    if result is not None:
        rummikub.check_turn(table, rack, result, melded=True)


@settings(max_examples=40)
@given(st.randoms(use_true_random=False))
def test_rkb_6_adding_a_rack_tile_never_lowers_the_tiles_placed(rng: random.Random) -> None:
    table, rack = small_joker_position(rng)
    pool = Counter(ALL_TILES) - Counter(t for s in [*table, rack] for t in s)
    more = [*rack, rng.choice(sorted(pool.elements()))]
    fewer = placed_and_value(table, rack, rummikub.best_play(table, rack))
    assert placed_and_value(table, more, rummikub.best_play(table, more))[0] >= fewer[0]
