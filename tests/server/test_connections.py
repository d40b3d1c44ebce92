"""Silent sockets cannot take the server down: WebSockets that never say hello and HTTP
requests stopped mid-header are closed by their deadlines while the site keeps
answering, one address cannot hold more than its share of sockets, and the client
address behind a proxy is believed only from a trusted one."""

from __future__ import annotations

import contextlib
import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.server.harness import Server, half_sent_request, open_table, silent_websocket

SILENT_WEBSOCKETS = 200
HALF_SENT_REQUESTS = 100
DEADLINE = 2.0
"""The short hello and request deadlines the server below runs with (seconds)."""


@pytest.fixture(scope="module")
def strict(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server with short deadlines and a small connection limit: the silent sockets
    below would fill it if they were never closed."""
    running = Server(
        tmp_path_factory.mktemp("connections") / "x.db",
        "--hello-timeout",
        str(DEADLINE),
        "--request-timeout",
        str(DEADLINE),
        "--max-connections",
        str(SILENT_WEBSOCKETS + HALF_SENT_REQUESTS + 50),
        "--max-connections-per-address",
        "10000",
    ).start()
    yield running
    running.stop()


def closed_by_server(sock: socket.socket, timeout: float) -> bytes | None:
    """What the server sent before closing ``sock``, or None if it is still open."""
    sock.settimeout(timeout)
    received = b""
    try:
        while chunk := sock.recv(4096):
            received += chunk
    except TimeoutError:
        return None
    except ConnectionResetError:
        pass
    return received


def refused(server: Server) -> bool:
    """Whether an HTTP request is turned away (503, or the socket closed under it)."""
    try:
        return httpx.get(f"{server.url}/api/health", timeout=5).status_code == 503
    except httpx.TransportError:
        return True


def test_silent_sockets_are_closed_and_the_site_keeps_answering(strict: Server) -> None:
    with contextlib.ExitStack() as stack:
        silent: list[ClientConnection] = [
            stack.enter_context(connect(f"ws://127.0.0.1:{strict.port}/ws"))
            for _ in range(SILENT_WEBSOCKETS)
        ]
        half: list[socket.socket] = []
        for _ in range(HALF_SENT_REQUESTS):
            half.append(stack.enter_context(half_sent_request(strict.port)))
        opened = time.monotonic()

        # While they are open, pages, the API and a game still answer.
        with strict.http() as http:
            assert http.get("/").status_code == 200
            assert http.get("/api/rooms").status_code == 200
        table = open_table(strict)
        mover = table.clients[table.mover]
        mover.act(0, table.first[table.mover]["legal"][0]["action"])
        assert mover.state_at(1)["turn"] == 1

        # The silent WebSockets are told why and closed with 4001 by the deadline.
        for websocket in silent:
            with pytest.raises(ConnectionClosed):
                while True:
                    message = json.loads(websocket.recv(DEADLINE + 15))
                    assert message == {**message, "type": "error", "code": "hello_timeout"}
            assert websocket.close_code == 4001
        # The half-sent requests get 408 and are closed.
        for sock in half:
            answer = closed_by_server(sock, DEADLINE + 15)
            assert answer is not None and answer.startswith(b"HTTP/1.1 408"), answer
        assert time.monotonic() - opened < DEADLINE + 30  # generous: a shared machine

    # The players at the table said hello in time: they are still connected.
    table.clients[0].send({"type": "ping", "id": "still"})
    assert table.clients[0].wait("pong")["ref"] == "still"
    with strict.http() as http:
        assert http.get("/api/health").status_code == 200


@pytest.mark.parametrize(
    "head",
    [
        b"Content-Length: 100\r\n\r\n" + b'{"nick',
        b"Transfer-Encoding: chunked\r\n\r\n" + b'5\r\n{"nic\r\n',
    ],
    ids=["content-length", "chunked"],
)
def test_a_body_stopped_midway_gets_408(strict: Server, head: bytes) -> None:
    with socket.create_connection(("127.0.0.1", strict.port), timeout=10) as sock:
        sock.sendall(b"POST /api/players HTTP/1.1\r\nHost: 127.0.0.1\r\n" + head)
        answer = closed_by_server(sock, DEADLINE + 15)
    assert answer is not None and answer.startswith(b"HTTP/1.1 408"), answer
    assert b"request_timeout" in answer
    assert "Traceback" not in strict.log.read_text()


def test_a_bad_hello_does_not_extend_the_deadline(strict: Server) -> None:
    """The deadline runs from the moment the socket opened: messages that are not a
    valid hello (here a ping every half second) do not keep it alive."""
    with connect(f"ws://127.0.0.1:{strict.port}/ws") as websocket:
        with pytest.raises(ConnectionClosed):
            for _ in range(int(4 * (DEADLINE + 15))):
                websocket.send(json.dumps({"type": "hello", "protocol": 3, "token": "x" * 40}))
                websocket.recv(10)
                time.sleep(0.5)
        assert websocket.close_code == 4001


def test_a_websocket_that_does_not_answer_pings_is_dropped(tmp_path: Path) -> None:
    """With the hello deadline out of the way, the server's pings find the dead peer."""
    server = Server(
        tmp_path / "ping.db",
        "--hello-timeout",
        "600",
        "--ws-ping-interval",
        "1",
        "--ws-ping-timeout",
        "1",
    ).start()
    try:
        with silent_websocket(server.port) as sock:
            time.sleep(4)  # the ping goes out after 1 s and is not answered 1 s later
            assert closed_by_server(sock, 30) is not None
    finally:
        server.stop()


def test_an_idle_socket_outside_any_room_is_closed(tmp_path: Path) -> None:
    server = Server(tmp_path / "idle.db", "--idle-timeout", "1").start()
    try:
        _, token = server.register("Ida")
        client = server.client(token)
        with pytest.raises(ConnectionClosed):
            while True:
                client.recv(20)
        assert client.socket.close_code == 4002
        assert client.received[-1]["code"] == "idle"
    finally:
        server.stop()


def test_the_connections_of_one_address_are_capped(tmp_path: Path) -> None:
    cap = 5
    server = Server(tmp_path / "cap.db", "--max-connections-per-address", str(cap)).start()
    try:
        with contextlib.ExitStack() as stack:
            held = [stack.enter_context(half_sent_request(server.port)) for _ in range(cap)]
            time.sleep(0.5)  # the server has seen them all
            one_too_many = socket.create_connection(("127.0.0.1", server.port), timeout=10)
            stack.enter_context(one_too_many)
            answer = closed_by_server(one_too_many, 10)
            assert answer is not None and answer.startswith(b"HTTP/1.1 503"), answer
            assert b"too_many_connections" in answer
            assert refused(server)
            held.pop().close()
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:  # the freed place is given back
                with contextlib.suppress(httpx.TransportError):
                    if httpx.get(f"{server.url}/api/health", timeout=5).status_code == 200:
                        break
                time.sleep(0.1)
            else:
                raise AssertionError("the closed socket's place was not given back")
        # A WebSocket counts too, and gives its place back when it closes.
        with contextlib.ExitStack() as stack:
            for _ in range(cap):
                stack.enter_context(connect(f"ws://127.0.0.1:{server.port}/ws"))
            assert refused(server)
        deadline = time.monotonic() + 10
        while httpx.get(f"{server.url}/api/health", timeout=5).status_code != 200:
            assert time.monotonic() < deadline
            time.sleep(0.1)
    finally:
        server.stop()


def create_guests(server: Server, count: int, forwarded_for: str | None) -> list[int]:
    """Status codes of ``count`` guest creations, each with a fresh spoofed header."""
    codes = []
    for index in range(count):
        headers = {"X-Forwarded-For": f"{forwarded_for}.{index % 250}"} if forwarded_for else {}
        answer = httpx.post(
            f"{server.url}/api/players", json={"nickname": "Sy"}, headers=headers, timeout=10
        )
        codes.append(answer.status_code)
    return codes


def test_spoofed_forwarded_for_does_not_bypass_the_creation_limit(tmp_path: Path) -> None:
    server = Server(tmp_path / "spoof.db", creations=2).start()  # bursts of 4
    try:
        codes = create_guests(server, 8, forwarded_for="203.0.113")
        assert codes[:4] == [201] * 4 and set(codes[4:]) == {429}
    finally:
        server.stop()


def test_forwarded_for_is_honoured_from_a_trusted_proxy(tmp_path: Path) -> None:
    """From a trusted proxy (here the test itself, on 127.0.0.1) each client behind it
    has its own bucket; only the right-most untrusted hop counts, so a client that
    writes its own header in front of the proxy's gains nothing."""
    server = Server(tmp_path / "proxy.db", "--trusted-proxies", "127.0.0.1", creations=2).start()
    try:
        assert set(create_guests(server, 8, forwarded_for="203.0.113")) == {201}
        spoofed = [
            httpx.post(
                f"{server.url}/api/players",
                json={"nickname": "Sy"},
                headers={"X-Forwarded-For": f"10.9.9.{index}, 198.51.100.1"},
                timeout=10,
            ).status_code
            for index in range(8)
        ]
        assert spoofed[:4] == [201] * 4 and set(spoofed[4:]) == {429}
    finally:
        server.stop()


def test_room_creation_is_limited_per_player(tmp_path: Path) -> None:
    """Many addresses (through a trusted proxy) cannot push one guest over his rate."""
    server = Server(tmp_path / "player.db", "--trusted-proxies", "127.0.0.1", player_rooms=2)
    server.start()
    try:
        _, token = server.register("Pat")
        codes = []
        for index in range(8):
            answer = httpx.post(
                f"{server.url}/api/rooms",
                json={"game": "gin", "public": False},
                headers={
                    "Authorization": f"Bearer {token}",
                    "X-Forwarded-For": f"198.51.100.{index}",
                },
                timeout=10,
            )
            codes.append(answer.status_code)
        assert codes[:4] == [201] * 4 and set(codes[4:]) == {429}
        assert answer.json()["error"]["code"] == "rate_limited"
        # Another guest is not held back by him.
        _, other = server.register("Quin")
        server.create_room(other, game="gin", public=False)
    finally:
        server.stop()


def test_the_limits_are_published(strict: Server) -> None:
    limits = httpx.get(f"{strict.url}/api/info", timeout=10).json()["limits"]
    assert limits["hello_timeout"] == DEADLINE
    assert limits["max_body_bytes"] == 64 * 1024
    assert {"idle_timeout", "max_connections_per_address", "player_rooms_per_minute"} <= set(limits)
