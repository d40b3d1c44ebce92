"""Reading the table a page shows and clicking moves on it, for the browser tests."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.server.harness import Server, play_until
from tests.web.policy import indian_choice

READY = """() => {
  const s = window.rummyhall && window.rummyhall.session;
  return Boolean(s && s.state && (s.result || s.state.over
    || (s.state.current_player === s.you && s.state.legal.length > 0 && !window.rummyhall.busy())));
}"""
"""The player is to act: his turn shown, and no move of his still on its way (until its
answer arrives the page shows the turn it was made on)."""


def session(page: Page) -> dict[str, Any]:
    """The page's room session: ``room``, ``you``, the last ``state`` and ``result``."""
    return dict(page.evaluate("({...window.rummyhall.session, hand: null, draft: null})"))


def wait_ready(page: Page) -> dict[str, Any]:
    """Wait until the player is to act (or the hand has ended); the session then."""
    page.wait_for_function(READY)
    return session(page)


def legal(state: dict[str, Any]) -> list[dict[str, Any]]:
    return [entry["action"] for entry in state["legal"]]


def after(page: Page, turn: int) -> None:
    """Wait until the page shows a state past ``turn``."""
    page.wait_for_function(f"() => window.rummyhall.session.state.turn > {turn}")


def select_card(page: Page, card: str) -> None:
    page.click(f".hand .card[data-card='{card}']:not(.selected)")


def quick_play(page: Page, game: str) -> dict[str, Any]:
    """From the lobby: one click on "Play vs computer"; the game starts by itself."""
    page.goto("/")
    page.click(f"[data-play={game}]")
    page.wait_for_selector(".felt")
    return wait_ready(page)


def invite_friend(new_page: Callable[..., Page]) -> tuple[Page, Page, str]:
    """From the lobby: a host opens a Gin room with seat 1 open and a friend takes it by
    the invite link (the room not started yet); the pages and the room's code."""
    host = new_page()
    host.goto("/")
    host.select_option("select[data-seat='1']", "open")
    host.click("#create-room")
    invite = host.locator("#invite-link")
    expect(invite).to_have_value(re.compile(r"room=[A-Z2-9]{10}$"))
    link = invite.input_value()
    friend = new_page()
    friend.goto(link)
    expect(friend.locator(".seat-slot.me")).to_be_visible()
    return host, friend, link.rsplit("=", 1)[1]


def save_latency(page: Page, folder: Path, name: str) -> list[float]:
    """The page's measured action → rendered-state times (ms, Performance API), kept
    next to the screenshots."""
    durations = page.evaluate(
        "performance.getEntriesByName('rummyhall:action').map((e) => e.duration)"
    )
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}-latency.json").write_text(json.dumps(durations))
    return [float(d) for d in durations]


def signed_in_as(page: Page, player: dict[str, str], token: str, locale: str = "en") -> None:
    """Open ``page`` as ``player`` (registered through the API, its ``token``) in
    ``locale``."""
    stored = json.dumps({**player, "username": None})
    page.add_init_script(
        f"localStorage.setItem('rummyhall.token', {json.dumps(token)});"
        f"localStorage.setItem('rummyhall.player', {json.dumps(stored)});"
        f"localStorage.setItem('rummyhall.language', '{locale}');"
    )


def draws(legal: list[dict[str, Any]]) -> dict[str, Any]:
    """Never lays a tile: draws (or passes once the pool is empty)."""
    return next(entry["action"] for entry in legal if entry["action"]["type"] != "play")


def finished_rummikub_round(
    server: Server, drawing: bool = False
) -> tuple[list[tuple[str, str]], dict[str, Any], dict[str, Any]]:
    """Ana and Bo (API clients) play a one-round Rummikub match to its end: their
    (player id, token), the last state and the finished room. With ``drawing`` Ana never
    lays a tile (:func:`draws`): her last turns, Bo near out, are blunders by any review."""
    players = [server.register(name) for name in ("Ana", "Bo")]
    options = {"players": 2, "rounds": 1}
    code = server.create_room(players[0][1], game="rummikub", options=options)["code"]
    clients = {seat: server.client(token) for seat, (_, token) in enumerate(players)}
    for client in clients.values():
        client.join(code)
    clients[0].send({"type": "start"})
    end = play_until(
        clients,
        lambda state: state["over"],
        clients[0].wait("state")["turn"],
        picks={0: draws} if drawing else None,
    )
    room = clients[0].find("room", lambda m: m["room"]["status"] == "finished")["room"]
    for client in clients.values():
        client.close()
    return players, end, room


def ask_hint(page: Page) -> str:
    """Click "Hint"; the reason it shows."""
    page.click("[data-action=hint]")
    reason = page.locator("#hint .hint-reason")
    expect(reason).to_be_visible()
    return reason.inner_text()


def play_to_declaration(page: Page, current: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """Play seat 0 of an Indian deal (``policy.indian_choice``) from the session
    ``current`` until it can declare: the declare action and its turn counter."""
    while True:
        state = current["state"]
        choice = indian_choice(state["view"], legal(state))
        turn = int(state["turn"])
        if choice["type"] == "declare":
            return choice, turn
        if choice["type"] == "draw":
            page.click("#stock")
        else:
            select_card(page, choice["card"])
            page.click("[data-action=discard]")
        after(page, turn)
        current = wait_ready(page)
        assert not current["result"], "the deal ended before seat 0 could declare"
