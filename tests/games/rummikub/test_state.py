"""A Rummikub round as a state machine (RKB-1, RKB-4, RKB-7 … RKB-9), on stacked decks."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from rummyhall import (
    Action,
    Discard,
    Draw,
    IllegalAction,
    NotationError,
    Pass,
    action_from_json,
    load,
    new_game,
)
from rummyhall.games.rummikub import Play, RummikubState


def run(colour: str, low: int, high: int, copies: int = 1) -> list[str]:
    return [f"{colour}{n}" for n in range(low, high + 1)] * copies


def play(*sets: str) -> Play:
    return Play(tuple(tuple(text.split()) for text in sets))


def deck_for(holdings: list[list[str]], first: int) -> list[str]:
    """A full deck giving each seat ``holdings[seat]`` once every player has drawn in turn
    until the pool is empty: 14 tiles each, then the pool in drawing order."""
    rest = [list(tiles[14:]) for tiles in holdings]
    pool, seat = [], first
    while any(rest):
        pool.append(rest[seat].pop(0))
        seat = (seat + 1) % len(holdings)
    return [tile for tiles in holdings for tile in tiles[:14]] + pool


OUT_DECK = [
    *run("R", 1, 11), "B13", "K13", "O13",  # seat 0: 66 in two sets
    *run("B", 1, 7), *run("K", 1, 5), "*", "*",  # seat 1: 28 + 15 + 60 = 103
    *run("O", 1, 10), *run("B", 8, 11),  # seat 2: 55 + 38 = 93
]  # fmt: skip


def test_rkb_1_deal_and_options() -> None:
    state = RummikubState(seed=8, players=4)
    zones = state.zones()
    assert [len(zones[f"rack{s}"]) for s in range(4)] == [14] * 4
    assert len(zones["pool"]) == 50 and zones["table"] == []
    every = Counter(tile for zone in zones.values() for tile in zone)
    assert len(every) == 53 and set(every.values()) == {2}
    assert state.current_player == state.first in range(4)
    assert RummikubState(seed=8, players=4, first=3).current_player == 3
    with pytest.raises(NotationError, match="RKB-1"):
        RummikubState(seed=8, players=5)
    with pytest.raises(NotationError, match="RKB-1"):
        RummikubState(seed=8, deck=["R1", "R1", "R1"])


def test_rkb_1_stacked_deck_deals_seats_then_pool_top() -> None:
    state = RummikubState(seed=1, players=3, first=0, deck=[*OUT_DECK, "O12"])
    assert Counter(state.zones()["rack1"]) == Counter(OUT_DECK[14:28])
    state.apply(Draw("pool"))
    assert "O12" in state.zones()["rack0"]


def test_rkb_7_draw_takes_one_tile_and_ends_the_turn() -> None:
    state = RummikubState(seed=3, first=0)
    events = state.apply(Draw("pool"))
    assert [e.to_json() for e in events] == [{"type": "draw", "seat": 0, "source": "pool"}]
    assert state.view(None)["rack_counts"] == [15, 14]
    assert state.view(None)["pool_count"] == 77
    assert state.current_player == 1


@pytest.mark.parametrize(
    ("action", "rule"),
    [(Draw("stock"), "RKB-7"), (Discard("R5"), "RKB-7"), (Pass(), "RKB-9")],
)
def test_rkb_7_other_actions_refused_and_state_unchanged(action: Action, rule: str) -> None:
    state = RummikubState(seed=3)
    before = json.dumps(state.to_json())
    with pytest.raises(IllegalAction) as raised:
        state.apply(action)
    assert raised.value.rule == rule and json.dumps(state.to_json()) == before


def test_rkb_4_initial_meld_in_the_round() -> None:
    state = RummikubState(seed=2, players=3, first=0, deck=OUT_DECK)
    assert (error := state.is_legal(play("R1 R2 R3"))) is not None and error.rule == "RKB-4"
    state.apply(play("R11 R10 R9"))
    assert state.melded == [True, False, False]
    assert state.view(2)["table"] == [["R9", "R10", "R11"]]
    assert state.current_player == 1


def test_rkb_8_first_empty_rack_wins_the_others_racks() -> None:
    state = RummikubState(seed=2, players=3, first=0, deck=OUT_DECK)
    assert play("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11", "B13 K13 O13") in state.legal_actions()
    events = state.apply(play("B13 K13 O13", "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11"))
    assert state.is_over and state.current_player is None and state.legal_actions() == []
    assert state.scores == [196, -103, -93] and state.winners == [0]
    assert events[-1].to_json()["rack_totals"] == [0, 103, 93]
    assert state.is_legal(Draw("pool")) is not None


TIE = [
    [*run("R", 1, 13, 2), "O1", "O1", "O2", "O2", "O3", "O3", "O4", "O4", "O5"],
    [*run("B", 1, 13, 2), "K1", "K1", "K2", "K2", "K3", "K3", "K4", "K4", "K5"],
    ["O5", *run("O", 6, 13, 2), "K5", *run("K", 6, 13, 2), "*", "*"],
]
LONE = [
    TIE[0],
    [*TIE[1][:-1], "K6"],  # 208
    ["O5", *run("O", 6, 13, 2), "K5", "K5", "K6", *run("K", 7, 13, 2), "*", "*"],  # 373
]


@pytest.mark.parametrize(
    ("holdings", "scores", "winners"),
    [(TIE, [167, 167, -167], [0, 1]), (LONE, [167, -1, -166], [0])],
    ids=["shared win", "single winner"],
)
def test_rkb_9_pool_exhausted_then_a_full_round_of_passes(
    holdings: list[list[str]], scores: list[int], winners: list[int]
) -> None:
    state = RummikubState(seed=4, players=3, first=2, deck=deck_for(holdings, first=2))
    while state.view(None)["pool_count"]:
        state.apply(Draw("pool"))
    assert state.legal_actions()[0] == Pass()
    state.apply(Pass())
    state.apply(Pass())
    assert not state.is_over and state.passes == 2
    state.apply(Pass())
    assert state.is_over and state.outcome == "blocked"
    assert state.scores == scores and state.winners == winners


def test_rkb_9_a_play_breaks_the_round_of_passes() -> None:
    state = RummikubState(seed=4, players=3, first=2, deck=deck_for(TIE, first=2))
    while state.view(None)["pool_count"]:
        state.apply(Draw("pool"))
    state.apply(Pass())
    state.apply(play("B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13"))
    state.apply(Pass())
    state.apply(Pass())
    assert not state.is_over and state.passes == 2


def test_hidden_information_never_in_a_view() -> None:
    state = RummikubState(seed=6, players=3, first=0, deck=OUT_DECK)
    state.apply(play("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10"))
    state.apply(Draw("pool"))
    assert "*" in state.hidden_from(0) and "*" not in state.hidden_from(1)
    assert "R11" in state.hidden_from(1) and "R11" not in state.hidden_from(0)
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        shown = set(json.dumps(view).replace('"', " ").replace(",", " ").split())
        assert not state.hidden_from(seat) & shown
        assert view["rack"] == (None if seat is None else state.zones()[f"rack{seat}"])
    assert state.view(2)["melded"] == [True, False, False]


def test_json_round_trip_with_plays() -> None:
    state = new_game("rummikub", seed=11, players=3)
    rng = random.Random(0)
    while not any(action["type"] == "play" for action in state.log) or len(state.log) < 12:
        state.apply(rng.choice(state.legal_actions()))
    record = state.to_json()
    assert record["game"] == "rummikub" and record["kind"] == "round"
    assert load(json.dumps(record)).to_json() == record
    record["snapshot"]["passes"] = 9
    with pytest.raises(NotationError, match="snapshot"):
        load(record)


def test_play_json_form() -> None:
    action = play("R1 R2 R3", "* B5 K5")
    assert action.to_json() == {"type": "play", "table": [["R1", "R2", "R3"], ["*", "B5", "K5"]]}
    assert action_from_json(action.to_json()) == action
    assert action_from_json({"type": "pass"}) == Pass()
    with pytest.raises(NotationError):
        action_from_json({"type": "play", "table": "R1 R2 R3"})


def test_rkb_6_the_solvers_suggestions_are_always_legal() -> None:
    """In medium-bot rounds every play ``legal_actions`` offers passes ``check_turn``, and
    the best play is offered whenever one exists, table jokers or not (RKB-5, RKB-6)."""
    from rummyhall.bots import decide
    from rummyhall.bots.rummikub.levels import MediumRummikubBot
    from rummyhall.games.rummikub import best_play

    with_jokers = 0
    for seed in range(6):
        state = new_game("rummikub", seed=seed, players=2 + seed % 3)
        assert isinstance(state, RummikubState)
        bots = [MediumRummikubBot() for _ in range(state.num_players)]
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            actions = state.legal_actions()
            plays = [a for a in actions if isinstance(a, Play)]
            for action in plays:
                assert state.is_legal(action) is None, (state.table, action)
            if state.melded[seat]:
                best = best_play(state.table, state.rack_names(seat))
                assert (best is None) == (not plays), (state.table, state.rack_names(seat))
                if best is not None:
                    assert Play(tuple(map(tuple, best))) in plays
                    with_jokers += any("*" in tiles for tiles in state.table)
            state.apply(decide(state, bots[seat]))
    assert with_jokers > 20
