"""Rooms played through server crashes, and the checks that nothing acknowledged is lost.

A :class:`Pilot` drives every human seat of some rooms over real WebSockets (one asyncio
task a seat, picking moves with :func:`tests.server.harness.pick` and asking for a
rematch when a match ends). When the server dies, by a fault point or by the test's own
``kill -9``, :meth:`Pilot.recover` waits for every client to drain what the dead process
had sent, checks the database file against everything the clients were acknowledged
(:func:`audit`), restarts the server and lets the clients reconnect, after which every
state they receive must be at or past what they had been acknowledged. Used by
``test_crash.py`` (every fault point) and ``soak.py`` (random kills, ``make soak``).
"""

from __future__ import annotations

import asyncio
import json
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

from tests.server import databases
from tests.server.harness import Message, Server, part_ended, pick

QUIET_ERRORS = {"stale", "not_your_turn", "game_not_over", "room_started", "no_game"}
"""Refusals a client racing the bots or a restart may be given; any other error fails."""


@dataclass
class PilotedRoom:
    """One room: its code, the tokens of its human seats, how many matches to play."""

    code: str
    tokens: dict[int, str]
    matches: int
    acked: dict[str, int] = field(default_factory=dict)
    """Per match id: the highest state counter any seat was sent (its actions are
    committed)."""
    finished: set[str] = field(default_factory=set)
    """Matches the clients were told are finished."""
    number: int = 0
    """The number of the room's current match (1 for the first)."""
    flaky: bool = False
    """Its players drop the connection after each of their moves, and come back."""
    done: asyncio.Event = field(default_factory=asyncio.Event)


