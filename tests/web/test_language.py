"""The language switch: English / 简体中文 everywhere, kept across reloads, with the
rules pages in both languages (the seed pages' terms: 纯顺, 百搭, 首开 …)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

import rummyhall
from tests.web.conftest import PHONE, hold_answers
from tests.web.play import quick_play

WEB = Path(rummyhall.__file__).parent / "web"


def test_switch_language_everywhere(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page()
    page.goto("/")
    expect(page.locator("[data-play=gin]").first).to_have_text("Play vs computer")
    page.click("[data-lang=zh]")
    expect(page.locator("[data-play=gin]").first).to_have_text("与电脑对战")
    expect(page.locator(".topnav a").first).to_have_text("大厅")
    shot(page, "lobby-zh")
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "zh-CN")
    expect(page.locator("[data-play=indian]")).to_have_text("与电脑对战")
    page.goto("/?rules=indian")
    expect(page.locator("#rules h1").first).to_have_text("印度拉米（13 张）")
    expect(page.locator("#rules")).to_contain_text("纯顺")
    expect(page.locator("#rules")).to_contain_text("百搭")
    shot(page, "rules-indian-zh")
    page.click("[data-lang=en]")
    expect(page.locator("#rules")).to_contain_text("IND-5")
    expect(page.locator("#rules")).to_contain_text("Pure sequence")
    shot(page, "rules-indian-en")
    page.click("[data-lang=zh]")
    page.goto("/?rules=rummikub")
    expect(page.locator("#rules")).to_contain_text("首开")
    page.set_viewport_size(PHONE)
    shot(page, "rules-rummikub-zh-phone")
    quick_play(page, "gin")
    expect(page.locator("#turn-line")).to_contain_text("轮到")
    expect(page.locator("#live-score")).to_contain_text("散牌")
    shot(page, "gin-table-zh-phone")


def test_the_lobby_switched_while_it_loads_draws_its_form(
    new_page: Callable[..., Page],
) -> None:
    """The language is switched while the lobby still waits for the player's seated
    rooms: it draws again, the form for friends in Chinese, with no script error (it
    read the variants of no game before, on a loaded machine)."""
    page = new_page()
    seated = hold_answers(page, r"/api/me/rooms")
    page.goto("/")
    answer = seated()  # asked once the games and the player are known
    page.click("[data-lang=zh]")
    expect(page.locator("form.friends select[name=variant]")).to_be_visible()
    expect(page.locator("[data-play=gin]").first).to_have_text("与电脑对战")
    answer.continue_()
    expect(page.locator("form.friends h2")).to_have_text("与好友开房")


def test_a_chinese_browser_gets_chinese_first_and_the_switch_is_remembered(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    """The first visit follows the browser's languages (``navigator.languages``); the
    switch wins over them from then on, across reloads."""
    page = new_page(locale="zh-CN")
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "zh-CN")
    expect(page.locator("[data-play=gin]").first).to_have_text("与电脑对战")
    shot(page, "first-visit-zh")
    page.click("[data-lang=en]")
    page.reload()
    expect(page.locator("[data-play=gin]").first).to_have_text("Play vs computer")
    english = new_page(locale="en-GB")
    english.goto("/")
    expect(english.locator("[data-play=gin]").first).to_have_text("Play vs computer")


def test_english_kept_by_earlier_pages_yields_to_a_chinese_browser(
    new_page: Callable[..., Page],
) -> None:
    """Pages before this one wrote "en" at every visit, chosen or not: a Chinese browser
    that visited then is no longer held to English (a Chinese chosen then is kept)."""
    page = new_page(locale="zh-CN")
    page.add_init_script("localStorage.setItem('rummyhall.locale', 'en');")
    page.goto("/")
    expect(page.locator("[data-play=gin]").first).to_have_text("与电脑对战")
    chose = new_page(locale="en-US")
    chose.add_init_script("localStorage.setItem('rummyhall.locale', 'zh');")
    chose.goto("/")
    expect(chose.locator("[data-play=gin]").first).to_have_text("与电脑对战")


def test_every_counted_noun_has_its_singular() -> None:
    """A count before a plural noun ("{n} tiles") is the count ``n`` with a ``.one``
    string ("{n} tile"): ``t`` takes it at 1, so no page says "1 tiles". Other counts
    are not written before a noun ("worth {points}"), except the site's fixed limits
    (``least``, ``most``: 3–20 characters, 8 at least)."""
    catalogue = (WEB / "js" / "i18n.js").read_text(encoding="utf-8")
    english = dict(re.findall(r'^\s*"([\w. ]+)": \["((?:[^"\\]|\\.)*)"', catalogue, re.M))
    assert len(english) > 300, "the catalogue was not read"
    words = {"name", "names", "card", "game", "meld", "tiles", "throw", "rule", "level"}
    counted = []
    for key, text in english.items():
        for count in re.finditer(r"\{(\w+)\} [a-z]{2,}s\b", text):
            if count.group(1) not in words | {"least", "most"} and not key.endswith(".one"):
                counted.append(key)
                assert count.group(1) == "n", f"{key}: {text!r} counts {count.group(1)}"
                assert f"{key}.one" in english, f"{key} ({text!r}) has no .one string"
    assert {"log.play", "hint.lay", "seat.tiles", "result.rack_points"} <= set(counted)
