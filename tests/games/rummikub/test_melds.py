"""What a set is (RKB-2, RKB-3) and what its jokers are worth (RKB-4), one test per rule."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummyhall import IllegalAction, NotationError
from rummyhall.games import rummikub
from tests.games.rummikub.brute_force import brute_set_value

COLOURS = "RBKO"


@st.composite
def valid_sets(draw: st.DrawFn) -> list[str]:
    """A run or group in canonical order, some tiles replaced by at most two jokers."""
    if draw(st.booleans()):
        number = draw(st.integers(1, 13))
        colours = draw(st.permutations(COLOURS))[: draw(st.sampled_from((3, 4)))]
        tiles = [f"{c}{number}" for c in sorted(colours, key=COLOURS.index)]
    else:
        colour = draw(st.sampled_from(COLOURS))
        length = draw(st.integers(3, 13))
        low = draw(st.integers(1, 14 - length))
        tiles = [f"{colour}{n}" for n in range(low, low + length)]
    for index in draw(st.lists(st.integers(0, len(tiles) - 1), max_size=2, unique=True)):
        tiles[index] = "*"
    if all(t == "*" for t in tiles):
        tiles[0] = "R1"  # unreachable (3+ tiles, 2 jokers) but keeps the strategy total
    return tiles


# ---------------------------------------------------------------------------- RKB-2


@pytest.mark.parametrize(
    "tiles",
    ["R5 B5 K5", "O13 R13 K13 B13", "R1 R2 R3", "K11 K12 K13", "B1 B2 B3 B4 B5 B6 B7 B8"],
)
def test_rkb_2_groups_and_runs_are_sets(tiles: str) -> None:
    assert rummikub.is_valid_set(tiles)


@pytest.mark.parametrize(
    ("tiles", "why"),
    [
        ("R12 R13 R1", "1 is low only"),
        ("R13 R1 R2", "no wrap-around"),
        ("R5 B5", "too short"),
        ("R5 B5 K5 O5 R5", "a group has at most 4 tiles"),
        ("R5 B5 R5", "duplicate colour in a group"),
        ("R5 R6 R6 R7", "duplicate tile in a run"),
        ("R5 R6 B7", "a run is one colour"),
        ("R5 R7 R8", "a run has no gaps"),
        ("R5 B6 K7", "neither group nor run"),
        ("", "no tiles"),
    ],
)
def test_rkb_2_non_sets(tiles: str, why: str) -> None:
    assert not rummikub.is_valid_set(tiles), why


def test_rkb_2_order_of_the_tiles_does_not_matter() -> None:
    assert rummikub.is_valid_set("R7 R5 R6")
    assert rummikub.is_valid_set(["K5", "R5", "B5"])
    assert rummikub.canonical("R7 R5 R6") == ["R5", "R6", "R7"]
    assert rummikub.canonical("O5 K5 R5 B5") == ["R5", "B5", "K5", "O5"]


@given(valid_sets(), st.randoms(use_true_random=False))
def test_rkb_2_validity_is_independent_of_order(tiles: list[str], rng: object) -> None:
    shuffled = list(tiles)
    rng.shuffle(shuffled)  # type: ignore[attr-defined]
    assert rummikub.is_valid_set(tiles) and rummikub.is_valid_set(shuffled)
    assert rummikub.canonical(shuffled) == rummikub.canonical(tiles)
    assert rummikub.set_value(shuffled) == rummikub.set_value(tiles)


@given(
    st.lists(
        st.sampled_from([f"{c}{n}" for c in COLOURS for n in (1, 2, 3, 12, 13)] + ["*"]),
        min_size=0,
        max_size=6,
    )
)
def test_rkb_2_validity_matches_an_exhaustive_check(tiles: list[str]) -> None:
    assert rummikub.is_valid_set(tiles) == (brute_set_value(tuple(tiles)) is not None)


def test_rkb_2_notation_errors() -> None:
    with pytest.raises(NotationError):
        rummikub.is_valid_set("R14 R12 R13")
    with pytest.raises(IllegalAction) as error:
        rummikub.set_value("R1 R2")
    assert error.value.rule == "RKB-2"


# ---------------------------------------------------------------------------- RKB-3


@pytest.mark.parametrize(
    "tiles",
    ["R5 * R7", "* R2 R3", "R5 B5 *", "R5 B5 K5 *", "K4 * *", "* O13 *", "R1 * R3 * R5"],
)
def test_rkb_3_a_joker_stands_for_any_tile(tiles: str) -> None:
    assert rummikub.is_valid_set(tiles)


@pytest.mark.parametrize("tiles", ["* * *", "R1 * * *", "R5 B5 K5 O5 *", "R1 R2 * R4 R5 * * R8"])
def test_rkb_3_jokers_do_not_make_impossible_sets(tiles: str) -> None:
    assert not rummikub.is_valid_set(tiles)


# ---------------------------------------------------------------------------- RKB-4


@pytest.mark.parametrize(
    ("tiles", "jokers", "value"),
    [
        ("R5 * R7", [6], 18),
        ("R5 R6 *", [7], 18),  # ambiguous R4/R7: the higher reading
        ("* R12 R13", [11], 36),  # no room above 13
        ("R5 B5 *", [5], 15),
        ("R13 * *", [13, 13], 39),  # a group (39) beats the run 11-12-13 (36)
        ("R5 * *", [6, 7], 18),  # the run 5-6-7 (18) beats the group (15)
        ("R12 * *", [11, 13], 36),  # equal value: the run is preferred
        ("R10 B10 K10", [], 30),
    ],
)
def test_rkb_4_jokers_count_as_the_highest_number_they_can_represent(
    tiles: str, jokers: list[int], value: int
) -> None:
    assert rummikub.joker_values(tiles) == jokers
    assert rummikub.set_value(tiles) == value


def test_rkb_4_canonical_order_puts_jokers_where_they_stand() -> None:
    assert rummikub.canonical("R5 R6 *") == ["R5", "R6", "*"]
    assert rummikub.canonical("R13 * R12") == ["*", "R12", "R13"]
    assert rummikub.canonical("* O9 R9") == ["R9", "*", "O9"]  # the joker is B9


@given(valid_sets())
def test_rkb_4_set_value_is_the_best_joker_reading(tiles: list[str]) -> None:
    assert rummikub.set_value(tiles) == brute_set_value(tuple(tiles))
    assert len(rummikub.joker_values(tiles)) == tiles.count("*")
