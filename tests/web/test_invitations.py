"""Invitations in the browser: a host invites a friend by username from the waiting room;
the friend finds the invitation in his lobby when he next comes, joins from it, and it
leaves the list. In English at 1280×800 and Chinese at 390×844."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import DESKTOP, PHONE
from tests.web.test_accounts import PASSWORD


def claim(page: Page, username: str) -> None:
    """Create an account for this browser's guest (the dialog's fields by their ids, so
    the same steps work in both languages)."""
    page.click("#claim-account")
    page.fill("#account-username", username)
    page.fill("#account-password", PASSWORD)
    page.click("#account-submit")
    expect(page.locator("#account-name")).to_contain_text(username)


@pytest.mark.parametrize(("viewport", "locale"), [(DESKTOP, "en"), (PHONE, "zh")])
def test_a_friend_invited_by_username_joins_from_his_lobby(
    new_page: Callable[..., Page],
    shot: Callable[[Page, str], Path],
    viewport: dict[str, int],
    locale: str,
) -> None:
    friend = new_page(viewport)
    friend.goto("/")
    if locale == "zh":
        friend.click("[data-lang='zh']")
    username = f"bo_{locale}"
    claim(friend, username)
    expect(friend.locator("#invitations")).to_have_count(0)

    host = new_page(viewport)
    host.goto("/")
    if locale == "zh":
        host.click("[data-lang='zh']")
    host.select_option("select[data-seat='1']", "open")
    host.click("#create-room")
    expect(host.locator("#invite-link")).to_have_value(re.compile(r"room=[A-Z2-9]{10}$"))
    code = host.locator("#invite-link").input_value().rsplit("=", 1)[1]
    host.fill("#invite-username", "NOBODY_x")
    host.click("#invite-send")
    expect(host.locator(".toast.error")).to_be_visible()
    host.fill("#invite-username", username.upper())
    host.click("#invite-send")
    expect(host.locator(".toast").last).to_contain_text(
        "Invitation sent to" if locale == "en" else "已向"
    )
    expect(host.locator("#invite-username")).to_have_value("")
    shot(host, f"invite-box-{locale}")

    friend.reload()  # he comes back to the lobby
    panel = friend.locator("#invitations")
    expect(panel).to_be_visible()
    expect(panel).to_contain_text("from" if locale == "en" else "来自")
    shot(friend, f"invitations-{locale}")
    panel.locator("a.button").first.click()
    expect(friend).to_have_url(re.compile(f"room={code}"))
    expect(friend.locator(".seat-slot.me")).to_be_visible()
    friend.goto("/")
    expect(friend.locator("#your-games")).to_be_visible()
    expect(friend.locator("#invitations")).to_have_count(0)  # answered: gone
