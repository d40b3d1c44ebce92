"""A Rummikub initial meld drafted in the browser (RKB-4): tiles moved from the rack to
new sets, an incomplete set outlined with its reason, the 30-point counter, undo, redo,
and one submitted `play`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from rummyhall.games import rummikub
from tests.server.harness import Server
from tests.web.conftest import PHONE
from tests.web.play import after, finished_rummikub_round, quick_play, signed_in_as, wait_ready

MATCH_SEED = 4
"""Seat 0 starts this deal and can open with R6-*-R8-R9 and O7-O8-O9."""


def place(page: Page, tiles: list[str]) -> None:
    for tile in tiles:
        page.click(f"#rack .tile[data-tile='{tile}']:not(.selected)")
    page.click("#new-set")


def test_rummikub_initial_meld_undo_redo_submit(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page()
    current = quick_play(page, "rummikub")
    state = current["state"]
    meld = rummikub.best_initial_meld(state["view"]["rack"])
    assert meld, "the seeded rack has an initial meld"
    submit = page.locator("[data-action=submit]")
    place(page, meld[0][:2])  # two tiles are no set yet
    expect(page.locator(".set.invalid .set-reason")).to_contain_text("3 tiles or more")
    expect(submit).to_be_disabled()
    shot(page, "invalid-set")
    page.click("[data-action=undo]")
    for tiles in meld:
        place(page, tiles)
    expect(page.locator("#meld-counter")).to_have_class("meld-counter ok")
    counted = page.locator("#meld-counter").inner_text()
    assert int(counted.split(":")[1].split("/")[0]) >= 30, counted
    expect(page.locator(".set.valid")).to_have_count(len(meld))
    expect(submit).to_be_enabled()
    shot(page, "meld-drafted")
    for _ in meld:
        page.click("[data-action=undo]")
    expect(page.locator(".set.valid")).to_have_count(0)
    expect(page.locator("#meld-counter")).to_have_text("Initial meld: 0 / 30")
    expect(submit).to_be_disabled()
    shot(page, "undone")
    for _ in meld:
        page.click("[data-action=redo]")
    expect(page.locator(".set.valid")).to_have_count(len(meld))
    page.set_viewport_size(PHONE)
    shot(page, "redone-phone")
    page.set_viewport_size({"width": 1280, "height": 860})
    submit.click()
    after(page, state["turn"])
    current = wait_ready(page)
    assert current["state"]["view"]["melded"][0]
    placed = sum(map(len, meld))
    assert len(current["state"]["view"]["rack"]) == len(state["view"]["rack"]) - placed
    expect(page.locator(".opponent .badge.melded, .my-head .badge.melded").first).to_be_visible()
    shot(page, "submitted")


def test_a_table_tile_dragged_to_the_rack_is_refused_with_the_rule(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    """RKB-5: no table tile returns to a rack; the page says so instead of doing
    nothing."""
    page = new_page()
    current = quick_play(page, "rummikub")
    state = current["state"]
    for tiles in rummikub.best_initial_meld(state["view"]["rack"]):
        place(page, tiles)
    page.click("[data-action=submit]")
    after(page, state["turn"])
    current = wait_ready(page)  # the bot has moved: the meld is now the table's
    rack = len(current["state"]["view"]["rack"])
    page.drag_and_drop("#rkb-table .set .tile >> nth=0", "#rack")
    expect(page.locator(".toast.error")).to_contain_text("RKB-5")
    expect(page.locator("#rack > .tile")).to_have_count(rack)
    expect(page.locator("[data-action=undo]")).to_be_disabled()  # nothing happened to undo
    shot(page, "table-tile-refused")


def test_the_round_result_lays_the_racks_open_with_their_points(
    server: Server, new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    """RKB-8/9: each loser's rack is shown tile by tile with what it is worth ("points
    in rack", not "tiles left"), the winner's emptied rack says so."""
    players, end, room = finished_rummikub_round(server)
    code = room["code"]
    result = end["view"]["result"]
    page = new_page()
    signed_in_as(page, {"id": players[0][0], "nickname": "Ana"}, players[0][1])
    page.goto(f"/?room={code}")
    dialog = page.locator("#result")
    expect(dialog).to_be_visible()
    for seat, rack in enumerate(result["racks"]):
        row = dialog.locator(f"tr[data-seat='{seat}']")
        if not rack:
            expect(row).to_contain_text("Rack emptied")
            continue
        expect(row.locator(".tile-row > .tile")).to_have_count(len(rack))
        expect(row).to_contain_text(f"{result['rack_totals'][seat]} points in rack")
    expect(dialog).not_to_contain_text("Tiles left")
    shot(page, "result")
    phone = new_page(PHONE)
    signed_in_as(phone, {"id": players[1][0], "nickname": "Bo"}, players[1][1], "zh")
    phone.goto(f"/?room={code}")
    expect(phone.locator("#result")).to_contain_text("牌架剩余")
    shot(phone, "result-phone-zh")


def test_counts_of_one_are_said_in_the_singular(new_page: Callable[..., Page]) -> None:
    """Every English string with a count ("1 tile", "1 card", "lay 1 tile") takes its
    ``.one`` form at 1 (the catalogue check is tests/web/test_language.py)."""
    page = new_page()
    page.goto("/")
    said = page.evaluate(
        """async () => {
          const { t } = await import("/js/i18n.js");
          return [t("log.play", { name: "Ana", n: 1 }), t("hint.lay", { n: 1 }),
                  t("seat.tiles", { n: 1 }), t("seat.cards", { n: 1 }),
                  t("result.rack_points", { n: 1 }), t("log.play", { name: "Ana", n: 3 })];
        }"""
    )
    assert said == [
        "Ana played 1 tile",
        "lay 1 tile",
        "1 tile",
        "1 card",
        "1 point in rack",
        "Ana played 3 tiles",
    ]


def test_the_rack_groups_into_the_sets_and_runs_it_holds(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    """ "Sets & runs" lays the rack out as the solver arranges it alone (the most tiles
    in valid sets), the other tiles apart; a set the draft breaks up joins them."""
    page = new_page()
    current = quick_play(page, "rummikub")
    rack = current["state"]["view"]["rack"]
    best = rummikub.best_play([], rack)
    assert best, "the seeded rack holds sets"
    page.click("[data-sort=sets]")
    expect(page.locator("[data-sort=sets]")).to_have_attribute("aria-pressed", "true")
    groups = page.locator("#rack .rack-set")
    expect(groups).to_have_count(len(best))
    faces = "(tiles) => tiles.map((x) => x.dataset.tile)"
    shown = [sorted(group.locator(":scope > .tile").evaluate_all(faces)) for group in groups.all()]
    assert sorted(shown) == sorted(sorted(group) for group in best)
    assert all(rummikub.is_valid_set(group) for group in shown)
    rest = page.locator("#rack .rack-rest > .tile")
    expect(rest).to_have_count(len(rack) - sum(map(len, best)))
    shot(page, "sets")
    page.set_viewport_size(PHONE)
    shot(page, "sets-phone")
    page.set_viewport_size({"width": 1280, "height": 860})
    first = best[0][0]
    page.click(f"#rack .rack-set .tile[data-tile='{first}']")
    page.click("#new-set")  # one tile of a set goes to the table: the set is broken up
    expect(groups).to_have_count(len(best) - 1)
    expect(rest).to_have_count(len(rack) - sum(map(len, best)) + len(best[0]) - 1)
    page.click("[data-sort=rack]")  # a plain sort ends the grouping
    expect(groups).to_have_count(0)
    expect(page.locator("#rack > .tile")).to_have_count(len(rack) - 1)
