"""Quick pairing under load (docs/pairing.md): how many seeks a second the pools absorb,
and how long a seeker waits for his table, with the pools in one process's memory and
in Redis, side by side.

    python bench/pairing.py [--seekers 1000] [--rates 100,500,0] [--redis-processes 1]
                            [--spread 5] [--seed 1] [--tables 300] [--group 10]

Starts a throw-away PostgreSQL cluster and ``redis-server`` (tests/server/databases.py,
tests/server/redises.py: Debian's packages) and, for each back end, a new database and
its server processes: ``memory`` (one ``rummyhall serve``) and ``redis``
(``--redis-processes`` of them on one Redis, each seeker connected to one in turn).
``--seekers`` guests get Gin ratings drawn from a normal law (``mu`` 25 ± ``--spread``:
skill 1000 ± 40 × spread, a site's realistic spread) and connect; then, for each rate of
``--rates`` seeks a second (0: all at once), every one of them seeks a Gin table at that
rate, and waits until he is told ``paired``. Each is measured from sending his seek:

- *absorbed*: seeks a second the server acknowledged (``seeking``), from the first
  sent to the last acknowledged; the pools keep up while it matches the rate sent;
- *ack*: the seek's round trip to its ``seeking`` (median, p99);
- *second seek → paired*: for each table, from its later seek to ``paired`` (the room
  opened, its match started): how soon a seeker who finds a compatible one is seated
  (target: 1 s p99);
- *wait*: each seeker's whole wait for his table (median, p99);
- *CPU a seek*: the processor time the round took, per seek, of the server processes
  (their event loop and database threads), of Redis, of the PostgreSQL cluster and of
  the bench's own clients, from the first seek sent to the last seeker paired. A
  server's event loop is one thread: ``1 / (its CPU a seek)`` is the seeks a second one
  process absorbs with a core of its own, whatever its neighbours take here. Beside it,
  *server queued*: the time a seek's worth of the servers' threads waited for a
  processor, ready to run (``/proc/PID/task/*/schedstat``), taken by the neighbours.

First, the pool alone (``rummyhall.server.pairing.pool``, in this process): the same
seekers added one by one, a pass after each as the server runs it, against a pool whose
windows are too narrow to seat anyone (its whole cost, every seeker scanned) and one
that seats as it goes: seeks a second it absorbs, the server's work around it aside.

Then the database alone: two-seat tables opened a second as the store's writer opens
them, before (three commits a table), at one commit a table, and ``--group`` tables a
commit (a pass's tables, or several passes' queued together: quick pairing's path); and
the reads each seek makes on the store's reader threads before it is acknowledged.

Everything shares this machine (2 cores: the clients, the servers, PostgreSQL, Redis).
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import random
import secrets
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from websockets.asyncio.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from table_clients import (
    SERVER_FLAGS,
    cpu_seconds,
    new_guest,
    percentile,
    run_clients,
    run_queue_seconds,
)

from rummyhall.server.pairing.pool import Pool
from rummyhall.server.pairing.rules import Curve, Seek
from rummyhall.server.storage.database import make_engine
from rummyhall.server.storage.migrate import upgrade
from rummyhall.server.storage.ratings import START
from rummyhall.server.storage.records import Creation, PairedTable, StoredMatch, StoredRoom
from rummyhall.server.storage.repository import Repository
from tests.server import databases
from tests.server.harness import Server
from tests.server.redises import RedisServer

READERS = 2
"""The store's reader threads (``Store``'s default)."""
FLAGS = (*SERVER_FLAGS, "--away-after", "3600")
"""Every seeker is seated in a room he never joins: no away bot plays them meanwhile."""


@dataclass
class Seeker:
    player: str
    socket: ClientConnection
    sent: float = 0.0
    acked: float | None = None
    paired: float | None = None
    room: str | None = None


@dataclass
class Round:
    rate: float
    seekers: list[Seeker] = field(default_factory=list)
    cpu: dict[str, float] = field(default_factory=dict)
    """Processor seconds the round took, by part (:func:`cpu_now`)."""


class Site:
    """One back end's server processes on a new database."""

    def __init__(self, folder: Path, name: str, processes: int, redis: RedisServer | None):
        self.database_url = databases.cluster().new_database(f"pairing_{name}_{int(time.time())}")
        self.redis = redis
        shared = () if redis is None else ("--redis", redis.url)
        self.servers = [
            Server(folder / f"{name}{n}.db", *shared, *FLAGS, database_url=self.database_url)
            for n in range(processes)
        ]
        for server in self.servers:
            server.start()

    def stop(self) -> None:
        for server in self.servers:
            server.stop()

    def cpu_now(self) -> dict[str, float]:
        """Processor seconds used so far: by the servers, Redis, PostgreSQL (the
        cluster's processes now: a backend that ended took its time with it) and this
        process (the clients); and the seconds the servers' threads were ready to run
        but waited for a processor (``queued``: what the neighbours took)."""
        postmaster = databases.cluster().data / "postmaster.pid"
        root = int(postmaster.read_text().split()[0])
        children = Path(f"/proc/{root}/task/{root}/children").read_text().split()
        parts = {
            "server": [server.process.pid for server in self.servers if server.process],
            "redis": [self.redis.process.pid] if self.redis and self.redis.process else [],
            "postgres": [root, *map(int, children)],
        }
        used = {part: sum(cpu_seconds(pid) or 0.0 for pid in pids) for part, pids in parts.items()}
        queued = sum(run_queue_seconds(pid) or 0.0 for pid in parts["server"])
        return used | {"clients": cpu_seconds(None) or 0.0, "queued": queued}


