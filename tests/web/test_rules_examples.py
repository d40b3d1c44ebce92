"""The rules pages draw the seed pages' examples as cards and tiles, each read out in
words: the Indian pure sequence with the cut joker in its own place, K-A-2 refused, a
Rummikub joker in a run, in English and Chinese."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect


def test_rules_examples_are_drawn_cards_and_tiles(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page()
    page.goto("/?rules=indian")
    rules = page.locator("#rules")
    pure = "five of hearts, six of hearts, seven of hearts, eight of hearts"
    expect(rules.get_by_role("img", name=pure, exact=True)).to_be_visible()
    refused = rules.get_by_role(
        "img", name="king of diamonds, ace of diamonds, two of diamonds (refused)"
    )
    expect(refused).to_be_visible()
    expect(refused.locator(".example-mark")).to_have_text("✗")
    expect(rules.locator(".example .wild-mark")).not_to_have_count(0)  # the 7s are starred
    expect(rules.locator("code", has_text="cards")).to_have_count(0)  # none left as text
    rules.get_by_role("img", name=pure, exact=True).scroll_into_view_if_needed()
    shot(page, "indian-en")
    page.click("[data-lang=zh]")
    expect(rules.get_by_role("img", name="红桃5, 红桃6, 红桃7, 红桃8", exact=True)).to_be_visible()
    expect(rules.get_by_role("img", name="方块K, 方块A, 方块2 (不合规则)")).to_be_visible()
    shot(page, "indian-zh")
    page.click("[data-lang=en]")
    page.goto("/?rules=rummikub")
    expect(rules.get_by_role("img", name="blue 9, joker, blue 11", exact=True)).to_be_visible()
    expect(rules.get_by_role("img", name="red 12, red 13, red 1 (refused)")).to_be_visible()
    shot(page, "rummikub-en")
    page.goto("/?rules=gin")
    expect(
        rules.get_by_role("img", name="queen of spades, king of spades, ace of spades (refused)")
    ).to_be_visible()
    shot(page, "gin-en")
