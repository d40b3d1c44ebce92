"""Privacy in the browser: the privacy page says what is kept and for how long (in English
and Chinese); on his own profile a player downloads his data and deletes his account,
which asks his password (a wrong one refused in words), then plays on as a new guest
while the game he was playing shows his seat as a deleted player's."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.web.play import session

PASSWORD = "walnut lantern over seven hills"


def test_a_player_downloads_his_data_and_deletes_his_account(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path], tmp_path: Path
) -> None:
    page = new_page()
    page.goto("/")
    page.click("#rename")
    page.get_by_label("Your nickname").fill("Quentin Privé")
    page.get_by_role("button", name="Save").click()
    expect(page.locator("#nickname")).to_have_text("Quentin Privé")
    page.click("#claim-account")
    dialog = page.get_by_role("dialog", name="Create an account")
    dialog.get_by_label("Username").fill("Quentin_P")
    dialog.get_by_label("Password").fill(PASSWORD)
    dialog.get_by_role("button", name="Create account").click()
    expect(dialog).to_have_count(0)
    player = session_player(page)

    watcher = new_page()  # a friend at the same table sees the seat change its name
    page.click("#my-profile")
    expect(page.locator("#profile-name")).to_have_text("Quentin Privé")
    panel = page.locator("#your-data")
    expect(panel).to_be_visible()
    shot(page, "own-profile")

    with page.expect_download() as download:
        panel.get_by_role("button", name="Download my data").click()
    saved = tmp_path / "data.json"
    download.value.save_as(saved)
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["player"] == {**data["player"], "id": player, "nickname": "Quentin Privé"}
    assert data["account"]["username"] == "Quentin_P"

    page.goto("/")
    page.click("[data-play='gin']")  # a game against the computer, left running
    expect(page.locator(".felt")).to_be_visible()
    code = session(page)["room"]["code"]
    watcher.goto(f"/?room={code}&watch=1")
    expect(watcher.locator(".felt")).to_be_visible()
    expect(watcher.get_by_text("Quentin Privé").first).to_be_visible()

    page.goto(f"/?profile={player}")
    page.locator("#your-data").get_by_role("button", name="Delete my account").click()
    dialog = page.get_by_role("dialog", name="Delete your account?")
    expect(dialog.get_by_label("Password of Quentin_P")).to_be_focused()
    dialog.get_by_label("Password of Quentin_P").fill("not my password")
    dialog.get_by_role("button", name="Delete for good").click()
    expect(dialog.locator("#delete-error")).to_have_text("Wrong username or password.")
    shot(page, "delete-dialog-refused")
    dialog.get_by_label("Password of Quentin_P").fill(PASSWORD)
    dialog.get_by_role("button", name="Delete for good").click()
    expect(dialog).to_have_count(0)
    expect(page.get_by_text("Your account is deleted. You play on as a new guest.")).to_be_visible()
    expect(page.locator("#claim-account")).to_be_visible()  # a new guest, no account
    expect(page.locator("#nickname")).not_to_have_text("Quentin Privé")
    shot(page, "deleted-new-guest")

    expect(watcher.get_by_text("deleted player").first).to_be_visible()
    shot(watcher, "table-after-deletion")
    # Shown nowhere on the page (the screen reader's last announcement, made before, aside).
    expect(watcher.locator("#app").get_by_text("Quentin Privé")).to_have_count(0)


def session_player(page: Page) -> str:
    """The id of the player this page plays as."""
    stored = page.evaluate("localStorage.getItem('rummyhall.player')")
    return str(json.loads(stored)["id"])


def test_the_privacy_page_says_what_is_kept_in_both_languages(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page()
    page.goto("/?privacy")
    expect(
        page.get_by_role("heading", name="Privacy: what we keep, and for how long")
    ).to_be_visible()
    expect(page.locator(".privacy-kept")).to_contain_text("30 days.")
    expect(page.locator(".privacy-kept")).to_contain_text("90 days after it ended")
    expect(
        page.get_by_text("Other people's chat lines in the same rooms are theirs")
    ).to_be_visible()
    shot(page, "privacy-en")
    page.click("[data-lang='zh']")
    expect(page.get_by_role("heading", name="隐私：我们保存什么、保存多久")).to_be_visible()
    expect(page.locator(".privacy-kept")).to_contain_text("30 天。")
    shot(page, "privacy-zh")
