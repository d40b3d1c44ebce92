"""The lobby as a player meets it: the games he can resume come first (on a phone too),
"Open rooms" lists the rooms one can still join or watch (their status on one line in
Chinese on a phone), and a room for friends keeps its seats open for them, its friend
shown the settings chosen."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.server.harness import Server, play_until
from tests.web.conftest import PHONE
from tests.web.play import quick_play

RESUME_BEFORE_GAMES = """() => {
  const resume = [...document.querySelectorAll("#your-games a")]
    .find((link) => link.textContent.includes("Resume"));
  const cards = document.querySelector(".game-cards");
  return Boolean(resume && cards)
    && resume.getBoundingClientRect().top < cards.getBoundingClientRect().top;
}"""
"""Whether the Resume link comes before the game cards."""


def test_a_game_under_way_is_the_first_thing_the_lobby_offers_on_a_phone(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page(PHONE)
    quick_play(page, "gin")
    page.click(".topnav a[href='/']")
    # The lobby draws itself anew when the open rooms arrive, after "Your games": each
    # check is retried on the page as drawn, never a box read from a replaced element.
    resume = page.locator("#your-games a", has_text="Resume")
    expect(resume).to_be_in_viewport(ratio=1)
    page.wait_for_function(RESUME_BEFORE_GAMES)
    shot(page, "lobby-phone")


def test_open_rooms_leave_out_finished_ones_and_keep_their_status_on_one_line(
    server: Server, new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    _, ana_token = server.register("Ana")
    _, bo_token = server.register("Bo")
    waiting = server.create_room(ana_token, game="indian", options={"players": 3})["code"]
    finished = server.create_room(ana_token, game="gin")["code"]
    clients = {0: server.client(ana_token), 1: server.client(bo_token)}
    for client in clients.values():
        client.join(finished)
    clients[0].send({"type": "start"})
    play_until(clients, lambda state: state["over"], clients[0].wait("state")["turn"])
    clients[0].find("room", lambda m: m["room"]["status"] == "finished")
    for client in clients.values():
        client.close()
    page = new_page(PHONE, locale="zh-CN")
    page.goto("/")
    listed = page.locator(".room-list li", has=page.locator(f"a[href='/?room={waiting}']"))
    expect(listed).to_be_visible()
    expect(page.locator(f".room-list a[href*='room={finished}']")).to_have_count(0)
    status = listed.locator(".status")
    expect(status).to_have_text("等待玩家")
    ems = status.evaluate(
        "(el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).fontSize)"
    )
    assert ems < 2, f"the status is {ems:.1f} characters high: it wraps"
    shot(page, "open-rooms-zh-phone")


def test_a_room_for_friends_keeps_their_seats_open_and_shows_them_its_settings(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    """The seats of "Play with friends" start open (not a computer); the friend's
    waiting room says the clock, hints and spectators chosen; a bot's level is said
    once on its seat."""
    host = new_page()
    host.goto("/")
    host.click("[data-game=indian]")
    host.select_option("select[name=players]", "3")
    for seat in (1, 2):
        expect(host.locator(f"select[data-seat='{seat}']")).to_have_value("open")
    host.select_option("select[data-seat='2']", "hard")
    host.select_option("select[name='clock']", "30+60")
    host.locator("label.check", has_text="Allow hints").locator("input").uncheck()
    host.click("#create-room")
    invite = host.locator("#invite-link")
    expect(invite).to_have_value(re.compile(r"room=[A-Z2-9]{10}$"))
    expect(host.locator(".seat-slot").nth(1).locator("select")).to_have_value("open")
    expect(host.locator("#start")).to_be_disabled()
    bot = host.locator(".seat-slot").nth(2)
    expect(bot.locator("select")).to_have_value("hard")
    assert bot.inner_text().count("Hard") == 1, bot.inner_text()
    friend = new_page(PHONE, locale="zh-CN")
    friend.goto(invite.input_value())
    expect(friend.locator(".seat-slot.me")).to_be_visible()
    settings = friend.locator("#room-settings")
    expect(settings).to_contain_text("回合计时：每回合 30 秒 + 60 秒备用时间")
    expect(settings).to_contain_text("不允许提示")
    expect(settings).to_contain_text("允许观战")
    seat = friend.locator(".seat-slot").nth(2)
    assert seat.inner_text().count("困难") == 1, seat.inner_text()
    shot(host, "host-waiting")
    shot(friend, "friend-waiting-zh-phone")
