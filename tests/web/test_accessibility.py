"""Playing by keyboard and by ear: cards and tiles are buttons named in words ("three of
spades", "red 6", "joker", in Chinese too), a card chosen by keyboard keeps the focus,
the opponents' moves and the turn are read out in a live region, and Rummikub's draft
takes Ctrl+Z / Ctrl+Y."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.web.play import after, quick_play, wait_ready

MATCH_SEED = 4
"""Gin: seat 0 is offered the first upcard. Rummikub: seat 0 starts with R6-*-R8-R9 and
O7-O8-O9 (as in test_rummikub.py)."""


def test_gin_cards_are_named_in_words_keep_focus_and_moves_are_read_out(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page()
    state = quick_play(page, "gin")["state"]
    hand = page.locator(".hand")
    expect(hand.get_by_role("button", name="king of spades", exact=True)).to_have_count(1)
    expect(hand.get_by_role("button", name="two of diamonds", exact=True)).to_have_count(1)
    card = page.locator(".hand .card[data-key='2D#0']")
    card.focus()
    page.keyboard.press("Enter")
    expect(card).to_have_attribute("aria-pressed", "true")
    expect(card).to_be_focused()
    page.keyboard.press("Space")
    expect(card).to_have_attribute("aria-pressed", "false")
    expect(card).to_be_focused()
    actions = [entry["action"] for entry in state["legal"]]
    page.click("[data-action=pass]" if {"type": "pass"} in actions else "#stock")
    after(page, state["turn"])
    state = wait_ready(page)["state"]
    announcer = page.locator("#announcer")
    expect(announcer).to_have_attribute("aria-live", "polite")
    expect(announcer).to_contain_text("Your turn")
    moves = [m for m in state["view"]["moves"] if m["seat"] == 1]
    assert moves, "the computer moved"
    assert re.search(r"Computer · Medium (passed|drew|took|discarded)", announcer.inner_text())
    page.click("[data-lang=zh]")
    expect(hand.get_by_role("button", name="方块2", exact=True)).to_have_count(1)
    shot(page, "zh")


def discard_named(page: Page) -> None:
    """Play a discard through the page and check the computer's is read out in words."""
    state = wait_ready(page)["state"]
    card = state["view"]["hand"][0]
    page.click(f".hand .card[data-card='{card}']")
    page.click("[data-action=discard]")
    after(page, state["turn"])
    wait_ready(page)
    expect(page.locator("#announcer")).to_contain_text(
        re.compile(r"Computer · Medium discarded (\w+) of (spades|hearts|diamonds|clubs)")
    )


def test_gin_a_discard_of_the_computer_is_read_out_with_its_card_in_words(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page()
    quick_play(page, "gin")
    for _ in range(3):
        state = wait_ready(page)["state"]
        actions = [entry["action"] for entry in state["legal"]]
        if any(a["type"] == "discard" for a in actions):
            break
        page.click("[data-action=pass]" if {"type": "pass"} in actions else "#stock")
        after(page, state["turn"])
    discard_named(page)
    shot(page, "read-out")


def test_rummikub_tiles_in_words_keyboard_selection_and_undo_redo_keys(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page()
    quick_play(page, "rummikub")
    rack = page.locator("#rack")
    expect(rack.get_by_role("button", name="red 6", exact=True)).to_have_count(1)
    expect(rack.get_by_role("button", name="joker", exact=True)).to_have_count(1)
    for name in ("orange 7", "orange 8", "orange 9"):
        tile = rack.get_by_role("button", name=name, exact=True).first
        tile.focus()
        page.keyboard.press("Enter")
        expect(tile).to_have_attribute("aria-pressed", "true")
        expect(tile).to_be_focused()
    page.locator("#new-set").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".set.valid")).to_have_count(1)
    table = page.locator("#rkb-table")
    expect(table.get_by_role("button", name="orange 8", exact=True)).to_have_count(1)
    page.keyboard.press("Control+z")
    expect(page.locator(".set.valid")).to_have_count(0)
    expect(table.get_by_role("button", name="orange 8", exact=True)).to_have_count(0)
    page.keyboard.press("Control+y")
    expect(page.locator(".set.valid")).to_have_count(1)
    shot(page, "redone")
    page.click("[data-lang=zh]")
    expect(table.get_by_role("button", name="橙色8", exact=True)).to_have_count(1)
    expect(rack.get_by_role("button", name="鬼牌", exact=True)).to_have_count(1)
    shot(page, "zh")
