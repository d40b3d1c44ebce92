""" "Play a person" in the lobby (docs/pairing.md): two players who press it meet at one
table, in English on a desktop and in Chinese on a phone; a lone seeker takes the
computer, with a click or by himself; a four-seat Rummikub table fills from four
browsers; a guest sees rated pairing disabled, and why. Each test seeks in a pool of
its own (game, options, clock): the module's one server keeps them apart."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.web.conftest import PHONE
from tests.web.play import session, wait_ready

SERVER_FLAGS = ("--computer-after", "2")
"""The computer is offered after 2 s of waiting (30 by default)."""

AT_TABLE = re.compile(r"\?room=[A-Z2-9]{10}$")


def seek(
    page: Page, game: str = "gin", *, players: int | None = None, clock: str | None = None
) -> None:
    """From the lobby: choose in "Play a person" and press it."""
    page.goto("/")
    panel = page.locator("#pairing")
    panel.locator("select[name=pairing-game]").select_option(game)
    if players is not None:
        panel.locator("select[name=pairing-players]").select_option(str(players))
    if clock is not None:
        panel.locator("select[name=pairing-clock]").select_option(clock)
    panel.locator("#play-person").click()


def test_a_guest_sees_rated_disabled_and_why(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page()
    page.goto("/")
    panel = page.locator("#pairing")
    rated = panel.get_by_role("radio", name="Rated")
    expect(rated).to_be_disabled()
    expect(panel.get_by_role("radio", name="Casual")).to_be_checked()
    expect(rated).to_have_accessible_description(re.compile("need an account"))
    expect(panel.locator("select[name=pairing-range] option")).to_have_text(
        ["±100", "±200", "±400", "Any"]
    )
    shot(page, "rated-disabled-for-a-guest")


def test_two_players_meet_at_one_table(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    ana, bo = new_page(), new_page()
    seek(ana, clock="30+60")
    expect(ana.locator("#pairing-figures")).to_contain_text("1 looking for a game")
    pool = "Gin Rummy · Standard (to 100) · 30 s a turn + 60 s bank · Casual"
    expect(ana.locator("#pairing-pool")).to_have_text(pool)
    shot(ana, "waiting")
    seek(bo, clock="30+60")
    for page in (ana, bo):
        page.wait_for_url(AT_TABLE)
    assert ana.url == bo.url
    seats = {wait_ready_or_waiting(page) for page in (ana, bo)}
    assert seats == {0, 1}
    shot(bo, "table")


def wait_ready_or_waiting(page: Page) -> int:
    """The seat the page plays at its table, once the match is shown."""
    page.wait_for_function("() => window.rummyhall?.session?.state != null")
    seat: int = session(page)["you"]
    return seat


def test_two_players_meet_in_chinese_on_phones(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    pages = [new_page(PHONE, locale="zh-CN") for _ in range(2)]
    pages[0].goto("/")
    expect(pages[0].locator("#pairing h2")).to_have_text("真人对战")
    seek(pages[0], "indian", players=2)
    expect(pages[0].locator(".pairing-looking")).to_have_text("正在寻找对手…")
    expect(pages[0].locator("#pairing-figures")).to_contain_text("1 人正在匹配")
    expect(pages[0].locator("#pairing-pool")).to_have_text("印度拉米 · 积分局 · 2P · 休闲")
    expect(pages[0].locator("#pairing")).to_be_in_viewport()
    shot(pages[0], "waiting-zh-phone")
    seek(pages[1], "indian", players=2)
    for page in pages:
        page.wait_for_url(AT_TABLE)
    assert pages[0].url == pages[1].url
    wait_ready_or_waiting(pages[1])
    shot(pages[1], "table-zh-phone")


def test_a_lone_seeker_takes_the_computer(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page()
    seek(page, "gin", clock="60+120")
    computer = page.locator("#pairing-computer")
    expect(computer).to_be_visible()
    shot(page, "computer-offered")
    computer.click()
    page.wait_for_url(AT_TABLE)
    wait_ready(page)
    seats = session(page)["room"]["seats"]
    assert seats[1]["occupant"] == "bot" and seats[0]["player"] is not None

    # Ticked, the computer comes by itself; the choice is remembered.
    alone = new_page()
    alone.goto("/")
    alone.locator("input[name=pairing-computer]").check()
    alone.locator("select[name=pairing-game]").select_option("indian")
    alone.locator("select[name=pairing-players]").select_option("4")
    expect(alone.locator("input[name=pairing-fewer]")).to_be_visible()
    shot(alone, "choices")
    seek(alone, "rummikub", players=3)
    alone.wait_for_url(AT_TABLE)
    wait_ready(alone)
    room = session(alone)["room"]
    assert [seat["occupant"] for seat in room["seats"]] == ["human", "bot", "bot"]
    alone.goto("/")
    expect(alone.locator("input[name=pairing-computer]")).to_be_checked()


def test_a_four_seat_rummikub_table_fills_from_four_browsers(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    pages = [new_page() for _ in range(4)]
    for page in pages[:3]:
        seek(page, "rummikub", players=4)
    expect(pages[2].locator("#pairing-figures")).to_contain_text("3 looking for a game")
    shot(pages[2], "three-of-four")
    seek(pages[3], "rummikub", players=4)
    for page in pages:
        page.wait_for_url(AT_TABLE)
    assert len({page.url for page in pages}) == 1
    assert sorted(wait_ready_or_waiting(page) for page in pages) == [0, 1, 2, 3]
    shot(pages[0], "table-of-four")
