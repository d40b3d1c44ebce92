"""Scaling out: one, two and three ``rummyhall serve --redis`` processes on one
PostgreSQL and one Redis, under the same load, side by side; then processes killed
during play, and how long their rooms take to resume.

    python bench/scale.py [--processes 1,2,3] [--step 40] [--max-rooms 400]
                          [--load bots|people] [--route room|random] [--think 0.4]
                          [--settle 3] [--window 8]
                          [--target-ms 100] [--kills 50] [--kill-rooms 60] [--seed 1]

Starts a throw-away PostgreSQL cluster and ``redis-server`` (tests/server/databases.py,
tests/server/redises.py: Debian's packages), then:

1. **Capacity.** For each process count, a new database and a new Redis; Gin rooms
   are added ``--step`` at a time, each opened through a process picked at random. In
   bot rooms (``--load bots``, the default) one seat is played by the server's medium
   bot and the other by an outside WebSocket client; with ``--load people`` both by
   clients. Each client connects to ``/ws?room=CODE`` on a process picked by a hash of
   the room's code among the live ones (``--route room``, the default: a proxy routing
   by room, docs/deploy.md), so the room moves there and its requests stay in one
   process; or at random (``--route random``: a load balancer without room affinity,
   so in people's rooms most requests are forwarded to the room's owner). It thinks
   ``--think`` s a move (± 50%; the server's bots answer at once). After ``--settle`` s
   each step is measured for ``--window`` s:
   actions per second (every action committed, the bots' too, counted in the log) and
   the clients' action round trip p50/p99 (send to the ``state`` carrying it; committed
   to PostgreSQL first), and the CPU of the server processes, of the clients and of the
   whole machine. The ramp stops after two steps in a row over ``--target-ms`` (one may
   be a neighbour's doing); the knee of a process count is its busiest step whose p99
   stayed under the target, and the knees are printed side by side with their ratio to
   one process.
2. **Kills.** Three processes, ``--kill-rooms`` tables playing; ``--kills`` times a
   random process among those playing rooms gets SIGKILL, and is started again once
   its rooms have resumed. A
   client whose socket died reconnects to a live process after a moment (as the browser
   does) and joins its seat again. For each room the killed process owned (its lease in
   Redis), the resume time runs from the kill to the first ``state`` a client of that
   room receives afterwards. At the end every match's log is read back: none may lack an
   action a client was shown (lost), or hold one twice or out of order (duplicated).

Everything shares this machine (2 cores: the clients, the processes, PostgreSQL and
Redis), so the figures are this machine's, not a server's.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
import zlib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import redis
import redis.asyncio as aioredis
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from table_clients import (
    SERVER_FLAGS,
    Pace,
    Tally,
    choose,
    cpu_seconds,
    new_guest,
    new_room,
    percentile,
    run_clients,
)

from rummyhall import new_match
from rummyhall.server.cluster.leases import lease_key
from tests.server import databases
from tests.server.harness import Server
from tests.server.redises import RedisServer

RECONNECT_SECONDS = (0.2, 0.6)
"""How long a client whose socket died waits before it connects again (uniform)."""


# ---------------------------------------------------------------------- the site


class Site:
    """``count`` server processes on a new database and a new Redis."""

    def __init__(self, folder: Path, count: int) -> None:
        self.redis = RedisServer().start()
        url = databases.cluster().new_database(f"scale{count}_{int(time.time())}")
        self.servers = [
            Server(
                folder / f"p{count}_{n}.db",
                "--redis",
                self.redis.url,
                *SERVER_FLAGS,
                rate=1000,
                database_url=url,
            )
            for n in range(count)
        ]
        for server in self.servers:
            server.start()
        self.database_url = url

    def live(self) -> list[Server]:
        return [s for s in self.servers if s.process is not None and s.process.poll() is None]

    def process_of(self, server: Server) -> str:
        return str(httpx.get(f"{server.url}/api/health", timeout=10).json()["process"])

    def logged(self) -> int:
        """Actions committed so far, by every process (people's and bots')."""
        [(count,)] = databases.query(self.database_url, "SELECT count(*) FROM actions")
        return int(count)

    def footprint(self) -> tuple[float, float, float]:
        """Per logged action so far: PostgreSQL bytes (the log's table and index),
        bytes through Redis (in and out) and Redis commands."""
        [(size, actions)] = databases.query(
            self.database_url, "SELECT pg_total_relation_size('actions'), count(*) FROM actions"
        )
        stats = redis_stats(self.redis.port)
        through = stats["total_net_input_bytes"] + stats["total_net_output_bytes"]
        actions = max(1, actions)
        return size / actions, through / actions, stats["total_commands_processed"] / actions

    def close(self) -> None:
        for server in self.servers:
            server.stop()
        self.redis.close()


def redis_stats(port: int) -> dict[str, int]:
    """The counters of Redis's ``INFO stats``."""
    client = redis.Redis(port=port)
    try:
        return {key: value for key, value in client.info("stats").items() if isinstance(value, int)}
    finally:
        client.close()


# ---------------------------------------------------------------------- players


@dataclass
class Seen:
    """What the clients were shown: per match, the highest state counter."""

    turns: dict[str, int] = field(default_factory=dict)
    resumed: dict[str, float] = field(default_factory=dict)
    """Room code → when (perf_counter) a client of it first got a state after the last
    kill began."""

    def state(self, match: str | None, code: str, turn: int) -> None:
        if match is not None:
            self.turns[match] = max(turn, self.turns.get(match, 0))
        self.resumed.setdefault(code, time.perf_counter())


@dataclass
class Load:
    """The clients of one run: the site they play on, how long they think, what they
    were shown, and their tasks."""

    site: Site
    pace: Pace
    by_room: bool
    """Clients connect to the process a hash of their room picks (else at random)."""
    tally: Tally = field(default_factory=Tally)
    seen: Seen = field(default_factory=Seen)
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    tasks: list[asyncio.Task[None]] = field(default_factory=list)

    def seat(self, tables: list[tuple[str, list[str]]], rng: random.Random) -> None:
        """A player per seat of ``tables`` (the host starts a match once all are in)."""
        for code, tokens in tables:
            for seat, token in enumerate(tokens):
                player = play_seat(self, token, code, seat, random.Random(rng.random()))
                self.tasks.append(asyncio.create_task(player))

    async def end(self) -> None:
        self.stop.set()
        await asyncio.sleep(0.5)
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)


