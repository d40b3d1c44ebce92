"""A room creation with an ``Idempotency-Key`` opens one room however often it is sent:
at once from many connections, again after its answer was lost, or after the server
died at its commit (docs/protocol.md, "Opening a room once")."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.harness import BOT, Server

QUICK: dict[str, Any] = {"game": "gin", "public": False, "host_seat": 0, "bots": [None, BOT]}


def post(server: Server, token: str, key: str | None, body: dict[str, Any]) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"}
    if key is not None:
        headers["Idempotency-Key"] = key
    return httpx.post(f"{server.url}/api/rooms", json=body, headers=headers, timeout=10)


def my_rooms(server: Server, token: str) -> list[str]:
    answer = httpx.get(
        f"{server.url}/api/me/rooms", headers={"Authorization": f"Bearer {token}"}, timeout=10
    )
    return sorted(entry["room"]["code"] for entry in answer.json())


def at_once(count: int, send: Callable[[], httpx.Response]) -> list[httpx.Response]:
    with ThreadPoolExecutor(count) as pool:
        return list(pool.map(lambda _: send(), range(count)))


def test_the_same_key_sent_at_once_opens_one_room_and_every_answer_names_it(
    server: Server,
) -> None:
    _, token = server.register("Ana")
    answers = at_once(8, lambda: post(server, token, "quick-gin-1", QUICK))
    assert sorted(answer.status_code for answer in answers) == [200] * 7 + [201]
    codes = {answer.json()["code"] for answer in answers}
    assert len(codes) == 1
    assert my_rooms(server, token) == sorted(codes)
    # The room answered is the one to play: joined on the WebSocket, it starts.
    client = server.client(token)
    client.join(codes.pop())
    client.send({"type": "start"})
    assert client.wait("room", lambda m: m["room"]["status"] == "playing")
    client.close()


def test_a_repeated_key_answers_the_room_as_it_is_now(server: Server) -> None:
    _, token = server.register("Bo")
    first = post(server, token, "k2", QUICK).json()
    client = server.client(token)
    client.join(first["code"])
    client.send({"type": "start"})
    client.wait("room", lambda m: m["room"]["status"] == "playing")
    client.close()
    again = post(server, token, "k2", QUICK)
    assert again.status_code == 200
    assert (again.json()["code"], again.json()["status"]) == (first["code"], "playing")


def test_other_keys_or_none_open_other_rooms_and_keys_are_per_player(server: Server) -> None:
    _, ana = server.register("Cy")
    _, bo = server.register("Di")
    codes = [post(server, ana, key, QUICK).json()["code"] for key in ("a", "b", None, None)]
    codes.append(post(server, bo, "a", QUICK).json()["code"])
    assert len(set(codes)) == 5


def test_a_key_reused_with_other_settings_is_refused_and_opens_nothing(server: Server) -> None:
    _, token = server.register("Ed")
    post(server, token, "k3", QUICK)
    refused = post(server, token, "k3", {**QUICK, "game": "rummikub"})
    assert refused.status_code == 422
    assert refused.json()["error"]["code"] == "key_reused"
    assert len(my_rooms(server, token)) == 1


@pytest.mark.parametrize("key", ["", "x" * 65, "with space", "ключ"])
def test_a_malformed_key_is_refused_naming_the_header(server: Server, key: str) -> None:
    _, token = server.register("Flo")
    answer = httpx.post(
        f"{server.url}/api/rooms",
        json=QUICK,
        headers={"Authorization": f"Bearer {token}", "Idempotency-Key": key.encode()},
        timeout=10,
    )
    assert answer.status_code == 422
    assert answer.json()["error"]["code"] == "malformed"
    assert "Idempotency-Key" in answer.json()["error"]["message"]
    assert my_rooms(server, token) == []


@pytest.mark.parametrize(("moment", "status"), [("before", 201), ("after", 200)])
def test_a_creation_killed_at_its_commit_and_sent_again_opens_one_room(
    tmp_path: Path, moment: str, status: int
) -> None:
    db = tmp_path / "created.db"
    armed = Server(db, "--fault-point", f"save_room:{moment}").start()
    try:
        _, token = armed.register("Gus")
        with pytest.raises(httpx.TransportError):
            post(armed, token, "k4", QUICK)
        assert armed.process is not None and armed.process.wait(10) != 0
    finally:
        armed.stop()
    again = Server(db, database_url=armed.database_url).start()
    try:
        answers = at_once(3, lambda: post(again, token, "k4", QUICK))
        assert sorted(answer.status_code for answer in answers) == sorted([status, 200, 200])
        assert my_rooms(again, token) == [answers[0].json()["code"]]
    finally:
        again.stop()
