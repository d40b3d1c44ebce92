"""A valid Indian Rummy declaration made in the browser (IND-9): the drop button with its
penalty (IND-11), groups sorted into the solver's melds and labelled pure / impure /
set with the live penalty, then "Declare" beside "Discard", the explained result and
the replay of the finished game."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.web.conftest import PHONE
from tests.web.play import play_to_declaration, quick_play, select_card


def test_indian_declaration(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page()
    current = quick_play(page, "indian")
    expect(page.locator("[data-action=drop]")).to_have_text("Drop (20 points)")
    expect(page.locator("#indicator")).to_be_visible()
    moved = page.locator(".hand .card").first.get_attribute("data-card")
    page.drag_and_drop(".hand .card >> nth=0", ".hand .new-group")  # a new group by drag
    expect(page.locator(".hand-group:not(.new-group)")).to_have_count(2)
    expect(page.locator(".hand-group:not(.new-group)").last.locator(".card")).to_have_count(1)
    assert page.locator(".hand .card").last.get_attribute("data-card") == moved
    shot(page, "start")
    choice, turn = play_to_declaration(page, current)
    page.click("[data-sort=melds]")
    expect(page.locator(".group-label.pure").first).to_have_text("Pure sequence")
    select_card(page, choice["discard"])
    expect(page.locator("[data-action=declare]")).to_be_visible()
    expect(page.locator("[data-action=discard]")).to_be_visible()
    shot(page, "declare-offered")
    page.set_viewport_size(PHONE)
    shot(page, "declare-offered-phone")
    page.set_viewport_size({"width": 1280, "height": 860})
    page.click("[data-action=declare]")
    result = page.locator("#result")
    expect(result).to_be_visible()
    name = page.evaluate("window.rummyhall.session.room.seats[0].player.nickname")
    expect(result.locator(".headline")).to_have_text(f"{name} wins")
    expect(result).to_contain_text("Declaration")
    shot(page, "result")
    page.click("#result-close")  # a Points game is one deal: the match is over
    page.click(".finished-bar a[href*=replay]")
    position = page.locator("#replay-position")
    expect(position).to_contain_text(f"Move {turn + 1} of {turn + 1}")
    expect(page.locator("#replay-result")).to_contain_text("Declaration")  # how it ended
    page.click("#replay-controls button:nth-child(2)")
    expect(position).to_contain_text(f"Move {turn} of {turn + 1}")
    expect(page.locator(".hand .card")).to_have_count(14)
    shot(page, "replay")
