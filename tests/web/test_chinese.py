"""Chinese throughout (issue 18, item 11): lobby dates written as the reader writes
them (``Intl.DateTimeFormat``), "合计" on one line, no stray spaces in "(100分)", and
the engine's rule messages said in Chinese through the server's catalogue."""

from __future__ import annotations

import ast
import string
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

import rummyhall
from rummyhall.server.wire.i18n import RULE_MESSAGES
from tests.server.harness import Server
from tests.web.conftest import PHONE
from tests.web.play import quick_play

SOURCE = Path(rummyhall.__file__).parent
AT = 1_767_225_600_000
"""2026-01-01 00:00 UTC, a finished game's time in the lobby's recent list."""


def test_the_lobby_writes_dates_as_the_reader_does(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page()
    page.add_init_script(
        "localStorage.setItem('rummyhall.recent', JSON.stringify("
        f"[{{ id: 'm1', game: 'gin', seat: 0, at: {AT} }}]));"
        "localStorage.setItem('rummyhall.locale', 'zh');"
    )
    page.goto("/")
    written = page.evaluate(
        "(at) => new Intl.DateTimeFormat('zh-CN', { dateStyle: 'medium', timeStyle: 'short' })"
        ".format(new Date(at))",
        AT,
    )
    assert "2026年1月1日" in written or "2025年12月31日" in written  # the reader's time zone
    expect(page.locator(".room-list li", has_text="金拉米").first).to_contain_text(written)
    shot(page, "lobby-recent-zh")
    page.click("[data-lang=en]")
    english = page.evaluate(
        "(at) => new Intl.DateTimeFormat(navigator.languages.find((t) => t.startsWith('en'))"
        " || 'en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at))",
        AT,
    )
    expect(page.locator(".room-list li", has_text="Gin Rummy").first).to_contain_text(english)


def test_the_chinese_table_reads_cleanly(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page(PHONE)
    page.add_init_script("localStorage.setItem('rummyhall.locale', 'zh');")
    quick_play(page, "gin")
    expect(page.locator(".table-title")).to_contain_text("标准(100分)")
    total = page.locator(".side #score-sheet .total td").first
    expect(total).to_have_text("合计")
    box = total.bounding_box()
    line = page.evaluate(
        "(cell) => parseFloat(getComputedStyle(cell).lineHeight) || 20",
        total.element_handle(),
    )
    assert box is not None and box["height"] < 2 * line + 8, f"合计 wraps: {box}"
    shot(page, "gin-table-zh")


def test_rule_messages_reach_a_chinese_reader_in_chinese(server: Server) -> None:
    """A refused Rummikub play, from a client that said hello in Chinese."""
    _, token = server.register("小明")
    room = server.create_room(token, game="rummikub", options={"players": 2}, bots=[None, "easy"])
    player = server.client(token, locale="zh")
    try:
        player.join(room["code"])
        player.send({"type": "start"})
        state = player.wait("state", lambda m: m["current_player"] == 0, timeout=20)
        tile = state["view"]["rack"][0]
        player.act(state["turn"], {"type": "play", "table": [*state["view"]["table"], [tile]]})
        refused = player.wait("error")
        name = {"*": "*"}.get(tile, tile)
        assert refused["rule"] == "RKB-2"
        assert refused["message"] == f"第 1 组（{name}）：每组至少 3 张牌", refused
    finally:
        player.close()


def _raised_keys() -> dict[str, set[str]]:
    """Every ``IllegalAction(..., key=...)`` of the engine with the names of its values."""
    keys: dict[str, set[str]] = {}
    for path in SOURCE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalAction":
                given = {k.arg: k.value for k in node.keywords}
                key = given.get("key")
                named = [key.body, key.orelse] if isinstance(key, ast.IfExp) else [key]
                values = given.get("values")
                names = {
                    k.value for k in getattr(values, "keys", []) if isinstance(k, ast.Constant)
                }
                for each in named:
                    if isinstance(each, ast.Constant):
                        keys[each.value] = names
            elif (  # a reason returned as (key, English, values), as rummikub.turn._flaw
                isinstance(node, ast.Return)
                and isinstance(node.value, ast.Tuple)
                and len(node.value.elts) == 3
                and isinstance(node.value.elts[0], ast.Constant)
                and isinstance(node.value.elts[2], ast.Dict)
            ):
                names = {k.value for k in node.value.elts[2].keys if isinstance(k, ast.Constant)}
                keys[node.value.elts[0].value] = names | {"set", "tiles"}
    return keys


def test_every_rule_message_key_has_its_chinese() -> None:
    raised = _raised_keys()
    assert raised, "no keyed rule message found"
    for key, names in raised.items():
        assert key in RULE_MESSAGES, f"{key} has no Chinese in RULE_MESSAGES"
        wanted = {field for _, field, _, _ in string.Formatter().parse(RULE_MESSAGES[key]) if field}
        assert wanted <= names, f"{key}: {wanted - names} not given"
    assert {"rkb.set.gap", "gin.offer.non_dealer"} <= set(raised), "keys the scan missed"
