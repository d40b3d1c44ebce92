"""Shared helpers: run the real command in-process or as a program."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator

import pytest

from rummyhall.terminal.i18n import use_language

COMMAND = [sys.executable, "-m", "rummyhall.cli"]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def plain(text: str) -> str:
    """Terminal output without its colour codes."""
    return ANSI.sub("", text).replace("\r", "")


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Every test starts (and ends) in English, whatever another test chose."""
    use_language("en")
    yield
    use_language("en")


@pytest.fixture
def env() -> dict[str, str]:
    """The environment for a spawned command: no inherited language choice."""
    return {k: v for k, v in os.environ.items() if k != "RUMMYHALL_LANG"} | {"COLUMNS": "80"}