@dataclass
class Pilot:
    server: Server
    rooms: list[PilotedRoom]
    problems: list[str] = field(default_factory=list)
    restarts: int = 0
    up: asyncio.Event = field(default_factory=asyncio.Event)
    floor: dict[str, int] = field(default_factory=dict)
    """Per match: the counter acknowledged before the last crash; nothing after the
    restart may be behind it."""
    connected: dict[tuple[str, int], bool] = field(default_factory=dict)
    next_faults: list[str] = field(default_factory=list)
    """Fault points to arm at the next restarts, one each (then none)."""
    recovering: asyncio.Lock = field(default_factory=asyncio.Lock)
    paused: dict[tuple[str, int], Message] = field(default_factory=dict)
    """Per seat: the state that ended a part, to play on once the next part starts."""

    async def run(
        self, deadline: float, until: Callable[[], Awaitable[None]] | None = None
    ) -> None:
        """Play until every room has played its matches, or until ``until`` returns
        (the soak's killer), restarting the server whenever it dies; a room still
        unfinished after ``deadline`` seconds is a problem."""
        self.up.set()
        seats = [
            asyncio.create_task(self._seat(room, seat, token))
            for room in self.rooms
            for seat, token in room.tokens.items()
        ]
        watcher = asyncio.create_task(self._watch())
        ended = until() if until else asyncio.gather(*(room.done.wait() for room in self.rooms))
        try:
            await asyncio.wait_for(ended, deadline)
        except TimeoutError:
            late = [room.code for room in self.rooms if not room.done.is_set()]
            self.problems.append(f"rooms {late} did not finish in {deadline} s")
        finally:
            for task in [*seats, watcher]:
                task.cancel()
            await asyncio.gather(*seats, watcher, return_exceptions=True)

    async def _watch(self) -> None:
        """Restart the server whenever its process has ended (a fault point)."""
        while True:
            await asyncio.sleep(0.05)
            assert self.server.process is not None
            if self.server.process.poll() is not None and not self.recovering.locked():
                await self.recover()

    async def kill(self) -> None:
        """``kill -9`` the server now, then recover."""
        self.up.clear()
        self.server.kill()
        await self.recover()

    async def recover(self) -> None:
        """After the server died: let the clients read what it had sent, audit the
        database against it, restart the server (without a fault point)."""
        async with self.recovering:
            await self._recover()

    async def _recover(self) -> None:
        self.up.clear()
        for _ in range(200):
            if not any(self.connected.values()):
                break
            await asyncio.sleep(0.02)
        self.floor = {match: turn for room in self.rooms for match, turn in room.acked.items()}
        self.problems += audit(self.server.database_url, self.rooms)
        await asyncio.to_thread(self.restart)
        self.up.set()

    def restart(self) -> None:
        """Start the dead server again, with the next fault point armed if any. One that
        kills it during start-up (recovery interrupted) is audited and started again;
        a server that will not start without a fault point is a failed restart."""
        while True:
            fault = self.next_faults.pop(0) if self.next_faults else None
            arm(self.server, fault)
            try:
                self.server.start()
            except RuntimeError as error:
                if fault is None:
                    self.problems.append(f"restart {self.restarts + 1} failed: {error}")
                    raise
                self.problems += audit(self.server.database_url, self.rooms)
                continue
            finally:
                self.restarts += 1
            return

    async def _seat(self, room: PilotedRoom, seat: int, token: str) -> None:
        while not room.done.is_set():
            await self.up.wait()
            key = (room.code, seat)
            try:
                async with connect(
                    f"ws://127.0.0.1:{self.server.port}/ws", max_size=2**22, open_timeout=5
                ) as socket:
                    self.connected[key] = True
                    hello = {"type": "hello", "protocol": 3, "token": token}
                    await socket.send(json.dumps(hello))
                    await socket.send(json.dumps({"type": "join", "room": room.code}))
                    played: set[tuple[str, int]] = set()
                    match = None
                    async for raw in socket:
                        message = json.loads(raw)
                        if message["type"] == "room" and message["room"]["match"]:
                            match = message["room"]["match"]["id"]
                        reply = self._observe(room, seat, match, message, played)
                        if reply is not None:
                            await socket.send(json.dumps(reply))
                            if room.flaky and reply["type"] == "action":
                                break
                        if room.done.is_set():
                            return
            except (OSError, TimeoutError, WebSocketException):
                pass
            finally:
                self.connected[key] = False
            await asyncio.sleep(0.05)

    def _observe(
        self,
        room: PilotedRoom,
        seat: int,
        match: str | None,
        message: Message,
        played: set[tuple[str, int]],
    ) -> Message | None:
        """Record what the message acknowledges and check it; the answer to send."""
        kind = message["type"]
        if kind == "error" and message["code"] not in QUIET_ERRORS:
            self.problems.append(f"room {room.code} seat {seat}: {message}")
        if kind == "room":
            return self._room_changed(room, seat, message["room"], played)
        if kind != "state" or match is None:
            return None
        turn = message["turn"]
        floor = self.floor.get(match, 0)
        if turn < floor:
            self.problems.append(
                f"room {room.code} match {match}: state {turn} after a restart, "
                f"but {floor} had been acknowledged"
            )
        room.acked[match] = max(room.acked.get(match, 0), turn)
        if part_ended(message):  # close the result; play once the next part starts
            self.paused[(room.code, seat)] = message
            return {"type": "ready"}
        return self._play(match, seat, message, played)

    @staticmethod
    def _play(
        match: str, seat: int, state: Message, played: set[tuple[str, int]]
    ) -> Message | None:
        turn = state["turn"]
        if state["current_player"] == seat and state["legal"] and (match, turn) not in played:
            played.add((match, turn))
            return {"type": "action", "turn": turn, "action": pick(state["legal"])}
        return None

    def _room_changed(
        self, room: PilotedRoom, seat: int, info: Message, played: set[tuple[str, int]]
    ) -> Message | None:
        """The first human seat starts the room once it is full, and asks for a rematch
        until the room has played its matches; between parts, every seat closes the
        result and plays on once the next part has started."""
        pause = info.get("pause")
        if pause is not None and seat in pause["waiting"]:
            return {"type": "ready"}  # e.g. back after a drop: no result to close
        waiting = self.paused.get((room.code, seat))
        if pause is None and waiting is not None and info["match"] is not None:
            del self.paused[(room.code, seat)]
            return self._play(info["match"]["id"], seat, waiting, played)
        leader = seat == min(room.tokens)
        if info["status"] == "waiting":
            full = all(entry["occupant"] != "open" for entry in info["seats"])
            return {"type": "start"} if leader and full else None
        if info["match"] is None:
            return None
        room.number = info["match"]["number"]
        if info["status"] == "finished":
            room.finished.add(info["match"]["id"])
            if room.number >= room.matches:
                room.done.set()
            elif leader:
                return {"type": "rematch"}
        return None