async def play_seat(load: Load, token: str, code: str, seat: int, rng: random.Random) -> None:
    """Play one seat until the load stops, through a live process (the room's by hash,
    or a random one), connecting again whenever the socket dies."""
    while not load.stop.is_set():
        live = load.site.live()
        server = live[zlib.crc32(code.encode()) % len(live)] if load.by_room else rng.choice(live)
        try:
            async with connect(
                f"ws://127.0.0.1:{server.port}/ws?room={code}", max_size=2**22, open_timeout=10
            ) as socket:
                await socket.send(json.dumps({"type": "hello", "protocol": 3, "token": token}))
                await socket.send(json.dumps({"type": "join", "room": code}))
                await _play(socket, load, code, seat, rng)
        except (ConnectionClosed, InvalidHandshake, OSError, TimeoutError):
            pass
        await asyncio.sleep(rng.uniform(*RECONNECT_SECONDS))


async def _play(
    socket: ClientConnection, load: Load, code: str, seat: int, rng: random.Random
) -> None:
    tally, pace = load.tally, load.pace
    match: str | None = None
    sent: tuple[int, float] | None = None
    paused: tuple[int, int | None, list[object] | None] | None = None
    acted: int | None = None
    """The state counter last acted on: a state sent again (a room joined anew after
    it moved) is not acted on twice, as a person would not click twice."""
    async for raw in socket:
        now = time.perf_counter()
        if load.stop.is_set():
            return
        message = orjson.loads(raw)
        kind = message["type"]
        if kind == "error":
            tally.errors.append(message["code"])
            acted = None
            if message["code"] in ("unavailable", "room_not_found", "not_seated"):
                await asyncio.sleep(0.3)  # the room is moving: join again
                await socket.send(json.dumps({"type": "join", "room": code}))
            continue
        if kind == "room":
            info = message["room"]
            match = None if info["match"] is None else info["match"]["id"]
            filled = all(entry["connected"] for entry in info["seats"])
            if seat == 0 and info["status"] == "waiting" and filled:
                await socket.send(json.dumps({"type": "start"}))
            if paused is not None and info.get("pause") is None:
                (turn, mover, legal), paused = paused, None
                await _move(socket, seat, turn, mover, legal, rng, pace)
            continue
        if kind != "state":
            continue
        turn = message["turn"]
        load.seen.state(match, code, turn)
        if sent is not None and turn > sent[0]:
            tally.samples.append((sent[1], now - sent[1]))
            sent = None
        if message["over"]:
            if seat == 0:
                tally.matches += 1
                await socket.send(json.dumps({"type": "rematch"}))
            continue
        legal = message["legal"]
        mover = message["current_player"]
        if any(event["type"] == "part_scored" for event in message["events"]):
            paused = (turn, mover, legal)
            await socket.send(json.dumps({"type": "ready"}))
            continue
        if mover == seat and legal and turn != acted:
            acted = turn
            sent = (turn, time.perf_counter() + pace.delay(rng))
            await _move(socket, seat, turn, mover, legal, rng, pace, sent[1])


