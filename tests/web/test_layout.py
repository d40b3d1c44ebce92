"""Every table fits its screen (issue 18, item 5; issue 40, items 2 and 3): for each game
and seat count, at 1280×800, 800×600, on a 390×844 phone and on a phone held sideways
(844×390), in English and Chinese, with a 24-character nickname and an emoji one at the
table: at one's turn the whole hand and the legal action buttons are inside the viewport
and nothing covers them, the page never scrolls sideways, the score sheet shows all its
columns and no number in it wraps. One server and one page serve every case; a table is
resized and its language switched rather than played again."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.server.harness import Client, Server, part_ended, play_until
from tests.web.conftest import PHONE, screenshot_dir
from tests.web.play import after, play_to_declaration, quick_play, select_card, wait_ready

LONG_NAME = "Bartholomew_Featherstone"
"""24 characters (the nickname limit) without a space to break at."""

EMOJI_NAME = "👨\u200d👩\u200d👧 Family"
"""A name with an emoji ZWJ sequence (one family, three people joined)."""

LAPTOP = {"width": 1280, "height": 800}
SCREENS = {
    "laptop": LAPTOP,
    "small": {"width": 800, "height": 600},
    "phone": {"width": 390, "height": 844},
    "sideways": {"width": 844, "height": 390},
}

TABLES = (
    [("gin", 2)] + [("indian", n) for n in range(2, 7)] + [("rummikub", n) for n in range(2, 5)]
)

WRAPPED = """const wrappedNumbers = (root) => {
  // A number on more than one line: its text's boxes stand at more than one height.
  const lines = (node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  };
  return [...root.querySelectorAll(".sheet td.num")].filter((cell) => {
    const number = cell.firstChild;
    return number && lines(number) > 1;
  }).map((cell) => cell.textContent);
};"""
"""The score sheets' numbers (each cell's first text) that take more than one line."""

FITS = (
    """(name) => {
"""
    + WRAPPED
    + """
  const inside = (box) => box.width > 0 && box.top >= 0 && box.bottom <= innerHeight
    && box.left >= 0 && box.right <= innerWidth;
  // In view and on top: the point at its centre belongs to it.
  const covering = (node) => {
    const box = node.getBoundingClientRect();
    if (!inside(box)) return "outside";
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit && node.contains(hit) ? null : `under ${hit?.outerHTML.slice(0, 80)}`;
  };
  const label = (node) => node.dataset.card || node.dataset.tile || node.textContent;
  const unseen = (nodes) => nodes.filter(covering).map((n) => `${label(n)}: ${covering(n)}`);
  const hand = [...document.querySelectorAll(".hand .card, #rack .tile")];
  const buttons = [...document.querySelectorAll("#actions button:not([disabled])")];
  const sheet = document.querySelector(".sheet-panel table");
  return {
    scrollWidth: document.scrollingElement.scrollWidth,
    innerWidth,
    hand: hand.length,
    hidden: unseen(hand),
    buttons: buttons.map(label),
    covered: unseen(buttons),
    hint: unseen([...document.querySelectorAll("#hint")]),
    sheetClipped: Boolean(sheet && sheet.scrollWidth > sheet.closest(".sheet-panel").clientWidth),
    wrapped: wrappedNumbers(document),
    cutNames: [...document.querySelectorAll(".sheet .name-text, .sheet-legend .name-text")]
      .filter((n) => n.scrollWidth > n.clientWidth + 1).map((n) => n.textContent),
    names: [...document.querySelectorAll("[data-name]")].filter((n) => n.dataset.name === name)
      .map((n) => ({ title: n.title, text: n.textContent })),
  };
}"""
)
"""What of the table lies outside the viewport or under something, and how the long
name is shown."""


SETTLED = """() => {
  const chrome = document.querySelector(".topbar").offsetHeight
    + document.getElementById("banner").offsetHeight;
  return getComputedStyle(document.documentElement).getPropertyValue("--chrome") === `${chrome}px`;
}"""
"""The page has measured the bars above the table for the screen's new size."""


@pytest.fixture(scope="module")
def page(browser: Browser, server: Server) -> Iterator[Page]:
    """One page for every table."""
    context = browser.new_context(viewport=LAPTOP, base_url=server.url)
    context.set_default_timeout(15_000)
    errors: list[str] = []
    shown = context.new_page()
    shown.on("pageerror", lambda error: errors.append(str(error)))
    yield shown
    context.close()
    assert not errors, f"script errors in the page: {errors}"


