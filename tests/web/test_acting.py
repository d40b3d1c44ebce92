"""Every click acts once, and acting follows the connection: a double click on "Play vs
computer" opens one room, a double click on a move sends it once; while the connection
is lost nothing can be sent and it comes back as soon as the browser is online; a seat
opened in another window leaves no dead buttons but offers "Play here"."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.web.conftest import hold_answers
from tests.web.play import after, legal, quick_play, session, wait_ready


def sent_actions(page: Page) -> list[dict[str, Any]]:
    """The ``action`` messages the page sends on its WebSockets, as they are sent
    (listen before the page opens its socket)."""
    sent: list[dict[str, Any]] = []

    def listen(socket: Any) -> None:
        def frame(payload: str | bytes) -> None:
            message = json.loads(payload)
            if message.get("type") == "action":
                sent.append(message)

        socket.on("framesent", frame)

    page.on("websocket", listen)
    return sent


def my_rooms(page: Page) -> list[dict[str, Any]]:
    return list(
        page.evaluate(
            """async () => (await (await fetch("/api/me/rooms", { headers: {
                 Authorization: `Bearer ${localStorage.getItem("rummyhall.token")}` } })).json())"""
        )
    )


def test_a_double_click_on_play_vs_computer_opens_one_room_and_plays_it(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page()
    page.goto("/")
    expect(page.locator("[data-play=gin]")).to_be_enabled()
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.method) if r.url.endswith("/api/rooms") else None)
    answer = hold_answers(page, r"/api/rooms$")
    page.dblclick("[data-play=gin]")
    held = answer()
    # While the room is being opened, no button can open another.
    for button in [*page.locator("[data-play]").all(), page.locator("#create-room")]:
        expect(button).to_be_disabled()
    # Dimmed once the wait lasts (not for a quick answer's few milliseconds).
    expect(page.locator("[data-play=gin]")).to_have_css("opacity", "0.45")
    shot(page, "opening")
    held.continue_()
    expect(page.locator(".felt")).to_be_visible()
    wait_ready(page)
    assert posts == ["POST"]
    rooms = my_rooms(page)
    assert [(entry["room"]["code"], entry["room"]["status"]) for entry in rooms] == [
        (session(page)["room"]["code"], "playing")
    ]


def test_a_double_click_on_a_move_sends_it_once(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page()
    sent = sent_actions(page)
    state = quick_play(page, "gin")["state"]
    first = legal(state)[0]
    button = (
        "[data-action=pass]" if first["type"] == "pass" else f"[data-action=draw-{first['source']}]"
    )
    page.dblclick(button)
    after(page, state["turn"])
    wait_ready(page)
    assert [message["turn"] for message in sent] == [state["turn"]]
    expect(page.locator(".toast.error")).to_have_count(0)
    shot(page, "after-double-click")


def test_while_offline_nothing_can_be_sent_and_going_online_reconnects_at_once(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page()
    page.clock.install()
    sent = sent_actions(page)
    state = quick_play(page, "gin")["state"]
    actions = page.locator("#actions button[data-action]:not([data-action=hint])")
    expect(actions.first).to_be_enabled()
    page.context.set_offline(True)
    expect(page.locator("#banner")).to_have_text("Connection lost — reconnecting…")
    for index in range(actions.count()):
        expect(actions.nth(index)).to_be_disabled()
    expect(page.locator(".pile.active").first).to_have_attribute("aria-disabled", "true")
    page.locator(".pile.active").first.dispatch_event("click")  # even a click that lands
    expect(actions.first).to_have_css("opacity", "0.45")
    shot(page, "offline")
    # Time stands still: no back-off timer fires, only the browser's "online" reconnects.
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)
    page.context.set_offline(False)
    expect(page.locator("#banner")).to_be_hidden()
    expect(actions.first).to_be_enabled()
    assert sent == [] and session(page)["state"]["turn"] == state["turn"]
    page.clock.resume()
    shot(page, "online")


def test_a_seat_opened_in_another_window_offers_play_here(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    first = new_page()
    quick_play(first, "gin")
    second = first.context.new_page()
    second.goto(first.url)
    wait_ready(second)
    notice = first.locator("#elsewhere")
    expect(notice).to_contain_text("This seat was opened in another window.")
    expect(first.locator("#actions, .hand")).to_have_count(0)  # no dead buttons
    expect(first.locator(".toast")).to_have_count(0)  # said once, on the page
    shot(first, "elsewhere")
    notice.get_by_role("button", name="Play here").click()
    wait_ready(first)
    expect(first.locator(".felt")).to_be_visible()
    expect(second.locator("#elsewhere #play-here")).to_be_visible()
    expect(second.locator("#actions")).to_have_count(0)
    state = session(first)["state"]
    first.locator("#actions button[data-action]").first.click()
    after(first, state["turn"])
    shot(second, "taken-back")
