"""Replays as a player meets them: an unknown game says so (not "Loading…" for ever),
the arrow keys step, a play/pause control plays the moves on by itself, and the last
step shows how the game ended (the racks laid open, the declaration)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.server.harness import Server
from tests.web.conftest import PHONE
from tests.web.play import finished_rummikub_round, signed_in_as


def test_an_unknown_replay_says_it_is_not_found(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page(PHONE, locale="zh-CN")
    page.goto("/?replay=nothing-here")
    expect(page.locator("#replay-missing h2")).to_have_text("找不到这局已结束的对局")
    expect(page.locator("main")).not_to_contain_text("加载中")
    page.click("[data-lang=en]")
    expect(page.locator("#replay-missing h2")).to_have_text("No finished game here")
    shot(page, "not-found")
    page.click("#replay-missing a")
    expect(page.locator("[data-play=gin]")).to_be_visible()


def test_a_replay_steps_by_keys_plays_by_itself_and_ends_on_the_result(
    server: Server, new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    players, end, room = finished_rummikub_round(server)
    winner = ("Ana", "Bo")[end["view"]["result"]["winners"][0]]
    page = new_page()
    signed_in_as(page, {"id": players[0][0], "nickname": "Ana"}, players[0][1])
    page.goto(f"/?replay={room['match']['id']}&seat=0")
    position = page.locator("#replay-position")
    expect(position).to_have_text(re.compile(r"^Move (\d+) of \1$"))
    total = int(position.inner_text().split()[-1])
    ended = page.locator("#replay-result")
    expect(ended.locator(".headline")).to_have_text(f"{winner} wins")
    expect(ended.locator("tr:not(.winner) .tile-row > .tile").first).to_be_visible()
    shot(page, "last-step")
    page.keyboard.press("ArrowLeft")
    expect(position).to_have_text(f"Move {total - 1} of {total}")
    expect(ended).to_have_count(0)
    page.keyboard.press("Home")
    expect(position).to_have_text(f"Move 0 of {total}")
    page.keyboard.press("ArrowRight")
    expect(position).to_have_text(f"Move 1 of {total}")
    play = page.locator("#replay-play")
    expect(play).to_have_text("▶ Play")
    play.click()
    expect(play).to_have_attribute("aria-pressed", "true")
    expect(position).to_have_text(f"Move 3 of {total}")  # on by itself, a move at a time
    play.click()
    expect(play).to_have_attribute("aria-pressed", "false")
    expect(play).to_have_text("▶ Play")
    shown = int(position.inner_text().split()[1])
    page.keyboard.press("ArrowRight")
    expect(position).to_have_text(f"Move {shown + 1} of {total}")
    page.keyboard.press("End")
    expect(ended).to_be_visible()