async def _move(
    socket: ClientConnection,
    seat: int,
    turn: int,
    mover: int | None,
    legal: list[object] | None,
    rng: random.Random,
    pace: Pace,
    at: float | None = None,
) -> None:
    if mover != seat or not legal:
        return
    action = choose(legal, rng)  # type: ignore[arg-type]
    wait = (at - time.perf_counter()) if at is not None else pace.delay(rng)
    if wait > 0:
        await asyncio.sleep(wait)
    await socket.send(json.dumps({"type": "action", "turn": turn, "action": action}))


async def open_tables(
    site: Site, count: int, first: int, rng: random.Random, bots: bool
) -> list[tuple[str, list[str]]]:
    """``count`` private Gin rooms, each opened through a random process: (code, the
    tokens of the seats clients play). With ``bots`` the second seat is the server's
    medium bot, else a second client's."""
    tables = []
    for number in range(first, first + count):
        server = rng.choice(site.live())
        async with httpx.AsyncClient(base_url=server.url, timeout=60) as http:
            if not bots:
                tokens = [await new_guest(http, f"s{number}p{seat}") for seat in (0, 1)]
                tables.append((await new_room(http, tokens[0]), tokens))
                continue
            token = await new_guest(http, f"s{number}")
            answer = await http.post(
                "/api/rooms",
                json={"game": "gin", "public": False, "bots": [None, "medium"]},
                headers={"Authorization": f"Bearer {token}"},
            )
            answer.raise_for_status()
            tables.append((str(answer.json()["code"]), [token]))
    return tables


# ---------------------------------------------------------------------- capacity


@dataclass
class Step:
    rooms: int
    actions_per_second: float
    p50_ms: float
    p99_ms: float
    errors: Counter[str]
    """The error codes the clients were sent in the window, counted."""
    servers_cpu: float
    """The server processes' CPU over the window, in cores."""
    client_cpu: float
    """This process's (the clients') CPU, in cores."""
    machine_busy: float
    """The whole machine's CPU in use (PostgreSQL and Redis too), in cores."""


