"""A finished game's review on its replay page, as a player meets it: "Review" for his
seat, the progress while the server computes, then the accuracy, the evaluation chart,
each decision with its mark, the better move ringed on his cards or laid out on the
table with one line of why, "next mistake" and the N key; a Gin match on the desktop in
English, a Rummikub round on the phone in Chinese (an Indian deal: test_review_indian.py)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import httpx
from playwright.sync_api import Page, expect

from tests.server.harness import BOT, Server, play_to_the_end
from tests.web.conftest import PHONE
from tests.web.play import finished_rummikub_round, signed_in_as

SERVER_FLAGS = ("--review-worlds", "32", "--review-full-priority")
"""Enough sampled worlds for the search to tell moves apart (four batches of eight),
few enough for a test."""


def test_a_gin_match_reviewed_on_the_desktop(
    server: Server, new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    registered = {"Ana": server.register("Ana")}
    _, code = play_to_the_end(server, ("Ana", BOT), registered)
    match_id = httpx.get(f"{server.url}/api/rooms/{code}").json()["match"]["id"]
    page = new_page()
    player_id, token = registered["Ana"]
    signed_in_as(page, {"id": player_id, "nickname": "Ana"}, token)
    page.goto(f"/?replay={match_id}&seat=0")
    ask = page.locator("#review-bar [data-review-seat='0']")
    expect(ask).to_have_text("Review Ana")
    # The bot's seat of a public room's match may be reviewed too.
    expect(page.locator("#review-bar [data-review-seat='1']")).to_be_visible()
    ask.click()
    accuracy = page.locator("#review-accuracy")
    expect(accuracy).to_have_text(re.compile(r"^Ana: accuracy \d+\.\d%$"), timeout=120_000)
    expect(ask).to_have_text(re.compile(r"^✓ Ana · \d+\.\d%$"))
    dots = page.locator("#review-chart circle")
    assert dots.count() == page.locator("#review-list li").count() > 0
    shot(page, "reviewed")
    page.keyboard.press("Home")
    expect(page.locator("#replay-position")).to_have_text(re.compile(r"^Move 0 of"))
    page.click("#review-next")
    note = page.locator("#review-note")
    expect(note.locator(".review-mark")).to_be_visible()
    expect(note).to_contain_text("Better:")
    expect(page.locator("#review-why")).to_have_text(re.compile(r"(deadwood|sampled deals).*"))
    # The better card ringed: in the hand, or the open card where taking it is better.
    better = page.locator(".my-area .review-better-card, .card.top.review-better-card")
    expect(better).to_have_count(1)
    expect(page.locator("#review-list li.now")).to_have_count(1)
    shot(page, "mistake")
    position = page.locator("#replay-position").inner_text()
    page.keyboard.press("n")
    moved = page.locator("#replay-position")
    if page.locator("#review-next").is_enabled():
        expect(moved).not_to_have_text(position)
    page.keyboard.press("p")
    expect(moved).to_have_text(position)
    # A step that is not the seat's decision says so; the list goes back to one.
    page.keyboard.press("End")
    expect(note).to_contain_text("Not this seat's decision")
    page.locator("#review-list li button").first.click()
    expect(note).to_contain_text("Played:")
    # Reloaded, the review is read back at once: computed once.
    page.reload()
    expect(page.locator("#review-bar [data-review-seat='0']")).to_have_text(re.compile(r"^✓ Ana"))


def test_a_rummikub_round_reviewed_on_the_phone_in_chinese(
    server: Server, new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    players, _, room = finished_rummikub_round(server, drawing=True)
    page = new_page(PHONE, locale="zh-CN")
    signed_in_as(page, {"id": players[0][0], "nickname": "Ana"}, players[0][1], locale="zh")
    page.goto(f"/?replay={room['match']['id']}&seat=0")
    ask = page.locator("#review-bar [data-review-seat='0']")
    expect(ask).to_have_text("复盘 Ana")
    ask.click()
    expect(page.locator("#review-bar .review-progress, #review-accuracy").first).to_be_visible()
    shot(page, "progress")
    accuracy = page.locator("#review-accuracy")
    expect(accuracy).to_have_text(re.compile(r"^Ana：准确率 \d+\.\d%$"), timeout=180_000)
    shot(page, "reviewed")
    page.keyboard.press("Home")
    expect(page.locator("#replay-position")).to_have_text(re.compile(r"^第 0 /"))
    page.click("#review-next")
    note = page.locator("#review-note")
    expect(note).to_contain_text("更好：")
    expect(page.locator("#review-why")).to_contain_text("平均")
    shot(page, "mistake")
    # A mistake whose better move lays tiles: shown on the table, and taken back.
    show = page.locator("#review-show")
    following = page.locator("#review-next")
    while not show.count() and following.is_enabled():
        position = page.locator("#replay-position").inner_text()
        following.click()
        expect(page.locator("#replay-position")).not_to_have_text(position)
    if show.count():
        on_table = page.locator("#rkb-table .tile").count()
        show.click()
        expect(show).to_have_attribute("aria-pressed", "true")
        assert page.locator("#rkb-table .tile").count() > on_table
        shot(page, "better-on-table")
        show.click()
        expect(page.locator("#rkb-table .tile")).to_have_count(on_table)
