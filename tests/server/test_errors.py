"""Bad messages get an error with a code (and the rule ID for an illegal action) and
change nothing: malformed, oversized, stale, out of turn, illegal, unauthenticated,
flooding."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from rummyhall.actions import Discard
from rummyhall.server.wire.protocol import ActionRequest, ProtocolError, parse_client_message
from tests.server.harness import Client, Message, Server, Table, open_table


@pytest.fixture(scope="module")
def table(server: Server) -> Table:
    """A started Gin room where nobody will move."""
    return open_table(server)


def error(client: Client, message: Message | str) -> Message:
    client.send(message)
    return client.wait("error")


def test_malformed_messages(table: Table) -> None:
    client = table.clients[0]
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


def test_a_message_carries_its_action_read_once() -> None:
    """The room gets an :class:`Action`; a message whose shape is wrong is
    ``malformed`` even if its action is unreadable too."""
    raw = '{"type": "action", "turn": 2, "action": {"type": "discard", "card": "7H"}}'
    message = parse_client_message(raw)
    assert isinstance(message, ActionRequest) and message.action == Discard("7H")
    with pytest.raises(ProtocolError) as both:
        parse_client_message('{"type": "action", "turn": 0, "action": {"type": "x"}, "y": 1}')
    assert both.value.code == "malformed" and "action.y" in str(both.value.values["detail"])


def test_turns_and_seats_are_numbers_never_strings_or_booleans(table: Table) -> None:
    client = table.clients[table.mover]
    legal = table.first[table.mover]["legal"][0]["action"]
    for bad in (
        {"type": "action", "turn": "0", "action": legal},
        {"type": "action", "turn": True, "action": legal},
        {"type": "action", "turn": False, "action": legal},
        {"type": "hint", "turn": "0"},
        {"type": "join", "room": table.code, "seat": "1"},
        {"type": "join", "room": table.code, "seat": True},
        {"type": "hello", "protocol": "1", "token": "x" * 40},
    ):
        reply = error(client, bad)
        assert reply["code"] == "malformed", (bad, reply)


def test_malformed_messages_echo_their_ref(table: Table) -> None:
    client = table.clients[0]
    for index, bad in enumerate(
        (
            {"type": "action", "turn": "1", "action": {}},
            {"type": "teleport"},
            {"type": "ping", "extra": 1},
            {"type": "join"},
        )
    ):
        reply = error(client, {**bad, "id": f"bad{index}"})
        assert (reply["code"], reply["ref"]) == ("malformed", f"bad{index}")
    # An id that is itself invalid (not a string, too long) is not echoed.
    for bad_id in (7, "x" * 65, None):
        reply = error(client, {"type": "teleport", "id": bad_id})
        assert reply["code"] == "malformed" and reply["ref"] is None
    assert error(client, '{"type": "ping", "id": "cut')["ref"] is None


def test_oversized_message(table: Table) -> None:
    mover = table.clients[table.mover]
    big = {"type": "action", "turn": 0, "action": {"type": "discard", "card": "7H" * 10_000}}
    reply = error(mover, json.dumps(big))
    assert reply["code"] == "too_large" and "16384" in reply["message"]


def test_stale_out_of_turn_illegal_and_unreadable_actions(
    table: Table,
) -> None:
    seat = table.mover
    mover, other = table.clients[seat], table.clients[1 - seat]
    legal = table.first[seat]["legal"][0]["action"]

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
    # An action is read as its message is validated, before the room looks at it: an
    # unreadable one is refused so even when stale, out of turn or only a check.
    for sender, request in (
        (mover, {"type": "action", "turn": 3, "action": {"type": "fly"}, "id": "r1"}),
        (other, {"type": "check", "turn": 0, "action": {"type": "discard"}, "id": "r2"}),
    ):
        refused = error(sender, request)
        assert (refused["code"], refused["ref"], refused["turn"]) == (
            "invalid_action",
            request["id"],
            0,
        )

    checked = mover.request(
        {"type": "check", "turn": 0, "action": {"type": "knock", "discard": "AS"}}, "checked"
    )
    assert checked["ok"] is False and checked["rule"] == "GIN-2"
    assert mover.request({"type": "check", "turn": 0, "action": legal}, "checked")["ok"] is True


def test_identity_errors(server: Server) -> None:
    anonymous = server.client()
    assert error(anonymous, {"type": "join", "room": "ABCDEF"})["code"] == "hello_first"
    bad = error(anonymous, {"type": "hello", "protocol": 3, "token": "x" * 40})
    assert bad["code"] == "unauthorized"
    _, token = server.register("Di")
    old = error(anonymous, {"type": "hello", "protocol": 1, "token": token})
    assert old["code"] == "unsupported_protocol" and "please reload" in old["message"]
    chinese = server.client(token, locale="zh")
    missing = error(chinese, {"type": "join", "room": "ZZZZZZ"})
    assert missing["code"] == "room_not_found" and "房间" in missing["message"]
    assert (
        error(chinese, {"type": "hello", "protocol": 3, "token": token})["code"] == "already_hello"
    )


def test_nothing_changed_after_the_errors(server: Server, table: Table) -> None:
    """Runs after the tests above (file order): the game is still at counter 0, with
    the same view, and no state was broadcast in between."""
    for client in table.clients:
        client.send({"type": "ping", "id": "last"})
        client.wait("pong")
        assert [m["turn"] for m in client.received if m["type"] == "state"] == [0]
    again = server.client(table.tokens[table.mover])
    again.join(table.code)
    state = again.wait("state")
    assert state["turn"] == 0 and state["view"] == table.first[table.mover]["view"]


def test_left_echoes_its_ref(server: Server) -> None:
    _, token = server.register("Lu")
    code = server.create_room(token, game="gin", public=False)["code"]
    client = server.client(token)
    client.join(code)
    left = client.request({"type": "leave"}, "left")
    assert left["room"] == code


def test_client_mistakes_leave_no_traceback(server: Server, table: Table) -> None:
    """A barrage of bad messages and requests: every one is answered with an error
    code, the server still answers, and its log holds no traceback."""
    client = server.client(table.tokens[0])
    barrage: list[Message | str] = [
        "",
        "null",
        "{}",
        "[" * 5000 + "]" * 5000,
        '{"type": "hello"' + "," * 3000 + "}",
        '{"type": "action", "turn": 1e999, "action": {}}',
        '{"type": "action", "turn": 99999999999999999999999, "action": {}}',
        r'{"type": "\ud800"}',
        {"type": "action", "turn": 0, "action": []},
        {"type": "action", "turn": 0, "action": None},
        {"type": "check", "turn": 0, "action": {"type": "discard"}},
        {"type": "set_seat", "seat": 9, "occupant": "bot"},
        {"type": "join", "room": "ABCDEF", "role": "referee"},
        {"type": "hello", "protocol": 1, "token": "t" * 500},
        {"type": "hint", "turn": -5},
    ]
    for bad in barrage:
        reply = error(client, bad)
        assert reply["code"] not in ("internal",), (bad, reply)
    client.socket.send(b'{"type": "ping", "id": "bytes"}')
    assert client.wait("pong")["ref"] == "bytes"
    with server.http() as http:
        for method, path, body in (
            ("POST", "/api/players", b"{not json"),
            ("POST", "/api/players", rb'{"nickname": "\u0000"}'),
            ("POST", "/api/rooms", b'{"game": "gin"}'),
            ("GET", "/api/matches/%00/replay?turn=-1", b""),
            ("GET", "/api/rules/..%2f..%2fetc", b""),
            ("GET", "/api/players/x/stats", b""),
            ("GET", "/../../etc/passwd", b""),
        ):
            answer = http.request(
                method, path, content=body, headers={"Content-Type": "application/json"}
            )
            assert answer.status_code < 500, (path, answer.text)
        assert http.get("/api/health").status_code == 200
    log = server.log.read_text()
    assert "Traceback" not in log, log[-3000:]


def test_flooding_is_rate_limited_then_disconnected(tmp_path: Path) -> None:
    server = Server(tmp_path / "flood.db", rate=1, creations=3).start()
    try:
        _, token = server.register("Ed")
        refused = [
            httpx.post(f"{server.url}/api/players", json={"nickname": "Ed"}).status_code
            for _ in range(8)
        ]
        assert refused[:5] == [201] * 5 and refused[-1] == 429  # 6 at once, then 3 a minute
        client = server.client(token)
        with contextlib.suppress(ConnectionClosed):
            for _ in range(200):
                client.send({"type": "ping"})
        with contextlib.suppress(ConnectionClosed):
            while True:
                client.recv(5)
        kinds = [m["type"] for m in client.received]
        assert 1 <= kinds.count("pong") <= 10  # the burst of 2 less hello, and a trickle
        codes = {m["code"] for m in client.received if m["type"] == "error"}
        assert codes == {"rate_limited"}
        assert client.socket.close_code == 1008
    finally:
        server.stop()


@pytest.mark.parametrize(
    ("locale", "words"),
    [("en", "That move was already made"), ("zh", "该操作已经执行过")],
)
def test_a_move_sent_twice_is_played_once_and_the_second_said_in_a_players_words(
    server: Server, locale: str, words: str
) -> None:
    table = open_table(server, ("Kai", "Lu"))
    seat = table.mover
    mover = server.client(table.tokens[seat], locale=locale)  # his seat, in his language
    state = mover.join(table.code) and mover.wait("state")
    move = {"type": "action", "turn": state["turn"], "action": state["legal"][0]["action"]}
    mover.send({**move, "id": "first"})
    mover.send({**move, "id": "second"})
    assert mover.wait("state", lambda m: m["turn"] == state["turn"] + 1)
    refused = mover.wait("error", lambda m: m["ref"] == "second")
    assert refused["code"] == "stale" and refused["message"].startswith(words)
    for client in (*table.clients, mover):
        client.close()
