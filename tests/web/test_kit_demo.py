"""The test-only Gin variant of :mod:`tests.kit_demo` reaches the lobby with no edit
outside the Gin kit: a server launched with it installed offers "Knock limit 5" in the
variant choice (the kit's title, as no translation names it), and the room it creates
deals hands whose knock limit is 5."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests import kit_demo
from tests.server.harness import Server
from tests.web.conftest import SEED
from tests.web.play import wait_ready


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("web") / "rummyhall.db"
    running = Server(db, "--match-seed", str(SEED), program=kit_demo.LAUNCHER)
    running.start()
    yield running
    running.stop()


def test_the_lobby_offers_the_demo_variant(
    new_page: Callable[..., Page], shot: Callable[[Page, str], Path]
) -> None:
    page = new_page()
    page.goto("/")
    page.click("[data-game=gin]")
    variant = page.locator("select[name=variant]")
    expect(variant.locator("option[value=knock5]")).to_have_text("Knock limit 5")
    variant.select_option("knock5")
    shot(page, "lobby-knock5")
    page.select_option("select[data-seat='1']", "medium")
    page.click("#create-room")
    page.click("#start")
    session = wait_ready(page)
    assert session["room"]["options"] == {"mode": "standard", "knock_limit": 5}
    assert session["state"]["view"]["knock_limit"] == 5
    expect(page.locator("#upcard")).to_contain_text("Knock at 5 or less")
    shot(page, "table-knock5")


def test_the_lobby_shows_the_options_each_variant_leaves_open(
    new_page: Callable[..., Page],
) -> None:
    page = new_page()
    page.goto("/")
    page.click("[data-game=indian]")
    expect(page.locator("select[name=players] option")).to_have_count(5)  # IND-1: 2 to 6
    expect(page.locator("select[name=deals]")).to_have_count(0)
    page.select_option("select[name=variant]", "deals")
    expect(page.locator("select[name=deals] option")).to_have_count(6)
    expect(page.locator("input[name=joker_from_discard]")).to_have_count(1)
    expect(page.locator("input[name=manual_declaration]")).to_have_count(0)  # not offered
    page.click("[data-game=rummikub]")
    expect(page.locator("select[name=rounds] option").first).to_have_text("Default")
    page.select_option("select[name=variant]", "round")  # it fixes one round
    expect(page.locator("select[name=rounds]")).to_have_count(0)
    page.click("[data-game=gin]")
    expect(page.locator("select[name=players]")).to_have_count(0)
