"""Web front end latency: every interaction must answer within 100 ms locally (issue 7).

Starts a real server (bots without delay) and Debian's headless Chromium, plays Gin
hands through the page with the browser tests' moves, and reads the page's own
Performance API measures: ``action`` (a click's message to the rendered, laid-out
answer), split into ``server`` (the WebSocket round trip, the baseline the page cannot
beat) and ``render`` (building the table from the state). Browser-only interactions
(selecting a card, sorting the hand, moving a Rummikub tile) are timed around the
click handler, which renders synchronously. Prints median, 95th percentile and maximum
per kind against the 100 ms target.

    python bench/web.py [--actions 120]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import Page, sync_playwright

from rummyhall.games import gin, rummikub
from tests.server.harness import Server
from tests.web.conftest import ARGS, CHROMIUM, SEED
from tests.web.play import after, legal, quick_play, wait_ready
from tests.web.policy import without

TARGET_MS = 100.0

TIME_CLICK = """(selector) => {
  const start = performance.now();
  document.querySelector(selector).click();
  void document.body.offsetHeight;
  return performance.now() - start;
}"""


def play_gin(page: Page, actions: int) -> dict[str, list[float]]:
    local: dict[str, list[float]] = {"select card": [], "sort hand": []}
    current = quick_play(page, "gin")
    done = 0
    while done < actions:
        if current["result"]:
            page.click("#result-close")
            current = wait_ready(page)
            continue
        state = current["state"]
        view, choices, turn = state["view"], legal(state), state["turn"]
        knocks = [a for a in choices if a["type"] == "knock"]
        if {"type": "draw", "source": "stock"} in choices and not knocks:
            page.click("#stock")
        elif {"type": "pass"} in choices:
            page.click("[data-action=pass]")
        else:
            for kind in ("suit", "rank"):
                local["sort hand"].append(page.evaluate(TIME_CLICK, f"[data-sort={kind}]"))
            if knocks:
                card = knocks[0]["discard"]
            else:
                discards = [a["card"] for a in choices if a["type"] == "discard"]
                card = min(discards, key=lambda c: gin.deadwood(without(view["hand"], c)))
            local["select card"].append(
                page.evaluate(TIME_CLICK, f".hand .card[data-card='{card}']:not(.selected)")
            )
            page.click(
                "[data-action=gin], [data-action=knock]" if knocks else "[data-action=discard]"
            )
        done += 1
        after(page, turn)
        current = wait_ready(page)
    return local


def move_tiles(page: Page) -> list[float]:
    """Lay the rack's opening meld into new sets of the draft, or, when the rack has
    none (the seed decides), its first tiles three by three: the draft takes any move,
    so there is always something to time."""
    current = quick_play(page, "rummikub")
    rack = current["state"]["view"]["rack"]
    meld = rummikub.best_initial_meld(rack) or [rack[i : i + 3] for i in range(0, 12, 3)]
    times = []
    for tiles in meld:
        for tile in tiles:
            selector = f"#rack .tile[data-tile='{tile}']:not(.selected)"
            times.append(page.evaluate(TIME_CLICK, selector))
        times.append(page.evaluate(TIME_CLICK, "#new-set"))
    return times


def measures(page: Page, name: str) -> list[float]:
    return [
        float(d)
        for d in page.evaluate(
            f"performance.getEntriesByName('rummyhall:{name}').map((e) => e.duration)"
        )
    ]


def line(kind: str, values: list[float]) -> str:
    values = sorted(values)
    p95 = values[min(len(values) - 1, round(0.95 * (len(values) - 1)))]
    return (
        f"{kind:<36} n={len(values):>4}  median {statistics.median(values):6.1f} ms"
        f"  p95 {p95:6.1f} ms  max {values[-1]:6.1f} ms  (target {TARGET_MS:.0f} ms:"
        f" median ×{statistics.median(values) / TARGET_MS:.2f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=120, help="Gin actions to click")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "bench.db", "--match-seed", str(SEED)).start()
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                page = browser.new_page(
                    base_url=server.url, viewport={"width": 1280, "height": 860}
                )
                local = play_gin(page, args.actions)
                timed = {k: measures(page, k) for k in ("action", "server", "render")}
                tiles = move_tiles(page)
                browser.close()
        finally:
            server.stop()
    print(f"web front end, Gin against the medium bot, {args.actions} clicked actions")
    print(line("action → rendered answer", timed["action"]))
    print(line("  of which server round trip", timed["server"]))
    print(line("  rendering a state (every state)", timed["render"]))
    for kind, values in local.items():
        print(line(f"{kind} (browser only)", values))
    print(line("move a Rummikub tile (browser only)", tiles))


if __name__ == "__main__":
    main()
