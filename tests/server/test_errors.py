"""Bad messages get an error with a code (and the rule ID for an illegal action) and
change nothing: malformed, oversized, stale, out of turn, illegal, unauthenticated,
flooding."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.harness import Client, Message, Server


@pytest.fixture(scope="module")
def table(server: Server) -> tuple[str, str, dict[int, Client], dict[int, Message]]:
    """A started Gin room: its code, the mover's token, clients by seat, first states."""
    tokens = [server.register(name)[1] for name in ("Ana", "Bo")]
    code = server.create_room(tokens[0], game="gin")["code"]
    clients = {seat: server.client(token) for seat, token in enumerate(tokens)}
    for client in clients.values():
        client.join(code)
    clients[0].send({"type": "start"})
    states = {seat: client.wait("state") for seat, client in clients.items()}
    mover = states[0]["current_player"]
    return code, tokens[mover], clients, states


def error(client: Client, message: Message | str) -> Message:
    client.send(message)
    return client.wait("error")


def test_malformed_messages(table: tuple[str, str, dict[int, Client], dict[int, Message]]) -> None:
    _, _, clients, _ = table
    client = clients[0]
    for bad in (
        "not json",
        "[1, 2]",
        {"type": "teleport"},
        {"type": "action", "turn": 0},
        {"type": "action", "turn": -1, "action": {"type": "pass"}},
        {"type": "join", "room": "lower"},
        {"type": "ping", "extra": 1},
    ):
        reply = error(client, bad)
        assert reply["code"] == "malformed" and reply["message"] and reply["turn"] == 0


def test_oversized_message(table: tuple[str, str, dict[int, Client], dict[int, Message]]) -> None:
    _, _, clients, states = table
    mover = clients[states[0]["current_player"]]
    big = {"type": "action", "turn": 0, "action": {"type": "discard", "card": "7H" * 10_000}}
    reply = error(mover, json.dumps(big))
    assert reply["code"] == "too_large" and "16384" in reply["message"]


def test_stale_out_of_turn_illegal_and_unreadable_actions(
    table: tuple[str, str, dict[int, Client], dict[int, Message]],
) -> None:
    _, _, clients, states = table
    seat = states[0]["current_player"]
    mover, other = clients[seat], clients[1 - seat]
    legal = states[seat]["legal"][0]["action"]

    stale = error(mover, {"type": "action", "turn": 3, "action": legal})
    assert (stale["code"], stale["turn"]) == ("stale", 0)
    assert "turn 3" in stale["message"]

    wrong_seat = error(other, {"type": "action", "turn": 0, "action": legal})
    assert wrong_seat["code"] == "not_your_turn"

    illegal = error(
        mover, {"type": "action", "turn": 0, "action": {"type": "discard", "card": "7H"}}
    )
    assert (illegal["code"], illegal["rule"]) == ("illegal", "GIN-2")

    unreadable = error(mover, {"type": "action", "turn": 0, "action": {"type": "fly"}})
    assert unreadable["code"] == "invalid_action" and "fly" in unreadable["message"]

    checked = mover.request(
        {"type": "check", "turn": 0, "action": {"type": "knock", "discard": "AS"}}, "checked"
    )
    assert checked["ok"] is False and checked["rule"] == "GIN-2"
    assert mover.request({"type": "check", "turn": 0, "action": legal}, "checked")["ok"] is True


def test_identity_errors(server: Server) -> None:
    anonymous = server.client()
    assert error(anonymous, {"type": "join", "room": "ABCDEF"})["code"] == "hello_first"
    bad = error(anonymous, {"type": "hello", "protocol": 1, "token": "x" * 40})
    assert bad["code"] == "unauthorized"
    _, token = server.register("Di")
    old = error(anonymous, {"type": "hello", "protocol": 9, "token": token})
    assert old["code"] == "unsupported_protocol"
    chinese = server.client(token, locale="zh")
    missing = error(chinese, {"type": "join", "room": "ZZZZZZ"})
    assert missing["code"] == "room_not_found" and "房间" in missing["message"]
    assert (
        error(chinese, {"type": "hello", "protocol": 1, "token": token})["code"] == "already_hello"
    )


def test_nothing_changed_after_the_errors(
    server: Server, table: tuple[str, str, dict[int, Client], dict[int, Message]]
) -> None:
    """Runs after the tests above (file order): the game is still at counter 0, with
    the same view, and no state was broadcast in between."""
    code, mover_token, clients, states = table
    for client in clients.values():
        client.send({"type": "ping", "id": "last"})
        client.wait("pong")
        assert [m["turn"] for m in client.received if m["type"] == "state"] == [0]
    again = server.client(mover_token)
    again.join(code)
    state = again.wait("state")
    seat = state["seat"]
    assert state["turn"] == 0 and state["view"] == states[seat]["view"]


def test_flooding_is_rate_limited_then_disconnected(tmp_path: Path) -> None:
    server = Server(tmp_path / "flood.db", rate=20).start()
    try:
        _, token = server.register("Ed")
        client = server.client(token)
        with contextlib.suppress(ConnectionClosed):
            for _ in range(200):
                client.send({"type": "ping"})
        with contextlib.suppress(ConnectionClosed):
            while True:
                client.recv(5)
        kinds = [m["type"] for m in client.received]
        assert 20 <= kinds.count("pong") <= 60  # the burst, and what trickled in since
        codes = {m["code"] for m in client.received if m["type"] == "error"}
        assert codes == {"rate_limited"}
        assert client.socket.close_code == 1008
    finally:
        server.stop()
