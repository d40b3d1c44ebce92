"""What the server adds to a state: the seat's layout (remembered per hand), the legal
actions' facts, and hints."""

from __future__ import annotations

import pytest

from rummyhall import Draw, Knock, Play, new_match
from rummyhall.bots.registry import make_bot
from rummyhall.games import gin, indian
from rummyhall.games.gin import state as gin_state
from rummyhall.registry import KITS
from rummyhall.server import advice
from rummyhall.server.protocol import LegalAction
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


def test_no_layout_for_spectators_or_rummikub() -> None:
    assert advice.arrangement("gin", {"hand": None}) is None
    assert advice.arrangement("rummikub", {"rack": ["R1"]}) is None


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
        assert given == {
            "arrangement": advice.arrangement(game, view),
            "suggestion": bot.act(view, legal).to_json(),
        }
        assert advice.hint(game, view, legal) == given  # the same question, the same hint
        state.apply(legal[0])
    spectator = state.view(None)
    assert advice.hint(game, spectator, [])["suggestion"] is None


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
