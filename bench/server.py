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
import json
import os
import random
import resource
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.server.harness import Server

TARGET_P99_MS = 50.0


def cpu_seconds(pid: int | None) -> float | None:
    """CPU time used so far by process ``pid`` (this process when ``None``); Linux."""
    if pid is None:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return usage.ru_utime + usage.ru_stime
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Tally:
    started: float = 0.0
    until: float = 0.0
    actions: int = 0
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    matches: int = 0
    server_pid: int | None = None
    cpu: dict[str, float | None] = field(default_factory=dict)
    """CPU seconds over the measuring window: ``server`` and ``client``."""

    async def watch_cpu(self) -> None:
        """Read both processes' CPU clocks when the window opens and closes."""
        await asyncio.sleep(max(0.0, self.started - time.perf_counter()))
        start = {"server": cpu_seconds(self.server_pid), "client": cpu_seconds(None)}
        await asyncio.sleep(max(0.0, self.until - time.perf_counter()))
        for name, pid in (("server", self.server_pid), ("client", None)):
            now, then = cpu_seconds(pid), start[name]
            self.cpu[name] = None if now is None or then is None else now - then

    def measuring(self, now: float) -> bool:
        return self.started <= now < self.until


def choose(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    actions = [entry["action"] for entry in legal]
    knocks = [a for a in actions if a["type"] == "knock"]
    return knocks[0] if knocks else rng.choice(actions)


async def play_seat(
    socket: ClientConnection,
    seat: int,
    host: bool,
    tally: Tally,
    rng: random.Random,
    think: float,
) -> None:
    """Answer this seat's turns until the measuring window has closed."""
    sent_at: float | None = None
    sent_turn = -1
    async for raw in socket:
        message = json.loads(raw)
        now = time.perf_counter()
        kind = message["type"]
        if kind == "error":
            tally.errors.append(message["code"])
            continue
        if kind != "state":
            continue
        if sent_at is not None and message["turn"] > sent_turn:
            if tally.measuring(sent_at):
                tally.actions += 1
                tally.latencies.append(now - sent_at)
            sent_at = None
        if now >= tally.until:
            return
        if message["over"]:
            if host:
                tally.matches += 1
                await socket.send(json.dumps({"type": "rematch"}))
            continue
        if message["current_player"] == seat and message["legal"]:
            action = choose(message["legal"], rng)
            if think:
                await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
            sent_turn = message["turn"]
            sent_at = time.perf_counter()
            await socket.send(json.dumps({"type": "action", "turn": sent_turn, "action": action}))


async def open_seat(url: str, token: str, code: str) -> ClientConnection:
    socket = await connect(f"{url}/ws", max_size=2**22)
    await socket.send(json.dumps({"type": "hello", "protocol": 1, "token": token}))
    await socket.send(json.dumps({"type": "join", "room": code}))
    while json.loads(await socket.recv())["type"] != "room":
        pass
    return socket


async def run(
    url: str,
    rooms: int,
    seconds: float,
    warmup: float,
    seed: int,
    think: float,
    server_pid: int | None = None,
) -> Tally:
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:

        async def guest(name: str) -> str:
            answer = await http.post("/api/players", json={"nickname": name})
            return str(answer.json()["token"])

        tokens = [await guest(f"bench{i}") for i in range(2 * rooms)]
        codes = []
        for room in range(rooms):
            answer = await http.post(
                "/api/rooms",
                json={"game": "gin", "public": False},
                headers={"Authorization": f"Bearer {tokens[2 * room]}"},
            )
            codes.append(answer.json()["code"])
    ws_url = url.replace("http", "ws")
    sockets = []
    for room, code in enumerate(codes):
        for seat in (0, 1):
            sockets.append(await open_seat(ws_url, tokens[2 * room + seat], code))
    tally = Tally(server_pid=server_pid)
    rng = random.Random(seed)
    tasks = [
        asyncio.create_task(
            play_seat(socket, index % 2, index % 2 == 0, tally, random.Random(rng.random()), think)
        )
        for index, socket in enumerate(sockets)
    ]
    now = time.perf_counter()
    tally.started = now + warmup
    tally.until = tally.started + seconds
    tasks.append(asyncio.create_task(tally.watch_cpu()))
    for index in range(0, len(sockets), 2):
        await sockets[index].send(json.dumps({"type": "start"}))
    await asyncio.wait(tasks, timeout=warmup + seconds + 30)
    for socket in sockets:
        await socket.close()
    return tally


def report(rooms: int, seconds: float, think: float, tally: Tally) -> None:
    latencies = sorted(tally.latencies)
    if not latencies:
        print(f"{rooms} rooms: no action completed; errors: {tally.errors[:5]}")
        return
    p50 = statistics.median(latencies) * 1000
    p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))] * 1000
    worst = latencies[-1] * 1000
    verdict = "meets" if p99 < TARGET_P99_MS else "misses"
    print(
        f"{rooms} rooms, {2 * rooms} clients, think {think:g} s, {seconds:.0f} s: "
        f"{tally.actions / seconds:,.0f} actions/s; round trip p50 {p50:.1f} ms, "
        f"p99 {p99:.1f} ms, max {worst:.1f} ms "
        f"({verdict} the target p99 < {TARGET_P99_MS:.0f} ms); "
        f"{tally.matches} matches finished, {len(tally.errors)} errors"
    )
    server, client = tally.cpu.get("server"), tally.cpu.get("client")
    if server is not None and client is not None and tally.actions:
        print(
            f"  CPU over the window: server {server:.1f} s ({1e6 * server / tally.actions:.0f} µs "
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
        "--creation-rate 100000)",
    )
    args = parser.parse_args()
    if args.url:
        tally = asyncio.run(
            run(args.url, args.rooms, args.seconds, args.warmup, args.seed, args.think)
        )
        report(args.rooms, args.seconds, args.think, tally)
        return
    with tempfile.TemporaryDirectory() as folder:
        flags = ["--compression"] if args.compression else []
        server = Server(Path(folder) / "bench.db", *flags, rate=1000).start()
        try:
            assert server.process is not None
            tally = asyncio.run(
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
    report(args.rooms, args.seconds, args.think, tally)


if __name__ == "__main__":
    main()
