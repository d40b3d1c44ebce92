"""Browser tests: a real server process (tests/server/harness.py) and Debian's headless
Chromium driven by Playwright. Every test saves screenshots under the test run's base
temporary folder, in ``screenshots/`` (the path is printed at the end of the run)."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, sync_playwright

from tests.server.harness import Server

CHROMIUM = os.environ.get("RUMMYHALL_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SEED = 2
"""Every match of a test module's server starts from this seed (``--match-seed``), or
from the module's ``MATCH_SEED``: with 2 the Indian deal lets seat 0 declare on turn 31
against the medium bot (see ``policy.first_declaring_seed``)."""

DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}


def screenshot_dir(config: pytest.Config) -> Path:
    """The run's one folder of screenshots: in the run's base temporary folder, which
    for a pytest-xdist worker is its own folder's parent."""
    base = Path(config._tmp_path_factory.getbasetemp())  # type: ignore[attr-defined]
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent
    return base / "screenshots"


@pytest.fixture(scope="module")
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    seed = getattr(request.module, "MATCH_SEED", SEED)
    flags = getattr(request.module, "SERVER_FLAGS", ())
    running = Server(
        tmp_path_factory.mktemp("web") / "rummyhall.db", "--match-seed", str(seed), *flags
    )
    running.start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Chromium for one test file: Playwright's synchronous API holds an event loop
    while it runs, and a server test run after it in the same process (``make test``
    spreads files over workers) starts loops of its own."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(
            f"Chromium is not installed at {CHROMIUM}: the browser tests need Debian's "
            "chromium (`apt-get install -y chromium`; .ci/run installs it)",
            pytrace=False,
        )
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


@pytest.fixture
def new_page(browser: Browser, server: Server) -> Iterator[Callable[..., Page]]:
    """Pages in fresh browser contexts (each its own guest), failing on a script error
    or anything the server's Content-Security-Policy blocked."""
    contexts: list[BrowserContext] = []
    errors: list[str] = []

    def make(viewport: dict[str, int] = DESKTOP, **options: Any) -> Page:
        """``options``: more of Playwright's context options (``locale="zh-CN"`` …)."""
        context = browser.new_context(viewport=viewport, base_url=server.url, **options)
        context.set_default_timeout(15_000)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on(
            "console",
            lambda message: (
                errors.append(message.text) if "Content Security Policy" in message.text else None
            ),
        )
        return page

    yield make
    for context in contexts:
        context.close()
    assert not errors, f"script errors in the page: {errors}"


@pytest.fixture
def shot(request: pytest.FixtureRequest) -> Callable[[Page, str], Path]:
    """``shot(page, "name")`` saves a full-page screenshot as ``<test>-<name>.png``."""
    folder = screenshot_dir(request.config)
    folder.mkdir(parents=True, exist_ok=True)

    def save(page: Page, name: str) -> Path:
        path = folder / f"{request.node.name}-{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return save


def pytest_terminal_summary(
    terminalreporter: pytest.TerminalReporter, config: pytest.Config
) -> None:
    folder = screenshot_dir(config)
    if folder.is_dir():
        terminalreporter.write_line(f"browser screenshots: {folder}")


def hold_answers(page: Page, pattern: str) -> Callable[[], Route]:
    """Keep the page's requests to URLs matching ``pattern`` (a regular expression)
    unanswered; the function returned waits for the first of them and gives it
    (``.continue_()`` lets it through): a slow answer, on cue."""
    held: list[Route] = []
    page.route(re.compile(pattern), lambda route: held.append(route))

    def first() -> Route:
        for _ in range(200):
            if held:
                return held[0]
            page.wait_for_timeout(50)
        raise AssertionError(f"the page never asked for {pattern}")

    return first
