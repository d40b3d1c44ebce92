"""What the server adds to a state: the seat's layout (remembered per hand), the legal
actions' facts, and hints."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from rummyhall import Draw, Knock, Play, new_match
from rummyhall.actions import action_from_json
from rummyhall.bots.base import Adviser
from rummyhall.bots.registry import make_bot
from rummyhall.games import gin, indian, rummikub
from rummyhall.games.gin import state as gin_state
from rummyhall.games.gin.state import GinState
from rummyhall.registry import KITS
from rummyhall.server.rooms import advice
from rummyhall.server.wire.messages import LegalAction
from tests.games.gin.helpers import deal
from tests.games.gin.test_rules import GIN_READY, JUNK
from tests.games.indian.test_rules import LOOSE, READY
from tests.games.indian.test_rules import deal as indian_deal


def test_a_remembered_layout_is_the_solver_s_and_each_message_gets_its_own_copy() -> None:
    view = {"hand": ["KC", "4D", "AS", "3S", "4H", "2S", "4C"]}
    first = advice.arrangement("gin", view)
    assert first == gin.arrange(view["hand"]).to_json()
    assert first is not None
    first["melds"].clear()  # a caller editing its message does not edit the cache
    again = advice.arrangement("gin", view)
    assert again == gin.arrange(view["hand"]).to_json()
    assert again is not None and again["melds"]


def test_the_layout_memory_is_bounded() -> None:
    advice.arrangement("gin", {"hand": ["AS", "KC", "QD"]})
    info = gin_state._remembered_layout.cache_info()
    assert info.maxsize == gin_state.LAYOUTS_KEPT
    assert info.currsize <= gin_state.LAYOUTS_KEPT


def test_every_game_lays_out_a_seat_s_hand_from_its_view_alone() -> None:
    assert all(kit.part_state.game == name for name, kit in KITS.items())
    view = {"hand": ["AH", "2H", "3H", "9C", "9D", "9H", "KS", "QS", "4D"], "indicator": "7C"}
    assert advice.arrangement("indian", view) == indian.arrange(view["hand"], "7C").to_json()
    assert advice.arrangement("indian", {"hand": None, "indicator": "7C"}) is None


def test_no_layout_for_spectators() -> None:
    assert advice.arrangement("gin", {"hand": None}) is None
    assert advice.arrangement("rummikub", {"rack": None}) is None


def test_a_rummikub_rack_is_laid_out_into_the_sets_it_holds_and_the_rest() -> None:
    """The solver's best play onto an empty table is the rack's own best arrangement."""
    rack = ["R10", "R11", "R12", "B3", "K3", "O3", "B9", "*"]
    layout = advice.arrangement("rummikub", {"rack": rack})
    assert layout is not None
    assert sorted(map(sorted, layout["sets"])) == sorted(
        map(sorted, rummikub.best_play([], rack) or [])
    )
    assert sorted([*(t for s in layout["sets"] for t in s), *layout["rest"]]) == sorted(rack)
    assert all(rummikub.is_valid_set(group) for group in layout["sets"])
    assert advice.arrangement("rummikub", {"rack": ["R1", "B5"]}) == {
        "sets": [],
        "rest": ["R1", "B5"],
    }


def test_legal_actions_carry_the_engine_s_facts_in_protocol_form() -> None:
    state = deal(GIN_READY, JUNK, "7C", dealer=1)
    state.apply(Draw("discard"))
    view = state.view(0)
    legal = state.legal_actions()
    described = advice.describe_legal(state, view, legal)
    assert [d["action"] for d in described] == [a.to_json() for a in legal]
    for entry, fact in zip(described, state.describe(view, legal), strict=True):
        assert entry == LegalAction.model_validate(fact).model_dump()
    knock = {"action": Knock("KD").to_json(), "gin": True, "deadwood": 0}
    assert {**dict.fromkeys(LegalAction.model_fields), **knock} in described


@pytest.mark.parametrize(
    ("game", "options"),
    [("gin", {}), ("indian", {"players": 3, "format": "points"}), ("rummikub", {"players": 2})],
)
def test_a_hint_is_the_medium_bot_s_move_and_the_solver_s_layout(
    game: str, options: dict[str, object]
) -> None:
    state = new_match(game, seed=9, **options)
    for _ in range(12):
        if state.is_over:
            break
        seat = state.current_player
        view, legal = state.view(seat), state.legal_actions()
        given = advice.hint(game, view, legal)
        bot = make_bot(game, "medium", seed=view["turn"])
        assert isinstance(bot, Adviser)
        assert given == {
            "arrangement": advice.arrangement(game, view),
            "suggestion": bot.act(view, legal).to_json(),
            "reason": bot.decide(view, legal).reason,
        }
        assert advice.hint(game, view, legal) == given  # the same question, the same hint
        state.apply(legal[0])
    spectator = state.view(None)
    assert advice.hint(game, spectator, [])["suggestion"] is None
    assert advice.hint(game, spectator, [])["reason"] is None


def test_a_rummikub_hint_places_as_many_tiles_as_the_solver_s_best_play() -> None:
    state = new_match("rummikub", seed=2, players=2)
    checked = 0
    while not state.is_over and checked < 6:
        seat = state.current_player
        view, legal = state.view(seat), state.legal_actions()
        suggestion = advice.hint("rummikub", view, legal)["suggestion"]
        plays = [a for a in legal if isinstance(a, Play)]
        if plays:
            best = max(sum(map(len, p.table)) for p in plays)
            assert suggestion["type"] == "play"
            assert sum(map(len, suggestion["table"])) == best
            checked += 1
        else:
            assert suggestion["type"] in ("draw", "pass")
        state.apply(next((a for a in plays), legal[0]))
    assert checked


def test_an_indian_declaration_is_sent_with_its_melds_and_penalty() -> None:
    """IND-9: the protocol carries what the engine says a declaration would be."""
    state = indian_deal(READY, LOOSE, stock="4H")
    state.apply(Draw("stock"))
    view = state.view(0)
    described = advice.describe_legal(state, view, state.legal_actions())
    declare = next(d for d in described if d["action"]["type"] == "declare")
    assert declare["valid"] is True and declare["penalty"] == 0
    assert [m["kind"] for m in declare["melds"]] == ["pure", "impure", "set", "set"]
    assert declare["gin"] is None and declare["deadwood"] is None


def gin_reason(state: GinState) -> tuple[Any, Any]:
    """The suggested move and its reason at a Gin position (seat 0 to play)."""
    given = advice.hint("gin", state.view(0), state.legal_actions())
    return given["suggestion"], given["reason"]


def test_a_gin_upcard_that_completes_a_set_is_taken_and_the_hint_says_so() -> None:
    state = deal("5S 5D AS 3S 7S 9S JC KC QS 2C", JUNK, "5C")
    suggestion, reason = gin_reason(state)
    assert suggestion == Draw("discard").to_json()
    assert reason == {
        "kind": "take_meld",
        "card": "5C",
        "meld": ["5S", "5D", "5C"],
        "before": 62,
        "after": 42,
        "knock": False,
    }


def test_a_gin_hint_names_the_gin_it_leads_to_and_the_card_to_throw() -> None:
    state = deal(GIN_READY, JUNK, "7C")
    suggestion, reason = gin_reason(state)
    assert reason["kind"] == "take_meld" and reason["meld"] == ["5C", "6C", "7C"]
    assert (reason["before"], reason["after"], reason["knock"]) == (21, 0, True)
    state.apply(Draw("discard"))
    suggestion, reason = gin_reason(state)
    assert suggestion == Knock("KD").to_json()
    assert reason == {"kind": "gin", "card": "KD", "deadwood": 0, "limit": 10}


def test_a_gin_upcard_that_does_not_help_is_left_with_the_deadwood_it_would_leave() -> None:
    suggestion, reason = gin_reason(deal(GIN_READY, JUNK, "QC"))
    assert suggestion == {"type": "pass"}
    assert reason == {"kind": "leave", "card": "QC", "before": 21, "after": 21}


def test_a_gin_upcard_left_though_it_lowers_the_deadwood_says_why() -> None:
    """A♣ joins no meld and 53 deadwood allows no knock: the medium bot leaves it, and
    the reason says it would lower the deadwood but not enough (not "joins no meld,
    62 now, 53 with it" and then "Pass", which reads as a contradiction)."""
    suggestion, reason = gin_reason(deal("5S 5D AS 3S 7S 9S JC KC QS 2C", JUNK, "AC"))
    assert suggestion == {"type": "pass"}
    assert reason == {"kind": "leave_short", "card": "AC", "before": 62, "after": 53, "limit": 10}


def test_gin_leave_reasons_agree_with_the_totals_they_give() -> None:
    """Over many hands played by the hints: a card left says "would not lower" only when
    it would not, "only from … to …" only when it would, and a left card is never
    taken."""
    said = Counter()
    for seed in range(12):
        state = GinState(seed=seed)
        while not state.is_over and state.turn < 60:
            seat = state.current_player
            given = advice.hint("gin", state.view(seat), state.legal_actions())
            reason, suggestion = given["reason"], given["suggestion"]
            said[reason["kind"]] += 1
            if reason["kind"] == "leave":
                assert reason["after"] >= reason["before"], reason
            elif reason["kind"] == "leave_short":
                assert reason["limit"] < reason["after"] < reason["before"], reason
            if reason["kind"] in ("leave", "leave_short"):
                assert suggestion in ({"type": "pass"}, {"type": "draw", "source": "stock"})
            state.apply(action_from_json(suggestion))
    assert said["leave"] and said["leave_short"], said


def test_indian_hints_say_why_they_take_throw_declare_and_drop() -> None:
    state = indian_deal(LOOSE, READY)
    given = advice.hint("indian", state.view(0), state.legal_actions())
    assert given["suggestion"] == Draw("discard").to_json()
    assert given["reason"] == {"kind": "take", "card": "QH", "throw": "2S"}
    state = indian_deal(READY, LOOSE)
    given = advice.hint("indian", state.view(0), state.legal_actions())
    assert given["reason"] == {"kind": "stock", "card": "QH"}
    state.apply(Draw("stock"))
    given = advice.hint("indian", state.view(0), state.legal_actions())
    assert given["reason"] == {"kind": "declare", "card": given["suggestion"]["discard"]}
    hopeless = "2S 6S TS 3H 8H QH 4D 9D KD 5C JC AC 2S"
    state = indian_deal(hopeless, LOOSE.replace("2S", "3S"))
    given = advice.hint("indian", state.view(0), state.legal_actions())
    assert given["suggestion"] == {"type": "drop"}
    assert given["reason"] == {"kind": "drop", "penalty": 20}


def test_a_rummikub_hint_lists_the_tiles_it_lays_and_their_points() -> None:
    state = new_match("rummikub", seed=2, players=2)
    every = {"meld", "play", "draw", "no_meld"}
    seen: set[str] = set()
    while not state.is_over and seen != every:
        seat = state.current_player
        view, legal = state.view(seat), state.legal_actions()
        given = advice.hint("rummikub", view, legal)
        reason = given["reason"]
        seen.add(reason["kind"])
        if reason["kind"] in ("meld", "play"):
            table = given["suggestion"]["table"]
            laid = Counter(t for tiles in table for t in tiles)
            laid.subtract(Counter(t for tiles in view["table"] for t in tiles))
            assert reason["tiles"] == sorted(laid.elements())
            assert reason["points"] >= (30 if reason["kind"] == "meld" else 1)
        else:
            assert given["suggestion"]["type"] == "draw"
            assert reason["kind"] == ("draw" if view["melded"][seat] else "no_meld")
        state.apply(next(a for a in legal if a.to_json() == given["suggestion"]))
    assert seen == every
