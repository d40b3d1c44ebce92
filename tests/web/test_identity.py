"""Who one is and how one gets back in: a rename in the lobby's dialog keeps the player
and his running game (the opponent sees the new name), "Your games" resumes it, quick
play seats the level chosen last; a started room's invite link offers watching or says
why not, and a room that cannot be loaded says so instead of a spinner."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect

from tests.server.harness import Client, Server
from tests.web.conftest import PHONE
from tests.web.play import invite_friend, session


def friends_game(new_page: Callable[..., Page]) -> tuple[Page, Page, str]:
    """A Gin room the host opens for a friend, who joins by the invite link; started."""
    host, friend, code = invite_friend(new_page)
    expect(host.locator("#start")).to_be_enabled()
    host.click("#start")
    for page in (host, friend):
        expect(page.locator(".felt")).to_be_visible()
    return host, friend, code


def test_rename_keeps_the_running_game(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    host, friend, code = friends_game(new_page)
    before = session(host)["room"]["seats"][0]["player"]
    host.bring_to_front()  # the page a person uses is the active one: focus checks need it
    host.click(".topnav a[href='/']")
    host.click("#rename")
    dialog = host.get_by_role("dialog", name="Change your name")
    expect(dialog).to_be_visible()
    field = dialog.get_by_label("Your nickname")
    expect(field).to_be_focused()
    field.fill("   ")
    field.press("Enter")
    expect(dialog.locator("#rename-error")).to_have_text("A nickname has 1 to 24 characters.")
    expect(field).to_have_attribute("aria-invalid", "true")
    shot(host, "dialog-error")
    for _ in range(4):  # Tab stays inside the dialog
        host.keyboard.press("Tab")
        assert host.evaluate("document.activeElement.closest('#rename-dialog') !== null")
    host.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(host.locator("#rename")).to_be_focused()
    expect(host.locator("#nickname")).to_have_text(before["nickname"])
    host.click("#rename")
    host.mouse.click(5, 400)  # beside the dialog, on its backdrop
    expect(dialog).to_have_count(0)
    expect(host.locator("#rename")).to_be_focused()

    host.click("#rename")
    host.get_by_label("Your nickname").fill("Ana the Bold")
    host.get_by_role("button", name="Save").click()
    expect(host.get_by_role("dialog")).to_have_count(0)
    expect(host.locator("#nickname")).to_have_text("Ana the Bold")
    expect(host.locator("#rename")).to_be_focused()
    expect(host.locator(".room-list .room-host", has_text="Ana the Bold").first).to_be_visible()
    opponent_box = friend.locator(".opponent[data-seat='0']")
    expect(opponent_box).to_contain_text("Ana the Bold")
    games = host.locator("#your-games li", has=host.locator(f"a[href='/?room={code}']"))
    expect(games).to_contain_text("Playing")
    shot(host, "your-games")
    games.get_by_role("link", name="Resume").click()
    expect(host.locator(".felt")).to_be_visible()
    mine = session(host)
    assert mine["you"] == 0 and mine["room"]["status"] == "playing"
    assert mine["room"]["seats"][0]["player"] == {**before, "nickname": "Ana the Bold"}
    expect(host.locator(".hand .card")).to_have_count(10)
    shot(host, "resumed")
    shot(friend, "opponent-sees-new-name")


def test_quick_play_seats_the_level_chosen_last(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page(PHONE)
    page.goto("/")
    expect(page.locator("#quick-level")).to_have_value("medium")
    page.select_option("#quick-level", "hard")
    page.reload()
    expect(page.locator("#quick-level")).to_have_value("hard")
    shot(page, "level")
    page.click("[data-play=gin]")
    expect(page.locator(".felt")).to_be_visible()
    assert session(page)["room"]["seats"][1]["bot"] == "hard"


@pytest.fixture
def started(server: Server) -> Iterator[Callable[..., str]]:
    """``started(spectators=…)``: the code of a Gin room a guest plays with a bot."""
    clients: list[Client] = []

    def open_room(spectators: bool) -> str:
        _, token = server.register("Ola")
        code = server.create_room(
            token, game="gin", spectators=spectators, bots=[None, "medium"], public=False
        )["code"]
        client = server.client(token)
        clients.append(client)
        client.join(code)
        client.send({"type": "start"})
        client.wait("state")
        return str(code)

    yield open_room
    for client in clients:
        client.close()


def test_invite_to_a_started_room_offers_watching(
    new_page: Callable[..., Page], started: Callable[..., str], shot: Callable[[Page, str], Path]
) -> None:
    code = started(spectators=True)
    page = new_page()
    page.goto(f"/?room={code}")
    entry = page.locator("#room-entry")
    expect(entry.get_by_role("heading")).to_have_text("This game has already started")
    expect(entry).to_contain_text("you can watch it")
    expect(entry.get_by_role("link", name="Lobby")).to_be_visible()
    shot(page, "started")
    entry.get_by_role("link", name="Watch").click()
    expect(page.locator(".felt")).to_be_visible()
    expect(page.locator(".badge", has_text="You are watching")).to_be_visible()


def test_invite_to_a_started_room_without_spectators_says_so(
    new_page: Callable[..., Page], started: Callable[..., str], shot: Callable[[Page, str], Path]
) -> None:
    code = started(spectators=False)
    page = new_page(PHONE)
    page.goto(f"/?room={code}")
    entry = page.locator("#room-entry")
    expect(entry.get_by_role("heading")).to_have_text("This game has already started")
    expect(entry).to_contain_text("does not allow spectators")
    expect(entry.get_by_role("link", name="Watch")).to_have_count(0)
    shot(page, "no-spectators")
    entry.get_by_role("link", name="Lobby").click()
    expect(page.locator("#create-room")).to_be_visible()


def test_unknown_code_and_failed_load_say_what_to_do(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page()
    page.goto("/")
    page.fill("input[name=code]", "ZZZZZZZZZZ")
    page.get_by_role("button", name="Join", exact=True).click()
    entry = page.locator("#room-entry")
    expect(entry).to_contain_text("Check the code or the link")
    expect(page.get_by_text("Loading…")).to_have_count(0)
    shot(page, "unknown-code")

    page.route("**/api/info", lambda route: route.fulfill(status=503, body="{}"))
    page.goto("/?room=ZZZZZZZZZZ")
    expect(entry.get_by_role("heading")).to_have_text("The room could not be loaded")
    expect(entry.get_by_role("button", name="Try again")).to_be_visible()
    shot(page, "load-failed")
    page.unroute("**/api/info")
    entry.get_by_role("button", name="Try again").click()
    expect(entry).to_contain_text("Check the code or the link")


def test_a_page_older_than_the_server_asks_to_be_reloaded(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    """A client speaking an old protocol version gets a clear "please reload"."""
    host = new_page()
    host.goto("/")
    host.click("[data-play='gin']")
    expect(host.locator(".felt")).to_be_visible()
    code = host.evaluate("window.rummyhall.session.code")
    old = new_page()
    old.add_init_script(
        """const send = WebSocket.prototype.send;
        WebSocket.prototype.send = function (data) {
          return send.call(this, data.replace('"protocol":3', '"protocol":2'));
        };"""
    )
    old.goto(f"/?room={code}&watch=1")
    entry = old.locator("#room-entry")
    expect(entry.get_by_role("heading")).to_have_text("rummyhall has been updated")
    expect(entry).to_contain_text("please reload")
    expect(entry.get_by_role("button", name="Reload the page")).to_be_visible()
    shot(old, "please-reload")


def test_a_code_typed_while_the_lobby_loads_is_kept(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    """The lobby draws itself again when /api/info arrives: what was typed stays."""
    page = new_page()
    held: list[Route] = []
    page.route("**/api/info", lambda route: held.append(route))
    page.goto("/", wait_until="domcontentloaded")
    page.fill("input[name=code]", "ZZZZZZZZZZ")
    while not held:
        page.wait_for_timeout(50)
    held[0].continue_()
    expect(page.locator("#create-room")).to_be_visible()
    expect(page.locator("input[name=code]")).to_have_value("ZZZZZZZZZZ")
    expect(page.locator("input[name=code]")).to_be_focused()
    shot(page, "code-kept")


def test_rename_dialog_and_notices_speak_chinese(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page(PHONE)
    page.goto("/")
    page.click("[data-lang=zh]")
    page.click("#rename")
    dialog = page.get_by_role("dialog", name="修改昵称")
    dialog.get_by_label("你的昵称").fill("小明")
    shot(page, "dialog")
    dialog.get_by_role("button", name="保存").click()
    expect(page.locator("#nickname")).to_have_text("小明")
    page.goto("/?room=ZZZZZZZZZZ")
    expect(page.locator("#room-entry")).to_contain_text("请检查房间号或链接")
    shot(page, "unknown-code")
