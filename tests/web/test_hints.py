"""Hints with their reasons, as the medium bot gives them (server/rooms/advice.py ``hint``):
Gin's first upcard that completes a set and the discard after it, Indian Rummy's draw and
discard, Rummikub's "draw" until a play, then the tiles it lays, made the draft — in
English and Chinese; tiles are called tiles."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.web.play import after, ask_hint, legal, quick_play, wait_ready

MATCH_SEED = 1
"""Gin: the first upcard, 3♠, completes 3♠ 3♥ 3♦ (deadwood 41 → 32). Indian: seat 0
starts and the medium bot takes 4♠. Rummikub: seat 0 draws a few times, then can open."""


def test_gin_hints_explain_the_upcard_and_the_discard(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page()
    state = quick_play(page, "gin")["state"]
    assert state["view"]["phase"] == "offer"
    text = ask_hint(page)
    assert text == "3♠ completes 3♠ 3♥ 3♦: deadwood 41 → 32.", text
    expect(page.locator("#hint")).to_contain_text("Suggested: Take 3♠")
    expect(page.locator("#hint")).not_to_contain_text("No suggestion")
    shot(page, "upcard")
    page.click("[data-action=draw-discard]")
    after(page, state["turn"])
    state = wait_ready(page)["state"]
    text = ask_hint(page)
    assert "is your highest unmatched card: 32 deadwood left" in text, text
    shot(page, "discard")
    page.click("[data-lang=zh]")
    expect(page.locator("[data-action=hint]")).to_have_text("提示")
    assert "是你最大的散牌：弃后散牌 32 点" in ask_hint(page)
    shot(page, "discard-zh")


def test_indian_hints_explain_the_draw_and_the_discard(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page()
    state = quick_play(page, "indian")["state"]
    text = ask_hint(page)
    assert text == "4♠ brings your hand closer to melds (you could then throw 7♣).", text
    shot(page, "draw")
    page.click("[data-action=draw-discard]")
    after(page, state["turn"])
    wait_ready(page)
    text = ask_hint(page)
    assert "is the card your hand misses least" in text, text
    shot(page, "discard")


def test_rummikub_hints_say_tiles_and_what_a_play_lays(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page()
    state = quick_play(page, "rummikub")["state"]
    drew = False
    no_meld = "Your tiles make no initial meld of 30 points yet."
    for _ in range(30):
        text = ask_hint(page)
        hint = page.locator("#hint")
        expect(hint).not_to_contain_text("card")
        if page.locator("[data-action=show-hint]").count():
            break
        assert text in ("None of your tiles can be laid.", no_meld), text
        if not drew:
            shot(page, "draw")
            drew = True
        draw = next(a for a in legal(state) if a["type"] in ("draw", "pass"))
        assert draw["type"] == "draw"
        page.click("[data-action=draw]")
        after(page, state["turn"])
        state = wait_ready(page)["state"]
    else:
        raise AssertionError("no play hinted in 30 turns")
    assert text.startswith("Your initial meld: ") and "(30 needed)" in text, text
    expect(page.locator("#hint")).to_contain_text("Suggested: lay")
    shot(page, "meld")
    page.click("[data-action=show-hint]")
    expect(page.locator("[data-action=submit]")).to_be_enabled()
    shot(page, "meld-drafted")
