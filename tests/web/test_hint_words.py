"""A hint's words agree with the move it suggests (issue 40, item 20): a Gin upcard the
medium bot leaves although it would lower the deadwood is not said as "would join no
meld (77 deadwood now, 73 with it)" beside "Pass", which reads as a contradiction."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.web.play import ask_hint, quick_play

MATCH_SEED = 7
"""Gin: seat 0 is offered 6♣, which joins no meld and would take the deadwood from 77
to 73 only: the medium bot passes."""


def test_a_gin_pass_is_explained_as_a_pass(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page()
    state = quick_play(page, "gin")["state"]
    assert state["view"]["phase"] == "offer"
    text = ask_hint(page)
    assert text == (
        "6♣ would only take your deadwood from 77 to 73: it joins no meld and you still "
        "could not knock (at 10 or less), so the stock is the better draw."
    ), text
    expect(page.locator("#hint")).to_contain_text("Suggested: Pass")
    shot(page, "pass")
    page.click("[data-lang=zh]")
    assert ask_hint(page).startswith("6♣ 只能把散牌从 77 点降到 73 点"), ask_hint(page)
    shot(page, "pass-zh")
