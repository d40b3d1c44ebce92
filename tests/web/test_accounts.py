"""Accounts in the browser: a guest creates an account in the lobby's dialog (a
guessable password refused in words), signs in on a phone and resumes his running
game there, then signs out everywhere; a nickname holding markup shows as text; the
Chinese dialog says a wrong password in Chinese."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.web.conftest import PHONE
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
    laptop.goto("/")  # the laptop's token is refused too: it plays on as a new guest
    expect(laptop.locator("#claim-account")).to_be_visible()
    expect(laptop.locator("#nickname")).not_to_have_text("<script>x</script>")
    shot(laptop, "signed-out-everywhere")


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
