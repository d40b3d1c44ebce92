"""Library misuse raises the library's errors: a wrong value for any public argument is a
``NotationError`` (an action the rules forbid an ``IllegalAction``) whose message names
the argument, never an ``AttributeError``, ``TypeError`` or ``JSONDecodeError``; and the
state it was tried on is unchanged."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

from rummyhall import (
    Action,
    Declare,
    Discard,
    Draw,
    Drop,
    IllegalAction,
    Knock,
    NotationError,
    Pass,
    Play,
    action_from_json,
    load,
    new_game,
    new_match,
)
from rummyhall.games import gin, indian, rummikub

KNOCKER = "AS 2S 3S 4H 5H 6H 7D 8D 9D KC"
DEFENDER = "5S 6S 7S 8S 3H 3D 3C JC QC TD"
INDIAN_HAND = "AH 2H 3H 5S 6S JK 9C 9D 9H KS KD KC 7D"
RULE_PREFIX = {"gin": "GIN", "indian": "IND", "rummikub": "RKB"}


def raises_naming(words: str, call: Callable[[], object]) -> NotationError:
    """``call()`` raises a NotationError whose message holds ``words``."""
    with pytest.raises(NotationError) as error:
        call()
    assert words in str(error.value), str(error.value)
    return error.value


@pytest.mark.parametrize("game", ["gin", "indian", "rummikub"])
@pytest.mark.parametrize("value", ["draw", None, {"type": "draw", "source": "stock"}, 7])
def test_apply_and_is_legal_take_only_actions(game: str, value: Any) -> None:
    for state in (new_game(game, seed=1), new_match(game, seed=1)):
        before = state.to_json()
        raises_naming("action must be an Action", partial(state.apply, value))
        raises_naming("action must be an Action", partial(state.is_legal, value))
        if isinstance(value, dict):
            raises_naming("apply_json() takes the JSON form", partial(state.apply, value))
        assert state.to_json() == before


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda: Play(None), "table must be a list of lists of names, not None"),
        (lambda: Play("R1 R2 R3"), "table must be a list of lists"),
        (lambda: Play([["R1", 2, "R3"]]), "table must be a list of lists"),
        (lambda: Discard(None), "card must be a string, not None"),
        (lambda: Knock(7), "discard must be a string, not 7"),
        (lambda: Draw(None), "source must be a string"),
        (lambda: Declare(None), "discard must be a string"),
        (lambda: Declare("AS", "AS 2S 3S"), "groups must be a list of lists"),
    ],
)
def test_actions_check_their_fields_when_made(make: Callable[[], Action], words: str) -> None:
    raises_naming(words, make)


def test_groups_given_as_lists_are_the_same_action() -> None:
    play = Play([["R1", "R2", "R3"]])
    assert play == Play((("R1", "R2", "R3"),)) and hash(play) == hash(Play(play.table))
    assert Declare("AS", [["2S", "3S", "4S"]]).groups == (("2S", "3S", "4S"),)
    assert action_from_json(play.to_json()) == play
    raises_naming("needs the field 'table'", lambda: action_from_json({"type": "play"}))
    bad = {"type": "play", "table": None}
    raises_naming("table must be a list of lists", lambda: action_from_json(bad))


@pytest.mark.parametrize(
    ("game", "foreign"),
    [
        ("gin", [Play((("R1", "R2", "R3"),)), Drop(), Declare("AS"), Draw("pool")]),
        ("indian", [Play((("R1", "R2", "R3"),)), Knock("AS"), Pass(), Draw("pool")]),
        ("rummikub", [Discard("AS"), Knock("AS"), Declare("AS"), Drop(), Draw("stock")]),
    ],
)
def test_another_games_action_is_illegal_and_changes_nothing(
    game: str, foreign: list[Action]
) -> None:
    state = new_game(game, seed=2)
    for _ in range(2):  # before and after the first move
        before = state.to_json()
        for action in foreign:
            with pytest.raises(IllegalAction) as error:
                state.apply(action)
            assert error.value.rule.split("-")[0] == RULE_PREFIX[game]
            assert action.type in error.value.message or "'pool'" in error.value.message
            assert state.is_legal(action) is not None
        assert state.to_json() == before
        state.apply(state.legal_actions()[0])


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: gin.deadwood(None), "cards must be names"),
        (lambda: gin.deadwood(52), "cards must be names"),
        (lambda: gin.deadwood({"AS": 1}), "cards must be names"),
        (lambda: gin.arrange(None), "cards must be names"),
        (lambda: gin.deadwood(["AS", None]), "not a card: None"),
        (lambda: gin.settle(None, DEFENDER), "knocker must be names"),
        (lambda: gin.settle(KNOCKER, None), "defender must be names"),
        (lambda: gin.settle(KNOCKER, DEFENDER, knock_limit=-1), "knock_limit must be 0"),
        (lambda: gin.settle(KNOCKER, DEFENDER, knock_limit=11), "knock_limit must be 0"),
        (lambda: gin.settle(KNOCKER, DEFENDER, knock_limit="10"), "knock_limit must be a"),
        (lambda: gin.settle(KNOCKER, DEFENDER, knock_limit=True), "knock_limit must be a"),
        (lambda: indian.find_declaration(None, "7D"), "cards must be names"),
        (lambda: indian.penalty(INDIAN_HAND, None), "indicator: not a card: None"),
        (lambda: indian.arrange(INDIAN_HAND, 7), "indicator: not a card: 7"),
        (lambda: indian.penalty(INDIAN_HAND, "7D 8D"), "indicator: not a card"),
        (lambda: rummikub.is_valid_set(None), "tiles must be names"),
        (lambda: rummikub.best_initial_meld(3), "rack must be names"),
        (lambda: rummikub.best_play(None, "R1"), "table must be a list of sets"),
        (lambda: rummikub.best_play("R1 R2 R3", "R4"), "table must be a list of sets"),
        (lambda: rummikub.best_play([["R1", "R2", "R3"], None], "R4"), "table set 2 must be"),
        (lambda: rummikub.best_play([["R1", "R2", "R3"]], None), "rack must be names"),
    ],
)
def test_solver_arguments_name_the_argument(call: Callable[[], object], words: str) -> None:
    raises_naming(words, call)


def test_gin_7_settle_knock_limit_bounds_GIN_8_GIN_9() -> None:
    assert gin.settle(KNOCKER, DEFENDER, knock_limit=10).kind == "knock"
    with pytest.raises(IllegalAction) as error:  # a legal limit the hand does not meet
        gin.settle(KNOCKER, DEFENDER, knock_limit=0)
    assert error.value.rule == "GIN-7"


@pytest.mark.parametrize("data", ["{not json", "", "[1, 2]", "null", 5, None, ["gin"]])
def test_load_refuses_what_is_no_saved_game(data: Any) -> None:
    with pytest.raises(NotationError) as error:
        load(data)
    assert "saved game" in str(error.value)


def test_load_names_a_broken_record() -> None:
    record = new_game("gin", seed=1).to_json()
    raises_naming("no option 'bogus'", lambda: load({**record, "options": {"bogus": 1}}))
    raises_naming("not a saved gin game", lambda: load({**record, "options": None}))
    raises_naming("not a saved gin game", lambda: load({**record, "seed": "x"}))
    raises_naming("action 0 of the log", lambda: load({**record, "log": [{"type": "drop"}]}))


@pytest.mark.parametrize(
    ("start", "words"),
    [
        (lambda: new_game("gin", seed="x"), "seed must be a whole number, not 'x'"),
        (lambda: new_match("rummikub", seed=1.5), "seed must be a whole number"),
        (lambda: new_game("gin", seed=1, bogus=1), "a gin hand has no option 'bogus'"),
        (lambda: new_match("gin", seed=1, players=2), "a gin match has no option 'players'"),
        (lambda: new_game("indian", seed=1, players="2"), "players must be a whole number"),
        (lambda: new_match("indian", seed=1, deals="2"), "deals must be a whole number"),
        (lambda: new_game("indian", seed=1, rounds=2), "Points deal has no option 'rounds'"),
        (
            lambda: new_match("indian", seed=1, format="pool101", dealer=0),
            "indian match has no option 'dealer'",
        ),
        (
            lambda: new_game("indian", seed=1, format="pool101"),
            "an Indian deal has no format: the formats of IND-14 are matches, "
            "new_match('indian', format='pool101')",
        ),
        (lambda: new_game("rummikub", seed=1, players=None), "players must be a whole"),
        (lambda: new_match("rummikub", seed=1, rounds="3"), "rounds must be a whole number"),
        (lambda: new_game("rummikub", seed=1, first="0"), "first must be a whole number"),
        (lambda: new_match("gin", seed=1, target="100"), "target must be a whole number"),
        (lambda: new_game("indian", seed=1, first_drop=10), "has no option 'first_drop'"),
        (lambda: new_game("gin", seed=1).view(1.0), "seat must be a whole number, not 1.0"),
        (lambda: new_game("indian", seed=1).view("0"), "seat must be a whole number"),
        (lambda: new_match("rummikub", seed=1).view(True), "seat must be a whole number"),
    ],
)
def test_new_game_new_match_and_view_name_a_bad_argument(
    start: Callable[[], object], words: str
) -> None:
    raises_naming(words, start)