async def connect_seekers(
    site: Site, count: int, spread: float, rng: random.Random
) -> list[Seeker]:
    """``count`` rated guests, each connected (``hello`` said) to a process in turn."""
    tokens: list[str] = []
    async with httpx.AsyncClient(base_url=site.servers[0].url, timeout=60) as http:
        for start in range(0, count, 50):
            batch = range(start, min(count, start + 50))
            tokens += await asyncio.gather(*(new_guest(http, f"P{n}") for n in batch))
        players = []
        for token in tokens:
            me = await http.get("/api/me", headers={"Authorization": f"Bearer {token}"})
            players.append(me.json()["player"]["id"])
    rows = ", ".join(
        f"('{player}', 'gin', {rng.gauss(25, spread)}, {START[1]}, 1000, 10, 5, now())"
        for player in players
    )
    databases.execute(
        site.database_url,
        [
            "INSERT INTO ratings (player_id, game, mu, sigma, rating, matches, wins, updated_at)"
            f" VALUES {rows}"
        ],
    )
    seekers = []
    for n, (player, token) in enumerate(zip(players, tokens, strict=True)):
        url = site.servers[n % len(site.servers)].url.replace("http", "ws", 1)
        socket = await connect(f"{url}/ws", max_size=2**22, open_timeout=60)
        await socket.send(json.dumps({"type": "hello", "protocol": 3, "token": token}))
        await socket.recv()  # welcome
        seekers.append(Seeker(player, socket))
    return seekers


async def listen(seeker: Seeker) -> None:
    """Note when ``seeker``'s seek is acknowledged and when he is paired."""
    async for raw in seeker.socket:
        message = json.loads(raw)
        if message["type"] == "seeking" and seeker.acked is None:
            seeker.acked = time.monotonic()
        elif message["type"] == "paired":
            seeker.paired = time.monotonic()
            seeker.room = message["room"]
            return
        elif message["type"] in ("error", "seek_ended"):
            raise RuntimeError(f"seek refused: {message}")


async def run_round(site: Site, seekers: list[Seeker], rate: float) -> Round:
    """Every seeker seeks, ``rate`` a second (0: all at once); wait until all who can
    be are paired (an odd one out is cancelled)."""
    for seeker in seekers:
        seeker.acked = seeker.paired = None
        seeker.room = None
    listeners = [asyncio.create_task(listen(seeker)) for seeker in seekers]
    cpu = site.cpu_now()
    started = time.monotonic()
    for n, seeker in enumerate(seekers):
        if rate:
            await asyncio.sleep(max(0.0, started + n / rate - time.monotonic()))
        seeker.sent = time.monotonic()
        await seeker.socket.send(json.dumps({"type": "seek", "game": "gin"}))
    done, pending = await asyncio.wait(listeners, timeout=60)
    used = {part: seconds - cpu[part] for part, seconds in site.cpu_now().items()}
    if len(pending) > 1:
        raise RuntimeError(f"{len(pending)} seekers were never paired")
    for task in pending:  # the odd one out
        task.cancel()
    for seeker in seekers:
        if seeker.paired is None:
            await seeker.socket.send(json.dumps({"type": "cancel_seek"}))
            await seeker.socket.recv()
    for task in done:
        task.result()
    return Round(rate, seekers, used)


