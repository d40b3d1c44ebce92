"""Gin tables played by outside WebSocket clients: what bench/server.py and bench/load.py
share.

Each table is one Gin room opened over the HTTP API with two guests, each seat played
by its own WebSocket client in this (asyncio) process. A client answers its own
``state`` messages with one of its legal actions (a knock when there is one, else a
seeded random choice), after a think time, and the host starts a rematch when a match
ends. Every action's round trip is recorded: from sending it to receiving the ``state``
message that carries it. Process figures (CPU time, run-queue wait, resident memory) are
read from ``/proc`` (Linux).

The clients share the machine with the server they measure, so they are made to take
as little of it as they can: they run on uvloop (``run_clients``) and parse with orjson,
and a round trip ends when its message arrives, before it is parsed.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import random
import resource
import time
from collections.abc import Coroutine, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import httpx
import orjson
import uvloop
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
T = TypeVar("T")


def run_clients(main: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` on uvloop: the clients' event loop at a fraction of the CPU."""
    return uvloop.run(main)


SERVER_FLAGS = ("--max-connections-per-address", "100000")
"""``rummyhall serve`` flags for a benchmark: every client comes from this one address."""


def cpu_seconds(pid: int | None) -> float | None:
    """CPU time used so far by process ``pid`` (this process when ``None``)."""
    if pid is None:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return usage.ru_utime + usage.ru_stime
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def run_queue_seconds(pid: int) -> float | None:
    """Seconds the threads of ``pid`` have spent ready to run but waiting for a CPU
    (``/proc/PID/task/*/schedstat``): on a shared machine, the time the neighbours took."""
    total = 0
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            total += int((task / "schedstat").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return None
    return total / 1e9


def rss_bytes(pid: int) -> int | None:
    """Resident memory of ``pid``."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


def percentile(values: list[float], fraction: float) -> float:
    """The ``fraction`` quantile of ``values`` (nearest rank; ``values`` non-empty)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


@dataclass
class Tally:
    """What the clients saw: one round trip per action whose answer arrived, stamped
    with the time it was sent, so any window can be cut out afterwards."""

    samples: list[tuple[float, float]] = field(default_factory=list)
    """``(sent_at, round_trip)`` in seconds, ``time.perf_counter`` clock."""
    errors: list[str] = field(default_factory=list)
    matches: int = 0

    def window(self, start: float, end: float) -> list[float]:
        """Round trips of the actions sent in ``[start, end)``."""
        return [trip for sent, trip in self.samples if start <= sent < end]

    def forget_before(self, moment: float) -> None:
        self.samples = [sample for sample in self.samples if sample[0] >= moment]


def choose(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    actions = [entry["action"] for entry in legal]
    knocks = [a for a in actions if a["type"] == "knock"]
    return knocks[0] if knocks else rng.choice(actions)


@dataclass(frozen=True)
class Pace:
    """How long a client thinks before each move: uniform in ``mean × (1 ± jitter)``."""

    mean: float = 0.0
    jitter: float = 0.5

    def delay(self, rng: random.Random) -> float:
        if not self.mean:
            return 0.0
        return rng.uniform(self.mean * (1 - self.jitter), self.mean * (1 + self.jitter))


async def play_seat(
    socket: ClientConnection,
    seat: int,
    host: bool,
    tally: Tally,
    rng: random.Random,
    pace: Pace,
    until: float = float("inf"),
) -> None:
    """Answer this seat's turns until ``until`` (``perf_counter``) or the socket closes."""
    sent_at: float | None = None
    sent_turn = -1
    paused: tuple[int, int | None, list[Any] | None] | None = None
    """The state that ended a hand (turn, mover, legal): played once the next starts."""
    async for raw in socket:
        now = time.perf_counter()
        message = orjson.loads(raw)
        # Only what is needed is kept: a parsed state (its moves, its view) held
        # through the wait for the next one would be walked by every collector pass.
        kind, turn, code = message["type"], message.get("turn"), message.get("code")
        over, mover, legal = (
            message.get("over"),
            message.get("current_player"),
            message.get("legal"),
        )
        scored = any(event["type"] == "part_scored" for event in message.get("events", ()))
        resumed = kind == "room" and message["room"].get("pause") is None
        del message, raw
        if kind == "error":
            tally.errors.append(code)
            continue
        if kind == "room" and resumed and paused is not None:
            (turn, mover, legal), paused = paused, None  # the next hand has started
        elif kind != "state":
            continue
        else:
            if sent_at is not None and turn > sent_turn:
                tally.samples.append((sent_at, now - sent_at))
                sent_at = None
            if now >= until:
                return
            if over:
                if host:
                    tally.matches += 1
                    await socket.send(json.dumps({"type": "rematch"}))
                continue
            if scored:  # close the hand's result, as a person does
                paused = (turn, mover, legal)
                await socket.send(json.dumps({"type": "ready"}))
                continue
        if mover == seat and legal:
            action = choose(legal, rng)
            legal = None
            delay = pace.delay(rng)
            if delay:
                await asyncio.sleep(delay)
            sent_turn = turn
            sent_at = time.perf_counter()
            await socket.send(json.dumps({"type": "action", "turn": sent_turn, "action": action}))


async def open_seat(ws_url: str, token: str, code: str) -> ClientConnection:
    """A client that has said hello and joined room ``code``."""
    socket = await connect(f"{ws_url}/ws", max_size=2**22, open_timeout=60)
    await socket.send(json.dumps({"type": "hello", "protocol": 3, "token": token}))
    await socket.send(json.dumps({"type": "join", "room": code}))
    while True:
        message = orjson.loads(await socket.recv())
        if message["type"] == "room":
            return socket
        if message["type"] == "error":
            await socket.close()
            raise RuntimeError(f"joining {code}: {message['code']}: {message['message']}")


async def new_guest(http: httpx.AsyncClient, name: str) -> str:
    answer = await http.post("/api/players", json={"nickname": name})
    answer.raise_for_status()
    return str(answer.json()["token"])


async def new_room(http: httpx.AsyncClient, token: str) -> str:
    """A private Gin room hosted (and seat 0 taken) by ``token``'s guest; its code."""
    answer = await http.post(
        "/api/rooms",
        json={"game": "gin", "public": False},
        headers={"Authorization": f"Bearer {token}"},
    )
    answer.raise_for_status()
    return str(answer.json()["code"])


@dataclass
class Table:
    code: str
    sockets: list[ClientConnection]


async def open_tables(url: str, count: int, first: int = 0, parallel: int = 16) -> list[Table]:
    """``count`` rooms (guests ``t{first}…``), both seats joined, not yet started;
    ``parallel`` set up at once."""
    ws_url = url.replace("http", "ws", 1)
    limit = asyncio.Semaphore(parallel)
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:

        async def table(number: int) -> Table:
            async with limit:
                tokens = [await new_guest(http, f"t{number}s{seat}") for seat in (0, 1)]
                code = await new_room(http, tokens[0])
                sockets = [await open_seat(ws_url, token, code) for token in tokens]
                return Table(code, sockets)

        return list(await asyncio.gather(*(table(first + n) for n in range(count))))


def play_tables(
    tables: Iterable[Table],
    tally: Tally,
    rng: random.Random,
    pace: Pace,
    until: float = float("inf"),
) -> list[asyncio.Task[None]]:
    """A task per seat playing its table (seat 0 hosts) until ``until``; start the
    tables with :func:`start_tables` once the tasks run."""
    tasks = []
    for table in tables:
        for seat, socket in enumerate(table.sockets):
            seat_rng = random.Random(rng.random())
            player = play_seat(socket, seat, seat == 0, tally, seat_rng, pace, until)
            tasks.append(asyncio.create_task(_quietly(player)))
    _settle_collector()
    return tasks


def _settle_collector() -> None:
    """Keep the clients made so far out of the cyclic collector's passes, and run its
    full passes ten times less often, as the server does (server/app.py): with a
    thousand sockets a full pass stopped this process for 150 ms, time every round
    trip then in flight would have counted as the server's."""
    gc.collect()
    gc.freeze()
    first, second, _ = gc.get_threshold()
    gc.set_threshold(first, second, 100)


async def _quietly(player: Coroutine[Any, Any, None]) -> None:
    """A seat whose connection is closed (by the server, or by the end of the run)
    simply stops playing."""
    with contextlib.suppress(ConnectionClosed):
        await player


async def start_tables(tables: Iterable[Table]) -> None:
    for table in tables:
        await table.sockets[0].send(json.dumps({"type": "start"}))


async def close_tables(tables: Iterable[Table]) -> None:
    await asyncio.gather(
        *(socket.close() for table in tables for socket in table.sockets),
        return_exceptions=True,
    )
