"""Fixtures: a fresh server per test module (started once, its own database)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.server.harness import Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("server") / "rummyhall.db").start()
    yield running
    running.stop()
