"""Accounts in the browser: a guest creates an account in the lobby's dialog (a
guessable password refused in words), signs in on a phone and resumes his running
game there, then signs out everywhere; a nickname holding markup shows as text; the
Chinese dialog says a wrong password in Chinese."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import DESKTOP, PHONE
from tests.web.play import session

PASSWORD = "maple harbor quietly 7"


def create_account(page: Page, username: str) -> None:
    page.click("#claim-account")
    dialog = page.get_by_role("dialog", name="Create an account")
    expect(dialog.get_by_label("Username")).to_be_focused()
    dialog.get_by_label("Username").fill(username)
    dialog.get_by_label("Password").fill(PASSWORD)
    dialog.get_by_role("button", name="Create account").click()
    expect(dialog).to_have_count(0)


def test_an_account_follows_its_player_to_the_phone(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    laptop = new_page()
    laptop.goto("/")
    expect(laptop.locator("#claim-account")).to_be_visible()
    # A nickname with markup is shown as text, never run.
    laptop.click("#rename")
    laptop.get_by_label("Your nickname").fill("<script>x</script>")
    laptop.get_by_role("button", name="Save").click()
    expect(laptop.locator("#nickname")).to_have_text("<script>x</script>")
    laptop.click("#claim-account")
    dialog = laptop.get_by_role("dialog", name="Create an account")
    dialog.get_by_label("Username").fill("Ana_Web")
    dialog.get_by_label("Password").fill("password123")
    dialog.get_by_role("button", name="Create account").click()
    expect(dialog.locator("#account-error")).to_have_text(
        "That password is too easy to guess: add words or characters."
    )
    expect(dialog.get_by_label("Password")).to_have_attribute("aria-invalid", "true")
    shot(laptop, "weak-password")
    dialog.get_by_label("Password").fill(PASSWORD)
    dialog.get_by_role("button", name="Create account").click()
    expect(dialog).to_have_count(0)
    expect(laptop.locator("#account-name")).to_have_text("Signed in as Ana_Web")
    shot(laptop, "signed-in")
    laptop.click("[data-play='gin']")  # a game against the computer, left running
    expect(laptop.locator(".felt")).to_be_visible()
    code = session(laptop)["room"]["code"]

    phone = new_page(PHONE)
    phone.goto("/")
    phone.click("#sign-in")
    dialog = phone.get_by_role("dialog", name="Sign in")
    dialog.get_by_label("Username").fill("ana_web")
    dialog.get_by_label("Password").fill("not the password")
    dialog.get_by_role("button", name="Sign in").click()
    expect(dialog.locator("#account-error")).to_have_text("Wrong username or password.")
    dialog.get_by_label("Password").fill(PASSWORD)
    dialog.get_by_role("button", name="Sign in").click()
    expect(phone.locator("#account-name")).to_have_text("Signed in as Ana_Web")
    expect(phone.locator("#nickname")).to_have_text("<script>x</script>")
    games = phone.locator("#your-games li", has=phone.locator(f"a[href='/?room={code}']"))
    expect(games).to_be_visible()
    shot(phone, "signed-in-phone")
    games.get_by_role("link", name="Resume").click()
    expect(phone.locator(".felt")).to_be_visible()
    assert session(phone)["you"] == session(laptop)["you"]
    shot(phone, "resumed-on-phone")

    phone.click(".topnav a[href='/']")
    phone.click("#sign-out-everywhere")
    expect(phone.locator("#claim-account")).to_be_visible()
    expect(phone.locator(f"#your-games a[href='/?room={code}']")).to_have_count(0)
    # The laptop's token is refused too: it is told so, never silently made a new guest.
    guests: list[str] = []
    laptop.on("request", lambda r: guests.append(r.url) if r.url.endswith("/api/players") else None)
    laptop.goto(f"/?room={code}")
    notice = laptop.locator("#signed-out")
    expect(notice.get_by_role("heading")).to_have_text("You were signed out")
    expect(notice).to_contain_text("Ana_Web was signed out on this device")
    shot(laptop, "signed-out-table")
    notice.get_by_role("link", name="Sign in").click()
    panel = laptop.locator("#signed-out")
    expect(panel).to_contain_text("Sign in again to get your games back")
    expect(laptop.locator("#claim-account")).to_have_count(0)
    shot(laptop, "signed-out-everywhere")
    laptop.reload()  # still said after a reload
    panel.get_by_role("button", name="Sign in").click()
    dialog = laptop.get_by_role("dialog", name="Sign in")
    expect(dialog.get_by_label("Username")).to_have_value("Ana_Web")
    expect(dialog.get_by_label("Password")).to_be_focused()
    dialog.get_by_label("Password").fill(PASSWORD)
    dialog.get_by_role("button", name="Sign in").click()
    expect(laptop.locator("#account-name")).to_have_text("Signed in as Ana_Web")
    expect(laptop.locator("#nickname")).to_have_text("<script>x</script>")
    expect(laptop.locator("#signed-out")).to_have_count(0)
    assert guests == []


def test_the_chinese_sign_in_says_a_wrong_password_in_chinese(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page(PHONE)
    page.add_init_script("localStorage.setItem('rummyhall.locale', 'zh');")
    page.goto("/")
    expect(page.locator("#claim-account")).to_have_text("创建账号")
    page.click("#sign-in")
    dialog = page.get_by_role("dialog", name="登录")
    dialog.get_by_label("用户名").fill("nobody_here")
    dialog.get_by_label("密码").fill("not the password")
    dialog.get_by_role("button", name="登录").click()
    expect(dialog.locator("#account-error")).to_have_text("用户名或密码错误。")
    shot(page, "wrong-password-zh")


def test_after_signing_out_elsewhere_one_may_play_on_as_a_new_guest(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    laptop = new_page(PHONE)
    laptop.add_init_script("localStorage.setItem('rummyhall.locale', 'zh');")
    laptop.goto("/")
    laptop.click("#claim-account")
    dialog = laptop.get_by_role("dialog", name="创建账号")
    dialog.get_by_label("用户名").fill("Bo_Guest")
    dialog.get_by_label("密码").fill(PASSWORD)
    dialog.get_by_role("button", name="创建").click()
    expect(laptop.locator("#account-name")).to_contain_text("Bo_Guest")
    laptop.evaluate(
        """async () => fetch("/api/sign-ins", { method: "DELETE", headers: {
             Authorization: `Bearer ${localStorage.getItem("rummyhall.token")}` } })"""
    )
    laptop.reload()
    panel = laptop.locator("#signed-out")
    expect(panel).to_contain_text("账号 Bo_Guest 已在此设备上退出登录")
    shot(laptop, "signed-out-zh")
    panel.get_by_role("button", name="作为新游客继续").click()
    expect(laptop.locator("#claim-account")).to_be_visible()
    expect(laptop.locator("#nickname")).to_have_text(re.compile(r"^玩家\d{4}$"))
    expect(laptop.locator("#signed-out")).to_have_count(0)


@pytest.mark.parametrize(("viewport", "locale"), [(DESKTOP, "en"), (PHONE, "zh")])
def test_claiming_asks_the_nickname_and_keeps_an_emoji_name_whole(
    new_page: Callable[..., Page],
    shot: Callable[[Page, str], Path],
    viewport: dict[str, int],
    locale: str,
) -> None:
    words = {
        "en": ("Create an account", "Username", "Nickname", "Password", "Create account"),
        "zh": ("创建账号", "用户名", "昵称", "密码", "创建"),
    }[locale]
    title, username_label, nickname_label, password_label, save = words
    page = new_page(viewport)
    page.add_init_script(f"localStorage.setItem('rummyhall.locale', '{locale}');")
    page.goto("/")
    expect(page.locator("#nickname")).to_have_text(re.compile(r"^(Guest|玩家)\d{4}$"))
    page.click("#claim-account")
    dialog = page.get_by_role("dialog", name=title)
    dialog.get_by_label(username_label).fill(f"Mei_{locale}")
    nickname = dialog.get_by_label(nickname_label, exact=True)
    expect(nickname).to_have_value(f"Mei_{locale}")  # his given name would not stay
    dialog.get_by_label(password_label).fill(PASSWORD)
    nickname.fill("M" * 40)
    dialog.get_by_role("button", name=save, exact=True).click()
    expect(dialog.locator("#account-error")).to_contain_text("40")
    expect(nickname).to_have_attribute("aria-invalid", "true")
    expect(nickname).to_have_value("M" * 40)  # nothing cut behind his back
    shot(page, f"claim-too-long-{locale}")
    family = "Mei 👨‍👩‍👧 " + "★" * 18  # 24 characters, 28 code points
    nickname.fill(f"  {family}  ")
    dialog.get_by_role("button", name=save, exact=True).click()
    expect(dialog).to_have_count(0)
    expect(page.locator("#nickname")).to_have_text(family)
    expect(page.locator("#account-name")).to_contain_text(f"Mei_{locale}")
    shot(page, f"claimed-{locale}")
    # The rename dialog counts the same way and cuts nothing either.
    page.click("#rename")
    field = page.locator("#rename-input")
    field.fill("Ω" * 40)
    expect(field).to_have_value("Ω" * 40)
    field.press("Enter")
    expect(page.locator("#rename-error")).to_contain_text("40")
    field.fill("  A   B  ")
    field.press("Enter")
    expect(page.locator("#nickname")).to_have_text("A B")
    expect(page.locator(".toast").last).to_contain_text(
        "extra spaces removed" if locale == "en" else "已去掉多余的空格"
    )
