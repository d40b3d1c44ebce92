"""The lobby's lists as a returning player meets them: the games he can resume come
first (on a phone too), and "Open rooms" lists the rooms one can still join or watch,
their status on one line in Chinese on a phone."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.server.harness import Server, play_until
from tests.web.conftest import PHONE
from tests.web.play import quick_play


def test_a_game_under_way_is_the_first_thing_the_lobby_offers_on_a_phone(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page(PHONE)
    quick_play(page, "gin")
    page.click(".topnav a[href='/']")
    resume = page.locator("#your-games a", has_text="Resume")
    expect(resume).to_be_visible()
    box = resume.bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE["height"], box
    cards = page.locator(".game-cards").bounding_box()
    assert cards is not None and box["y"] < cards["y"], "Resume comes after the game cards"
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
