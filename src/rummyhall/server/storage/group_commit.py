"""Group commits: writes queued from the event loop and committed together on the
store's writer thread, so that many rooms (or many paired tables) cost one commit
rather than one each.

The first write of a group waits ``gather`` seconds for company, then one job on the
writer thread takes everything queued and hands it to ``commit`` at once; writes that
arrive meanwhile go in the next job, queued behind the other jobs (so the store's other
writes are never starved). Each write's future is done once its commit is: its result,
or why it was not written. Writes queued together (:meth:`GroupCommit.add_all`) are
taken together, never split between two commits.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Generic, TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")


class GroupCommit(Generic[Item, Result]):
    """One kind of write, committed in groups by ``commit`` (run on ``writer``): given
    the items, each one's result or why it was not written, in order."""

    def __init__(
        self,
        writer: ThreadPoolExecutor,
        commit: Callable[[list[Item]], Sequence[Result | BaseException]],
        gather: float,
    ) -> None:
        self._writer = writer
        self._commit = commit
        self._gather = gather
        self._pending: list[tuple[Item, asyncio.Future[Result]]] = []
        self._flushing = False  # a flush is queued on the writer thread
        self._lock = threading.Lock()

    def add(self, item: Item) -> asyncio.Future[Result]:
        """Queue ``item`` for the next commit. A future rather than a coroutine, so
        awaiting it under ``asyncio.shield`` starts no task."""
        return self.add_all([item])[0]

    def add_all(self, items: Sequence[Item]) -> list[asyncio.Future[Result]]:
        """Queue ``items`` for one commit, all of them in the same one."""
        loop = asyncio.get_running_loop()
        futures: list[asyncio.Future[Result]] = [loop.create_future() for _ in items]
        with self._lock:
            self._pending.extend(zip(items, futures, strict=True))
            start, self._flushing = not self._flushing, True
        if start:
            loop.call_later(self._gather, self._start_flush, loop)
        return futures

    def _start_flush(self, loop: asyncio.AbstractEventLoop) -> None:
        try:
            self._writer.submit(self._flush, loop)
        except RuntimeError as exc:  # shut down meanwhile: nothing will be written
            with self._lock:
                batch, self._pending, self._flushing = self._pending, [], False
            failed: list[tuple[asyncio.Future[Result], Result | BaseException]]
            failed = [(done, exc) for _, done in batch]
            _settle_all(failed)

    def _flush(self, loop: asyncio.AbstractEventLoop) -> None:
        """Commit everything pending at once; queue another flush behind the other jobs
        if more came meanwhile."""
        with self._lock:
            batch, self._pending = self._pending, []
        try:
            results = list(self._commit([item for item, _ in batch]))
        except Exception as exc:  # every waiting write learns that nothing was written
            results = [exc] * len(batch)
        outcomes = [(done, result) for (_, done), result in zip(batch, results, strict=True)]
        loop.call_soon_threadsafe(_settle_all, outcomes)
        with self._lock:
            self._flushing = bool(self._pending)
            if self._flushing:
                self._writer.submit(self._flush, loop)


def _settle_all(outcomes: list[tuple[asyncio.Future[Result], Result | BaseException]]) -> None:
    for done, outcome in outcomes:
        if done.cancelled():
            continue
        if isinstance(outcome, BaseException):
            done.set_exception(outcome)
        else:
            done.set_result(outcome)
