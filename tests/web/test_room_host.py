"""The host's control of a waiting room and the paged lobby list: the host removes a
friend, who is told and may watch instead; the lobby shows a page of rooms and the next
with "More rooms"."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.server.harness import Server
from tests.web.play import invite_friend


def test_the_host_removes_a_friend_who_then_watches(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    host, friend, _ = invite_friend(new_page)
    remove = host.locator("[data-remove='1']")
    expect(remove).to_have_text("Remove")
    expect(host.locator("[data-remove='0']")).to_have_count(0)  # not the host's own seat
    shot(host, "host-with-friend")
    remove.click()
    expect(friend.locator("#removed h2")).to_have_text("The host removed you from this room.")
    expect(host.locator(".seat-slot").nth(1).locator("select")).to_have_value("open")
    shot(friend, "friend-removed")
    friend.get_by_role("button", name="Watch instead").click()
    expect(friend.locator(".waiting .muted")).to_have_text("You are watching")
    expect(host.locator(".seat-slot.human")).to_have_count(1)


def test_the_lobby_shows_the_rooms_a_page_at_a_time(
    server: Server, new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    for host in range(4):
        _, token = server.register(f"Host{host}")
        for _ in range(10):
            server.create_room(token, game="rummikub", options={"players": 3})
    page = new_page()
    page.goto("/")
    rooms = page.locator(".room-list li")
    expect(rooms).to_have_count(30)
    total = server.http().get("/api/rooms").json()["total"]
    expect(page.locator(".room-count")).to_have_text(f"Rooms shown: 30 of {total}")
    page.click("#more-rooms")
    expect(rooms).to_have_count(min(60, total))
    page.select_option(".room-filter", "gin")
    expect(page.locator(".room-list li .room-game", has_text="Rummikub")).to_have_count(0)
    page.select_option(".room-filter", "rummikub")
    expect(page.locator(".room-count")).to_have_text("Rooms shown: 30 of 40")
    shot(page, "lobby-rummikub-page")
