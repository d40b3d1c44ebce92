"""Checking that code which runs without the GIL (the C extensions) is thread-safe."""

from __future__ import annotations

import threading
from collections.abc import Callable


def assert_same_in_threads(compute: Callable[[], object], threads: int = 4) -> None:
    """``compute`` run in ``threads`` threads at once gives what it gives alone."""
    expected = compute()
    results: dict[int, object] = {}

    def work(worker: int) -> None:
        results[worker] = compute()

    running = [threading.Thread(target=work, args=(w,)) for w in range(threads)]
    for thread in running:
        thread.start()
    for thread in running:
        thread.join()
    assert all(results[w] == expected for w in range(threads))
