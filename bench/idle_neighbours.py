"""What busy ``SCHED_IDLE`` processes cost a normal one's bursts of work, free to move
between CPUs and kept each to one (why server/reviews/pool.py pins its review
processes: docs/review.md, "The server beside reviews"). Linux only.

    python bench/idle_neighbours.py [--loops 4] [--burst 3] [--seconds 12]

A prober, at normal priority and free to move, sleeps 3 ms and then computes for
``--burst`` ms of its own CPU time, again and again, for ``--seconds``; what a burst took
beyond its CPU time is its wait. Measured three times: alone, beside ``--loops`` busy
loops under ``SCHED_IDLE`` free to move, and beside as many kept each to one CPU (in turn
on each, as the review processes are). Printed: the wait's p50, p99 and p99.9 in ms, and
each p99 against the one measured alone.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import time
from collections.abc import Sequence


def busy(pinned_to: int | None) -> None:
    """Compute until terminated (nothing shared: a loop that never sleeps)."""
    os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    if pinned_to is not None:
        os.sched_setaffinity(0, {pinned_to})
    while True:
        pass


def waits(burst: float, seconds: float) -> list[float]:
    """Each burst's wall time beyond its CPU time, in seconds, sorted."""
    found = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        time.sleep(0.003)
        started, used = time.perf_counter(), time.thread_time()
        while time.thread_time() - used < burst:
            pass
        found.append(time.perf_counter() - started - (time.thread_time() - used))
    return sorted(found)


def quantile(values: list[float], share: float) -> float:
    return 1000 * values[min(len(values) - 1, int(share * len(values)))]


def measured(label: str, loops: Sequence[int | None], args: argparse.Namespace) -> float:
    """The prober's wait beside ``loops`` (each a CPU to keep to, or ``None``): its p99."""
    context = multiprocessing.get_context("spawn")
    processes = [context.Process(target=busy, args=(cpu,)) for cpu in loops]
    for process in processes:
        process.start()
    time.sleep(1.0 if processes else 0)  # every loop started and settled
    try:
        found = waits(args.burst / 1000, args.seconds)
    finally:
        for process in processes:
            process.terminate()
            process.join()
    p99 = quantile(found, 0.99)
    print(
        f"{label:<34} {len(found):7d} {quantile(found, 0.5):8.3f} {p99:8.3f} "
        f"{quantile(found, 0.999):8.3f}",
        flush=True,
    )
    return p99


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--loops", type=int, default=4, help="busy SCHED_IDLE processes")
    parser.add_argument("--burst", type=float, default=3.0, help="ms of CPU time a burst")
    parser.add_argument("--seconds", type=float, default=12.0, help="seconds measured a case")
    args = parser.parse_args()
    if not hasattr(os, "SCHED_IDLE"):
        parser.error("Linux's scheduling policies are needed")
    cpus = sorted(os.sched_getaffinity(0))
    print(f"{'prober':<34} {'bursts':>7} {'p50 ms':>8} {'p99 ms':>8} {'p99.9 ms':>8}")
    alone = measured("alone", [], args)
    free = measured(f"beside {args.loops} loops free to move", [None] * args.loops, args)
    pinned = [cpus[number % len(cpus)] for number in range(args.loops)]
    kept = measured(f"beside {args.loops} loops each on a CPU", pinned, args)
    print(
        f"\nthe wait's p99 over {args.burst:g} ms bursts: {alone:.3f} ms alone; beside loops "
        f"free to move {free:.3f} ms (×{free / alone:.1f}), kept each to a CPU {kept:.3f} ms "
        f"(×{kept / alone:.1f}); {len(cpus)} CPUs, load average {os.getloadavg()[0]:.1f}"
    )


if __name__ == "__main__":
    main()
