"""The turn clock in the browser: a host chooses a clock for a Gin room, both friends see
it count down (the turn's own time, then the bank), and at zero the computer moves for
the slow one; without a clock, a friend hands a stalled seat to the computer and its
player takes it back. In English at 1280×800 and Chinese at 390×844."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import DESKTOP, PHONE

SERVER_FLAGS = ("--clocks", "4+3,60+120", "--hand-over-after", "2")


def friends_at_a_table(
    new_page: Callable[..., Page], viewport: dict[str, int], locale: str, clock: str
) -> tuple[Page, Page]:
    """A host opens a Gin room with ``clock`` and a friend joins by the link; started."""
    host = new_page(viewport)
    host.goto("/")
    if locale == "zh":
        host.click("[data-lang='zh']")
    host.select_option("select[data-seat='1']", "open")
    host.select_option("select[name='clock']", clock)
    host.click("#create-room")
    invite = host.locator("#invite-link")
    expect(invite).to_have_value(re.compile(r"room=[A-Z2-9]{10}$"))
    friend = new_page(viewport)
    friend.goto(invite.input_value())
    if locale == "zh":
        friend.click("[data-lang='zh']")
    expect(friend.locator(".seat-slot.me")).to_be_visible()
    host.click("#start")
    for page in (host, friend):
        expect(page.locator(".felt")).to_be_visible()
    return host, friend


def mover_and_other(host: Page, friend: Page) -> tuple[Page, Page]:
    """The page whose turn is timed first, and the other."""
    for page in (host, friend):
        expect(page.locator("#turn-clock")).to_be_visible()
    return (host, friend) if host.locator("#turn-clock.yours").count() else (friend, host)


@pytest.mark.parametrize(("viewport", "locale"), [(DESKTOP, "en"), (PHONE, "zh")])
def test_a_running_clock_then_the_bank_then_the_computer(
    new_page: Callable[..., Page],
    shot: Callable[[Page, str], Path],
    viewport: dict[str, int],
    locale: str,
) -> None:
    host, friend = friends_at_a_table(new_page, viewport, locale, "4+3")
    mover, other = mover_and_other(host, friend)
    clock = mover.locator("#turn-clock")
    expect(clock).to_have_text(re.compile(r"0:0[1-4]"))
    expect(clock).to_contain_text("Your turn" if locale == "en" else "轮到你")
    expect(other.locator("#turn-clock")).not_to_have_class(re.compile("yours"))
    shot(mover, f"clock-running-{locale}")
    # Past the turn's own 4 s the bank runs, in red.
    expect(clock).to_contain_text("time bank" if locale == "en" else "备用时间", timeout=6000)
    expect(clock).to_have_class(re.compile("urgent"))
    shot(mover, f"clock-bank-{locale}")
    # At zero the computer makes the turn: then it is the other's, with his own clock.
    expect(other.locator("#turn-clock.yours")).to_be_visible(timeout=10000)
    expect(mover.locator("#turn-clock")).not_to_have_class(re.compile("yours"))
    shot(other, f"clock-passed-{locale}")


def test_a_stalled_seat_handed_over_then_taken_back(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    host, friend = friends_at_a_table(new_page, DESKTOP, "en", "off")
    expect(host.locator("#turn-clock")).to_have_count(0)  # no clock in this room
    # Whoever is to move stalls; after the wait the other may hand the seat over.
    turn = "window.rummyhall.session.state.current_player === window.rummyhall.session.you"
    stalled, other = (host, friend) if host.evaluate(turn) else (friend, host)
    expect(other.locator("#hand-over-button")).to_be_visible(timeout=8000)
    expect(stalled.locator("#hand-over-button")).to_have_count(0)
    shot(other, "clock-hand-over")
    other.click("#hand-over-button")
    bar = stalled.locator("#away-bar")
    expect(bar).to_contain_text("The computer is playing your seat.")
    shot(stalled, "clock-away-bar")
    stalled.click("#back-button")
    expect(bar).to_have_count(0)


@pytest.mark.parametrize(
    ("viewport", "locale", "notice", "logged"),
    [
        (
            DESKTOP,
            "en",
            "Your time ran out: the computer played for you",
            "clock: the computer played for",
        ),
        (PHONE, "zh", "你的时间已用完：电脑替你走了这一步", "超时：电脑代"),
    ],
)
def test_when_the_clock_runs_out_the_log_and_the_player_say_the_computer_played(
    new_page: Callable[..., Page],
    shot: Callable[[Page, str], Path],
    viewport: dict[str, int],
    locale: str,
    notice: str,
    logged: str,
) -> None:
    host, friend = friends_at_a_table(new_page, viewport, locale, "4+3")
    mover, other = mover_and_other(host, friend)
    name = mover.evaluate(
        "window.rummyhall.session.room.seats[window.rummyhall.session.you].player.nickname"
    )
    expect(mover.locator("#clock-notice")).to_contain_text(notice, timeout=12000)
    for page in (mover, other):
        expect(page.locator("#moves li.by-clock").first).to_contain_text(f"{logged}")
        expect(page.locator("#moves li.by-clock").first).to_contain_text(name)
    expect(other.locator("#clock-notice")).to_have_count(0)  # told to him alone
    shot(mover, f"clock-played-{locale}")
    # His own next move ends the notice.
    expect(mover.locator("#turn-clock.yours")).to_be_visible(timeout=15000)
    mover.locator("#actions button[data-action]").first.click()
    expect(mover.locator("#clock-notice")).to_have_count(0)
