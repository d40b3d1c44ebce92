"""The server's action round trip beside reviews (issue 43: "the server's action p99
unchanged while four reviews run"): bench/load.py's Gin tables at a fixed number of
rooms, measured in windows without a review and with ``--reviews`` of them computing.

    python bench/review_load.py [--rooms 100] [--reviews 4] [--rounds 2] [--window 10]
                                [--think 0.4] [--jitter 0.5] [--settle 4]

Starts ``rummyhall serve`` (tests/server/harness.py) with ``--review-processes`` as
many as the reviews, so that all of them compute at once; first has a guest play
Gin matches against the medium bot to their end (the reviews' subjects: each seat of a
match is a review), then opens ``--rooms`` tables played by outside WebSocket clients
(bench/table_clients.py, as bench/load.py's ramp) and, ``--rounds`` times, measures a
``--window`` without a review, then asks for ``--reviews`` new ones (each by a guest of
its own, at the site's own sampled worlds: docs/review.md), waits until every one is
being computed, and measures a window beside them; each round on a server process of
its own, on the same database (stopping it ends its reviews). A review must still be
computing when its window ends, or the window does not count as beside it (the table
says how many were). Printed: each window's actions per second, the round trip's p50 and p99,
the server process's CPU (the reviews run in child processes), and the p99s with and
without reviews, side by side.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from load import Step, measure
from table_clients import (
    SERVER_FLAGS,
    Pace,
    Tally,
    close_tables,
    new_guest,
    open_tables,
    play_tables,
    run_clients,
    start_tables,
)

from tests.server.harness import BOT, Server, play_to_the_end


def finished_matches(server: Server, count: int) -> list[str]:
    """``count`` Gin matches a guest plays to their end against the medium bot: ids."""
    found = []
    http = httpx.Client(base_url=server.url, timeout=60)
    for number in range(count):
        _, code = play_to_the_end(server, (f"Reviewed{number}", BOT))
        found.append(http.get(f"/api/rooms/{code}").json()["match"]["id"])
    return found


async def ask_reviews(url: str, subjects: list[tuple[str, int]]) -> list[str]:
    """Ask for each review (by a guest of its own) and wait until every one is being
    computed: the paths to follow them by."""
    paths = [f"/api/matches/{match}/reviews/{seat}" for match, seat in subjects]
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        for number, path in enumerate(paths):
            token = await new_guest(http, f"reviewer{number}")
            answer = await http.post(path, headers={"Authorization": f"Bearer {token}"})
            assert answer.status_code == 202, answer.text
        while True:
            answers = [(await http.get(path)).json() for path in paths]
            if all(a["status"] == "running" and a["total"] is not None for a in answers):
                return paths
            await asyncio.sleep(0.2)


async def running(url: str, paths: list[str]) -> int:
    """How many of the reviews are still being computed."""
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        return sum([(await http.get(path)).json()["status"] == "running" for path in paths])


def line(label: str, step: Step, beside: str) -> None:
    print(
        f"{label:<16} {step.actions_per_second:9,.0f} {step.p50_ms:8.1f} {step.p99_ms:8.1f} "
        f"{100 * step.server_cpu:7.0f}% {100 * step.server_waited:7.0f}% {step.errors:6d}  "
        f"{beside}",
        flush=True,
    )


async def round_of_windows(
    url: str, pid: int, subjects: list[tuple[str, int]], args: argparse.Namespace, number: int
) -> tuple[Step, Step]:
    """One window without a review, then one beside ``subjects``' reviews."""
    tally = Tally()
    tables = await open_tables(url, args.rooms)
    tasks = play_tables(tables, tally, random.Random(args.seed), Pace(args.think, args.jitter))
    await start_tables(tables)
    try:
        without = await measure(pid, args.rooms, tally, args.settle, args.window, 0)
        line(f"{number}. without", without, "none")
        paths = await ask_reviews(url, subjects)
        beside = await measure(pid, args.rooms, tally, 0.0, args.window, len(tally.errors))
        still = await running(url, paths)
        line(f"{number}. beside", beside, f"{still} of {len(paths)} still computing")
    finally:
        await close_tables(tables)
        await asyncio.wait(tasks, timeout=30)
    return without, beside


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=100, help="Gin tables played throughout")
    parser.add_argument("--reviews", type=int, default=4, help="reviews computing at once")
    parser.add_argument("--rounds", type=int, default=2, help="pairs of windows measured")
    parser.add_argument("--window", type=float, default=10.0, help="seconds measured a window")
    parser.add_argument("--settle", type=float, default=4.0, help="seconds before a window")
    parser.add_argument("--think", type=float, default=0.4, help="mean seconds before a move")
    parser.add_argument("--jitter", type=float, default=0.5, help="± share of the think time")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if min(args.rooms, args.reviews, args.rounds) < 1 or args.window <= 0:
        parser.error("--rooms, --reviews and --rounds ≥ 1, --window > 0")
    without: list[Step] = []
    beside: list[Step] = []
    flags = [*SERVER_FLAGS, "--review-processes", str(args.reviews)]
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "load.db", *flags, rate=1000).start()
        try:
            matches = finished_matches(server, (args.reviews * args.rounds + 1) // 2)
        finally:
            server.stop()
        subjects = [(match, seat) for match in matches for seat in (0, 1)]
        print(
            f"{'window':<16} {'actions/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'server':>8} "
            f"{'waited':>8} {'errors':>6}  reviews",
            flush=True,
        )
        for number in range(args.rounds):
            # A server of its own a round: stopped, it ends the reviews it computes
            # (their processes end with it), so the next window is without them.
            server = Server(Path(folder) / "load.db", *flags, rate=1000).start()
            try:
                assert server.process is not None
                ours = subjects[number * args.reviews : (number + 1) * args.reviews]
                found = run_clients(
                    round_of_windows(server.url, server.process.pid, ours, args, number + 1)
                )
            finally:
                server.stop()
            without.append(found[0])
            beside.append(found[1])
    p99 = statistics.fmean(step.p99_ms for step in without)
    p99_beside = statistics.fmean(step.p99_ms for step in beside)
    print()
    print(
        f"action round trip p99 over {args.rooms} rooms: {p99:.1f} ms without a review, "
        f"{p99_beside:.1f} ms beside {args.reviews} reviews (×{p99_beside / p99:.2f}; the "
        f"mean of {args.rounds} windows of {args.window:g} s each)"
    )
    print(
        f"p50: {statistics.fmean(s.p50_ms for s in without):.1f} ms without, "
        f"{statistics.fmean(s.p50_ms for s in beside):.1f} ms beside; load average "
        f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )


if __name__ == "__main__":
    main()