def figures(round_: Round) -> dict[str, float]:
    seekers = round_.seekers
    acked = [s.acked - s.sent for s in seekers if s.acked is not None]
    first, last = min(s.sent for s in seekers), max(s.acked or 0.0 for s in seekers)
    tables: dict[str, list[Seeker]] = {}
    for seeker in seekers:
        if seeker.room is not None:
            tables.setdefault(seeker.room, []).append(seeker)
    second = [
        max(s.paired or 0.0 for s in pair) - max(s.sent for s in pair) for pair in tables.values()
    ]
    waits = [s.paired - s.sent for s in seekers if s.paired is not None]
    return {
        "absorbed": len(acked) / max(last - first, 1e-9),
        "ack50": 1000 * percentile(acked, 0.5),
        "ack99": 1000 * percentile(acked, 0.99),
        "second50": 1000 * percentile(second, 0.5),
        "second99": 1000 * percentile(second, 0.99),
        "wait50": percentile(waits, 0.5),
        "wait99": percentile(waits, 0.99),
        **{f"cpu_{part}": 1000 * seconds / len(seekers) for part, seconds in round_.cpu.items()},
    }


def pool_alone(count: int, spread: float, rng: random.Random) -> tuple[float, float]:
    """Seeks a second the pool absorbs, a pass after each: with nobody compatible (every
    seek stays, a thousand waiting at the end) and with the site's rating spread."""
    rates = []
    for points in (0.0, 40 * spread):
        pool = Pool(2, Curve(3600.0), 10.0)
        ratings = [round(1000 + rng.gauss(0, points)) if points else 150 * n for n in range(count)]
        started = time.perf_counter()
        for n, rating in enumerate(ratings):
            pool.add(Seek(f"s{n}", f"p{n}", rating, 0.0, 2))
            pool.pair(0.0)
        rates.append(count / (time.perf_counter() - started))
    return rates[0], rates[1]


def database_alone(url: str, count: int, group: int) -> tuple[float, float, float, float, float]:
    """Two-seat tables a second the database opens, on the writer's one connection as
    the server's store runs them: before (three commits a table, as ``Lobby`` opened one
    until December 2026: the creation key's check, the room with its key, the match
    started), one table in a commit, and ``group`` tables in one commit (a pass's, or
    several passes' queued together); then the seconds of the reads a seek makes before
    its ``seeking``, one after another on one connection as a reader thread of the store
    makes them: before (until December 2026: the player's standing with the moderators
    and his rating, each on a connection checked before use and rolled back after it),
    and now (his rating alone, on the readers' engine)."""
    repository = Repository(make_engine(url))
    upgrade(repository.db.engine)
    hosts = [f"host{n}" for n in range(2 * count)]
    for n, player in enumerate(hosts):
        repository.players.create_player(player, f"H{n}", f"hash{n}")
    rates = []
    for way in ("three", "one", "group"):
        tables = [new_table(hosts[2 * n : 2 * n + 2], way) for n in range(count)]
        started = time.perf_counter()
        if way == "three":
            for table in tables:
                assert repository.rooms.room_created(table.room.host_id, table.creation.key) is None
                waiting = dataclasses.replace(table.room, status="waiting")
                repository.rooms.create_room(waiting, table.creation)
                repository.matches.start_match(table.room, table.match)
        else:
            size = 1 if way == "one" else group
            for first in range(0, count, size):
                repository.tables.open_tables(tables[first : first + size])
        rates.append(count / (time.perf_counter() - started))
    started = time.perf_counter()
    for player in hosts:  # what a Gin seek read until December 2026, on a checked connection
        repository.moderation.standing(player)
        repository.standings.skill(player, "gin")
    before = (time.perf_counter() - started) / len(hosts)
    started = time.perf_counter()
    for player in hosts:  # what it reads now (its standing kept by its connection)
        repository.db.read(repository.standings.skill, player, "gin")
    reads = (time.perf_counter() - started) / len(hosts)
    repository.close()
    return rates[0], rates[1], rates[2], before, reads


