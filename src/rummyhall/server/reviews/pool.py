"""The worker processes a review is computed in, off the event loop: a bounded number of
them (``review_processes``), a bounded number of reviews waiting for one
(``review_queue``), each review's progress reported as it goes.

A review keeps a core busy for seconds to minutes (docs/review.md), so it runs in a
process of its own (the interpreter lock stays with the event loop) under Linux's
``SCHED_IDLE`` policy: it takes the CPU the server and everything else leave idle, so
the players' actions come first however many reviews run (elsewhere, ``nice``
:data:`NICENESS`), unless the operator gives them the server's own priority
(``review_full_priority``): on a machine busy with other work, idle time may never
come. Each such process stays on one CPU (:func:`give_way`). The processes end with the
server, even when it is killed. Progress comes back through one queue that a thread of
the server reads.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import threading
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing.queues import Queue
from multiprocessing.sharedctypes import Synchronized

from rummyhall.actions import JSON
from rummyhall.review import review
from rummyhall.server.rooms.autoplay import exit_with_parent

log = logging.getLogger(__name__)

NICENESS = 10
"""How much lower a review's process runs than the server's own where ``SCHED_IDLE`` is
not there."""

Key = tuple[str, int]
"""A review by its match and seat."""

_progress: Queue[tuple[Key, int, int] | None] | None = None
"""In a worker process: where it tells the server how far its review is."""


def _start_worker(
    progress: Queue[tuple[Key, int, int] | None], idle: bool, started: Synchronized[int]
) -> None:
    global _progress
    exit_with_parent()
    if idle:
        with started.get_lock():
            number = started.value
            started.value += 1
        give_way(number)
    _progress = progress


def give_way(number: int) -> None:
    """Make this process, the ``number``-th review process started, take only the CPU
    time left idle: ``SCHED_IDLE``, on one CPU of those it may use (the processes in
    turn on each).

    Kept to one CPU because busy ``SCHED_IDLE`` processes free to move between CPUs
    now and then hold up a normal process's burst of work for a tick (some 5 ms): the
    server's action p99 beside four reviews was a third longer than without them, and is
    no longer once each keeps to one CPU (docs/review.md, "The server beside reviews";
    ``bench/idle_neighbours.py``)."""
    try:
        cpus = sorted(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpus[number % len(cpus)]})
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    except (AttributeError, OSError):  # not Linux
        with contextlib.suppress(OSError):
            os.nice(NICENESS)


def compute(key: Key, record: JSON, seat: int, worlds: int | None) -> JSON:
    """The review of ``seat`` in ``record`` as JSON (in a worker process), its progress
    told to the server decision by decision."""

    def told(done: int, total: int) -> None:
        if _progress is not None:
            _progress.put((key, done, total))

    return review(record, seat, worlds=worlds, progress=told).to_json()


@dataclass
class Job:
    """A review under way in this process: how many of its decisions are done, of how
    many (``None`` until its process has started on it); ``task`` ends with its JSON,
    kept (or why not)."""

    task: asyncio.Task[JSON] | None = None
    done: int = 0
    total: int | None = None


class ReviewPool:
    """At most ``processes`` reviews computed at once and ``waiting`` more queued; a
    review asked while it runs is the same job; ``idle``: the processes take only the
    CPU time left idle."""

    def __init__(self, processes: int, waiting: int, idle: bool = True) -> None:
        self.processes = processes
        self.idle = idle
        self.capacity = processes + waiting
        self.jobs: dict[Key, Job] = {}
        self._executor: ProcessPoolExecutor | None = None
        self._progress: Queue[tuple[Key, int, int] | None] | None = None
        self._reader: threading.Thread | None = None

    @property
    def full(self) -> bool:
        """Whether a new review would be refused: every process busy, the queue full."""
        return len(self.jobs) >= self.capacity

    def start(
        self,
        key: Key,
        record: JSON,
        seat: int,
        worlds: int | None,
        keep: Callable[[JSON], Awaitable[None]],
    ) -> Job:
        """Compute the review ``key`` unless it is under way; ``keep`` (where it is
        stored) is awaited with its JSON before the job ends, so that a review asked for
        again meanwhile is either under way or stored, never neither."""
        job = self.jobs.get(key)
        if job is not None:
            return job
        job = self.jobs[key] = Job()
        loop = asyncio.get_running_loop()
        computed = loop.run_in_executor(self._pool(loop), compute, key, record, seat, worlds)

        async def finish() -> JSON:
            try:
                found = await computed
                await keep(found)
                return found
            finally:
                del self.jobs[key]

        job.task = loop.create_task(finish())
        job.task.add_done_callback(_retrieved)
        return job

    def _pool(self, loop: asyncio.AbstractEventLoop) -> ProcessPoolExecutor:
        if self._executor is None:  # started on first use: most servers review rarely
            context = multiprocessing.get_context("spawn")
            self._progress = context.Queue()
            self._executor = ProcessPoolExecutor(
                self.processes,
                mp_context=context,
                initializer=_start_worker,
                initargs=(self._progress, self.idle, context.Value("i", 0)),
            )
            self._reader = threading.Thread(
                target=self._read_progress, args=(self._progress, loop), daemon=True
            )
            self._reader.start()
        return self._executor

    def _read_progress(
        self, progress: Queue[tuple[Key, int, int] | None], loop: asyncio.AbstractEventLoop
    ) -> None:
        """On the reader thread: every report to the job's figures, until ``None``."""
        while (report := progress.get()) is not None:
            with contextlib.suppress(RuntimeError):  # the loop has closed: the end
                loop.call_soon_threadsafe(self._told, *report)

    def _told(self, key: Key, done: int, total: int) -> None:
        job = self.jobs.get(key)
        if job is not None:
            job.done, job.total = done, total

    def close(self) -> None:
        """End the processes, and the reviews they compute (a review may run for
        minutes: the server's shutdown does not wait for it; asked again, it is
        computed again)."""
        if self._executor is None:
            return
        # The executor has no public way to end a busy worker before Python 3.14's
        # terminate_workers().
        workers = getattr(self._executor, "_processes", None) or {}
        for process in list(workers.values()):
            process.terminate()
        self._executor.shutdown(wait=True, cancel_futures=True)
        assert self._progress is not None and self._reader is not None
        self._progress.put(None)
        self._reader.join()


def _retrieved(task: asyncio.Task[JSON]) -> None:
    """A failed review is logged (the next request for it computes it again)."""
    if not task.cancelled() and task.exception() is not None:
        log.error("a review failed", exc_info=task.exception())