def machine_seconds() -> float:
    """Busy CPU seconds of the whole machine so far, every core (``/proc/stat``)."""
    fields = [int(value) for value in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle, iowait
    return (sum(fields) - idle) / os.sysconf("SC_CLK_TCK")


def servers_seconds(site: Site) -> float:
    return sum(cpu_seconds(server.process.pid) or 0.0 for server in site.live() if server.process)


async def ramp(site: Site, args: argparse.Namespace) -> list[Step]:
    rng = random.Random(args.seed)
    load = Load(site, Pace(args.think, 0.5), args.route == "room")
    tally = load.tally
    steps: list[Step] = []
    rooms = 0
    while rooms < args.max_rooms:
        tables = await open_tables(site, args.step, rooms, rng, args.load == "bots")
        load.seat(tables, rng)
        rooms += args.step
        await asyncio.sleep(args.settle)
        errors_before = len(tally.errors)
        logged_before = site.logged()
        begin = time.perf_counter()
        used = (servers_seconds(site), cpu_seconds(None) or 0.0, machine_seconds())
        await asyncio.sleep(args.window)
        end = time.perf_counter()
        now = (servers_seconds(site), cpu_seconds(None) or 0.0, machine_seconds())
        logged = site.logged() - logged_before
        cores = [(after - before) / (end - begin) for before, after in zip(used, now, strict=True)]
        trips = tally.window(begin, end)
        tally.forget_before(end)
        if not trips:
            raise RuntimeError(f"no action in the window at {rooms} rooms: {tally.errors[-5:]}")
        step = Step(
            rooms,
            logged / (end - begin),
            1000 * percentile(trips, 0.5),
            1000 * percentile(trips, 0.99),
            Counter(tally.errors[errors_before:]),
            *cores,
        )
        steps.append(step)
        print(
            f"  {len(site.servers)} processes, {rooms:4d} rooms: {step.actions_per_second:7.1f}"
            f" actions/s, p50 {step.p50_ms:6.1f} ms, p99 {step.p99_ms:7.1f} ms,"
            f" {errors_text(step.errors)}; CPU (cores): servers {step.servers_cpu:.2f},"
            f" clients {step.client_cpu:.2f}, machine {step.machine_busy:.2f}",
            flush=True,
        )
        over = [step.p99_ms > args.target_ms for step in steps[-2:]]
        if len(over) == 2 and all(over):  # twice running: one slow window may be a neighbour
            break
    await load.end()
    return steps


def errors_text(errors: Counter[str]) -> str:
    listed = ", ".join(f"{code} {count}" for code, count in errors.most_common())
    return f"{errors.total()} errors" + (f" ({listed})" if listed else "")


def knee(steps: list[Step], target: float) -> Step | None:
    under = [step for step in steps if step.p99_ms <= target]
    return max(under, key=lambda step: step.actions_per_second) if under else None


# ---------------------------------------------------------------------- kills


async def kills(site: Site, args: argparse.Namespace) -> tuple[list[float], Seen, int]:
    """Kill a random process ``args.kills`` times during play; the resume times (s) of
    its rooms, what the clients saw, and how many rooms were owned by the killed."""
    rng = random.Random(args.seed)
    load = Load(site, Pace(0.2, 0.5), args.route == "room")
    seen = load.seen
    tables = await open_tables(site, args.kill_rooms, 0, rng, bots=False)
    load.seat(tables, rng)
    codes = [code for code, _ in tables]
    await asyncio.sleep(3.0)
    resumes: list[float] = []
    owned_total = 0
    store = aioredis.Redis.from_url(site.redis.url, decode_responses=True)
    for number in range(args.kills):
        nodes = {site.process_of(server): server for server in site.servers}
        owners = await store.mget([lease_key(code) for code in codes])
        node = rng.choice(sorted({owner for owner in owners if owner in nodes} or set(nodes)))
        victim = nodes[node]
        owned = [code for code, owner in zip(codes, owners, strict=True) if owner == node]
        owned_total += len(owned)
        victim.kill()
        killed_at = time.perf_counter()
        for code in owned:
            seen.resumed.pop(code, None)
        deadline = killed_at + 30
        while time.perf_counter() < deadline and not all(c in seen.resumed for c in owned):
            await asyncio.sleep(0.05)
        times = [seen.resumed.get(code, deadline) - killed_at for code in owned]
        resumes += times
        worst = f"{max(times):.2f} s" if times else "-"
        print(f"  kill {number + 1}: {len(owned)} rooms, slowest resumed after {worst}", flush=True)
        victim.start()
        await asyncio.sleep(1.0)
    await store.aclose()
    await asyncio.sleep(3.0)
    await load.end()
    return resumes, seen, owned_total


def audit(database_url: str, seen: Seen) -> tuple[int, int, int]:
    """(matches, actions lost, actions duplicated or out of order): every match's log
    against the highest state counter a client was shown, and replayed by the engine."""
    rows = databases.query(
        database_url,
        "SELECT m.id, m.seed, m.options, r.game, a.seq, a.action FROM matches m "
        "JOIN rooms r ON r.id = m.room_id LEFT JOIN actions a ON a.match_id = m.id "
        "ORDER BY m.id, a.seq",
    )
    logs: dict[str, tuple[str, int, dict[str, Any], list[tuple[int, dict[str, Any]]]]] = {}
    for match, seed, options, game, seq, action in rows:
        entry = logs.setdefault(match, (game, seed, _json(options), []))
        if seq is not None:
            entry[3].append((seq, _json(action)))
    lost = duplicated = 0
    for match, (game, seed, options, log) in logs.items():
        seqs = [seq for seq, _ in log]
        if seqs != list(range(len(seqs))):
            duplicated += 1
        state = new_match(game, seed=seed, **options)
        for _, action in log:
            if state.is_over:
                duplicated += 1
                break
            state.apply_json(action)  # raises on an illegal (doubled) action
        lost += max(0, seen.turns.get(match, 0) - len(log))
    return len(logs), lost, duplicated


def _json(value: object) -> dict[str, Any]:
    """A JSON column's value (PostgreSQL's driver parses it already)."""
    return value if isinstance(value, dict) else dict(json.loads(str(value)))


# ---------------------------------------------------------------------- main


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--processes", default="1,2,3")
    parser.add_argument("--step", type=int, default=40)
    parser.add_argument("--max-rooms", type=int, default=400)
    parser.add_argument("--think", type=float, default=0.4)
    parser.add_argument(
        "--load",
        choices=("bots", "people"),
        default="bots",
        help="capacity rooms: a client against the server's medium bot, or two clients",
    )
    parser.add_argument(
        "--route",
        choices=("room", "random"),
        default="room",
        help="clients connect to the process a hash of the room picks, or to any",
    )
    parser.add_argument("--settle", type=float, default=3.0)
    parser.add_argument("--window", type=float, default=8.0)
    parser.add_argument("--target-ms", type=float, default=100.0)
    parser.add_argument("--kills", type=int, default=50)
    parser.add_argument("--kill-rooms", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    counts = [int(n) for n in args.processes.split(",") if n]
    knees: dict[int, Step | None] = {}
    footprints: dict[int, tuple[float, float, float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for count in counts:
            print(f"capacity with {count} processes:", flush=True)
            site = Site(Path(folder), count)
            try:
                knees[count] = knee(run_clients(ramp(site, args)), args.target_ms)
                footprints[count] = site.footprint()
            finally:
                site.close()
        if args.kills:
            print(f"{args.kills} kills among 3 processes, {args.kill_rooms} rooms:", flush=True)
            site = Site(Path(folder), 3)
            try:
                resumes, seen, owned = run_clients(kills(site, args))
                matches, lost, duplicated = audit(site.database_url, seen)
            finally:
                site.close()

    print(
        f"\nknees ({args.load} rooms, routed by {args.route}, p99 of the clients' round trips under"
        f" {args.target_ms:.0f} ms, think {args.think} s a move):"
    )
    base = knees.get(1)
    for count, step in knees.items():
        if step is None:
            print(f"  {count} processes: no step under the target")
            continue
        ratio = (
            "" if base is None else f"  {step.actions_per_second / base.actions_per_second:.2f}×"
        )
        print(
            f"  {count} processes: {step.rooms:4d} rooms, {step.actions_per_second:7.1f} actions/s,"
            f" p50 {step.p50_ms:.1f} ms, p99 {step.p99_ms:.1f} ms{ratio};"
            f" CPU: servers {step.servers_cpu:.2f}, clients {step.client_cpu:.2f},"
            f" machine {step.machine_busy:.2f} of {os.cpu_count()} cores"
        )
    print(
        "\nper logged action: PostgreSQL bytes (the log and its index), bytes through Redis"
        " (in and out), Redis commands"
    )
    for count, (stored, through, commands) in footprints.items():
        print(f"  {count} processes: {stored:.0f} B, {through:.0f} B, {commands:.1f}")
    if args.kills:
        print(
            f"\nkills: {args.kills}, rooms of the killed processes: {owned}; resumed after"
            f" median {statistics.median(resumes):.2f} s, p99 {percentile(resumes, 0.99):.2f} s,"
            f" max {max(resumes):.2f} s"
            if resumes
            else "\nkills: no room was owned by a victim"
        )
        print(f"matches audited: {matches}, actions lost: {lost}, duplicated: {duplicated}")


if __name__ == "__main__":
    main()
