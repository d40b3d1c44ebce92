"""Profiles and leaderboards in the browser: after a rated match between two people,
a profile shows the rating with its chart and the recent games with their replays, and
the leaderboard ranks both with the reader's own rank, in English at 1280×800 and in
Chinese at 390×844; nicknames with markup show as text."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.server.harness import Server, play_until
from tests.web.conftest import DESKTOP, PHONE, hold_answers
from tests.web.play import signed_in_as

NAMES = ("<b>Ana</b>", "Bo")


@pytest.fixture(scope="module")
def rated(server: Server) -> dict[str, Any]:
    """Two people's Gin match played to its end: their ids, tokens and profiles."""
    players = [server.register(name) for name in NAMES]
    code = server.create_room(players[0][1], game="gin")["code"]
    clients = {seat: server.client(token) for seat, (_, token) in enumerate(players)}
    for client in clients.values():
        client.join(code)
    clients[0].send({"type": "start"})
    play_until(clients, lambda state: state["over"], clients[0].wait("state")["turn"])
    for client in clients.values():
        client.close()
    with server.http() as http:
        pages = [http.get(f"/api/players/{pid}/profile").json() for pid, _ in players]
    return {"players": players, "pages": pages}


@pytest.mark.parametrize(("viewport", "locale"), [(DESKTOP, "en"), (PHONE, "zh")])
def test_a_profile_shows_the_rating_its_chart_and_the_recent_games(
    new_page: Callable[..., Page],
    shot: Callable[[Page, str], Path],
    rated: dict[str, Any],
    viewport: dict[str, int],
    locale: str,
) -> None:
    page = new_page(viewport)
    signed_in_as(page, rated["pages"][1]["player"], rated["players"][1][1], locale)
    ana = rated["pages"][0]
    page.goto(f"/?profile={ana['player']['id']}")
    expect(page.locator("#profile-name")).to_have_text("<b>Ana</b>")
    card = page.locator(".rating-card[data-game='gin']")
    # One match says little: the rating is provisional, marked "?" and explained.
    assert ana["ratings"][0]["provisional"]
    expect(card.locator(".rating-value")).to_have_text(f"{ana['ratings'][0]['rating']}?")
    expect(card.locator(".provisional-note")).to_be_visible()
    expect(card.locator(".rating-chart circle")).to_have_count(2)  # the start, one match
    recent = page.locator("#recent-games li")
    expect(recent).to_have_count(1)
    expect(recent.get_by_role("link")).to_have_attribute(
        "href", f"/?replay={ana['recent'][0]['match']}&seat=0"
    )
    expect(page.locator(".topnav a.active")).to_have_count(0)
    # The game's figures: gins, undercuts, average deadwood at knock (GIN-10…13).
    figures = ana["games"][0]["figures"]
    gin = page.locator(".figure-card[data-game='gin']")
    expect(gin.locator("[data-figure='gins']")).to_have_text(str(figures["gins"]))
    expect(gin.locator("[data-figure='undercuts']")).to_have_text(str(figures["undercuts"]))
    average = figures["knock_deadwood"] / figures["knocks"] if figures["knocks"] else None
    expect(gin.locator("[data-figure='knock_deadwood']")).to_have_text(
        "–" if average is None else f"{average:.1f}"
    )
    shot(page, f"profile-{locale}")


@pytest.mark.parametrize(("viewport", "locale"), [(DESKTOP, "en"), (PHONE, "zh")])
def test_the_leaderboard_ranks_both_and_the_reader(
    new_page: Callable[..., Page],
    shot: Callable[[Page, str], Path],
    rated: dict[str, Any],
    viewport: dict[str, int],
    locale: str,
) -> None:
    pages = rated["pages"]
    reader = min(range(2), key=lambda seat: pages[seat]["ratings"][0]["rating"])
    page = new_page(viewport)
    signed_in_as(page, pages[reader]["player"], rated["players"][reader][1], locale)
    page.goto("/")
    page.click(".topnav a[href='/?leaderboard=gin']")
    rows = page.locator("table.leaderboard tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(1)).to_have_class("you")
    expect(page.locator("table.leaderboard")).to_contain_text("<b>Ana</b>")
    rank = "#2" if locale == "en" else "第 2 名"
    expect(page.locator("#your-rank")).to_contain_text(rank)
    own = pages[reader]["ratings"][0]["rating"]
    expect(page.locator("#your-rank")).to_contain_text(f"{own}?")
    expect(rows.nth(1).locator(".rating.provisional")).to_have_text(f"{own}?")
    expect(page.locator(".topnav a.active")).to_have_attribute("href", "/?leaderboard=gin")
    shot(page, f"leaderboard-{locale}")
    page.click(".board-tabs a[href='/?leaderboard=rummikub']")
    expect(page.locator("#board-empty")).to_be_visible()
    rows.first.page.go_back()
    expect(rows).to_have_count(2)
    page.locator("table.leaderboard tbody a").first.click()
    expect(page.locator("#profile-name")).to_be_visible()


def test_a_page_left_while_it_loads_does_not_draw_over_the_next(
    new_page: Callable[..., Page], rated: dict[str, Any]
) -> None:
    """The lobby's list of rooms answers late: the player has meanwhile gone to the
    leaderboard, which stays on screen when the answer arrives (the lobby drew over it
    before, on a loaded machine)."""
    page = new_page(DESKTOP)
    rooms = hold_answers(page, r"/api/rooms\?")
    page.goto("/")
    answer = rooms()  # the lobby asks for its rooms once it knows the player
    page.click(".topnav a[href='/?leaderboard=gin']")
    expect(page.locator("table.leaderboard tbody tr")).to_have_count(2)
    with page.expect_response(re.compile(r"/api/rooms\?")):
        answer.continue_()
    page.evaluate("() => new Promise((done) => setTimeout(done, 100))")
    expect(page.locator("table.leaderboard tbody tr")).to_have_count(2)
    expect(page.locator(".lobby")).to_have_count(0)
