"""The Rummikub hard bot's pieces: which tiles fit the table alone, what the opponent's
last turn says about his rack, and the candidate that keeps tiles in reserve."""

from __future__ import annotations

from collections import Counter

from rummyhall import new_game
from rummyhall.bots import decide
from rummyhall.bots.rummikub import HardRummikubBot, MediumRummikubBot
from rummyhall.bots.rummikub_model import last_turn
from rummyhall.bots.rummikub_tiles import fitting_faces, remove
from rummyhall.games.rummikub import best_play


def test_rkb_5_fitting_faces_extend_split_and_complete() -> None:
    table = [["R5", "*", "R7"], ["B1", "B2", "B3", "B4", "B5", "B6"], ["K13", "O13", "R13"]]
    assert fitting_faces(table) == {"R4", "R6", "R8", "*", "B7", "B3", "B4", "B13"}


def test_rkb_5_every_fitting_face_is_playable_alone() -> None:
    """What ``fitting_faces`` finds the exact solver confirms, on tables of real rounds."""
    bots = [MediumRummikubBot(), MediumRummikubBot()]
    checked = 0
    for seed in range(3):
        state = new_game("rummikub", seed=seed)
        while not state.is_over:
            table = state.view(None)["table"]
            on_table = Counter(t for tiles in table for t in tiles)
            for name in fitting_faces(table):
                if on_table[name] < 2:
                    assert best_play(table, [name]) is not None, (table, name)
                    checked += 1
            seat = state.current_player
            assert seat is not None
            state.apply(decide(state, bots[seat]))
    assert checked > 100


def test_last_turn_reads_the_opponents_moves() -> None:
    state = new_game("rummikub", seed=4)
    assert last_turn(state.view(0), 1) == (None, False)
    bots = [MediumRummikubBot(), MediumRummikubBot()]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(decide(state, bots[seat]))
        view = state.view(1 - seat)
        done, melded = last_turn(view, seat)
        assert done in ("play", "draw", "pass")
        plays = [m for m in view["moves"] if m["type"] == "play" and m["seat"] == seat]
        assert melded == (len(plays) > (done == "play"))


def test_rkb_7_dead_faces_only_after_a_melded_opponents_turn() -> None:
    state = new_game("rummikub", seed=4)
    bots = [MediumRummikubBot(), MediumRummikubBot()]
    seen_model = False
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(decide(state, bots[seat]))
        view = state.view(1 - seat)
        fits = fitting_faces(view["table"])
        faces, exempt = HardRummikubBot._dead(view, seat, fits)
        done, melded = last_turn(view, seat)
        if melded:
            seen_model = True
            assert faces == fits and exempt == (done == "draw")
            # medium plays its maximum: what it kept cannot fit the table on its own
            if done != "draw":
                assert not set(state.rack_names(seat)) & fits
        else:
            assert faces == set() and exempt == 0
    assert seen_model


def test_keeping_reserves_holds_the_tiles_that_fit_alone() -> None:
    table = [["R3", "R4", "R5"], ["K9", "O9", "B9", "R9"]]
    rack = ["R6", "B7", "B8", "B10", "O2"]  # R6 extends a run; B7 B8 B9 needs the group's B9
    view = {"rack": rack, "table": table, "melded": [True, True], "seat": 0}
    play = HardRummikubBot._keeping_reserves(view, fitting_faces(table))
    assert play is not None
    assert remove(rack, table, play.table) == ["O2", "R6"]
    # with only reserves on the rack, the most valuable one is played alone
    view = {"rack": ["R6", "R2", "O2"], "table": table, "melded": [True, True], "seat": 0}
    play = HardRummikubBot._keeping_reserves(view, fitting_faces(table))
    assert play is not None
    assert remove(view["rack"], table, play.table) == ["O2", "R2"]
    # before the initial meld nothing may be added to the table (RKB-4)
    view["melded"] = [False, True]
    assert HardRummikubBot._keeping_reserves(view, fitting_faces(table)) is None
