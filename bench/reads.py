"""Expensive reads beside the tables: do replays and the lobby list slow down play?

    python bench/reads.py [--rooms 4] [--lobby-rooms 1500] [--finished 4] [--hammers 4]
                          [--seconds 8] [--rounds 2] [--warmup 2] [--limits]

Starts ``rummyhall serve`` on a free local port with a fresh SQLite file, fills the lobby
with ``--lobby-rooms`` public rooms, plays ``--finished`` Gin matches to their end (their
replays are what gets read), then lets ``--rooms`` rooms play, each one client against
the easy bot, answering at once. It measures the action round trip of those clients
(sending an action to receiving the ``state`` that carries it) in four phases, the four
``--rounds`` times over (neighbours on a shared machine come and go), each a window
after a warm-up, with ``--hammers`` clients in another process:

* alone: no other client;
* hammering ``/api/health``: each client one request after another, as fast as they are
  answered, on the cheapest route there is (the floor of any HTTP flood);
* hammering reads: the same on replay frames at random turns and seats, whole match
  records and the largest lobby page;
* reading at the limit: the same reads, each client at the default per-address read
  limit (20 a second): what clients that respect the limit cost the tables.

It prints each phase's p50/p99 and what the readers got, and the p99 ratios, against
the target p99 < 50 ms beside the clients reading at the limit.

By default the server's per-address read limit is lifted (every hammer comes from
127.0.0.1), so the floods really are served: what is measured is their cost to the
tables. ``--limits`` keeps the default limits, and most flood requests get 429 (which
costs the server about what ``/api/health`` does: a flood is a job for the proxy in
front, see docs/security.md).

Last, in this process, it times a replay frame of the longest finished match at every
turn both ways: replaying the log from the start as the route used to, and from the
cached match's checkpoints (``rummyhall.server.people.replays``); it prints the ratio.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import multiprocessing
import random
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from table_clients import SERVER_FLAGS, choose, open_seat, run_clients

from rummyhall.server.people.replays import encode, load_finished
from rummyhall.server.rooms.catalogue import parse_options, start_match
from rummyhall.server.storage.database import make_engine
from rummyhall.server.storage.repository import Repository
from tests.server.harness import Server, part_ended, pick

TARGET_P99_MS = 50.0
READ_RATE = 20.0
"""The default ``--read-rate``: what one address may read a second."""


async def setup(
    url: str, lobby_rooms: int, finished: int, rooms: int
) -> tuple[list[str], list[tuple[str, str]]]:
    """The lobby's rooms, the finished matches' ids, and (token, code) per playing room."""
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:

        async def guest(name: str) -> str:
            answer = await http.post("/api/players", json={"nickname": name})
            return str(answer.json()["token"])

        async def room(token: str, **request: Any) -> str:
            headers = {"Authorization": f"Bearer {token}"}
            answer = await http.post("/api/rooms", json=request, headers=headers)
            assert answer.status_code == 201, answer.text
            return str(answer.json()["code"])

        games = [("gin", {}), ("indian", {"players": 4}), ("rummikub", {"players": 3})]
        for host in range(0, lobby_rooms, 10):  # max_rooms_per_player
            token = await guest(f"lobby{host}")
            for index in range(host, min(lobby_rooms, host + 10)):
                game, options = games[index % 3]
                await room(token, game=game, options=options)
        pairs = []
        for index in range(finished):
            tokens = [await guest(f"replay{index}-{seat}") for seat in (0, 1)]
            pairs.append((tokens, await room(tokens[0], game="gin", public=False)))
        playing = []
        for index in range(rooms):
            token = await guest(f"player{index}")
            playing.append((token, await room(token, game="gin", bots=[None, "easy"])))
    ws_url = url.replace("http", "ws")
    matches = await asyncio.gather(*(play_to_the_end(ws_url, t, code) for t, code in pairs))
    return list(matches), playing


async def play_to_the_end(ws_url: str, tokens: list[str], code: str) -> str:
    """Two outside clients play one Gin match to its end (knocking when they may, else
    as the server tests play: ``harness.pick``); its id."""
    sockets = [await open_seat(ws_url, token, code) for token in tokens]

    async def seat(socket: ClientConnection) -> str:
        paused = None  # the state that ended a hand: played once the next hand starts
        async for raw in socket:
            message = json.loads(raw)
            if message["type"] == "room" and message["room"]["status"] == "finished":
                return str(message["room"]["match"]["id"])
            if message["type"] == "room" and message["room"]["pause"] is None and paused:
                message, paused = paused, None
            elif message["type"] == "state" and part_ended(message):
                paused = message  # close the result first, as a person does
                await socket.send(json.dumps({"type": "ready"}))
                continue
            if message["type"] == "state" and message["legal"] and not message["over"]:
                action = pick(message["legal"])
                turn = message["turn"]
                await socket.send(json.dumps({"type": "action", "turn": turn, "action": action}))
        raise AssertionError("the connection closed before the match ended")

    await sockets[0].send(json.dumps({"type": "start"}))
    ids = await asyncio.wait_for(asyncio.gather(*(seat(s) for s in sockets)), 120)
    for socket in sockets:
        await socket.close()
    return ids[0]


@dataclass
class Windows:
    """Every action's (sent at, round trip) and when each measuring window opens and
    closes (``perf_counter``)."""

    samples: list[tuple[float, float]] = field(default_factory=list)
    opened: dict[str, list[tuple[float, float]]] = field(default_factory=dict)
    closes: float = math.inf
    """When the clients stop playing."""
    errors: list[str] = field(default_factory=list)

    def latencies(self, name: str) -> list[float]:
        return [
            took
            for sent, took in self.samples
            if any(opens <= sent < closes for opens, closes in self.opened[name])
        ]


async def play(socket: ClientConnection, windows: Windows, rng: random.Random) -> None:
    """Seat 0 against the bot: answer each turn at once, start a rematch after a match,
    until the last window has closed."""
    sent_at: float | None = None
    sent_turn = -1
    paused = None  # the state that ended a hand: played once the next hand starts
    async for raw in socket:
        message = json.loads(raw)
        now = time.perf_counter()
        if message["type"] == "error":
            windows.errors.append(message["code"])
        if message["type"] == "room" and message["room"]["pause"] is None and paused:
            message, paused = paused, None  # the next hand has started: play on
        elif message["type"] != "state":
            continue
        else:
            if sent_at is not None and message["turn"] > sent_turn:
                windows.samples.append((sent_at, now - sent_at))
                sent_at = None
            if part_ended(message):
                paused = message  # close the result first, as a person does
                await socket.send(json.dumps({"type": "ready"}))
                continue
        if now >= windows.closes:
            return
        if message["over"]:
            await socket.send(json.dumps({"type": "rematch"}))
        elif message["current_player"] == 0 and message["legal"]:
            sent_turn, sent_at = message["turn"], time.perf_counter()
            action = choose(message["legal"], rng)
            await socket.send(json.dumps({"type": "action", "turn": sent_turn, "action": action}))


async def measure(
    url: str,
    playing: list[tuple[str, str]],
    seconds: float,
    warmup: float,
    seed: int,
    phases: list[tuple[str, Callable[[], object] | None]],
    rounds: int,
) -> Windows:
    """The playing rooms' round trips, one window per phase after a warm-up, the phases
    ``rounds`` times over (neighbours on a shared machine come and go): each phase first
    runs its starter (which returns once its hammering has begun) if it has one."""
    ws_url = url.replace("http", "ws")
    sockets = [await open_seat(ws_url, token, code) for token, code in playing]
    windows = Windows()
    rng = random.Random(seed)
    tasks = [
        asyncio.create_task(play(socket, windows, random.Random(rng.random())))
        for socket in sockets
    ]
    for socket in sockets:
        await socket.send(json.dumps({"type": "start"}))
    loop = asyncio.get_running_loop()
    for _ in range(rounds):
        for name, starter in phases:
            if starter is not None:
                await loop.run_in_executor(None, starter)
            opens = time.perf_counter() + warmup
            windows.opened.setdefault(name, []).append((opens, opens + seconds))
            await asyncio.sleep(warmup + seconds)
    windows.closes = time.perf_counter()
    await asyncio.wait(tasks, timeout=30)
    for socket in sockets:
        await socket.close()
    return windows


def hammer(
    url: str,
    routes: str,
    pace: float,
    matches: list[str],
    seconds: float,
    workers: int,
    ready: Any,
    out: Any,
) -> None:
    """``workers`` threads, each one request after another for ``seconds`` once ``ready``
    is set, as fast as answered (``pace`` 0) or ``pace`` a second: with ``routes``
    ``reads``, replay frames at random turns and seats, match records and the largest
    lobby page; with ``health``, ``/api/health``, the cheapest request there is. Puts
    every answer's (route, status, seconds)."""
    lengths = {m: len(httpx.get(f"{url}/api/matches/{m}").json()["log"]) for m in matches}
    kinds = ["replay", "replay", "record", "lobby"] if routes == "reads" else ["health"]
    results: list[tuple[str, int, float]] = []
    lock = threading.Lock()
    until = time.monotonic() + seconds

    def work(seed: int) -> None:
        rng = random.Random(seed)
        due = time.monotonic()
        with httpx.Client(base_url=url, timeout=30) as http:
            while time.monotonic() < until:
                if pace:
                    due += 1 / pace
                    time.sleep(max(0.0, due - time.monotonic()))
                match = rng.choice(matches)
                kind = rng.choice(kinds)
                params: dict[str, int] = {}
                if kind == "replay":
                    params = {"turn": rng.randint(0, lengths[match]), "seat": rng.randint(0, 1)}
                    path = f"/api/matches/{match}/replay"
                elif kind == "record":
                    path = f"/api/matches/{match}"
                elif kind == "lobby":
                    params, path = {"limit": 50}, "/api/rooms"
                else:
                    path = "/api/health"
                start = time.perf_counter()
                status = http.get(path, params=params).status_code
                with lock:
                    results.append((kind, status, time.perf_counter() - start))

    threads = [threading.Thread(target=work, args=(seed,)) for seed in range(workers)]
    for thread in threads:
        thread.start()
    ready.set()
    for thread in threads:
        thread.join()
    out.put(results)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def report_window(name: str, latencies: list[float], seconds: float) -> float:
    if not latencies:
        print(f"  {name}: no action completed")
        return math.nan
    milliseconds = [1000 * x for x in latencies]
    p99 = percentile(milliseconds, 0.99)
    print(
        f"  {name}: {len(latencies) / seconds:,.0f} actions/s, round trip "
        f"p50 {statistics.median(milliseconds):.1f} ms, p99 {p99:.1f} ms, "
        f"max {max(milliseconds):.1f} ms"
    )
    return p99


