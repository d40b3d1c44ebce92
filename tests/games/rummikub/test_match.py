"""A Rummikub match: rounds scored by RKB-8/RKB-9 whose scores add up."""

from __future__ import annotations

import pytest

from rummyhall import Action, IllegalAction, NotationError, Pass, load, new_match
from rummyhall.games.rummikub import Play, RummikubMatch


def most_tiles(legal: list[Action]) -> Action:
    """The suggested play placing the most tiles, else draw or pass: rounds end quickly."""
    plays = [a for a in legal if isinstance(a, Play)]
    if not plays:
        return legal[0]
    return max(plays, key=lambda a: sum(len(s) for s in a.table))


def play_out(match: RummikubMatch) -> None:
    while not match.is_over:
        match.apply(most_tiles(match.legal_actions()))


@pytest.mark.parametrize("players", [2, 3])
def test_rkb_8_match_sums_its_rounds(players: int) -> None:
    match = new_match("rummikub", seed=31, players=players)
    assert isinstance(match, RummikubMatch) and match.rounds == players
    play_out(match)
    history = match.view(None)["match"]["history"]
    assert [entry["number"] for entry in history] == list(range(1, players + 1))
    # The starter moves one seat each round, so every seat starts once.
    assert [entry["first"] for entry in history] == [
        (match.first + n) % players for n in range(players)
    ]
    totals = [sum(entry["result"]["scores"][seat] for entry in history) for seat in range(players)]
    assert match.scores == totals == history[-1]["totals"]
    assert sum(totals) == 0  # every round's payments balance (RKB-8, RKB-9)
    best = max(totals)
    assert match.winners == [seat for seat in range(players) if totals[seat] == best]
    assert match.current_player is None and match.legal_actions() == []


def test_rkb_8_a_finished_match_takes_no_action() -> None:
    match = new_match("rummikub", seed=5, rounds=1)
    play_out(match)
    before = match.to_json()
    with pytest.raises(IllegalAction) as raised:
        match.apply(Pass())
    assert raised.value.rule == "RKB-8"
    assert match.to_json() == before


def test_rkb_8_match_replays_from_seed_and_log() -> None:
    match = new_match("rummikub", seed=12, rounds=2, first=1)
    for _ in range(40):
        match.apply(most_tiles(match.legal_actions()))
    assert load(match.to_json()).to_json() == match.to_json()


def test_rkb_1_match_options_are_checked() -> None:
    with pytest.raises(NotationError, match="RKB-1"):
        new_match("rummikub", seed=1, players=5)
    with pytest.raises(NotationError, match="at least one round"):
        new_match("rummikub", seed=1, rounds=0)
    with pytest.raises(NotationError, match="first must be a seat"):
        new_match("rummikub", seed=1, players=2, first=2)
