"""A real server in a process of its own (uvicorn on a free local port; forked from
``forkserver.py``, which has imported the server already) and real clients: ``httpx``
for the HTTP API, ``websockets`` for the protocol."""

from __future__ import annotations

import base64
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from tests.server import databases
from tests.server.forkserver import FORKSERVER, Forked
from tests.server.ports import free_port

Message = dict[str, Any]

RUMMYHALL = (sys.executable, "-m", "rummyhall.cli")
"""How a server is started: forked from the test forkserver (``forkserver.py``), which has
imported it already, unless a test gives another program."""
STARTUP = 90
"""Seconds a server may take to answer its first request: some 2 on an idle machine,
much more on a loaded one (a failed start is killed, not left running)."""
BOT = "medium"
"""The bot level the tests seat (``easy``, ``medium``, ``hard``; hard thinks 1 s a move)."""


class Server:
    """``rummyhall serve`` on a free port with its own database (``databases``: the
    SQLite file ``db``, or a new PostgreSQL database) unless given another server's
    ``database_url``, its log beside ``db``."""

    def __init__(
        self,
        db: Path,
        *flags: str,
        rate: int = 1000,
        creations: int = 100_000,
        reads: float = 100_000,
        guesses: float = 100_000,
        player_rooms: int = 100_000,
        program: Sequence[str] = RUMMYHALL,
        database_url: str | None = None,
    ) -> None:
        self.db = db
        self.database_url = database_url or databases.url_for(db)
        """Another server's, to start on its data; by default a new database."""
        self.program = list(program)
        """What runs ``rummyhall`` (a launcher may first install a test-only kit)."""
        self.flags = [
            *("--rate", str(rate), "--creation-rate", str(creations)),
            *("--read-rate", str(reads), "--guess-rate", str(guesses)),
            *("--player-room-rate", str(player_rooms)),
            *flags,
        ]
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | Forked | None = None
        self.log = db.with_suffix(".log")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        arguments = [
            "serve",
            "--port",
            str(self.port),
            "--db",
            self.database_url,
            "--bot-delay",
            "0",
            "--log-level",
            # RUMMYHALL_TEST_LOG_LEVEL=info: the servers' logs (beside ``db``) say more
            os.environ.get("RUMMYHALL_TEST_LOG_LEVEL", "warning"),
            *self.flags,
        ]
        environment = os.environ.copy()
        if tuple(self.program) == RUMMYHALL and FORKSERVER.serves(environment):
            self.process = FORKSERVER.start(arguments, environment, self.log)
        else:
            with self.log.open("ab") as log:
                command = [*self.program, *arguments]
                self.process = subprocess.Popen(command, stdout=log, stderr=log, env=environment)
        deadline = time.monotonic() + STARTUP
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()}")
            try:
                if httpx.get(f"{self.url}/api/health", timeout=1).status_code == 200:
                    return self
            except httpx.TransportError:
                time.sleep(0.1)
        self.kill()  # not left running behind the failure, loading the machine further
        raise RuntimeError(f"server did not start within {STARTUP} s: {self.log.read_text()}")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def http(self) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=10)

    def register(self, nickname: str) -> tuple[str, str]:
        """A new guest: (player id, token)."""
        answer = httpx.post(f"{self.url}/api/players", json={"nickname": nickname}, timeout=10)
        assert answer.status_code == 201, answer.text
        body = answer.json()
        return body["player"]["id"], body["token"]

    def create_room(self, token: str, **request: Any) -> Message:
        answer = httpx.post(
            f"{self.url}/api/rooms",
            json=request,
            headers={"Authorization": f"Bearer {token}"},
            timeout=10,
        )
        assert answer.status_code == 201, answer.text
        return dict(answer.json())

    def client(self, token: str | None = None, **hello: Any) -> Client:
        return Client(self, token, **hello)


def silent_websocket(port: int) -> socket.socket:
    """A raw WebSocket that completes the handshake and then neither speaks nor reads
    (so it never answers a ping either): what an attacker holding sockets would do."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (
            f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    answer = sock.recv(4096)
    if not answer.startswith(b"HTTP/1.1 101"):
        sock.close()
        raise RuntimeError(f"the WebSocket handshake failed: {answer[:80]!r}")
    return sock


def half_sent_request(port: int) -> socket.socket:
    """A TCP socket that stops in the middle of its request headers."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.sendall(b"GET /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    return sock


