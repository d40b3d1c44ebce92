"""Turn validation (RKB-2 … RKB-6): every rejection reason, named by its rule."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummyhall import IllegalAction
from rummyhall.games.rummikub import best_initial_meld, best_play, check_turn

NUMBER_TILES = [f"{c}{n}" for c in "RBKO" for n in range(1, 14)] * 2


def sets(*texts: str) -> list[list[str]]:
    return [text.split() for text in texts]


def refused(table: list[list[str]], rack: str, proposal: list[list[str]], melded: bool) -> str:
    with pytest.raises(IllegalAction) as raised:
        check_turn(table, rack.split(), proposal, melded=melded)
    return str(raised.value)


def test_rkb_5_extension_accepted_and_table_canonical() -> None:
    turn = check_turn(sets("R5 R6 R7"), ["B8", "R8"], sets("R8 R6 R7 R5"), melded=True)
    assert turn.played == [7]  # R8
    assert turn.table == [["R5", "R6", "R7", "R8"]]


@pytest.mark.parametrize(
    ("proposal", "reason"),
    [
        ("R5 R6", "set 2 (R5 R6): a set has at least 3 tiles"),
        ("R5 B5 R5", "set 2 (R5 B5 R5): a tile is repeated"),
        ("R5 B6 K7", "set 2 (R5 B6 K7): a group's tiles share one number and a run's one"),
        ("R12 R13 R1", "set 2 (R12 R13 R1): 1 is low only"),
        ("R5 R6 R9", "set 2 (R5 R6 R9): the numbers 5…9 are not consecutive"),
        ("R5 B5 K5 O5 *", "set 2 (R5 B5 K5 O5 *): a group has at most 4 tiles"),
    ],
)
def test_rkb_2_invalid_set_named_with_reason(proposal: str, reason: str) -> None:
    rack = "R5 B5 B6 K5 K7 O5 R6 R9 R12 R13 R1 *"
    message = refused(sets("K1 K2 K3"), rack, sets("K1 K2 K3", proposal), True)
    assert message.startswith("RKB-2: ") and reason in message


def test_rkb_1_unknown_tile_name() -> None:
    message = refused(sets("K1 K2 K3"), "R5", sets("K1 K2 K3", "R5 R6 X9"), True)
    assert message.startswith("RKB-1: not a tile: 'X9'")


def test_rkb_5_copied_tile_refused() -> None:
    message = refused(sets("R5 R6 R7"), "R8", sets("R5 R6 R7 R8 R9"), True)
    assert message.startswith("RKB-5: R9 is on the new table 1 times but the table and your")


def test_rkb_5_lost_table_tile_refused() -> None:
    message = refused(sets("R5 R6 R7 R8"), "B1", sets("R5 R6 R7"), True)
    assert message == "RKB-5: R8 would be lost: every table tile stays"


def test_rkb_5_table_tile_taken_back_to_rack_refused() -> None:
    message = refused(sets("R5 R6 R7 R8"), "K1 K2 K3", sets("R5 R6 R7", "K1 K2 K3"), True)
    assert message.startswith("RKB-5: R8 would go back from the table to your rack")


def test_rkb_5_no_rack_tile_played_refused() -> None:
    proposal = sets("R5 R6 R7", "R8 R9 R10")
    message = refused(sets("R5 R6 R7 R8 R9 R10"), "B1", proposal, True)
    assert message == "RKB-5: play at least one tile from your rack (or draw)"


def test_rkb_5_rearrangement_after_the_initial_meld_accepted() -> None:
    proposal = sets("R5 R6 R7", "R8 R9 R10", "B8 K8 R8")
    turn = check_turn(sets("R5 R6 R7 R8 R9 R10"), ["B8", "K8", "R8"], proposal, melded=True)
    assert turn.table == [["R5", "R6", "R7"], ["R8", "B8", "K8"], ["R8", "R9", "R10"]]


@pytest.mark.parametrize(
    "meld", [("R9 R10 R11",), ("R3 R4 R5", "B5 B6 B7"), ("R9 R10 *",), ("O8 O9 O10 O11",)]
)
def test_rkb_4_initial_meld_of_30_or_more_accepted(meld: tuple[str, ...]) -> None:
    rack = [*" ".join(meld).split(), "K1"]
    turn = check_turn(sets("B1 B2 B3"), rack, sets("B1 B2 B3", *meld), melded=False)
    assert len(turn.played) == len(rack) - 1


def test_rkb_4_initial_meld_of_29_refused() -> None:
    meld = sets("R5 B5 K5 O5", "R2 R3 R4")
    message = refused([], "R5 B5 K5 O5 R2 R3 R4", meld, False)
    assert message.startswith("RKB-4: your initial meld totals 29; it must reach 30")


def test_rkb_4_initial_meld_using_table_tiles_refused() -> None:
    proposal = sets("K1 K2 K3 K4", "R10 R11 R12")
    message = refused(sets("K1 K2 K3"), "K4 R10 R11 R12", proposal, False)
    assert message.startswith("RKB-4: K1 K2 K3 K4 uses table tiles")


def test_rkb_4_rearranging_on_the_initial_meld_turn_refused() -> None:
    proposal = sets("R1 R2 R3", "R4 R5 R6", "K10 K11 K12")
    message = refused(sets("R1 R2 R3 R4 R5 R6"), "K10 K11 K12", proposal, False)
    assert message.startswith("RKB-4: the table set R1 R2 R3 R4 R5 R6 was rearranged")


def test_rkb_6_joker_released_by_the_tile_it_stood_for() -> None:
    proposal = sets("R5 R6 R7", "B9 K9 *")
    turn = check_turn(sets("R5 * R7"), ["R6", "B9", "K9"], proposal, melded=True)
    assert turn.table == [["R5", "R6", "R7"], ["*", "B9", "K9"]]


def test_rkb_6_joker_not_released_without_its_tile() -> None:
    proposal = sets("R4 R5 R6", "B9 K9 *")
    message = refused(sets("R4 R5 R6 *"), "B9 K9", proposal, True)
    assert message.startswith("RKB-6: a table joker may stand for another tile only if")
    assert message.endswith("the joker of R4 R5 R6 * stood for R3 or R7")


@pytest.mark.parametrize("tile", ["R3", "R7"])
def test_rkb_6_ambiguous_run_joker_released_by_either_tile(tile: str) -> None:
    proposal = sets(f"R4 R5 R6 {tile}", "B9 K9 *")
    check_turn(sets("R4 R5 R6 *"), [tile, "B9", "K9"], proposal, melded=True)


@pytest.mark.parametrize("tile", ["K5", "O5"])
def test_rkb_6_three_tile_group_joker_released_by_either_missing_colour(tile: str) -> None:
    proposal = sets(f"R5 B5 {tile}", "B9 K9 *")
    check_turn(sets("R5 B5 *"), [tile, "B9", "K9"], proposal, melded=True)


def test_rkb_6_joker_not_released_by_a_table_tile() -> None:
    table = sets("R5 * R7", "R6 B6 K6 O6")
    proposal = sets("R5 R6 R7", "B6 K6 O6", "B9 K9 *")
    assert refused(table, "B9 K9", proposal, True).startswith("RKB-6: ")


def test_rkb_6_joker_may_move_where_it_still_stands_for_its_tile() -> None:
    proposal = sets("R4 R5 R6", "B7 K7 *")  # the joker was R3 or R7 and may still be R7
    check_turn(sets("R4 R5 R6 *"), ["B7", "K7"], proposal, melded=True)


def test_rkb_6_one_tile_releases_one_joker() -> None:
    table = sets("R5 * R7", "K6 O6 *")  # jokers: R6; R6 or B6
    moved = ("R5 R6 R7", "K5 K6 K7", "O5 O6 O7")
    message = refused(table, "R6 K5 K7 O5 O7 B9 K9", sets(*moved, "B9 K9 * *"), True)
    assert message.endswith(
        "the joker of R5 * R7 stood for R6; the joker of K6 O6 * stood for R6 or B6"
    )
    check_turn(table, ["R6", "K5", "K7", "O5", "O7", "B6"], sets(*moved, "B6 * *"), melded=True)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_rkb_5_solver_plays_on_joker_free_tables_are_accepted_in_any_order(seed: int) -> None:
    rng = random.Random(seed)
    tiles = rng.sample(NUMBER_TILES, 40)
    table = best_initial_meld(tiles[:20]) or []
    rack = tiles[20:34]
    proposal = best_play(table, rack)
    if proposal is None:
        return
    shuffled = [rng.sample(tiles, len(tiles)) for tiles in rng.sample(proposal, len(proposal))]
    assert check_turn(table, rack, shuffled, melded=True).table == proposal
