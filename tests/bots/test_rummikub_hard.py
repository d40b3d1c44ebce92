"""The Rummikub hard bot's pieces: which tiles fit the table alone, what the opponent's
last turn was, and the candidate (the keeper's move) that keeps tiles in reserve."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from rummyhall import new_game
from rummyhall.actions import Draw, Play
from rummyhall.bots import decide
from rummyhall.bots.rummikub.equity import Horizon
from rummyhall.bots.rummikub.levels import HardRummikubBot, MediumRummikubBot
from rummyhall.bots.rummikub.model import last_turn
from rummyhall.bots.rummikub.styles import Position, hoarding, keeping_reserves, maximum
from rummyhall.bots.rummikub.tiles import fitting_faces, remove
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


def test_keeping_reserves_holds_the_tiles_that_fit_alone() -> None:
    table = [["R3", "R4", "R5"], ["K9", "O9", "B9", "R9"]]
    rack = ["R6", "B7", "B8", "B10", "O2"]  # R6 extends a run; B7 B8 B9 needs the group's B9
    new = keeping_reserves(Position(table, rack, True, 40), random.Random(0))
    assert new is not None
    assert remove(rack, table, new) == ["O2", "R6"]
    # with only reserves on the rack, the most valuable one is played alone
    rack = ["R6", "R2", "O2"]
    new = keeping_reserves(Position(table, rack, True, 40), random.Random(0))
    assert new is not None
    assert remove(rack, table, new) == ["O2", "R2"]
    # going out, the keeper lays everything
    rack = ["R6", "R2"]
    new = keeping_reserves(Position(table, rack, True, 40), random.Random(0))
    assert new is not None and remove(rack, table, new) == []


class RoundOut(HardRummikubBot):
    """The hard bot's sampling as a review's second look uses it, keeping what each
    world came to."""

    replies = None

    def __init__(self) -> None:
        super().__init__(seed=1, simulations=6)
        self.horizons: list[Horizon] = []

    def _play_out(self, *world: Any) -> Horizon:
        horizon = super()._play_out(*world)
        self.horizons.append(horizon)
        return horizon


def test_a_review_plays_each_world_to_the_rounds_end() -> None:
    """With ``replies`` None (a review's second look) every sampled world is played until
    somebody is out or the round is blocked (RKB-8, RKB-9): its value is the round's
    exact score, nothing left open."""
    state = new_game("rummikub", seed=6)
    bots = [MediumRummikubBot(), MediumRummikubBot()]
    while not any(isinstance(a, Play) for a in state.legal_actions()) or len(state.log) < 12:
        state.apply(decide(state, bots[state.current_player or 0]))
    seat = state.current_player
    assert seat is not None
    legal = state.legal_actions()
    bot = RoundOut()
    found = bot.appraise(state.view(seat), legal, decide(state, bots[seat]))
    assert len(found) >= 2
    assert len(bot.horizons) == 6 * len(found)
    assert all(h.out or h.blocked for h in bot.horizons)
    assert all(h.spread() == 0.0 for h in bot.horizons)


def test_tiles_a_player_held_back_are_not_counted_against_him() -> None:
    """A hoarder who draws with R6 R7 on his rack, which the table would take, is three
    tiles from going out, not five: the horizon's tile lead leaves out what his maximum
    would have laid (so feeding a hoarder's table shows in every world, not only where
    he goes out); a player who lays his maximum has nothing held back."""
    table = [["R3", "R4", "R5"]]
    view: Any = {"seat": 0, "table": table, "rack": ["B11", "O13"], "melded": [True, True]}
    theirs = ["B1", "K5", "O2", "R6", "R7"]
    bot = HardRummikubBot(seed=1, simulations=1)
    hoarder = bot._play_out(view, Draw("stock"), theirs, ["K1", "K2", "K3", "B4"], 1, hoarding)
    # he drew K3, the bot B4 and K2: 6 tiles against 4, two of his held back
    assert hoarder.tile_lead == 6 - 2 - 4
    medium = bot._play_out(view, Draw("stock"), theirs, ["K1", "K2", "K3", "B4"], 1, maximum)
    assert medium.tile_lead == 3 - 4  # he laid R6 R7 and drew nothing
