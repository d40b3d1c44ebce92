"""PettingZoo's checks warn that a dict observation is not a Box: the classic
convention is exactly that, so the warning is silenced for these tests."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield
