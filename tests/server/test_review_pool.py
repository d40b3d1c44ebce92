"""The server's review processes (server/reviews/pool.py): on Linux they take only the CPU
time left idle, each kept to one CPU, the processes in turn on each; at full priority
they are left as the server is."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import pytest

from rummyhall import new_game
from rummyhall.actions import JSON
from rummyhall.bots import make_bot, play_out
from rummyhall.server.reviews.pool import ReviewPool

pytestmark = pytest.mark.skipif(
    not hasattr(os, "SCHED_IDLE"), reason="Linux's scheduling policies and CPU affinity"
)


def finished_hand() -> JSON:
    state = new_game("gin", seed=3)
    play_out(state, [make_bot("gin", "medium", seed=3), make_bot("gin", "easy", seed=3)])
    return state.to_json()


def spawned() -> set[int]:
    """The processes this one has spawned to run Python (multiprocessing's workers)."""
    found = set()
    for entry in Path("/proc").iterdir():
        try:
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            command = (entry / "cmdline").read_bytes()
        except (OSError, ValueError):
            continue
        if ppid == os.getpid() and b"spawn_main" in command:
            found.add(int(entry.name))
    return found


def settled(pids: set[int]) -> dict[int, tuple[int, set[int]]]:
    """Each process's scheduling policy and the CPUs it may run on."""
    return {pid: (os.sched_getscheduler(pid), os.sched_getaffinity(pid)) for pid in pids}


async def two_reviews_under_way(idle: bool) -> dict[int, tuple[int, set[int]]]:
    """Two reviews started in a pool of two processes: how each new process is settled
    once it is at work (idle: once it runs under ``SCHED_IDLE``, the last step of
    settling, so that the test does not wait for idle time on a busy machine)."""
    record, before = finished_hand(), spawned()
    pool = ReviewPool(2, 0, idle=idle)

    async def keep(review: JSON) -> None:
        pass

    def at_work() -> bool:
        if idle:
            found = settled(spawned() - before)
            return len(found) == 2 and all(p == os.SCHED_IDLE for p, _ in found.values())
        return all(job.total is not None for job in jobs)

    try:
        jobs = [pool.start(("match", seat), record, seat, 4, keep) for seat in (0, 1)]
        deadline = time.monotonic() + 120
        while not at_work():
            assert time.monotonic() < deadline, "the review processes did not start"
            await asyncio.sleep(0.05)
        return settled(spawned() - before)
    finally:
        pool.close()


def test_review_processes_take_idle_time_each_on_one_cpu_in_turn() -> None:
    settled = asyncio.run(two_reviews_under_way(idle=True))
    cpus = sorted(os.sched_getaffinity(0))
    assert [policy for policy, _ in settled.values()] == [os.SCHED_IDLE] * 2
    assert sorted(sorted(allowed) for _, allowed in settled.values()) == sorted(
        [cpus[number % len(cpus)]] for number in range(2)
    )


def test_review_processes_at_full_priority_are_left_as_the_server() -> None:
    settled = asyncio.run(two_reviews_under_way(idle=False))
    assert list(settled.values()) == [(os.SCHED_OTHER, os.sched_getaffinity(0))] * 2
