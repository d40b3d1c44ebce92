"""The flow of a match between its parts, in the browser: the next deal waits behind
the result until the player closes it, and the result is drawn with its own deal."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.web.conftest import PHONE
from tests.web.play import after, legal, quick_play, select_card, session, wait_ready
from tests.web.policy import indian_choice

POOL = {"game": "indian", "options": {"players": 2, "format": "pool101"}}
"""Two players to 101 points: deal after deal."""


def create_room(page: Page, request: dict[str, Any], bots: list[str | None]) -> str:
    """From the lobby, a room opened through the API (as quick play does) that its host
    starts as soon as every seat is filled; its code."""
    page.goto("/")
    page.wait_for_selector("[data-play]")
    return str(
        page.evaluate(
            """async ([request, bots]) => {
              const answer = await fetch("/api/rooms", { method: "POST", headers: {
                "Content-Type": "application/json",
                Authorization: `Bearer ${localStorage.getItem("rummyhall.token")}` },
                body: JSON.stringify({ ...request, public: false, host_seat: 0, bots }) });
              sessionStorage.setItem("rummyhall.autostart", "1");
              return (await answer.json()).code;
            }""",
            [request, bots],
        )
    )


def open_room(page: Page, request: dict[str, Any]) -> dict[str, Any]:
    """A room against the medium bot, started; the session once the player may act."""
    code = create_room(page, request, [None, "medium"])
    page.goto(f"/?room={code}")
    page.wait_for_selector(".felt")
    return wait_ready(page)


def drop_first_deal(page: Page) -> dict[str, Any]:
    """Drop out of the first deal at one's first turn (the quickest end of a deal); the
    session with its result on screen."""
    page.click("[data-action=drop]")
    page.click("[data-action=drop]")  # the second click confirms
    page.wait_for_selector("#result")
    return session(page)


def test_the_next_deal_waits_until_the_result_is_closed(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page()
    open_room(page, POOL)
    ended = drop_first_deal(page)
    page.wait_for_function("() => window.rummyhall.session.room.pause !== null")
    shot(page, "result-holds-the-next-deal")
    now = session(page)
    assert now["room"]["pause"] == {"waiting": [0], "seconds": None}
    assert now["state"]["turn"] == ended["state"]["turn"]  # nobody played behind it

    page.click("#result-close")
    page.wait_for_function("() => window.rummyhall.session.room.pause === null")
    expect(page.locator("#result")).to_have_count(0)
    state = wait_ready(page)["state"]
    assert state["view"]["match"]["number"] == 2
    shot(page, "next-deal")


def test_friends_see_who_the_next_deal_waits_for_and_its_countdown(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    host, friend = new_page(), new_page()
    code = create_room(host, POOL, [None, None])
    host.goto(f"/?room={code}")
    friend.goto(f"/?room={code}")
    for page in (host, friend):
        page.wait_for_function("() => Boolean(window.rummyhall?.session?.state)")
    mover = host if session(host)["state"]["current_player"] == 0 else friend
    waiter = friend if mover is host else host
    wait_ready(mover)
    drop_first_deal(mover)
    waiter.wait_for_selector("#result")
    mover.click("#result-close")  # closed: the table says whom it waits for
    waiting_name = session(waiter)["room"]["seats"][session(waiter)["you"]]["player"]["nickname"]
    expect(mover.locator("#pause-table")).to_contain_text(f"Waiting for {waiting_name}")
    expect(mover.locator("#pause-table")).to_contain_text("The next one starts in")
    expect(waiter.locator("#pause-dialog")).to_contain_text("The next one starts in")
    shot(mover, "closed-waits-for-friend")
    shot(waiter, "countdown-in-dialog")
    waiter.click("#result-close")
    for page in (host, friend):
        page.wait_for_function("() => window.rummyhall.session.room.pause === null")
        expect(page.locator("#pause-table")).to_have_count(0)


def play_until_result(page: Page) -> dict[str, Any]:
    """Play the deal out (declare when the hand allows, else draw from the stock and
    throw the card that leaves the least penalty) until someone declares; the session
    with its result on screen."""
    current = wait_ready(page)
    while not current["result"]:
        state = current["state"]
        choice = indian_choice(state["view"], legal(state))
        if choice["type"] == "draw":
            page.click("#stock")
        else:
            select_card(page, choice.get("card") or choice["discard"])
            page.click(f"[data-action={choice['type']}]")
        after(page, state["turn"])
        current = wait_ready(page)
    return current


def test_the_result_marks_the_jokers_of_its_own_deal(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page()
    open_room(page, POOL)
    current = play_until_result(page)
    result, view = current["result"]["event"], current["state"]["view"]
    assert result["outcome"] == "declared"
    assert view["wild_rank"] != result["wild_rank"]  # the next deal's jokers differ
    names = "(cards) => cards.map((c) => c.dataset.card)"
    shown = page.locator("#result .card").evaluate_all(names)
    starred = page.locator("#result .card:has(.wild-mark)").evaluate_all(names)
    wild = [card for card in shown if card == "JK" or card[0] == result["wild_rank"]]
    assert starred == wild
    assert any(card[0] in (result["wild_rank"], view["wild_rank"]) for card in shown)
    lines = """(cells) => cells.map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size;
    })"""
    assert set(page.locator("#result td.seat-name").evaluate_all(lines)) == {1}  # names on one line
    shot(page, "own-jokers")


TWINS = """async (step) => {
  const { Hand, renderHand } = await import("/js/hand.js");
  const w = window;
  if (step === "deal") {
    sessionStorage.clear();
    w.twinHand = new Hand("rummyhall.hand.twins");
    w.twinHand.sync(["AS", "2H", "AS", "7D"]);
  } else w.twinHand.sync(step);
  const draw = () => document.querySelector("#twins").replaceChildren(
    renderHand(w.twinHand, { onChange: draw }));
  if (!document.querySelector("#twins")) {
    const box = document.createElement("div");
    box.id = "twins";
    document.querySelector("main").replaceChildren(box);
  }
  draw();
}"""
"""A hand on the page (the table's own module and element), dealt, then given the
cards a state message would bring."""


def test_the_twin_of_a_thrown_card_is_not_selected(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page()
    page.goto("/")
    page.wait_for_selector("[data-play]")
    page.evaluate(TWINS, "deal")
    keys = page.locator("#twins .card").evaluate_all("(cards) => cards.map((c) => c.dataset.key)")
    assert keys == ["AS#0", "2H#0", "AS#1", "7D#0"]
    page.click("#twins .card[data-key='AS#0']")  # the first ace of spades is thrown
    expect(page.locator("#twins .card.selected")).to_have_count(1)
    page.evaluate(TWINS, ["AS", "2H", "7D"])
    expect(page.locator("#twins .card.selected")).to_have_count(0)
    keys = page.locator("#twins .card").evaluate_all("(cards) => cards.map((c) => c.dataset.key)")
    assert keys == ["2H#0", "AS#1", "7D#0"]  # the ace kept is the one that was not thrown
    page.evaluate(TWINS, ["AS", "2H", "7D", "AS"])  # another one drawn: a new physical card
    keys = page.locator("#twins .card").evaluate_all("(cards) => cards.map((c) => c.dataset.key)")
    assert keys == ["2H#0", "AS#1", "7D#0", "AS#0"]
    expect(page.locator("#twins .card.fresh")).to_have_count(1)
    shot(page, "twins")


def test_a_declared_hand_shows_the_declared_melds(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    """A Points deal (one deal: the match ends with it) declared by the player, who never
    arranged his cards: the table then shows the declaration, not "Not a meld"."""
    page = new_page()
    current = quick_play(page, "indian")
    while True:
        state = current["state"]
        choice = indian_choice(state["view"], legal(state))
        select = choice.get("card") or choice.get("discard")
        if choice["type"] == "draw":
            page.click("#stock")
        else:
            select_card(page, select)
            page.click(f"[data-action={choice['type']}]")
        after(page, state["turn"])
        current = wait_ready(page)
        if choice["type"] == "declare":
            break
    result = current["result"]["event"]
    assert result["outcome"] == "declared" and result["winners"] == [0]
    page.click("#result-close")
    labels = page.locator(".my-area .group-label").all_inner_texts()
    kinds = {"pure": "Pure sequence", "impure": "Impure sequence", "set": "Set"}
    assert labels == [kinds[meld["kind"]] for meld in result["declaration"]]
    shot(page, "declared-hand")

    # Play again: the new match's hand is a new hand, none of its cards "just drawn".
    first = session(page)["room"]["match"]["id"]
    page.click("#rematch")
    page.wait_for_function(
        f"() => window.rummyhall.session.room.match.id !== {first!r}"
        " && !window.rummyhall.session.state.over"
    )
    expect(page.locator(".my-area .card")).to_have_count(13)
    expect(page.locator(".my-area .card.fresh")).to_have_count(0)
    shot(page, "play-again")


def test_indian_sets_are_not_styled_as_rummikub_sets(new_page: Callable[..., Page]) -> None:
    page = new_page()
    page.goto("/")
    page.wait_for_selector("[data-play]")
    looks = page.evaluate(
        """() => {
          const look = (html) => {
            const box = document.createElement("div");
            box.innerHTML = html;
            document.querySelector("main").append(box);
            const el = box.querySelector(".probe");
            const { cursor, borderTopStyle, paddingTop } = getComputedStyle(el);
            return [cursor, borderTopStyle, paddingTop];
          };
          return {
            indian: look('<div class="hand-group set probe"></div>'),
            label: look('<div class="group-label set probe"></div>'),
            result: look('<div class="meld set probe"></div>'),
            plain: look('<div class="hand-group probe"></div>'),
            rummikub: look('<div class="rkb-table"><div class="set probe"></div></div>'),
          };
        }"""
    )
    assert looks["indian"] == looks["plain"]
    assert looks["label"][0] != "pointer" and looks["result"][1] == "none"
    assert looks["rummikub"][:2] == ["pointer", "solid"]  # Rummikub's sets keep their look


def test_best_melds_groups_every_set(new_page: Callable[..., Page]) -> None:
    """With one life only, the solver counts sets as deadwood (IND-10); "Best melds"
    still groups them."""
    page = new_page()
    page.goto("/")
    page.wait_for_selector("[data-play]")
    arranged = page.evaluate(
        """async () => {
          const { withSets } = await import("/js/cardtable.js");
          return withSets({ melds: [{ kind: "pure", cards: ["AH", "2H", "3H"] }],
            deadwood: ["4D", "5S", "8C", "9H", "9D", "9C", "QC", "KS", "KD", "KC"],
            points: 80, tier: "pure only" }, "7");
        }"""
    )
    assert [meld["cards"] for meld in arranged["melds"]] == [
        ["AH", "2H", "3H"],
        ["9H", "9D", "9C"],
        ["KS", "KD", "KC"],
    ]
    assert arranged["deadwood"] == ["4D", "5S", "8C", "QC"] and arranged["points"] == 80


def test_the_taken_gin_upcard_leaves_the_table(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page()
    current = quick_play(page, "gin")
    view = current["state"]["view"]
    upcard = view["first_upcard"]
    # On top of the discard pile: drawn there, not a second time beside it.
    expect(page.locator("#discard .card.top")).to_have_attribute("data-card", upcard)
    expect(page.locator("#upcard .card svg")).to_have_count(0)
    expect(page.locator("#upcard .pile-label")).to_contain_text("on the discard pile")
    if {"type": "draw", "source": "discard"} in legal(current["state"]):
        page.click("[data-action=draw-discard]")
    page.wait_for_function(
        f"() => !window.rummyhall.session.state.view.discard_pile.includes({upcard!r})"
    )
    expect(page.locator("#upcard .card svg")).to_have_count(0)
    expect(page.locator("#upcard .pile-label")).to_contain_text("taken")
    shot(page, "upcard-taken")


def test_one_point_is_singular(new_page: Callable[..., Page]) -> None:
    page = new_page()
    page.goto("/")
    page.wait_for_selector("[data-play]")
    said = page.evaluate(
        """async () => {
          const { t } = await import("/js/i18n.js");
          return [1, 2, 0].map((n) => t("result.points", { n }))
            .concat([t("hand.penalty", { n: 1 })]);
        }"""
    )
    assert said == ["1 point", "2 points", "0 points", "Your groups: 1 point"]


def test_a_replay_names_the_players(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page()
    quick_play(page, "indian")  # Points: one deal, the match ends with it
    drop_first_deal(page)
    page.click("#result-close")
    name = session(page)["room"]["seats"][0]["player"]["nickname"]
    page.click("a[href*='replay=']")
    page.wait_for_selector("#replay-controls")
    expect(page.locator(".my-head strong")).to_have_attribute("title", name)
    expect(page.locator(".my-head strong .name-suffix")).to_have_text("(you)")
    expect(page.locator("select option").nth(1)).to_have_text(name)
    expect(page.locator("main")).not_to_contain_text("Seat 1")
    expect(page.locator(".my-area .tip")).to_have_count(0)  # nothing to drag in a replay
    shot(page, "replay")


def test_open_rooms_tell_apart_two_rooms_of_one_host(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page()
    page.goto("/")
    page.wait_for_selector("[data-play]")
    name = page.evaluate("JSON.parse(localStorage.getItem('rummyhall.player')).nickname")
    page.evaluate(
        """async () => {
          for (const [mode, level] of [["standard", "easy"], ["oklahoma", "hard"]]) {
            await fetch("/api/rooms", { method: "POST", headers: {
              "Content-Type": "application/json",
              Authorization: `Bearer ${localStorage.getItem("rummyhall.token")}` },
              body: JSON.stringify({ game: "gin", options: { mode }, public: true,
                                     host_seat: 0, bots: [null, level] }) });
          }
        }"""
    )
    page.reload()
    rows = page.locator(".room-list li").filter(has_text=name)
    expect(rows).to_have_count(2)
    texts = rows.all_inner_texts()
    assert texts[0] != texts[1]
    assert any("Oklahoma" in text for text in texts)
    assert all(name in text and "Computer" in text for text in texts)
    shot(page, "open-rooms")


def test_on_the_phone_every_card_stays_inside_its_group(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page(PHONE)
    current = quick_play(page, "indian")
    page.click("#stock")
    after(page, current["state"]["turn"])
    expect(page.locator(".my-area .card")).to_have_count(14)
    outside = page.evaluate(
        """() => [...document.querySelectorAll(".my-area .hand-group:not(.new-group)")]
          .flatMap((group) => {
            const box = group.getBoundingClientRect();
            return [...group.querySelectorAll(".card")].filter((card) => {
              const r = card.getBoundingClientRect();
              return r.left < box.left - 0.5 || r.right > box.right + 0.5;
            }).map((card) => card.dataset.card);
          })"""
    )
    assert outside == []
    shot(page, "phone-14-cards")


def test_the_result_dialog_holds_the_focus_and_the_table_behind_is_inert(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    """The result is the browser's modal dialog: Tab and Shift+Tab go round inside it,
    the hand behind takes neither a click nor the focus, and a render of the table
    behind it neither opens it again nor moves its focus."""
    page = new_page()
    open_room(page, POOL)
    drop_first_deal(page)
    dialog = page.get_by_role("dialog", name="Deal over")
    expect(dialog).to_have_attribute("id", "result")
    expect(page.locator("#result-close")).to_be_focused()
    page.wait_for_function("() => window.rummyhall.session.room.pause !== null")
    inside = "document.activeElement.closest('#result') !== null"
    for key in ["Tab"] * 8 + ["Shift+Tab"] * 8:
        page.keyboard.press(key)
        assert page.evaluate(inside), f"{key} left the result dialog"

    card = page.locator(".hand .card").first
    box = card.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(page.locator(".hand .card.selected")).to_have_count(0)
    assert not card.evaluate("(node) => { node.focus(); return document.activeElement === node; }")
    assert page.evaluate(inside)

    page.keyboard.press("Shift+Tab")  # a control other than the first focus
    page.evaluate(
        "() => { window.shown = [document.getElementById('result'), document.activeElement]; }"
    )
    page.evaluate(
        """() => {
          const four = document.getElementById("four-colours");
          four.checked = !four.checked;
          four.dispatchEvent(new Event("change"));
        }"""
    )  # the table renders again behind the dialog
    page.wait_for_selector(".hand .card")
    same = """() => { const [dialog, focused] = window.shown;
      return dialog === document.getElementById("result") && dialog.open
        && focused === document.activeElement; }"""
    assert page.evaluate(same), "the render opened the dialog again or moved its focus"
    shot(page, "result-modal")

    page.keyboard.press("Escape")  # closing it says ready, as its button does
    expect(page.locator("#result")).to_have_count(0)
    page.wait_for_function("() => window.rummyhall.session.room.pause === null")
    assert wait_ready(page)["state"]["view"]["match"]["number"] == 2
