"""A Rummikub initial meld drafted in the browser (RKB-4): tiles moved from the rack to
new sets, an incomplete set outlined with its reason, the 30-point counter, undo, redo,
and one submitted `play`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from rummyhall.games import rummikub
from tests.web.conftest import PHONE
from tests.web.play import after, quick_play, wait_ready

MATCH_SEED = 4
"""Seat 0 starts this deal and can open with R6-*-R8-R9 and O7-O8-O9."""


def place(page: Page, tiles: list[str]) -> None:
    for tile in tiles:
        page.click(f"#rack .tile[data-tile='{tile}']:not(.selected)")
    page.click("#new-set")


def test_rummikub_initial_meld_undo_redo_submit(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page()
    current = quick_play(page, "rummikub")
    state = current["state"]
    meld = rummikub.best_initial_meld(state["view"]["rack"])
    assert meld, "the seeded rack has an initial meld"
    submit = page.locator("[data-action=submit]")
    place(page, meld[0][:2])  # two tiles are no set yet
    expect(page.locator(".set.invalid .set-reason")).to_contain_text("3 tiles or more")
    expect(submit).to_be_disabled()
    shot(page, "invalid-set")
    page.click("[data-action=undo]")
    for tiles in meld:
        place(page, tiles)
    expect(page.locator("#meld-counter")).to_have_class("meld-counter ok")
    counted = page.locator("#meld-counter").inner_text()
    assert int(counted.split(":")[1].split("/")[0]) >= 30, counted
    expect(page.locator(".set.valid")).to_have_count(len(meld))
    expect(submit).to_be_enabled()
    shot(page, "meld-drafted")
    for _ in meld:
        page.click("[data-action=undo]")
    expect(page.locator(".set.valid")).to_have_count(0)
    expect(page.locator("#meld-counter")).to_have_text("Initial meld: 0 / 30")
    expect(submit).to_be_disabled()
    shot(page, "undone")
    for _ in meld:
        page.click("[data-action=redo]")
    expect(page.locator(".set.valid")).to_have_count(len(meld))
    page.set_viewport_size(PHONE)
    shot(page, "redone-phone")
    page.set_viewport_size({"width": 1280, "height": 860})
    submit.click()
    after(page, state["turn"])
    current = wait_ready(page)
    assert current["state"]["view"]["melded"][0]
    placed = sum(map(len, meld))
    assert len(current["state"]["view"]["rack"]) == len(state["view"]["rack"]) - placed
    expect(page.locator(".opponent .badge.melded, .my-head .badge.melded").first).to_be_visible()
    shot(page, "submitted")


def test_a_table_tile_dragged_to_the_rack_is_refused_with_the_rule(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    """RKB-5: no table tile returns to a rack; the page says so instead of doing
    nothing."""
    page = new_page()
    current = quick_play(page, "rummikub")
    state = current["state"]
    for tiles in rummikub.best_initial_meld(state["view"]["rack"]):
        place(page, tiles)
    page.click("[data-action=submit]")
    after(page, state["turn"])
    current = wait_ready(page)  # the bot has moved: the meld is now the table's
    rack = len(current["state"]["view"]["rack"])
    page.drag_and_drop("#rkb-table .set .tile >> nth=0", "#rack")
    expect(page.locator(".toast.error")).to_contain_text("RKB-5")
    expect(page.locator("#rack > .tile")).to_have_count(rack)
    expect(page.locator("[data-action=undo]")).to_be_disabled()  # nothing happened to undo
    shot(page, "table-tile-refused")
