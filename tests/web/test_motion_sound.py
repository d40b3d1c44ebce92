"""Cards move in briefly (a drawn card rises into the hand, a discard lands on the pile),
not at all under ``prefers-reduced-motion``; sounds made in the page (Web Audio) are off
until turned on, and the choice is remembered."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.web.play import after, legal, quick_play, wait_ready

MATCH_SEED = 4
"""Gin: the computer is offered the first upcard, then seat 0."""

COUNT_TONES = """
window.rummyhallTones = 0;
const Original = window.OscillatorNode;
window.OscillatorNode = class extends Original {
  constructor(...args) { super(...args); window.rummyhallTones += 1; }
};
"""


def draw_from_stock(page: Page) -> dict[str, object]:
    """Pass the first upcard if offered, then draw from the stock: the state to discard."""
    for _ in range(3):
        state = wait_ready(page)["state"]
        actions = legal(state)
        if any(a["type"] == "discard" for a in actions):
            return state
        page.click("[data-action=pass]" if {"type": "pass"} in actions else "#stock")
        after(page, state["turn"])
    raise AssertionError("no discard turn")


def discard_first(page: Page, state: dict[str, object]) -> None:
    card = state["view"]["hand"][0]  # type: ignore[index]
    page.click(f".hand .card[data-card='{card}']")
    page.click("[data-action=discard]")
    after(page, state["turn"])  # type: ignore[arg-type]


def test_cards_move_in_and_sounds_are_off_until_turned_on(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page()
    page.add_init_script(COUNT_TONES)
    quick_play(page, "gin")
    sound = page.get_by_role("switch", name="Sound")
    expect(sound).to_have_attribute("aria-checked", "false")
    expect(sound).to_have_text("Sound")  # the setting's name; the switch shows its state
    state = draw_from_stock(page)
    drawn = page.locator(".hand .card.fresh.arrive")
    expect(drawn).to_have_count(1)
    expect(drawn).to_have_css("animation-name", "arrive-up")
    assert page.evaluate("window.rummyhallTones") == 0  # off by default
    shot(page, "drawn")
    discard_first(page, state)
    top = page.locator("#discard .pile-cards > .card:last-child")
    expect(top).to_have_class(re.compile(r"\barrive\b"))
    expect(top).to_have_css("animation-name", "arrive")
    sound.click()
    expect(sound).to_have_attribute("aria-checked", "true")
    moved = re.compile(r"matrix\(1, 0, 0, 1, [1-9]")  # the knob slides right
    expect(sound.locator(".switch-knob")).to_have_css("transform", moved)
    tones = page.evaluate("window.rummyhallTones")
    assert tones >= 1
    state = draw_from_stock(page)
    assert page.evaluate("window.rummyhallTones") > tones  # the draws and the turn sound
    page.reload()
    expect(page.locator("#sound")).to_have_attribute("aria-checked", "true")
    shot(page, "sound-on")


def test_no_movement_when_the_system_asks_for_reduced_motion(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page()
    page.emulate_media(reduced_motion="reduce")
    quick_play(page, "gin")
    state = draw_from_stock(page)
    drawn = page.locator(".hand .card.fresh.arrive")
    expect(drawn).to_have_count(1)
    expect(drawn).to_have_css("animation-name", "none")
    discard_first(page, state)
    top = page.locator("#discard .pile-cards > .card:last-child")
    expect(top).to_have_css("animation-name", "none")
    shot(page, "reduced")