def report_hammer(results: list[tuple[str, int, float]], seconds: float) -> None:
    for kind in ("health", "replay", "record", "lobby"):
        mine = [(status, took) for k, status, took in results if k == kind]
        if not mine:
            continue
        statuses = Counter(status for status, _ in mine)
        took = [1000 * t for _, t in mine]
        print(
            f"    {kind}: {len(mine) / seconds:,.0f}/s, answered in p50 "
            f"{statistics.median(took):.1f} ms, p99 {percentile(took, 0.99):.1f} ms; "
            f"statuses {dict(sorted(statuses.items()))}"
        )


def frame_costs(db: Path, matches: list[str]) -> None:
    """A frame at every turn of the longest match: the whole log replayed, or from the
    cached checkpoints."""
    engine = make_engine(f"sqlite:///{db}")
    repository = Repository(engine)
    entries = {m: load_finished(repository, m) for m in matches}
    match_id = max(matches, key=lambda m: len(entries[m].log))  # type: ignore[union-attr]
    entry = entries[match_id]
    assert entry is not None
    record = json.loads(entry.record)
    options = parse_options(record["game"], record["options"])
    turns = range(len(entry.log) + 1)

    def full(turn: int) -> bytes:
        state = start_match(record["game"], options, record["seed"])
        state.replay(entry.log[:turn])
        return encode({"turn": state.turn, "total": len(entry.log), "view": state.view(0)})

    timings = {}
    for name, frame in (("full replay", full), ("cached", lambda t: entry.frame(t, 0))):
        start = time.perf_counter()
        for turn in turns:
            frame(turn)
        timings[name] = (time.perf_counter() - start) / len(turns)
    assert all(full(t) == entry.frame(t, 0) for t in turns[::7])
    print(
        f"  a replay frame of a {len(entry.log)}-action match, mean over every turn: full "
        f"replay {1000 * timings['full replay']:.2f} ms, from the cache "
        f"{1000 * timings['cached']:.3f} ms "
        f"(ratio {timings['full replay'] / timings['cached']:.0f}×; "
        f"{entry.size / 1024:.0f} KiB cached, {len(entry.checkpoints)} checkpoints)"
    )
    engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=4)
    parser.add_argument("--lobby-rooms", type=int, default=1500)
    parser.add_argument("--finished", type=int, default=4)
    parser.add_argument("--hammers", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--warmup", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--limits", action="store_true", help=f"keep the default read limits ({READ_RATE:g}/s)"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.db"
        limits = {"reads": READ_RATE, "guesses": 20} if args.limits else {}
        server = Server(db, *SERVER_FLAGS, rate=1000, **limits).start()  # type: ignore[arg-type]
        try:
            matches, playing = run_clients(
                setup(server.url, args.lobby_rooms, args.finished, args.rooms)
            )
            print(
                f"{args.rooms} rooms playing against the easy bot, {args.lobby_rooms} rooms in "
                f"the lobby, {len(matches)} finished matches to replay, "
                f"{'default' if args.limits else 'lifted'} read limits:"
            )
            spawn = multiprocessing.get_context("spawn")
            out: Any = spawn.Queue()
            running: list[tuple[str, Any]] = []
            results: list[tuple[str, list[tuple[str, int, float]]]] = []
            """Each hammer process's phase and answers, in the order they ran."""

            def collect() -> None:
                """Take the answers of the hammers still out (before joining them: a
                process that has put a large result cannot end until it is taken)."""
                while running:
                    name, process = running.pop(0)
                    results.append((name, out.get(timeout=120)))
                    process.join(30)

            def starter(name: str, routes: str, pace: float = 0.0) -> Callable[[], object]:
                def start() -> None:
                    collect()  # the previous phase's hammers are done
                    ready = spawn.Event()
                    length = args.warmup + args.seconds
                    process = spawn.Process(
                        target=hammer,
                        args=(
                            *(server.url, routes, pace, matches, length),
                            *(args.hammers, ready, out),
                        ),
                    )
                    process.start()
                    running.append((name, process))
                    ready.wait(60)

                return start

            names = [
                "alone",
                f"{args.hammers} clients hammering /api/health",
                f"{args.hammers} clients hammering reads",
                f"{args.hammers} clients reading at the limit ({READ_RATE:g}/s each)",
            ]
            phases: list[tuple[str, Callable[[], object] | None]] = [
                (names[0], None),
                (names[1], starter(names[1], "health")),
                (names[2], starter(names[2], "reads")),
                (names[3], starter(names[3], "reads", READ_RATE)),
            ]
            windows = run_clients(
                measure(
                    *(server.url, playing, args.seconds, args.warmup, args.seed),
                    *(phases, args.rounds),
                )
            )
            collect()
            p99 = {}
            for name in names:
                measured = args.rounds * args.seconds
                p99[name] = report_window(name, windows.latencies(name), measured)
                mine = [r for phase, batch in results if phase == name for r in batch]
                report_hammer(mine, args.rounds * (args.warmup + args.seconds))
            if windows.errors:
                print(f"  errors at the tables: {dict(Counter(windows.errors))}")
            alone, floor, loud, paced = p99.values()
            verdict = "meets" if paced < TARGET_P99_MS else "misses"
            print(
                f"  p99 ratios: hammering reads/alone {loud / alone:.2f}, hammering "
                f"reads/hammering health {loud / floor:.2f}, reading at the limit/alone "
                f"{paced / alone:.2f} ({verdict} the target p99 < {TARGET_P99_MS:.0f} ms "
                f"beside clients reading at the limit)"
            )
            frame_costs(db, matches)
        finally:
            server.stop()


if __name__ == "__main__":
    main()
