"""Each kit's figures (what a finished match says of each seat beyond its result, summed
on profiles) agree with the match's own record, on matches the easy bots play."""

from __future__ import annotations

from typing import Any

import pytest

from rummyhall.bots import make_bot
from rummyhall.game import Match
from rummyhall.registry import KITS, new_match


def played(game: str, seed: int, **options: Any) -> tuple[Match, list[dict[str, int]]]:
    match = new_match(game, seed=seed, **options)
    assert isinstance(match, Match)
    bots = [make_bot(game, "easy", seed=seed + seat) for seat in range(match.num_players)]
    while not match.is_over:
        seat = match.current_player
        assert seat is not None
        match.apply(bots[seat].act(match.view(seat), match.legal_actions()))
    kit = KITS[game]
    assert kit.figures is not None
    fresh = kit.new_match(seed=seed, **match.options)
    events = [event for action in match.actions for event in fresh.apply(action)]
    return match, kit.figures(events, match.history, match.num_players)


@pytest.mark.parametrize("seed", range(4))
def test_gin_10_to_13_knocks_gins_and_undercuts(seed: int) -> None:
    match, figures = played("gin", seed)
    settled = [hand["result"] for hand in match.history if "settlement" in hand["result"]]
    assert sum(f["knocks"] for f in figures) == len(settled)
    kinds = [result["settlement"]["kind"] for result in settled]
    assert sum(f["gins"] for f in figures) == kinds.count("gin")
    assert sum(f["undercuts"] for f in figures) == kinds.count("undercut")
    for seat, counted in enumerate(figures):
        mine = [r for r in settled if r["knocker"] == seat]
        assert counted["knock_deadwood"] == sum(r["settlement"]["knocker"]["points"] for r in mine)
        assert counted["hands"] == len(match.history)


@pytest.mark.parametrize(("seed", "form"), [(1, "points"), (2, "pool101"), (3, "deals")])
def test_ind_11_declarations_drops_and_penalties(seed: int, form: str) -> None:
    match, figures = played("indian", seed, players=3, format=form)
    declared = sum(len(d["winners"]) for d in match.history if d["outcome"] == "declared")
    assert sum(f["declares"] for f in figures) == declared
    for seat, counted in enumerate(figures):
        assert counted["penalty"] == sum(d["penalties"][seat] for d in match.history)
        assert counted["deals"] <= len(match.history)
        assert counted["drops"] <= counted["deals"]


@pytest.mark.parametrize("seed", range(2))
def test_rkb_8_rounds_won_and_tiles_laid(seed: int) -> None:
    match, figures = played("rummikub", seed, players=3)
    for seat, counted in enumerate(figures):
        won = sum(seat in r["result"]["winners"] for r in match.history)
        assert counted["rounds_won"] == won and counted["rounds"] == len(match.history)
        assert counted["turns"] > 0 and counted["tiles"] >= 0
