"""What the server adds to a state: the seat's layout, remembered per hand."""

from __future__ import annotations

from rummyhall.games import gin
from rummyhall.server import advice


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
    info = advice._gin_layout.cache_info()
    assert info.maxsize == advice.GIN_LAYOUTS_KEPT
    assert info.currsize <= advice.GIN_LAYOUTS_KEPT


def test_no_layout_for_spectators_or_rummikub() -> None:
    assert advice.arrangement("gin", {"hand": None}) is None
    assert advice.arrangement("rummikub", {"rack": ["R1"]}) is None