@pytest.fixture
def signed_up(page: Page, server: Server) -> dict[str, Any]:
    """A new long-named player (each test's own: a player hosts ten rooms at most), the
    page signed in as him; his registration, ``player`` and ``token``."""
    registration = dict(server.http().post("/api/players", json={"nickname": LONG_NAME}).json())
    page.goto("/?rules=gin")  # a page of the site that registers no guest
    page.evaluate(
        """([token, player]) => {
          localStorage.setItem("rummyhall.token", token);
          localStorage.setItem("rummyhall.player", JSON.stringify(player));
        }""",
        [registration["token"], registration["player"]],
    )
    return registration


def open_table(
    page: Page, server: Server, token: str, game: str, players: int, friend: Client | None = None
) -> dict[str, Any]:
    """A room of ``players`` seats (the long-named player, then ``friend`` if given, then
    medium bots), started, with a turn clock where the game has one; the page's session
    at its first turn (the friend plays his turns before it)."""
    options = {} if game == "gin" else {"players": players}
    others = players - 1 - (friend is not None)
    clock = {} if game == "rummikub" else {"clock": "60+120"}  # its line above the table
    room = server.create_room(
        token,
        game=game,
        options=options,
        bots=[None] * (players - others) + ["medium"] * others,
        **clock,
    )
    page.set_viewport_size(LAPTOP)
    page.goto(f"/?room={room['code']}")
    if friend is not None:
        friend.join(room["code"])
    page.click("#start:not([disabled])")
    if friend is not None:
        first = friend.wait("state")
        play_until({1: friend}, lambda state: state["current_player"] == 0, first["turn"])
    return wait_ready(page)


def check_fit(page: Page, where: str) -> dict[str, Any]:
    fit: dict[str, Any] = page.evaluate(FITS, LONG_NAME)
    assert fit["scrollWidth"] <= fit["innerWidth"], f"{where}: the page scrolls sideways {fit}"
    assert fit["hand"], f"{where}: no hand {fit}"
    assert not fit["hidden"], f"{where}: cards of the hand out of sight {fit}"
    assert fit["buttons"], f"{where}: no action button {fit}"
    assert not fit["covered"], f"{where}: action buttons out of sight {fit}"
    assert not fit["hint"], f"{where}: the hint out of sight {fit}"
    assert not fit["sheetClipped"], f"{where}: the score sheet is clipped {fit}"
    assert not fit["wrapped"], f"{where}: numbers of the score sheet wrap {fit}"
    assert not fit["cutNames"], f"{where}: names cut short in the score sheet {fit}"
    assert fit["names"], f"{where}: the long name is not shown with its full text {fit}"
    for shown in fit["names"]:
        assert shown["title"] == LONG_NAME, f"{where}: {shown}"
        assert LONG_NAME in shown["text"], f"{where}: {shown}"
    return fit


def switch_language(page: Page, language: str) -> None:
    """Show the table in ``language`` ("en" or "zh"), once its connection, reopened in
    that language, has brought the table back (a click before would be lost). Behind a
    dialog the language is set as its switch sets it."""
    lang = "zh-CN" if language == "zh" else "en"
    if page.evaluate("() => document.documentElement.lang") == lang:
        return
    page.evaluate("() => { window.shownState = window.rummyhall.session.state; }")
    if page.locator("dialog[open]").count():  # the page behind a dialog takes no click
        page.evaluate("async (l) => (await import('/js/i18n.js')).setLocale(l)", language)
    else:
        page.click(f"[data-lang={language}]")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    page.wait_for_function("() => window.rummyhall.session.state !== window.shownState")


def every_screen(page: Page, request: pytest.FixtureRequest, name: str, sorts: list[str]) -> None:
    """Check the table at every screen size, in both languages, its hand in each of
    ``sorts``; the screenshots of the last sort."""
    folder = screenshot_dir(request.config)
    folder.mkdir(parents=True, exist_ok=True)
    for language in ("en", "zh"):
        switch_language(page, language)
        for sort in sorts:
            page.click(f"[data-sort={sort}]")
            for screen, size in SCREENS.items():
                page.set_viewport_size(size)
                page.wait_for_function(SETTLED)
                where = f"{name}, {language}, sorted by {sort}, {screen}"
                shot = folder / f"layout-{name}-{screen}-{language}.png"
                try:
                    check_fit(page, where)
                except AssertionError:
                    page.screenshot(path=str(shot.with_stem(f"{shot.stem}-{sort}-unfit")))
                    raise
                if sort == sorts[-1]:
                    page.screenshot(path=str(shot))
    page.set_viewport_size(LAPTOP)
    switch_language(page, "en")


