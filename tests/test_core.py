"""Core: notation, seeded randomness, actions and the game registry."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummyhall import (
    Discard,
    Draw,
    IllegalAction,
    Knock,
    NotationError,
    Pass,
    action_from_json,
    available_games,
    new_game,
)
from rummyhall.cards import (
    CARD_NAMES,
    TILE_NAMES,
    canonical_key,
    card_index,
    parse_cards,
    parse_tiles,
    tile_index,
)
from rummyhall.rng import Rng


def test_card_notation_round_trips_and_accepts_10_and_lower_case() -> None:
    for face, name in enumerate(CARD_NAMES):
        assert card_index(name) == face
    assert card_index("10h") == card_index("TH")
    assert parse_cards("as, 10d KC") == [0, 35, 51]


@pytest.mark.parametrize("bad", ["", "1S", "TX", "11H", "JOKER", "7"])
def test_bad_card_names_a_clear_error(bad: str) -> None:
    with pytest.raises(NotationError, match="not a card"):
        card_index(bad)


def test_tile_notation() -> None:
    for face, name in enumerate(TILE_NAMES):
        assert tile_index(name) == face
    assert parse_tiles("r1 O13 *") == [0, 51, 52]
    with pytest.raises(NotationError, match="not a tile"):
        tile_index("R14")


def test_canonical_card_order_is_rank_then_suit() -> None:
    ordered = sorted(parse_cards("KC AS 2H AH JK"), key=canonical_key)
    assert [CARD_NAMES[c] for c in ordered] == ["AS", "AH", "2H", "KC", "JK"]


def test_rng_is_splitmix64_so_replays_survive_python_upgrades() -> None:
    # Reference outputs of SplitMix64 for seed 1234567.
    rng = Rng(1234567)
    assert [rng.next_u64() for _ in range(3)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
    ]


def test_seeded_deal_is_pinned() -> None:
    # A change here breaks every saved game and bug report: never update it lightly.
    record = new_game("gin", seed=42).to_json()
    assert record["deck"][:6] == ["4H", "TH", "AS", "QH", "3D", "5C"]
    assert record["options"]["dealer"] == 1


@given(st.integers(min_value=1, max_value=60), st.integers(min_value=0, max_value=2**64))
def test_rng_below_stays_in_range_and_shuffle_permutes(n: int, seed: int) -> None:
    rng = Rng(seed)
    assert 0 <= rng.below(n) < n
    items = list(range(n))
    rng.shuffle(items)
    assert sorted(items) == list(range(n))


@pytest.mark.parametrize("action", [Draw("stock"), Pass(), Discard("7H"), Knock("KD")])
def test_actions_round_trip_through_json(action: object) -> None:
    assert action_from_json(action.to_json()) == action  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"type": "fly"},
        {"type": "discard"},
        {"type": "discard", "card": 7},
        {"type": "pass", "card": "7H"},
        "discard",
    ],
)
def test_malformed_actions_are_rejected(data: object) -> None:
    with pytest.raises(NotationError):
        action_from_json(data)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"type": ["discard"]}, "'type'"),  # a list or an object as the type: not a TypeError
        ({"type": {}}, "'type'"),
        ({"type": None}, "'type'"),
        ({"card": "7H"}, "'type'"),
        ({"type": "discard", "card": ["7H"]}, "card"),
        ({"type": "knock", "discard": {"card": "7H"}}, "discard"),
        ({"type": "draw", "source": None}, "source"),
        ({"type": "play", "table": [["R1", 3]]}, "table"),
        ({"type": "play", "table": "R1 R2 R3"}, "table"),
        ({"type": "declare", "discard": "7H", "groups": [[["7H"]]]}, "groups"),
        ({"type": "drop", "seat": 1}, "'seat'"),
        ({"type": "discard"}, "'card'"),
    ],
)
def test_malformed_actions_name_the_field(data: object, field: str) -> None:
    with pytest.raises(NotationError, match=field):
        action_from_json(data)  # type: ignore[arg-type]


def test_malformed_action_errors_stay_short() -> None:
    """A huge or deeply nested value is quoted in brief, never in full."""
    deep: list[object] = []
    inner = deep
    for _ in range(5000):
        inner.append([])
        inner = inner[0]  # type: ignore[assignment]
    for data in ({"type": "x" * 100_000}, {"type": "discard", "card": deep}):
        with pytest.raises(NotationError) as raised:
            action_from_json(data)
        assert len(str(raised.value)) < 200


def test_registry() -> None:
    assert "gin" in available_games()
    with pytest.raises(NotationError, match="unknown game"):
        new_game("snap", seed=1)
    with pytest.raises(NotationError, match="unknown Gin mode"):
        new_game("gin", seed=1, mode="hollywood")


def test_illegal_action_is_a_value_error_carrying_the_rule() -> None:
    error = IllegalAction("GIN-4", "7H was just taken")
    assert isinstance(error, ValueError)
    assert error.rule == "GIN-4" and str(error) == "GIN-4: 7H was just taken"


def test_seedless_game_records_its_seed() -> None:
    state = new_game("gin")
    again = new_game("gin", seed=state.to_json()["seed"])
    assert again.to_json() == state.to_json()


def test_parsed_one_string_actions_are_shared_and_the_memory_of_them_is_bounded() -> None:
    from rummyhall import actions

    first = action_from_json({"type": "discard", "card": "7H"})
    assert action_from_json({"type": "discard", "card": "7H"}) is first
    assert first == Discard("7H")
    assert action_from_json({"type": "draw", "source": "stock"}) == Draw("stock")
    info = actions._simple_action.cache_info()
    assert info.maxsize == actions.SIMPLE_ACTIONS_KEPT


def test_an_event_s_json_is_made_once_read_only_and_copies_pickles_and_serializes() -> None:
    import copy
    import json
    import pickle

    from rummyhall.actions import Event, FrozenJSON

    event = Event("discard", 0, {"card": "7H"})
    made = event.to_json()
    assert made is event.to_json() and made == {"type": "discard", "seat": 0, "card": "7H"}
    changes = [
        lambda: made.__setitem__("card", "8H"),
        lambda: made.__delitem__("card"),
        lambda: made.update(card="8H"),
        lambda: made.pop("card"),
        lambda: made.popitem(),
        lambda: made.setdefault("x", 1),
        lambda: made.clear(),
        lambda: made.__ior__({"x": 1}),
    ]
    for change in changes:
        with pytest.raises(TypeError, match="read-only"):
            change()
    assert made == {"type": "discard", "seat": 0, "card": "7H"}
    mine = made.copy()
    mine["card"] = "8H"  # a copy is an ordinary dict
    assert type(pickle.loads(pickle.dumps(made))) is FrozenJSON
    assert copy.deepcopy(event).to_json() == made
    assert json.loads(json.dumps(made)) == made


def test_a_view_s_moves_cannot_rewrite_the_history_of_later_views() -> None:
    state = new_game("gin", seed=4)
    state.apply(state.legal_actions()[0])
    move = state.view(0)["moves"][0]
    with pytest.raises(TypeError):
        move["type"] = "knock"
    assert state.view(1)["moves"][0]["type"] != "knock"
