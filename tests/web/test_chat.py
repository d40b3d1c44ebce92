"""Chat in the browser: two friends at a Gin table talk and react; markup in a message
shows as text and a link is not made clickable; muting a player hides his lines for the
reader alone; a spectator's words reach the players only where the host allowed it; in
English at 1280×800 and Chinese at 390×844."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import DESKTOP, PHONE
from tests.web.play import invite_friend


def say(page: Page, text: str) -> None:
    page.locator("#chat-input").fill(text)
    page.locator("#chat-input").press("Enter")


@pytest.mark.parametrize(("viewport", "locale"), [(DESKTOP, "en"), (PHONE, "zh")])
def test_friends_chat_react_and_mute(
    new_page: Callable[..., Page],
    shot: Callable[[Page, str], Path],
    viewport: dict[str, int],
    locale: str,
) -> None:
    host, friend, _ = invite_friend(lambda: new_page(viewport))
    if locale == "zh":
        for page in (host, friend):
            page.click("[data-lang='zh']")
    host.click("#start")
    for page in (host, friend):
        expect(page.locator(".felt")).to_be_visible()
    say(host, "<b>hi</b> see https://example.com")
    line = friend.locator("#chat-lines li").last
    expect(line.locator(".chat-text")).to_have_text("<b>hi</b> see https://example.com")
    expect(line.locator("a")).to_have_count(0)
    friend.click("[data-key='react-good_game']")
    expect(host.locator("#chat-lines .chat-reaction")).to_have_text("🤝")
    say(friend, "gl hf")
    expect(host.locator("#chat-lines li").last).to_contain_text("gl hf")
    expect(host.locator("#chat-input")).to_have_value("")
    shot(host, f"chat-{locale}")
    host.locator("#chat-lines li", has_text="gl hf").locator(".chat-mute").click()
    expect(host.locator("#chat-lines li", has_text="gl hf")).to_have_count(0)
    expect(host.locator("#chat-muted")).to_be_visible()
    expect(friend.locator("#chat-lines li", has_text="gl hf")).to_have_count(1)  # his own
    host.locator("#chat-muted button").click()
    expect(host.locator("#chat-lines li", has_text="gl hf")).to_have_count(1)
    # Typing survives the table's renders (a move redraws the page).
    host.locator("#chat-input").fill("half typed")
    expect(host.locator("#chat-input")).to_have_value("half typed")
    shot(friend, f"chat-friend-{locale}")


@pytest.mark.parametrize(
    ("viewport", "locale", "note"),
    [
        (DESKTOP, "en", "only the other spectators read what you write here"),
        (PHONE, "zh", "只有其他观战者能看到"),
    ],
)
def test_a_spectator_is_told_who_reads_his_chat(
    new_page: Callable[..., Page],
    shot: Callable[[Page, str], Path],
    viewport: dict[str, int],
    locale: str,
    note: str,
) -> None:
    host = new_page()
    host.goto("/")
    host.select_option("select[data-seat='1']", "medium")
    host.click("#create-room")  # spectators allowed, their chat kept from the players
    host.click("#start")
    expect(host.locator(".felt")).to_be_visible()
    watcher = new_page(viewport)
    watcher.goto(host.url + "&watch=1")
    if locale == "zh":
        watcher.click("[data-lang='zh']")
    expect(watcher.locator(".felt")).to_be_visible()
    expect(watcher.locator("#chat-audience")).to_contain_text(note)
    expect(watcher.locator("#chat-input")).to_have_attribute("aria-describedby", "chat-audience")
    say(watcher, "nice hand")
    expect(watcher.locator("#chat-lines li").last).to_contain_text("nice hand")
    shot(watcher, f"spectator-{locale}")
    expect(host.locator("#chat-audience")).to_be_hidden()  # the players' words reach everyone
    say(host, "thanks")
    expect(watcher.locator("#chat-lines li").last).to_contain_text("thanks")
    expect(host.locator("#chat-lines li", has_text="nice hand")).to_have_count(0)
