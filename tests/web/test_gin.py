"""A complete Gin hand against the bot, clicked in the browser: the upcard taken and its
blocked discard (GIN-4), stock draws and discards, a knock or gin when the hand allows
it, a dropped connection with its banner and resync, and the explained result."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from rummyhall.games import gin
from tests.web.conftest import PHONE, screenshot_dir
from tests.web.play import after, legal, quick_play, save_latency, select_card, wait_ready
from tests.web.policy import without

MATCH_SEED = 10
"""With this deal, playing as below (``policy.gin_choice``), seat 0 may knock before the
medium bot does: ``policy.first_knocking_seed(range(9, 60))``."""


def test_gin_hand_against_bot(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path], request
) -> None:
    page = new_page()
    current = quick_play(page, "gin")
    shot(page, "start")
    checked_block = reconnected = hinted = knocked = False
    while not current["result"]:
        state = current["state"]
        view, actions, turn = state["view"], legal(state), state["turn"]
        knocks = [a for a in actions if a["type"] == "knock"]
        if view["phase"] == "offer" and not checked_block:
            page.click("[data-action=draw-discard]")
            after(page, turn)
            upcard = view["discard_pile"][-1]
            select_card(page, upcard)  # GIN-4: the upcard may not go straight back
            expect(page.locator("[data-action=discard]")).to_be_disabled()
            expect(page.locator(".blocked-reason")).to_contain_text("GIN-4")
            shot(page, "gin4-blocked")
            page.click(f".hand .card[data-card='{upcard}'].selected")
            checked_block = True
        elif knocks:
            best = min(knocks, key=lambda a: gin.deadwood(without(view["hand"], a["discard"])))
            select_card(page, best["discard"])
            shot(page, "knock-offered")
            expect(page.locator("[data-action=discard]")).to_be_visible()
            page.click("[data-action=gin], [data-action=knock]")
            knocked = True
        elif {"type": "draw", "source": "stock"} in actions:
            page.click("#stock")
        elif {"type": "pass"} in actions:
            page.click("[data-action=pass]")
        else:
            discards = [a["card"] for a in actions if a["type"] == "discard"]
            card = min(discards, key=lambda c: gin.deadwood(without(view["hand"], c)))
            if not hinted:
                page.click("[data-action=hint]")
                expect(page.locator("#hint")).to_contain_text("Suggested")
                shot(page, "hint")
                hinted = True
            select_card(page, card)
            page.click("[data-action=discard]")
        if not reconnected and turn > 6:
            page.evaluate("window.rummyhall.drop()")
            expect(page.locator("#banner")).to_be_visible()
            shot(page, "reconnecting")
            expect(page.locator("#banner")).to_be_hidden()
            reconnected = True
        after(page, turn)
        current = wait_ready(page)
    assert knocked, "the seeded hand lets seat 0 knock"
    result = page.locator("#result")
    expect(result).to_be_visible()
    expect(result).to_contain_text("Score sheet")
    # The seeded hand ends with a lay-off (GIN-13): it sits on the line of the meld it
    # extends, and the caption names that meld.
    expect(result.locator(".layoffs")).to_contain_text(" on ")
    assert result.locator(".meld.laid-on").count() == result.locator(".layoff").count() > 0
    for meld in result.locator(".meld.laid-on").all():
        own, added = (
            meld.locator(".card").first.bounding_box(),
            meld.locator(".layoff .card").first.bounding_box(),
        )
        assert own and added and abs(own["y"] - added["y"]) < 1 and added["x"] > own["x"]
    shot(page, "result")
    page.set_viewport_size(PHONE)
    scrolling = """(node) => [node, ...node.querySelectorAll("*")].filter((e) =>
      e.scrollWidth > e.clientWidth + 1
      && ["auto", "scroll"].includes(getComputedStyle(e).overflowX))
      .map((e) => `${e.className} ${e.scrollWidth}/${e.clientWidth}`)"""
    assert result.evaluate(scrolling) == [], "the result scrolls sideways on a phone"
    shot(page, "result-phone")
    page.click("#result-close")
    shot(page, "next-hand-phone")
    durations = save_latency(page, screenshot_dir(request.config), request.node.name)
    assert durations, "no action was measured"
