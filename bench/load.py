"""Server capacity: add Gin rooms over real WebSockets until the round trip's p99 passes
100 ms, and the memory a room costs.

    python bench/load.py [--step 50] [--max-rooms 1500] [--think 0.4] [--jitter 0.5]
                         [--settle 4] [--window 10] [--idle-rooms 300] [--target-ms 100]
                         [--server-flag=--some-flag ...]

Starts ``rummyhall serve`` (tests/server/harness.py) on a free local port with its own
SQLite file in a temporary folder, then:

1. **Idle rooms.** Opens ``--idle-rooms`` rooms nobody plays (each by a guest of its
   own, as a player who opened a room and left would), in five steps, and fits the
   server's resident memory (RSS) against their number: memory per idle room.
2. **The ramp.** Adds ``--step`` Gin tables at a time, each seat played by an outside
   WebSocket client in this process (bench/table_clients.py) that thinks
   ``--think`` s a move (0.4 s like the server's own bots, ``--bot-delay``), uniformly
   spread by ``± --jitter``: a brisk human, a pessimistic pace (people take seconds).
   After ``--settle`` s it measures a ``--window`` s: actions per second, the action
   round trip p50/p99 (send to the ``state`` that carries it; every action is
   committed to SQLite before that ``state`` is sent), the server's CPU (% of one core
   and µs per action), the time the server's threads were ready to run but waited for
   a CPU (the neighbours' share on a shared machine), this client's CPU and the
   server's RSS. It stops at the first step whose p99 passes ``--target-ms``, or when
   the client itself saturates (it shares the machine: a busy client delays its own
   reading and so inflates every round trip it measures).

It prints the knee (the most rooms whose p99 stayed under the target), memory per
active room (the RSS slope over the steps), the p99 of each step against the target,
and the server's CPU per action at the knee against the first step of the same run
(how much the load itself, not the neighbours, costs per action).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from table_clients import (
    SERVER_FLAGS,
    Pace,
    Table,
    Tally,
    close_tables,
    cpu_seconds,
    new_guest,
    new_room,
    open_tables,
    percentile,
    play_tables,
    rss_bytes,
    run_clients,
    run_queue_seconds,
    start_tables,
)

from tests.server.harness import Server

CLIENT_SATURATED = 0.9
"""Share of one core above which the client is taken to limit what it measures."""


@dataclass
class Step:
    rooms: int
    actions_per_second: float
    p50_ms: float
    p99_ms: float
    server_cpu: float
    """Share of one core over the window."""
    cpu_per_action_us: float
    server_waited: float
    """Share of the window the server's threads spent waiting for a CPU."""
    client_cpu: float
    rss: int
    errors: int


def slope(points: list[tuple[float, float]]) -> float:
    """Least-squares slope of ``y`` over ``x``."""
    mean_x = statistics.fmean(x for x, _ in points)
    mean_y = statistics.fmean(y for _, y in points)
    spread = sum((x - mean_x) ** 2 for x, _ in points)
    return sum((x - mean_x) * (y - mean_y) for x, y in points) / spread


def rss_now(pid: int) -> int:
    rss = rss_bytes(pid)
    if rss is None:
        raise RuntimeError("the server's memory cannot be read (is it still running?)")
    return rss


async def idle_rooms(url: str, pid: int, count: int, steps: int = 5) -> list[tuple[int, int]]:
    """Open ``count`` rooms nobody joins, in ``steps``; (rooms, RSS) after each."""
    points = []
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        await new_room(http, await new_guest(http, "warm-up"))  # lazy imports, caches
        await asyncio.sleep(1.0)
        points.append((0, rss_now(pid)))
        opened = 0
        for step in range(1, steps + 1):
            while opened < count * step // steps:
                await new_room(http, await new_guest(http, f"idle{opened}"))
                opened += 1
            await asyncio.sleep(1.0)
            points.append((opened, rss_now(pid)))
    return points


async def measure(
    pid: int, rooms: int, tally: Tally, settle: float, window: float, errors_before: int
) -> Step:
    await asyncio.sleep(settle)
    start = time.perf_counter()
    server_before, client_before = cpu_seconds(pid), cpu_seconds(None)
    waited_before = run_queue_seconds(pid)
    await asyncio.sleep(window)
    end = time.perf_counter()
    server_after, client_after = cpu_seconds(pid), cpu_seconds(None)
    waited_after = run_queue_seconds(pid)
    trips = tally.window(start, end)
    tally.forget_before(end)
    if server_before is None or server_after is None:
        raise RuntimeError("the server's CPU clock cannot be read (is it still running?)")
    assert client_before is not None and client_after is not None
    elapsed = end - start
    server = server_after - server_before
    waited = 0.0 if waited_before is None or waited_after is None else waited_after - waited_before
    return Step(
        rooms=rooms,
        actions_per_second=len(trips) / elapsed,
        p50_ms=1000 * statistics.median(trips) if trips else float("inf"),
        p99_ms=1000 * percentile(trips, 0.99) if trips else float("inf"),
        server_cpu=server / elapsed,
        cpu_per_action_us=1e6 * server / len(trips) if trips else float("inf"),
        server_waited=waited / elapsed,
        client_cpu=(client_after - client_before) / elapsed,
        rss=rss_now(pid),
        errors=len(tally.errors) - errors_before,
    )