def arm(server: Server, fault: str | None) -> None:
    """Start ``server`` next time with the fault point ``fault`` (``None``: none)."""
    flags = server.flags
    if "--fault-point" in flags:
        at = flags.index("--fault-point")
        del flags[at : at + 2]
    if fault is not None:
        flags += ["--fault-point", fault]


def audit(url: str, rooms: list[PilotedRoom]) -> list[str]:
    """What is wrong in the database (``url``) of a stopped server: an acknowledged
    action or finish missing, a gap in a log, results missing or doubled, a room whose
    status disagrees with its matches."""
    problems = []
    logs = {
        match: (count, last)
        for match, count, last in databases.query(
            url, "SELECT match_id, count(*), max(seq) FROM actions GROUP BY match_id"
        )
    }
    status = dict(databases.query(url, "SELECT id, status FROM matches"))
    for room in rooms:
        for match, turn in room.acked.items():
            count, last = logs.get(match, (0, -1))
            if count != last + 1:
                problems.append(f"match {match}: the log has gaps ({count} rows to {last})")
            if count < turn:
                problems.append(f"match {match}: {turn} actions acknowledged, {count} saved")
        for match in room.finished:
            if status.get(match) != "finished":
                problems.append(f"match {match}: acknowledged finished, saved {status.get(match)}")
    return problems + _consistency(url)


def _consistency(url: str) -> list[str]:
    problems = []
    results: dict[str, int] = defaultdict(int)
    for match, count in databases.query(url, "SELECT match_id, count(*) FROM results GROUP BY 1"):
        results[match] = count
    latest: dict[str, tuple[int, str]] = {}
    for match, room, number, status, seats in databases.query(
        url, "SELECT id, room_id, number, status, seats FROM matches"
    ):
        seated = seats if isinstance(seats, list) else json.loads(seats)  # SQLite: text
        expected = len(seated) if status == "finished" else 0
        if results[match] != expected:
            problems.append(f"match {match} ({status}): {results[match]} result rows")
        if status == "abandoned":  # an orphan of older versions, out of the room's story
            continue
        if room not in latest or latest[room][0] < number:
            latest[room] = (number, status)
    playing: dict[str, int] = defaultdict(int)
    for (room,) in databases.query(url, "SELECT room_id FROM matches WHERE status = 'playing'"):
        playing[room] += 1
    for room, room_status in databases.query(url, "SELECT id, status FROM rooms"):
        match_status = latest.get(room, (0, None))[1]
        allowed: dict[str, tuple[Any, ...]] = {
            "waiting": (None,),
            "playing": ("playing",),
            "finished": ("finished",),
        }
        if room_status in allowed and match_status not in allowed[room_status]:
            problems.append(f"room {room} is {room_status}, its latest match {match_status}")
        if playing[room] > 1:
            problems.append(f"room {room} has {playing[room]} matches playing")
    return problems


def open_room(server: Server, names: list[str], matches: int, **request: Any) -> PilotedRoom:
    """Register ``names`` and open them a room (the first hosts it in seat 0, the others
    join in order; ``request`` as for ``POST /api/rooms``); its pilot starts it."""
    tokens = [server.register(name)[1] for name in names]
    code = server.create_room(tokens[0], **request)["code"]
    for token in tokens[1:]:
        client = server.client(token)
        try:
            client.join(code)
        finally:
            client.close()
    return PilotedRoom(code, dict(enumerate(tokens)), matches)
