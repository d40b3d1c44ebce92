"""Reading the table a page shows and clicking moves on it, for the browser tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

READY = """() => {
  const s = window.rummyhall && window.rummyhall.session;
  return Boolean(s && s.state && (s.result || s.state.over
    || (s.state.current_player === s.you && s.state.legal.length > 0)));
}"""


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


def save_latency(page: Page, folder: Path, name: str) -> list[float]:
    """The page's measured action → rendered-state times (ms, Performance API), kept
    next to the screenshots."""
    durations = page.evaluate(
        "performance.getEntriesByName('rummyhall:action').map((e) => e.duration)"
    )
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}-latency.json").write_text(json.dumps(durations))
    return [float(d) for d in durations]
