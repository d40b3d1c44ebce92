"""Game server under load: N concurrent rooms, every seat played by an outside client.

    python bench/server.py [--rooms 200] [--seconds 20] [--warmup 3] [--think 0]
                           [--compression] [--url http://127.0.0.1:8000]

Starts ``rummyhall serve`` on a free local port with a fresh SQLite file, opens N Gin
rooms with two WebSocket clients each (one asyncio process, so the server is measured
through real sockets, JSON and the database), and lets the clients play: each client
answers its own ``state`` messages with an action picked from its legal actions (a
knock when there is one, else a seeded random choice) and starts a rematch when a match
ends. It reports, over the measuring window after the warm-up:

* actions per second committed by the server (every action is logged to SQLite before
  it is acknowledged);
* the action round trip: from sending an action to receiving the ``state`` message that
  carries it, p50 / p99 / max;
* the CPU time the server and the clients used in the window, and the server's CPU per
  action: on a shared machine the one figure that does not depend on the neighbours.

With ``--think 0`` every client answers at once, so the rooms saturate the server and the
round trip grows with the number of rooms (a closed loop); ``--think 0.4`` paces each
move like the server's own bots (``--bot-delay``).

The issue's target: 200 concurrent rooms with p99 under 50 ms on 2 cores; the figures
are printed beside it. Client and server share the machine, so the client's own work is
part of every figure.
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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from table_clients import (
    SERVER_FLAGS,
    Pace,
    Tally,
    close_tables,
    cpu_seconds,
    open_tables,
    percentile,
    play_tables,
    run_clients,
    start_tables,
)

from tests.server.harness import Server

TARGET_P99_MS = 50.0


async def run(
    url: str,
    rooms: int,
    seconds: float,
    warmup: float,
    seed: int,
    think: float,
    server_pid: int | None = None,
) -> tuple[Tally, list[float], dict[str, float | None]]:
    """Play ``rooms`` tables; the round trips of the actions sent in the measuring
    window, and the CPU seconds the ``server`` and the ``client`` used in it."""
    tables = await open_tables(url, rooms)
    tally = Tally()
    started = time.perf_counter() + warmup
    until = started + seconds
    tasks = play_tables(tables, tally, random.Random(seed), Pace(think), until)
    await start_tables(tables)
    await asyncio.sleep(max(0.0, started - time.perf_counter()))
    before = {"server": cpu_seconds(server_pid), "client": cpu_seconds(None)}
    await asyncio.sleep(max(0.0, until - time.perf_counter()))
    cpu: dict[str, float | None] = {}
    for name, pid in (("server", server_pid), ("client", None)):
        now, then = cpu_seconds(pid), before[name]
        cpu[name] = None if now is None or then is None else now - then
    await asyncio.wait(tasks, timeout=30)
    await close_tables(tables)
    return tally, tally.window(started, until), cpu


def report(
    rooms: int,
    seconds: float,
    think: float,
    tally: Tally,
    latencies: list[float],
    cpu: dict[str, float | None],
) -> None:
    if not latencies:
        print(f"{rooms} rooms: no action completed; errors: {tally.errors[:5]}")
        return
    p50 = statistics.median(latencies) * 1000
    p99 = percentile(latencies, 0.99) * 1000
    worst = max(latencies) * 1000
    verdict = "meets" if p99 < TARGET_P99_MS else "misses"
    actions = len(latencies)
    print(
        f"{rooms} rooms, {2 * rooms} clients, think {think:g} s, {seconds:.0f} s: "
        f"{actions / seconds:,.0f} actions/s; round trip p50 {p50:.1f} ms, "
        f"p99 {p99:.1f} ms, max {worst:.1f} ms "
        f"({verdict} the target p99 < {TARGET_P99_MS:.0f} ms); "
        f"{tally.matches} matches finished, {len(tally.errors)} errors"
    )
    server, client = cpu.get("server"), cpu.get("client")
    if server is not None and client is not None:
        print(
            f"  CPU over the window: server {server:.1f} s ({1e6 * server / actions:.0f} µs "
            f"per action), clients {client:.1f} s; load average {os.getloadavg()[0]:.1f} "
            f"on {os.cpu_count()} cores"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="mean seconds a client waits before each move (0: answer at once, saturating)",
    )
    parser.add_argument(
        "--compression", action="store_true", help="run the server with per-message deflate"
    )
    parser.add_argument(
        "--url",
        default="",
        help="measure a server already running there (start it with --rate 1000 "
        "--creation-rate 100000 --player-room-rate 100000 "
        "--max-connections-per-address 100000)",
    )
    args = parser.parse_args()
    if args.url:
        measured = run_clients(
            run(args.url, args.rooms, args.seconds, args.warmup, args.seed, args.think)
        )
        report(args.rooms, args.seconds, args.think, *measured)
        return
    with tempfile.TemporaryDirectory() as folder:
        flags = [*SERVER_FLAGS, *(["--compression"] if args.compression else [])]
        server = Server(Path(folder) / "bench.db", *flags, rate=1000).start()
        try:
            assert server.process is not None
            measured = run_clients(
                run(
                    server.url,
                    args.rooms,
                    args.seconds,
                    args.warmup,
                    args.seed,
                    args.think,
                    server.process.pid,
                )
            )
        finally:
            server.stop()
    report(args.rooms, args.seconds, args.think, *measured)


if __name__ == "__main__":
    main()