class Client:
    """A WebSocket client that keeps every message it received."""

    def __init__(self, server: Server, token: str | None, **hello: Any) -> None:
        self._stack = contextlib.ExitStack()
        self.socket: ClientConnection = self._stack.enter_context(
            connect(f"ws://127.0.0.1:{server.port}/ws", max_size=2**22)
        )
        self.received: list[Message] = []
        self.arrivals: list[float] = []
        if token is not None:
            self.send({"type": "hello", "protocol": 3, "token": token, **hello})
            self.welcome = self.wait("welcome")

    def send(self, message: Message | str) -> None:
        self.socket.send(message if isinstance(message, str) else json.dumps(message))

    def recv(self, timeout: float = 10.0) -> Message:
        message: Message = json.loads(self.socket.recv(timeout))
        self.received.append(message)
        self.arrivals.append(time.monotonic())
        return message

    def arrival(self, message: Message) -> float:
        """When ``message`` was received (monotonic clock), to compare orders across
        clients."""
        return next(t for m, t in zip(self.received, self.arrivals, strict=True) if m is message)

    def wait(
        self, kind: str, where: Callable[[Message], bool] = lambda m: True, timeout: float = 10
    ) -> Message:
        """The next message of type ``kind`` that satisfies ``where``."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.recv(max(0.01, deadline - time.monotonic()))
            if message["type"] == kind and where(message):
                return message
            if message["type"] == "error" and kind != "error":
                raise AssertionError(f"waiting for {kind}, got {message}")

    def find(
        self, kind: str, where: Callable[[Message], bool] = lambda m: True, timeout: float = 10
    ) -> Message:
        """The latest message received of type ``kind`` that satisfies ``where``, or
        else the next one."""
        for message in reversed(self.received):
            if message["type"] == kind and where(message):
                return message
        return self.wait(kind, where, timeout)

    def state_at(self, turn: int, timeout: float = 10) -> Message:
        """The state message for counter ``turn`` (already received or the next one)."""
        return self.find("state", lambda m: m["turn"] == turn, timeout)

    def join(self, room: str, role: str = "player", seat: int | None = None) -> Message:
        request: Message = {"type": "join", "room": room, "role": role}
        if seat is not None:
            request["seat"] = seat
        self.send(request)
        return self.wait("room")

    def act(self, turn: int, action: Message) -> None:
        self.send({"type": "action", "turn": turn, "action": action})

    def request(self, message: Message, kind: str) -> Message:
        """Send ``message`` with an id; its answer of type ``kind``."""
        ref = f"r{len(self.received)}"
        self.send({**message, "id": ref})
        return self.wait(kind, lambda m: m.get("ref") == ref)

    def error_for(self, message: Message | str) -> Message:
        self.send(message)
        return self.wait("error")

    def close(self) -> None:
        self._stack.close()


RANKS = "A23456789TJQK"


def pick(legal: list[Message]) -> Message:
    """A quick-ending choice (fixed, so tests are deterministic given the deal): knock,
    declare or play when allowed, else draw from stock, else throw the highest card, else
    the first action."""
    actions = [entry["action"] for entry in legal]
    for action in actions:
        if action["type"] in ("knock", "declare", "play"):
            return action
    if {"type": "draw", "source": "stock"} in actions:
        return {"type": "draw", "source": "stock"}
    discards = [a for a in actions if a["type"] == "discard"]
    if discards:
        return max(discards, key=lambda a: RANKS.find(a["card"][0]))
    return actions[0]


def part_ended(state: Message) -> bool:
    """Whether ``state`` ends a part and deals the next (the room pauses until ready)."""
    return not state["over"] and any(e["type"] == "part_scored" for e in state["events"])


def play_until(
    players: dict[int, Client],
    stop: Callable[[Message], bool],
    turn: int,
    limit: int = 3000,
    every_seat: bool = False,
    picks: Mapping[int, Callable[[list[Message]], Message]] | None = None,
) -> Message:
    """Drive the seated clients from state counter ``turn``: the seat to act picks from
    its legal actions (seats not in ``players`` are bots: their move is awaited) until
    a state satisfies ``stop``; returns that state. ``stop`` reads the first player's
    states, or with ``every_seat`` each player's (a seat's own legal actions); a seat in
    ``picks`` chooses by its own rule instead of :func:`pick`. When a
    part ends, every player closes its result (``ready``), so the next part starts; a
    match that ends first fails the test at once (no state follows the last)."""
    watcher = next(iter(players.values()))
    watched = list(players.values()) if every_seat else [watcher]
    for _ in range(limit):
        state = watcher.state_at(turn)
        for seen in (client.state_at(turn) for client in watched):
            if stop(seen):
                return seen
        if state["over"]:
            raise AssertionError(f"the match ended at turn {turn} before the awaited state")
        if part_ended(state):
            for player in players.values():
                player.send({"type": "ready"})
            watcher.wait("room", lambda m: m["room"]["pause"] is None)
        mover = players.get(state["current_player"])
        if mover is not None:
            choose = (picks or {}).get(state["current_player"], pick)
            mover.act(turn, choose(mover.state_at(turn)["legal"]))
        turn += 1
    raise AssertionError("the game did not end")


@dataclass
class Table:
    """A started room: its code, and per seat the player's token, client and first state."""

    code: str
    tokens: list[str]
    clients: list[Client]
    first: list[Message]

    @property
    def mover(self) -> int:
        """The seat to act first."""
        return int(self.first[0]["current_player"])


def open_table(server: Server, names: tuple[str, ...] = ("Ana", "Bo"), **room: Any) -> Table:
    """Register ``names``, let the first open a room (``room`` is the request, Gin by
    default) with everyone seated in order, start it and read everyone's first state."""
    tokens = [server.register(name)[1] for name in names]
    code = server.create_room(tokens[0], **{"game": "gin", **room})["code"]
    clients = [server.client(token) for token in tokens]
    for client in clients:
        client.join(code)
    clients[0].send({"type": "start"})
    return Table(code, tokens, clients, [client.wait("state") for client in clients])


def play_to_the_end(
    server: Server,
    names: tuple[str, ...],
    registered: dict[str, tuple[str, str]] | None = None,
    **room: Any,
) -> tuple[list[str], str]:
    """Two people (or a person and a bot, ``BOT``) play a Gin match to its end; their
    player ids (``""`` for a bot) and the room's code. ``registered``: players already
    registered, by name (their id and token); ``room``: more of the room's request."""
    known = registered or {}
    tokens = [
        known.get(name) or (server.register(name) if name != BOT else ("", "")) for name in names
    ]
    host = tokens[0][1]
    bots = [None if name != BOT else BOT for name in names]
    code = server.create_room(host, game="gin", bots=bots, **room)["code"]
    players = {seat: server.client(token) for seat, (_, token) in enumerate(tokens) if token}
    for client in players.values():
        client.join(code)
    players[0].send({"type": "start"})
    first = players[0].wait("state")
    play_until(players, lambda state: state["over"], first["turn"])
    for client in players.values():
        client.close()
    return [player_id for player_id, _ in tokens], code