def new_table(players: list[str], way: str) -> PairedTable:
    """A two-seat Gin table for ``players`` (the first its host), as quick pairing opens
    it."""
    room_id = secrets.token_hex(8)
    seats = [{"player": player} for player in players]
    room = StoredRoom(
        room_id,
        secrets.token_hex(5).upper(),
        "gin",
        {},
        True,
        True,
        True,
        players[0],
        seats,
        "playing",
    )
    match = StoredMatch(secrets.token_hex(8), 1, 7, {}, seats, "playing")
    return PairedTable(room, Creation(f"{way}-{room_id}", "0" * 64), match)


async def measure(site: Site, args: argparse.Namespace) -> dict[float, dict[str, float]]:
    rng = random.Random(args.seed)
    seekers = await connect_seekers(site, args.seekers, args.spread, rng)
    results = {}
    for rate in args.rates:
        rng.shuffle(seekers)
        results[rate] = figures(await run_round(site, seekers, rate))
    for seeker in seekers:
        await seeker.socket.close()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seekers", type=int, default=1000)
    parser.add_argument("--rates", default="100,500,0", help="seeks a second; 0: all at once")
    parser.add_argument("--redis-processes", type=int, default=1)
    parser.add_argument("--spread", type=float, default=5.0, help="mu's standard deviation")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tables", type=int, default=300, help="for the database alone")
    parser.add_argument("--group", type=int, default=10, help="tables a commit, grouped")
    args = parser.parse_args()
    args.rates = [float(rate) for rate in args.rates.split(",")]
    alone = pool_alone(args.seekers, args.spread, random.Random(args.seed))
    print(
        f"the pool alone, a pass after each seek: {alone[0]:,.0f} seeks/s with nobody"
        f" compatible ({args.seekers} left waiting), {alone[1]:,.0f} seeks/s seating as it goes"
    )
    url = databases.cluster().new_database(f"pairing_alone_{int(time.time())}")
    three, one, grouped, before, reads = database_alone(url, args.tables, args.group)
    print(
        f"the database alone (PostgreSQL, {args.tables} two-seat tables): {three:,.0f} tables/s"
        f" at three commits a table (before), {one:,.0f} at one commit a table,"
        f" {grouped:,.0f} at {args.group} a commit (x{grouped / three:.1f});"
        f" a seek's reads {1000 * before:.1f} ms before, {1000 * reads:.2f} ms now"
        f" (the store's {READERS} reader threads: {READERS / before:,.0f} seeks/s at most"
        f" before, {READERS / reads:,.0f} now)"
    )
    folder = Path(tempfile.mkdtemp(prefix="rummyhall-pairing-"))
    redis = RedisServer().start()
    results = {}
    try:
        for name, processes, shared in (
            ("memory", 1, None),
            ("redis", args.redis_processes, redis),
        ):
            site = Site(folder, name, processes, shared)
            try:
                results[name] = run_clients(measure(site, args))
            finally:
                site.stop()
    finally:
        redis.close()
    print(
        f"\n{args.seekers} seekers, ratings 1000 ± {40 * args.spread:.0f};"
        f" redis: {args.redis_processes} process(es)"
    )
    print(
        f"{'rate':>8} {'pools':>7} {'absorbed/s':>11} {'ack p50':>8} {'ack p99':>8}"
        f" {'2nd→paired p50':>15} {'p99':>8} {'wait p50':>9} {'p99':>7}"
    )
    rows = [
        ("burst" if rate == 0 else f"{rate:.0f}/s", name, by_rate[rate])
        for rate in args.rates
        for name, by_rate in results.items()
    ]
    for shown, name, row in rows:
        print(
            f"{shown:>8} {name:>7} {row['absorbed']:11.0f} {row['ack50']:6.1f}ms"
            f" {row['ack99']:6.1f}ms {row['second50']:13.1f}ms {row['second99']:6.1f}ms"
            f" {row['wait50']:8.2f}s {row['wait99']:6.2f}s"
        )
    print(
        f"\nprocessor time a seek (ms): {'server':>7} {'redis':>6} {'postgres':>9}"
        f" {'clients':>8} {'server queued':>14}   one server process, a core of its own"
    )
    for shown, name, row in rows:
        print(
            f"{shown:>8} {name:>7}{'':12} {row['cpu_server']:7.2f} {row['cpu_redis']:6.2f}"
            f" {row['cpu_postgres']:9.2f} {row['cpu_clients']:8.2f} {row['cpu_queued']:14.2f}"
            f"   {1000 / row['cpu_server']:,.0f} seeks/s"
        )


if __name__ == "__main__":
    main()
