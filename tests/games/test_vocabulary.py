"""Every game's match speaks the same words (issue 17): ``history``, ``number``,
``winners``, the ``part_scored``/``deal``/``match_over`` events and a record whose
snapshot holds ``scores`` and ``part``; records of the first version still load."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rummyhall import load, new_game, new_match
from rummyhall.bots import make_bot
from rummyhall.bots.play import decide
from rummyhall.game import Match

RECORDS = Path(__file__).parent / "records"
MATCHES = [
    ("gin", {}),
    ("indian", {"format": "pool101", "players": 3}),
    ("indian", {"format": "deals", "deals": 2}),
    ("indian", {"format": "points"}),
    ("rummikub", {"players": 3, "rounds": 2}),
]


@pytest.mark.parametrize(("game", "options"), MATCHES)
def test_a_match_reports_its_parts_in_one_vocabulary(game: str, options: dict) -> None:
    match = new_match(game, seed=5, **options)
    assert isinstance(match, Match)
    bots = [make_bot(game, "medium", seed=seat) for seat in range(match.num_players)]
    scored = []
    while not match.is_over:
        view = match.view(None)["match"]
        assert view["part"] == match.part and view["number"] == len(match.history) + 1
        assert view["winners"] == [] and match.winners == []
        events = [e.to_json() for e in match.apply(decide(match, bots[match.current_player]))]
        types = [e["type"] for e in events]
        if "part_scored" in types:
            assert types[types.index("part_scored") - 1] == "part_over"
            event = events[types.index("part_scored")]
            entry = {k: v for k, v in event.items() if k not in ("type", "seat")}
            assert event["seat"] is None and entry == match.history[-1]
            assert entry["number"] == len(match.history)
            assert entry["totals"] == match.totals
            scored.append(entry)
            following = events[types.index("part_scored") + 1]
            if match.is_over:
                assert following == {
                    "type": "match_over",
                    "seat": None,
                    "winners": match.winners,
                    "scores": match.scores,
                }
            else:
                assert following["type"] == "deal" and following["number"] == len(scored) + 1
    view = match.view(0)["match"]
    assert view["history"] == scored and view["number"] == len(scored)
    assert view["winners"] == match.winners
    assert all(isinstance(seat, int) for seat in match.winners)
    record = match.to_json()
    assert record["version"] == 2 and set(record["snapshot"]) == {"scores", "part"}
    assert load(json.dumps(record)).to_json() == record


@pytest.mark.parametrize("game", ["gin", "indian", "rummikub"])
def test_a_finished_part_names_its_winners(game: str) -> None:
    state = new_game(game, seed=11)
    bots = [make_bot(game, "medium", seed=seat) for seat in range(state.num_players)]
    while not state.is_over:
        assert state.winners == []
        state.apply(decide(state, bots[state.current_player]))
    best = max(state.scores)
    if game == "indian" and state.outcome == "void":  # type: ignore[attr-defined]
        assert state.winners == []
    elif not (game == "gin" and state.outcome == "cancelled"):  # type: ignore[attr-defined]
        assert state.winners and all(state.scores[seat] == best for seat in state.winners)


@pytest.mark.parametrize("game", ["gin", "indian", "rummikub"])
def test_records_of_version_1_still_load(game: str) -> None:
    """Saved by the code of 1 December (snapshot ``totals``/``hand``, ``scores``/``deal``,
    ``totals``/``round``): they replay to the same position and save as version 2."""
    old = json.loads((RECORDS / f"{game}_match_v1.json").read_text())
    assert old["version"] == 1
    state = load(old)
    assert state.turn == len(old["log"])
    record = state.to_json()
    assert record["version"] == 2 and record["log"] == old["log"]
    assert record["snapshot"]["part"] == old["snapshot"][state.part]  # type: ignore[attr-defined]
    corrupt = {**old, "snapshot": {**old["snapshot"], state.part: {"nonsense": 1}}}  # type: ignore[attr-defined]
    with pytest.raises(Exception, match="snapshot"):
        load(corrupt)


@pytest.mark.parametrize(("game", "options"), MATCHES)
def test_every_part_s_result_says_winners(game: str, options: dict) -> None:
    """A part's result (the view's ``result``, the ``part_over`` event, a match's history)
    says ``winners``, a list of seats, as the part's state does; never ``winner``."""
    match = new_match(game, seed=7, **options)
    bots = [make_bot(game, "medium", seed=seat) for seat in range(match.num_players)]
    while not match.is_over:
        part = match.current  # type: ignore[attr-defined]
        events = match.apply(decide(match, bots[match.current_player]))
        for event in events:
            if event.type == "part_over":
                assert event.data["winners"] == part.winners and "winner" not in event.data
                assert part.view(None)["result"]["winners"] == part.winners
    for entry in match.history:  # type: ignore[attr-defined]
        winners = entry["winners"] if game == "indian" else entry["result"]["winners"]
        assert all(isinstance(seat, int) for seat in winners)


@pytest.mark.parametrize(
    ("name", "winners"),
    [("indian_deal_before_winners", [0]), ("gin_hand_before_winners", [1])],
)
def test_a_part_saved_before_results_said_winners_loads_and_says_them(
    name: str, winners: list[int]
) -> None:
    """Saved on 5 December 2026 by the code whose Indian result said ``winner`` (a seat)
    and whose Gin result said neither: the record replays, and its result now says
    ``winners``."""
    old = json.loads((RECORDS / f"{name}.json").read_text())
    state = load(old)
    assert state.is_over and state.to_json() == old
    result = state.view(None)["result"]  # type: ignore[typeddict-item]
    assert result["winners"] == state.winners == winners and "winner" not in result
