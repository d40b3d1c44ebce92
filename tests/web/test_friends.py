"""Two people in one room: a friend joins from a second browser context through the
invite link, the host starts, both see the same table from their own seats; a spectator
watches; the friend leaves and is shown offline, then away with the computer playing."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.web.conftest import PHONE

SERVER_FLAGS = ("--away-after", "1")
"""A player gone for a second is away: the medium bot plays his seat."""


def test_friend_joins_by_invite_link(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    host = new_page()
    host.goto("/")
    host.click("[data-game=indian]")
    host.select_option("select[name=variant]", "pool101")
    host.select_option("select[data-seat='1']", "open")
    host.click("#create-room")
    link = host.locator("#invite-link")
    expect(link).to_have_value(re.compile(r"^http://127\.0\.0\.1:\d+/\?room=[A-Z2-9]{10}$"))
    expect(host.locator("#start")).to_be_disabled()
    shot(host, "host-waiting")
    friend = new_page(PHONE)
    invite = link.input_value()
    friend.goto(invite)
    expect(friend.locator(".seat-slot.me")).to_be_visible()
    shot(friend, "friend-waiting")
    expect(host.locator("#start")).to_be_enabled()
    host.click("#start")
    for page in (host, friend):
        expect(page.locator(".felt")).to_be_visible()
        expect(page.locator(".hand .card")).to_have_count(13)
    names = [p.evaluate("window.rummyhall.session.you") for p in (host, friend)]
    assert names == [0, 1]
    expect(host.locator(".opponent[data-seat='1'] .badge.offline")).to_have_count(0)
    shot(host, "host-table")
    shot(friend, "friend-table")
    watcher = new_page()
    watcher.goto(f"{invite}&watch=1")
    expect(watcher.locator(".felt")).to_be_visible()
    expect(watcher.locator(".badge", has_text="You are watching")).to_be_visible()
    expect(watcher.locator(".hand")).to_have_count(0)
    expect(watcher.locator(".opponent")).to_have_count(2)
    watcher.click("#four-colours")
    shot(watcher, "spectator-four-colours")
    friend.close()  # the friend's connection is gone: the table says so
    expect(host.locator(".opponent[data-seat='1'] .badge.offline")).to_have_text("offline")
    shot(host, "friend-offline")
    away = host.locator(".opponent[data-seat='1'] .badge.away")
    expect(away).to_have_text("away — computer plays")
    shot(host, "friend-away")
