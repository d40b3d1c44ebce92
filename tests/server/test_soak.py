"""A short soak (``make soak`` runs the long one): random ``kill -9`` while bot games are
played, every cycle audited; see :mod:`tests.server.soak`."""

from __future__ import annotations

from pathlib import Path

from tests.server.soak import soak


def test_random_kills_lose_no_acknowledged_action(tmp_path: Path) -> None:
    report = soak(tmp_path, cycles=4, seed=2026)
    assert report.problems == []
    assert report.restarts == 4
    assert report.acknowledged > 20  # the games went on