@pytest.mark.parametrize(("game", "players"), TABLES, ids=[f"{g}-{n}" for g, n in TABLES])
def test_the_table_fits_the_screen(
    page: Page,
    server: Server,
    signed_up: dict[str, Any],
    request: pytest.FixtureRequest,
    game: str,
    players: int,
) -> None:
    _, friend_token = server.register(EMOJI_NAME)
    friend = server.client(friend_token)
    try:
        current = open_table(page, server, signed_up["token"], game, players, friend)
        expect(page.locator(f"[data-name='{EMOJI_NAME}']").first).to_be_visible()
        if game == "rummikub":
            every_screen(page, request, f"{game}-{players}", ["rack"])
            # Item 21: a button that cannot be pressed looks it (no fill, dashed outline).
            submit = page.locator("[data-action=submit]")
            expect(submit).to_be_disabled()
            look = submit.evaluate(
                "(b) => [getComputedStyle(b).backgroundColor, getComputedStyle(b).borderStyle]"
            )
            assert look == ["rgba(0, 0, 0, 0)", "dashed"], look
            # Later in the round: a longer rack, and sets on the table.
            for _ in range(6):
                turn = wait_ready(page)["state"]["turn"]
                page.click("[data-action=draw]")
                play_until({1: friend}, lambda state: state["current_player"] == 0, turn + 1)
            wait_ready(page)
            every_screen(page, request, f"{game}-{players}-later", ["rack"])
            return
        # Drawing: then the hand is at its largest, a card selected to show its buttons.
        every_screen(page, request, f"{game}-{players}-draw", ["suit", "melds"])
        state = current["state"]
        draw = next(a for a in (e["action"] for e in state["legal"]) if a["type"] == "draw")
        page.click(f"[data-action=draw-{draw['source']}]")
        after(page, state["turn"])
        view = wait_ready(page)["state"]["view"]
        select_card(page, next(c for c in view["hand"] if c != view["taken_from_discard"]))
        expect(page.locator("[data-action=discard]")).to_be_visible()
        every_screen(page, request, f"{game}-{players}-discard", ["suit", "melds"])
    finally:
        friend.close()


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


DIALOG = """() => {
  const dialog = document.getElementById("result");
  const frame = dialog.getBoundingClientRect();
  const headline = dialog.querySelector(".headline").getBoundingClientRect();
  const wide = [...dialog.querySelectorAll(".card, td, th")]
    .filter((node) => node.getBoundingClientRect().right > frame.right + 0.5);
  return {
    scrollTop: dialog.scrollTop,
    headlineShown: headline.top >= frame.top && headline.bottom <= frame.bottom,
    overflow: dialog.scrollWidth - dialog.clientWidth,
    cutOff: wide.map((node) => node.dataset.card || node.textContent.slice(0, 20)),
  };
}"""
"""Whether the result dialog opens at its top and keeps its content within its width."""

ON_TOP = """(selector) => {
  const node = document.querySelector(selector);
  const box = node.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return node.contains(hit) ? null : (hit ? hit.outerHTML.slice(0, 80) : "nothing");
}"""
"""What covers the centre of ``selector`` (null when nothing does)."""


def test_a_declared_deal_on_the_phone(
    page: Page, signed_up: dict[str, Any], request: pytest.FixtureRequest
) -> None:
    """Issue 40, items 4 and 5: on a phone the result dialog opens at its top (the
    headline in view) and its losers' arrangements wrap to its width; on the finished
    table "Play again", the replay and the lobby take their clicks, on the phone and on
    a laptop."""
    folder = screenshot_dir(request.config)
    page.set_viewport_size(PHONE)
    choice, _ = play_to_declaration(page, quick_play(page, "indian"))
    select_card(page, choice["discard"])
    page.click("[data-action=declare]")
    expect(page.locator("#result .headline")).to_be_visible()
    page.screenshot(path=str(folder / "result-phone.png"))
    shown = page.evaluate(DIALOG)
    assert shown["scrollTop"] == 0 and shown["headlineShown"], shown
    assert shown["overflow"] <= 0 and not shown["cutOff"], shown
    page.click("#result-close")
    for size in (PHONE, LAPTOP):
        page.set_viewport_size(size)
        page.wait_for_function(SETTLED)
        for way in ("#rematch", ".finished-bar a[href*=replay]", ".finished-bar a[href='/']"):
            assert page.evaluate(ON_TOP, way) is None, f"{way} is covered at {size}"
        page.screenshot(path=str(folder / f"finished-{size['width']}.png"))
    page.click("#rematch")
    expect(page.locator("#rematch")).to_have_count(0)


