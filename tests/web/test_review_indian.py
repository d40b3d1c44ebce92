"""An Indian deal's review on its replay page, on the phone in Chinese: "Review" for
the player's seat, the accuracy once computed, the better move ringed on the table with
one line of why. Its own site: an Indian review at the Gin tests' worlds would take a
minute here."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.server.harness import BOT, Server, play_until
from tests.web.conftest import PHONE
from tests.web.play import signed_in_as

SERVER_FLAGS = ("--review-worlds", "8", "--review-full-priority")
"""Sampled worlds a decision: every move weighed in each (the review's screening)."""


def test_an_indian_deal_reviewed_on_the_phone_in_chinese(
    server: Server, new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    player_id, token = server.register("Ana")
    options = {"players": 3}
    code = server.create_room(token, game="indian", options=options, bots=[None, BOT, BOT])["code"]
    client = server.client(token)
    client.join(code)
    client.send({"type": "start"})
    play_until({0: client}, lambda state: state["over"], client.wait("state")["turn"])
    room = client.find("room", lambda m: m["room"]["status"] == "finished")["room"]
    client.close()
    page = new_page(PHONE, locale="zh-CN")
    signed_in_as(page, {"id": player_id, "nickname": "Ana"}, token, locale="zh")
    page.goto(f"/?replay={room['match']['id']}&seat=0")
    ask = page.locator("#review-bar [data-review-seat='0']")
    expect(ask).to_have_text("复盘 Ana")
    ask.click()
    accuracy = page.locator("#review-accuracy")
    expect(accuracy).to_have_text(re.compile(r"^Ana：准确率 \d+\.\d%$"), timeout=180_000)
    shot(page, "indian-reviewed")
    # Ana threw her highest card every turn: at some decision the review finds a
    # better move, drawn on the table with its reason.
    note = page.locator("#review-note")
    decisions = page.locator("#review-list li button")
    for index in range(decisions.count()):
        decisions.nth(index).click()
        expect(note).to_contain_text("实际：")
        if "更好：" in note.inner_text():
            break
    expect(note).to_contain_text("更好：")
    expect(page.locator("#review-why")).to_contain_text("平均")
    better = note.locator(".review-better").inner_text()
    if "摸牌" not in better and "弃局" not in better:  # a card to ring: thrown, or taken
        ringed = page.locator(".my-area .review-better-card, .card.top.review-better-card")
        expect(ringed).to_have_count(1)
    shot(page, "indian-better")
