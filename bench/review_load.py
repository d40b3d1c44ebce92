"""The server's action round trip beside reviews (issue 43: "the server's action p99
unchanged while four reviews run"): bench/load.py's Gin tables at a fixed number of
rooms, measured in windows without a review computing and beside ``--reviews`` of them,
taken in turns.

    python bench/review_load.py [--rooms 100] [--reviews 4] [--rounds 6] [--window 5]
                                [--think 0.4] [--jitter 0.5] [--matches 8]

Starts ``rummyhall serve`` (tests/server/harness.py) with ``--review-processes`` as
many as the reviews, so that all of them compute at once; first has a guest play
``--matches`` Gin matches against the medium bot to their end (the reviews' subjects:
each seat of a match is a review), then opens ``--rooms`` tables played by outside
WebSocket clients (bench/table_clients.py, as bench/load.py's ramp), asks for
``--reviews`` reviews (each by a guest of its own, at the site's own sampled worlds:
docs/review.md) and waits until every one is being computed. Then, ``--rounds`` times,
a ``--window`` with the review processes paused (SIGSTOP: the server as without them,
the same tables, the same moment's neighbours) and one with them running again
(SIGCONT), in turns, so that the load of whatever else shares the machine falls on both
alike. Before each round, a review done is replaced by the next seat's, so that
``--reviews`` compute throughout (one done within a window is counted: the last line
says the fewest still computing at a window's end). Printed: each window's actions per
second, the round trip's p50 and p99, the server process's CPU and the share of the
window it waited for a CPU, then the median p99 of each kind and the median of the
rounds' ratios.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
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


def children(pid: int) -> list[int]:
    """The processes ``pid`` started (the review workers and multiprocessing's resource
    tracker: nothing the server waits for)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def signal_all(pids: list[int], signum: signal.Signals) -> None:
    for pid in pids:
        os.kill(pid, signum)


class Reviewing:
    """Keeps ``count`` reviews computing, each asked by a guest of its own: the next
    subject's review is asked for as soon as one is done."""

    def __init__(self, url: str, subjects: list[tuple[str, int]], count: int) -> None:
        self.http = httpx.AsyncClient(base_url=url, timeout=60)
        self.waiting = [f"/api/matches/{match}/reviews/{seat}" for match, seat in subjects]
        self.count = count
        self.computing: list[str] = []

    async def running(self) -> int:
        """How many of the reviews asked for are still being computed."""
        answers = [(await self.http.get(path)).json() for path in self.computing]
        self.computing = [
            path for path, a in zip(self.computing, answers, strict=True) if a["status"] != "done"
        ]
        return len(self.computing)

    async def top_up(self) -> None:
        """Ask for reviews until ``count`` are computing, and wait until each has begun."""
        while await self.running() < self.count:
            if not self.waiting:
                raise RuntimeError("every finished match is reviewed: play more of them")
            path = self.waiting.pop(0)
            token = await new_guest(self.http, f"reviewer{len(self.waiting)}")
            answer = await self.http.post(path, headers={"Authorization": f"Bearer {token}"})
            assert answer.status_code == 202, answer.text
            self.computing.append(path)
        while True:
            answers = [(await self.http.get(path)).json() for path in self.computing]
            if all(a["status"] == "running" and a["total"] is not None for a in answers):
                return
            await asyncio.sleep(0.2)


def line(label: str, step: Step) -> None:
    print(
        f"{label:<12} {step.actions_per_second:9,.0f} {step.p50_ms:8.1f} {step.p99_ms:8.1f} "
        f"{100 * step.server_cpu:7.0f}% {100 * step.server_waited:7.0f}% {step.errors:6d}",
        flush=True,
    )


async def windows(
    url: str, pid: int, subjects: list[tuple[str, int]], args: argparse.Namespace
) -> tuple[list[Step], list[Step], int]:
    """The windows without and beside the reviews, and the fewest reviews computing at
    the end of a window beside them."""
    tally = Tally()
    tables = await open_tables(url, args.rooms)
    tasks = play_tables(tables, tally, random.Random(args.seed), Pace(args.think, args.jitter))
    await start_tables(tables)
    without: list[Step] = []
    beside: list[Step] = []
    print(
        f"{'window':<12} {'actions/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'server':>8} "
        f"{'waited':>8} {'errors':>6}",
        flush=True,
    )
    reviewing = Reviewing(url, subjects, args.reviews)
    fewest = args.reviews
    try:
        await reviewing.top_up()
        workers = children(pid)
        for number in range(1, args.rounds + 1):
            await reviewing.top_up()
            signal_all(workers, signal.SIGSTOP)
            try:
                step = await measure(pid, args.rooms, tally, 1.0, args.window, len(tally.errors))
            finally:
                signal_all(workers, signal.SIGCONT)
            without.append(step)
            line(f"{number}. without", step)
            step = await measure(pid, args.rooms, tally, 1.0, args.window, len(tally.errors))
            fewest = min(fewest, await reviewing.running())
            beside.append(step)
            line(f"{number}. beside", step)
    finally:
        await reviewing.http.aclose()
        await close_tables(tables)
        await asyncio.wait(tasks, timeout=30)
    return without, beside, fewest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=100, help="Gin tables played throughout")
    parser.add_argument("--reviews", type=int, default=4, help="reviews computing at once")
    parser.add_argument("--rounds", type=int, default=6, help="pairs of windows measured")
    parser.add_argument("--window", type=float, default=5.0, help="seconds measured a window")
    parser.add_argument("--think", type=float, default=0.4, help="mean seconds before a move")
    parser.add_argument("--jitter", type=float, default=0.5, help="± share of the think time")
    parser.add_argument(
        "--matches", type=int, default=8, help="Gin matches played to be reviewed, a seat each"
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if min(args.rooms, args.reviews, args.rounds) < 1 or args.window <= 0:
        parser.error("--rooms, --reviews and --rounds ≥ 1, --window > 0")
    if 2 * args.matches < args.reviews:
        parser.error("--matches: at least half as many as --reviews (two seats a match)")
    flags = [*SERVER_FLAGS, "--review-processes", str(args.reviews)]
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "load.db", *flags, rate=1000).start()
        try:
            assert server.process is not None
            matches = finished_matches(server, args.matches)
            subjects = [(match, seat) for match in matches for seat in (0, 1)]
            without, beside, fewest = run_clients(
                windows(server.url, server.process.pid, subjects, args)
            )
        finally:
            server.stop()
    p99 = statistics.median(step.p99_ms for step in without)
    p99_beside = statistics.median(step.p99_ms for step in beside)
    ratios = [b.p99_ms / w.p99_ms for w, b in zip(without, beside, strict=True)]
    print()
    print(
        f"action round trip p99 over {args.rooms} rooms, median of {args.rounds} windows of "
        f"{args.window:g} s: {p99:.1f} ms without a review, {p99_beside:.1f} ms beside "
        f"{args.reviews} reviews (×{p99_beside / p99:.2f}; the rounds' ratios' median "
        f"×{statistics.median(ratios):.2f}, from ×{min(ratios):.2f} to ×{max(ratios):.2f})"
    )
    print(
        f"p50: {statistics.median(s.p50_ms for s in without):.1f} ms without, "
        f"{statistics.median(s.p50_ms for s in beside):.1f} ms beside; at least {fewest} "
        f"of {args.reviews} reviews computing at the end of every window; load average "
        f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )


if __name__ == "__main__":
    main()
