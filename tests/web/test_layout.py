"""Every table fits its screen (issue 18, item 5): for each game and seat count, at
1280×800 and on a 390×844 phone, with a 24-character nickname at the table, the page
never scrolls sideways, the score sheet shows all its columns and the legal action
buttons stay inside the viewport. One server and one page serve every case."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.server.harness import Server
from tests.web.conftest import PHONE, screenshot_dir
from tests.web.play import after, select_card, wait_ready

LONG_NAME = "Bartholomew_Featherstone"
"""24 characters (the nickname limit) without a space to break at."""

LAPTOP = {"width": 1280, "height": 800}

TABLES = (
    [("gin", 2)] + [("indian", n) for n in range(2, 7)] + [("rummikub", n) for n in range(2, 5)]
)

FITS = """(name) => {
  const inside = (node) => {
    const box = node.getBoundingClientRect();
    return box.width > 0 && box.top >= 0 && box.bottom <= innerHeight
      && box.left >= 0 && box.right <= innerWidth;
  };
  const buttons = [...document.querySelectorAll("#actions button:not([disabled])")];
  const sheet = document.querySelector(".sheet-panel table");
  return {
    scrollWidth: document.scrollingElement.scrollWidth,
    innerWidth,
    buttons: buttons.map((b) => b.textContent),
    outside: buttons.filter((b) => !inside(b)).map((b) => b.textContent),
    sheetClipped: Boolean(sheet && sheet.scrollWidth > sheet.closest(".sheet-panel").clientWidth),
    names: [...document.querySelectorAll("[data-name]")].filter((n) => n.dataset.name === name)
      .map((n) => ({ title: n.title, text: n.textContent })),
  };
}"""
"""What of the table lies outside the viewport, and how the long name is shown."""


@pytest.fixture(scope="module")
def signed_up(server: Server) -> dict[str, Any]:
    """The long-named player's registration: ``player`` and ``token``."""
    return dict(server.http().post("/api/players", json={"nickname": LONG_NAME}).json())


@pytest.fixture(scope="module")
def page(browser: Browser, server: Server, signed_up: dict[str, Any]) -> Iterator[Page]:
    """One page for every table, signed in as the long-named player."""
    context = browser.new_context(viewport=LAPTOP, base_url=server.url)
    context.set_default_timeout(15_000)
    errors: list[str] = []
    shown = context.new_page()
    shown.on("pageerror", lambda error: errors.append(str(error)))
    # Signed in before any page script runs (the lobby would register a guest).
    context.add_init_script(
        f"localStorage.setItem('rummyhall.token', {json.dumps(signed_up['token'])});"
        f"localStorage.setItem('rummyhall.player', {json.dumps(json.dumps(signed_up['player']))});"
    )
    yield shown
    context.close()
    assert not errors, f"script errors in the page: {errors}"


def open_table(page: Page, server: Server, token: str, game: str, players: int) -> dict[str, Any]:
    """A room of ``players`` seats (the long-named player and medium bots), started."""
    options = {} if game == "gin" else {"players": players}
    room = server.create_room(
        token,
        game=game,
        options=options,
        bots=[None] + ["medium"] * (players - 1),
    )
    page.set_viewport_size(LAPTOP)
    page.goto(f"/?room={room['code']}")
    page.wait_for_selector("#start:not([disabled]), .felt")
    if page.locator("#start").count():
        page.click("#start")
    page.wait_for_selector(".felt")
    return wait_ready(page)


@pytest.mark.parametrize(("game", "players"), TABLES, ids=[f"{g}-{n}" for g, n in TABLES])
def test_the_table_fits_the_screen(
    page: Page,
    server: Server,
    signed_up: dict[str, Any],
    request: pytest.FixtureRequest,
    game: str,
    players: int,
) -> None:
    open_table(page, server, signed_up["token"], game, players)
    sorter = page.locator("[data-sort=suit]")
    if sorter.count():  # the hand in one group per suit: the tallest it grows
        sorter.click()
    folder = screenshot_dir(request.config)
    folder.mkdir(parents=True, exist_ok=True)
    for viewport, size in (("laptop", LAPTOP), ("phone", PHONE)):
        page.set_viewport_size(size)
        page.wait_for_function("() => document.querySelector('#actions button')")
        page.screenshot(path=str(folder / f"layout-{game}-{players}-{viewport}.png"))
        fit = page.evaluate(FITS, LONG_NAME)
        where = f"{game} with {players} players, {viewport}"
        assert fit["scrollWidth"] <= fit["innerWidth"], f"{where}: the page scrolls sideways {fit}"
        assert fit["buttons"], f"{where}: no action button {fit}"
        assert not fit["outside"], f"{where}: action buttons outside the viewport {fit}"
        assert not fit["sheetClipped"], f"{where}: the score sheet is clipped {fit}"
        assert fit["names"], f"{where}: the long name is not shown with its full text {fit}"
        for shown in fit["names"]:
            assert shown["title"] == LONG_NAME, f"{where}: {shown}"
            assert LONG_NAME in shown["text"], f"{where}: {shown}"


def test_chips_sheet_and_result_keep_one_score_convention(
    page: Page, server: Server, signed_up: dict[str, Any], request: pytest.FixtureRequest
) -> None:
    """Issue 18, item 6: in a Pool 101 match the opponent who dropped shows 20 on his
    chip, on the sheet and in the result (penalty points, said in the sheet's header),
    never −20."""
    _, friend_token = server.register("Bo")
    room = server.create_room(
        signed_up["token"], game="indian", options={"players": 2, "format": "pool101"}
    )
    friend = server.client(friend_token)
    try:
        page.set_viewport_size(LAPTOP)
        page.goto(f"/?room={room['code']}")
        friend.join(room["code"])
        page.click("#start:not([disabled])")
        first = friend.wait("state")
        if first["current_player"] == 0:  # the page plays a turn before the friend drops
            wait_ready(page)
            page.click("#stock")
            after(page, first["turn"])
            select_card(page, wait_ready(page)["state"]["view"]["hand"][0])
            page.click("[data-action=discard]")
        dropping = friend.find("state", lambda m: m["current_player"] == 1)
        friend.act(dropping["turn"], {"type": "drop"})
        expect(page.locator("#result")).to_be_visible()
        expect(page.locator(".opponent[data-seat='1'] .score")).to_have_text("20")
        expect(page.locator(".my-area .score")).to_have_text("0")
        expect(page.locator(".opponent[data-seat='1'] .score")).to_have_attribute(
            "title", "Penalty points, lower is better"
        )
        sheet = page.locator(".side #score-sheet")
        expect(sheet.locator("#score-convention")).to_have_text("Penalty points, lower is better")
        expect(sheet.locator(".total td")).to_have_text(["Total", "0", "20"])
        expect(page.locator("#result #score-sheet .total td")).to_have_text(["Total", "0", "20"])
        expect(page.locator("#result tbody tr").nth(1).locator("td.num")).to_have_text("20")
        folder = screenshot_dir(request.config)
        page.screenshot(path=str(folder / "score-signs-result.png"))
        page.click("#result-close")
        page.screenshot(path=str(folder / "score-signs-table.png"))
    finally:
        friend.close()
