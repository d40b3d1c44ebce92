"""What silent sockets cost everybody else: latency of the site with 0, then 1,000
silent sockets held open.

    python bench/silent.py [--silent 1000] [--samples 60]

Starts ``rummyhall serve`` on a free local port with deadlines long enough that the
silent sockets stay open for the whole measurement (the worst case: an attacker who
reopens them as fast as the deadlines close them), then measures, first with no silent
socket and then with ``--silent`` of them open (half WebSockets that completed the
handshake and never said ``hello``, half HTTP requests stopped in the middle of their
headers), the latency of ``GET /``, ``GET /api/rooms`` and an action round trip (from
sending an action to receiving the ``state`` that carries it) at a Gin table of two
outside clients. It prints p50 and p95 per phase, the loaded/baseline ratio and the
target: every p95 under 100 ms with the silent sockets open.
"""

from __future__ import annotations

import argparse
import resource
import socket
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.server.harness import (
    Server,
    Table,
    half_sent_request,
    open_table,
    pick,
    silent_websocket,
)

TARGET_MS = 100.0
LONG = "600"
"""Deadlines (seconds) that outlast the benchmark, so nothing closes the silent sockets."""


def raise_file_limit(needed: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < needed:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(needed, hard), hard))


class ActionClock:
    """Times action round trips at a Gin table, opening a new one when a match ends."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.table = open_table(server)
        self.turn = 0

    def _new_table(self) -> None:
        for client in self.table.clients:
            client.close()
        self.table = open_table(self.server)
        self.turn = 0

    def sample(self) -> float:
        table: Table = self.table
        state = table.clients[0].state_at(self.turn)
        if state["over"]:
            self._new_table()
            return self.sample()
        mover = table.clients[state["current_player"]]
        legal = mover.state_at(self.turn)["legal"]
        start = time.perf_counter()
        mover.act(self.turn, pick(legal))
        mover.state_at(self.turn + 1)
        elapsed = time.perf_counter() - start
        self.turn += 1
        return elapsed


def measure(samples: int, probe: Callable[[], float]) -> list[float]:
    probe()  # warm
    return [probe() for _ in range(samples)]


def timed_get(http: httpx.Client, path: str) -> Callable[[], float]:
    def probe() -> float:
        start = time.perf_counter()
        answer = http.get(path)
        elapsed = time.perf_counter() - start
        if answer.status_code != 200:
            raise RuntimeError(f"{path} answered {answer.status_code}")
        return elapsed

    return probe


def phase(server: Server, clock: ActionClock, samples: int) -> dict[str, list[float]]:
    with httpx.Client(base_url=server.url, timeout=30) as http:
        return {
            "GET /": measure(samples, timed_get(http, "/")),
            "GET /api/rooms": measure(samples, timed_get(http, "/api/rooms")),
            "action round trip": measure(samples, clock.sample),
        }


def quantile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[int(q * 100) - 1] * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--silent", type=int, default=1000)
    parser.add_argument("--samples", type=int, default=60)
    args = parser.parse_args()
    raise_file_limit(2 * args.silent + 512)
    with tempfile.TemporaryDirectory() as folder:
        server = Server(
            Path(folder) / "silent.db",
            "--hello-timeout",
            LONG,
            "--request-timeout",
            LONG,
            "--max-connections",
            str(args.silent + 500),
            "--max-connections-per-address",
            str(args.silent + 500),
        ).start()
        held: list[socket.socket] = []
        try:
            clock = ActionClock(server)
            baseline = phase(server, clock, args.samples)
            opened = time.perf_counter()
            for index in range(args.silent):
                opener = silent_websocket if index % 2 == 0 else half_sent_request
                held.append(opener(server.port))
            print(
                f"opened {args.silent} silent sockets in {time.perf_counter() - opened:.1f} s "
                f"({args.silent // 2} WebSockets without hello, "
                f"{args.silent - args.silent // 2} half-sent requests)"
            )
            loaded = phase(server, clock, args.samples)
            alive = sum(1 for sock in held if sock.fileno() != -1)
        finally:
            for sock in held:
                sock.close()
            server.stop()
    print(f"{'':20} {'p50 0':>8} {'p95 0':>8} {'p50 N':>8} {'p95 N':>8} {'p95 ratio':>10}")
    worst = 0.0
    for name in baseline:
        base50, base95 = quantile(baseline[name], 0.5), quantile(baseline[name], 0.95)
        load50, load95 = quantile(loaded[name], 0.5), quantile(loaded[name], 0.95)
        worst = max(worst, load95)
        print(
            f"{name:20} {base50:7.1f}ms {base95:7.1f}ms {load50:7.1f}ms {load95:7.1f}ms "
            f"{load95 / base95:9.2f}x"
        )
    print(
        f"with {alive} silent sockets open: worst p95 {worst:.1f} ms "
        f"(target < {TARGET_MS:.0f} ms: {'met' if worst < TARGET_MS else 'NOT met'})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