SHEETS = (
    """() => {
"""
    + WRAPPED
    + """
  const panels = [...document.querySelectorAll(".sheet-panel")].filter((p) => p.offsetParent);
  return panels.map((panel) => ({
    wrapped: wrappedNumbers(panel),
    clipped: panel.querySelector("table").scrollWidth > panel.clientWidth,
    numbers: [...panel.querySelectorAll("thead th.sheet-seat")].map((th) => th.textContent),
    legend: [...panel.querySelectorAll(".sheet-legend .name")].map((n) => n.textContent),
    cut: [...panel.querySelectorAll(".sheet-legend .name-text")]
      .filter((n) => n.scrollWidth > n.clientWidth + 1).map((n) => n.textContent),
  }));
}"""
)
"""Each score sheet on screen: wrapped numbers, clipped columns, its numbered columns
and the legend naming them (names cut short)."""


def test_a_six_player_sheet_keeps_numbers_whole_and_names_known(
    page: Page, server: Server, signed_up: dict[str, Any], request: pytest.FixtureRequest
) -> None:
    """Issue 40, item 3: after a deal of a six-player Pool 101 game, no number of the
    score sheets (beside the table and in the result) wraps at any screen size, in
    either language; the columns are numbered and a legend names every number in full."""
    _, friend_token = server.register(EMOJI_NAME)
    friend = server.client(friend_token)
    folder = screenshot_dir(request.config)
    try:
        room = server.create_room(
            signed_up["token"],
            game="indian",
            options={"players": 6, "format": "pool101"},
            bots=[None, None] + ["medium"] * 4,
        )
        page.set_viewport_size(LAPTOP)
        page.goto(f"/?room={room['code']}")
        friend.join(room["code"])
        page.click("#start:not([disabled])")
        first = friend.wait("state")
        play_until({1: friend}, lambda state: state["current_player"] == 0, first["turn"])
        mine = wait_ready(page)["state"]["turn"]
        page.click("[data-action=drop]")
        page.click("[data-action=drop].armed")  # the second click confirms the drop
        # Item 21: the Moves panel keeps the whole hand, not one round of six seats.
        play_until({1: friend}, lambda state: state["turn"] >= mine + 16, mine + 1)
        page.wait_for_function(f"() => window.rummyhall.session.state.turn >= {mine + 16}")
        shown, logged = page.evaluate(
            """() => [document.querySelectorAll("#moves li").length,
              window.rummyhall.session.state.view.moves.filter((m) => m.seat != null).length]"""
        )  # one instant: the bots play on
        assert shown == logged > 12, (shown, logged)
        play_until({1: friend}, lambda state: part_ended(state) or state["over"], mine + 16)
        expect(page.locator("#result #score-sheet tbody tr")).to_have_count(2)  # deal 1, total
        names = [LONG_NAME, EMOJI_NAME] + [f"Computer {n} · Medium" for n in range(3, 7)]
        for language in ("en", "zh"):
            switch_language(page, language)
            for screen, size in SCREENS.items():
                page.set_viewport_size(size)
                page.wait_for_function(SETTLED)
                sheets = page.evaluate(SHEETS)
                where = f"{language}, {screen}: {sheets}"
                assert len(sheets) == 2, where  # beside the table, and in the result
                for sheet in sheets:
                    assert not sheet["wrapped"] and not sheet["clipped"], where
                    assert sheet["numbers"] == ["1", "2", "3", "4", "5", "6"], where
                    assert not sheet["cut"], where
                    if language == "en":
                        assert [n.removesuffix("(you)") for n in sheet["legend"]] == names, where
                result = page.evaluate(DIALOG)  # the losers' arrangements within its width
                assert result["overflow"] <= 0 and not result["cutOff"], f"{where}: {result}"
                page.screenshot(path=str(folder / f"sheet-6-{screen}-{language}.png"))
        page.set_viewport_size(LAPTOP)
        switch_language(page, "en")
    finally:
        friend.close()


def test_the_hint_stays_in_view_across_a_language_switch(
    page: Page, server: Server, signed_up: dict[str, Any], request: pytest.FixtureRequest
) -> None:
    """Issue 40, item 21: the hint box shows below the hand with the hand and the buttons
    still in view at every screen size, and a language switch (the connection reopened)
    keeps it, in the new language."""
    folder = screenshot_dir(request.config)
    _, friend_token = server.register(EMOJI_NAME)
    friend = server.client(friend_token)
    try:
        open_table(page, server, signed_up["token"], "indian", 6, friend)
        page.click("[data-action=hint]")
        hint = page.locator("#hint")
        expect(hint).to_contain_text("Hint")
        for language, title in (("zh", "提示"), ("en", "Hint")):
            switch_language(page, language)
            expect(hint).to_contain_text(title)
            for screen, size in SCREENS.items():
                page.set_viewport_size(size)
                page.wait_for_function(SETTLED)
                check_fit(page, f"hint, {language}, {screen}")
                page.screenshot(path=str(folder / f"hint-{screen}-{language}.png"))
        page.set_viewport_size(LAPTOP)
    finally:
        friend.close()