def print_step(step: Step, target_ms: float) -> None:
    print(
        f"{step.rooms:6d} {step.actions_per_second:9,.0f} {step.p50_ms:8.1f} "
        f"{step.p99_ms:8.1f} {step.p99_ms / target_ms:7.2f} {100 * step.server_cpu:7.0f}% "
        f"{step.cpu_per_action_us:8.0f} {100 * step.server_waited:7.0f}% "
        f"{100 * step.client_cpu:7.0f}% {step.rss / 2**20:8.1f} {step.errors:6d}",
        flush=True,
    )


async def ramp(url: str, pid: int, args: argparse.Namespace) -> list[Step]:
    tally = Tally()
    rng = random.Random(args.seed)
    pace = Pace(args.think, args.jitter)
    tables: list[Table] = []
    tasks: list[asyncio.Task[None]] = []
    steps: list[Step] = []
    print(
        f"{'rooms':>6} {'actions/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'p99/tgt':>7} "
        f"{'server':>8} {'µs/act':>8} {'waited':>8} {'client':>8} {'RSS MB':>8} {'errors':>6}",
        flush=True,
    )
    try:
        while len(tables) + args.step <= args.max_rooms:
            added = await open_tables(url, args.step, first=len(tables))
            tables += added
            tasks += play_tables(added, tally, rng, pace)
            await start_tables(added)
            step = await measure(
                pid, len(tables), tally, args.settle, args.window, sum(s.errors for s in steps)
            )
            steps.append(step)
            print_step(step, args.target_ms)
            if step.p99_ms >= args.target_ms or step.client_cpu >= CLIENT_SATURATED:
                break
    finally:
        await close_tables(tables)
        if tasks:
            await asyncio.wait(tasks, timeout=30)
    return steps


def summary(steps: list[Step], idle: list[tuple[int, int]], args: argparse.Namespace) -> None:
    print()
    per_idle = slope([(float(n), float(rss)) for n, rss in idle])
    print(
        f"memory per idle room: {per_idle / 1024:.1f} kB "
        f"(RSS slope over {idle[-1][0]} rooms nobody plays, each with its own host guest)"
    )
    if len(steps) >= 2:
        per_active = slope([(float(s.rooms), float(s.rss)) for s in steps])
        print(
            f"memory per active room: {per_active / 1024:.1f} kB (RSS slope over "
            f"{steps[0].rooms}–{steps[-1].rooms} playing rooms, two clients each)"
        )
    under = [s for s in steps if s.p99_ms < args.target_ms]
    if not under:
        print(f"knee: none, {steps[0].rooms} rooms already pass p99 {args.target_ms:g} ms")
        return
    knee = under[-1]
    first = steps[0]
    print(
        f"knee: {knee.rooms} rooms at p99 {knee.p99_ms:.1f} ms "
        f"({knee.p99_ms / args.target_ms:.2f} of the {args.target_ms:g} ms target), "
        f"{knee.actions_per_second:,.0f} actions/s, server {100 * knee.server_cpu:.0f}% "
        f"of a core, client {100 * knee.client_cpu:.0f}%"
    )
    print(
        f"server CPU per action at the knee: {knee.cpu_per_action_us:.0f} µs, "
        f"×{knee.cpu_per_action_us / first.cpu_per_action_us:.2f} the first step's "
        f"{first.cpu_per_action_us:.0f} µs ({first.rooms} rooms, same run)"
    )
    last = steps[-1]
    if last is knee:
        reason = f"stopped at --max-rooms {args.max_rooms} with p99 still under the target"
    elif last.client_cpu >= CLIENT_SATURATED and last.p99_ms < args.target_ms:
        reason = f"stopped: the client saturated ({100 * last.client_cpu:.0f}% of a core)"
    else:
        reason = (
            f"{last.rooms} rooms passed it: p99 {last.p99_ms:.1f} ms "
            f"({last.p99_ms / args.target_ms:.2f} of the target)"
        )
        if last.client_cpu >= CLIENT_SATURATED:
            reason += f", with the client saturated ({100 * last.client_cpu:.0f}% of a core)"
    print(reason)
    print(
        f"think {args.think:g} s ± {100 * args.jitter:.0f}%; load average "
        f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; 'waited' is the share of the "
        "window the server was ready to run but had no CPU"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--step", type=int, default=50, help="rooms added per step")
    parser.add_argument("--max-rooms", type=int, default=1500)
    parser.add_argument(
        "--think", type=float, default=0.4, help="mean seconds a client waits before a move"
    )
    parser.add_argument(
        "--jitter", type=float, default=0.5, help="think times spread uniformly by ± this share"
    )
    parser.add_argument("--settle", type=float, default=4.0, help="seconds before measuring")
    parser.add_argument("--window", type=float, default=10.0, help="seconds measured per step")
    parser.add_argument("--idle-rooms", type=int, default=300)
    parser.add_argument("--target-ms", type=float, default=100.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--server-flag",
        action="append",
        default=[],
        help="pass a flag to rummyhall serve (repeat; e.g. --server-flag=--compression)",
    )
    args = parser.parse_args()
    if args.step < 1 or args.window <= 0 or not 0 <= args.jitter <= 1 or args.idle_rooms < 5:
        parser.error("--step ≥ 1, --window > 0, 0 ≤ --jitter ≤ 1 and --idle-rooms ≥ 5")
    with tempfile.TemporaryDirectory() as folder:
        flags = [*SERVER_FLAGS, *args.server_flag]
        server = Server(Path(folder) / "load.db", *flags, rate=1000).start()
        try:
            assert server.process is not None
            pid = server.process.pid
            idle = run_clients(idle_rooms(server.url, pid, args.idle_rooms))
            steps = run_clients(ramp(server.url, pid, args))
        finally:
            server.stop()
    summary(steps, idle, args)


if __name__ == "__main__":
    main()
