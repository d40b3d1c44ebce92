"""Accounts over real sockets: a guest claims a username and password and signs in on a
second device as the same player (seats, rooms); usernames are unique whatever their
case and validated, guessable passwords refused; signing out (one device, or every one)
refuses the tokens at once and closes their connections; wrong passwords are
rate-limited per username; a sign-out killed at its commit is all or nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.harness import Client, Server, open_table

PASSWORD = "maple harbor quietly 7"


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def claim(server: Server, token: str, username: str, password: str = PASSWORD) -> httpx.Response:
    body = {"username": username, "password": password}
    with server.http() as http:
        return http.post("/api/me/account", json=body, headers=auth(token))


def sign_in(server: Server, username: str, password: str = PASSWORD) -> httpx.Response:
    with server.http() as http:
        return http.post("/api/sign-ins", json={"username": username, "password": password})


def me(server: Server, token: str) -> httpx.Response:
    with server.http() as http:
        return http.get("/api/me", headers=auth(token))


def error(answer: httpx.Response) -> str:
    code: str = answer.json()["error"]["code"]
    return code


def closed_for(client: Client) -> dict[str, Any]:
    """The error the server sent before closing ``client``."""
    return client.wait("error", lambda m: m["code"] == "signed_out")


def test_a_claimed_guest_signs_in_on_another_device_as_the_same_player(server: Server) -> None:
    table = open_table(server, ("Ana", "Bo"))
    laptop = table.tokens[0]
    claimed = claim(server, laptop, "Ana_Plays")
    assert claimed.status_code == 201, claimed.text
    player = claimed.json()["player"]
    assert claimed.json()["username"] == "Ana_Plays"
    assert me(server, laptop).json()["username"] == "Ana_Plays"  # the laptop stays signed in
    answer = sign_in(server, "ANA_plays")  # a username is the same whatever its case
    assert answer.status_code == 201, answer.text
    phone = answer.json()["token"]
    assert phone != laptop
    assert answer.json()["player"] == player
    assert me(server, phone).json() | {"stats": None} == {
        "player": player,
        "username": "Ana_Plays",
        "stats": None,
    }
    with server.http() as http:
        rooms = http.get("/api/me/rooms", headers=auth(phone)).json()
    assert [(entry["room"]["code"], entry["seat"]) for entry in rooms] == [(table.code, 0)]
    # The phone takes the seat at the table that is being played (the laptop's window
    # is replaced, as when one player opens a seat twice).
    device = server.client(phone)
    assert device.welcome["player"] == player
    joined = device.join(table.code)
    assert joined["you"] == 0 and joined["room"]["status"] == "playing"
    for client in (*table.clients, device):
        client.close()


def test_usernames_are_unique_whatever_their_case_and_checked(server: Server) -> None:
    _, first = server.register("Cy")
    _, second = server.register("Di")
    assert claim(server, first, "Cyrus").status_code == 201
    refused = {
        "Cy": "bad_username",  # too short
        "a" * 21: "bad_username",
        "<script>x": "bad_username",
        "cy rus": "bad_username",
        "CYRUS": "username_taken",
        "ＣＹＲＵＳ": "username_taken",  # full-width letters are the same name
        # An outside probe: look-alikes registered beside the name (docs/security.md).
        "\u0421yrus": "username_taken",  # a Cyrillic "С"
        "Cyru\u0455": "username_taken",  # a Cyrillic "ѕ"
        "CYRU\u0405": "username_taken",  # a Cyrillic capital "Ѕ"
        "Cy\u3164rus": "bad_username",  # a Hangul filler, blank
    }
    for username, code in refused.items():
        answer = claim(server, second, username)
        assert (answer.status_code, error(answer)) == (
            409 if code == "username_taken" else 400,
            code,
        ), username
    for password, code in {
        "short": "bad_password",
        "password123": "weak_password",
        "Dianadiana1": "weak_password",
        "qwertyuiop": "weak_password",
    }.items():
        answer = claim(server, second, "Diana", password)
        assert (answer.status_code, error(answer)) == (400, code), password
    assert me(server, second).json()["username"] is None  # nothing refused was kept
    assert claim(server, second, "Diana").status_code == 201
    again = claim(server, second, "Diana2")
    assert (again.status_code, error(again)) == (409, "already_claimed")
    answer = claim(server, "not-a-token-at-all", "Nobody")
    assert (answer.status_code, error(answer)) == (401, "unauthorized")


def test_signing_out_one_device_leaves_the_others(server: Server) -> None:
    _, laptop = server.register("Eve")
    guest = server.register("Fay")[1]
    assert claim(server, laptop, "Eve_Online").status_code == 201
    phone = sign_in(server, "eve_online").json()["token"]
    tablet = sign_in(server, "eve_online").json()["token"]
    on_phone, on_tablet = server.client(phone), server.client(tablet)
    with server.http() as http:
        assert http.delete("/api/sign-ins/current", headers=auth(phone)).status_code == 204
        assert error(me(server, phone)) == "unauthorized"
        assert me(server, tablet).status_code == 200 and me(server, laptop).status_code == 200
        closed_for(on_phone)
        assert not [m for m in on_tablet.received if m["type"] == "error"]
        # The guest's own token of the account signs out the same way.
        assert http.delete("/api/sign-ins/current", headers=auth(laptop)).status_code == 204
        assert error(me(server, laptop)) == "unauthorized"
        # A guest without an account would be lost: he cannot sign out.
        answer = http.delete("/api/sign-ins/current", headers=auth(guest))
        assert (answer.status_code, error(answer)) == (400, "no_account")
        assert me(server, guest).status_code == 200
    for client in (on_phone, on_tablet):
        client.close()


def test_signing_out_everywhere_refuses_every_token_and_closes_connections(
    server: Server,
) -> None:
    player_id, laptop = server.register("Gus")
    assert claim(server, laptop, "Gus_G").status_code == 201
    phone = sign_in(server, "gus_g").json()["token"]
    connections = [server.client(laptop), server.client(phone)]
    with server.http() as http:
        assert http.delete("/api/sign-ins", headers=auth(phone)).status_code == 204
    for token in (laptop, phone):
        assert error(me(server, token)) == "unauthorized"
    for connection in connections:
        assert closed_for(connection)["message"]
        connection.close()
    with pytest.raises(AssertionError, match="unauthorized"):  # new connections too
        server.client(phone)
    again = sign_in(server, "Gus_G")
    assert again.status_code == 201 and again.json()["player"]["id"] == player_id


def sign_in_from(
    server: Server, address: str, username: str, password: str = PASSWORD
) -> httpx.Response:
    """A sign-in from ``address`` (behind the trusted proxy at 127.0.0.1)."""
    with server.http() as http:
        return http.post(
            "/api/sign-ins",
            json={"username": username, "password": password},
            headers={"X-Forwarded-For": address},
        )


def test_wrong_passwords_are_limited_per_username_and_address(tmp_path: Path) -> None:
    """An outside probe: 5 wrong passwords from anywhere used to lock the right one out
    for 3 minutes, again and again. The tight limit is per username and address; the
    username's own, looser one holds back only addresses that have failed on it, so its
    owner, from an address that has not, still gets in (docs/security.md)."""
    fresh = Server(tmp_path / "limits.db", "--trusted-proxies", "127.0.0.1").start()
    try:
        _, token = fresh.register("Hal")
        assert claim(fresh, token, "Hal_9000").status_code == 201
        unknown = sign_in_from(fresh, "203.0.113.1", "nobody_here")
        assert (unknown.status_code, error(unknown)) == (401, "wrong_password")
        for _ in range(5):
            wrong = sign_in_from(fresh, "203.0.113.1", "hal_9000", "not the password")
            assert (wrong.status_code, error(wrong)) == (401, "wrong_password")
        # That address is held back, even with the right password, for a while...
        limited = sign_in_from(fresh, "203.0.113.1", "hal_9000")
        assert (limited.status_code, error(limited)) == (429, "rate_limited")
        assert sign_in_from(fresh, "203.0.113.1", "HAL_9000").status_code == 429  # same name
        # ... the owner from his own address is not,
        assert sign_in_from(fresh, "198.51.100.7", "hal_9000").status_code == 201
        # nor after many addresses have failed, past the username's own burst of 30:
        # then an address that has failed once is held back at its second try.
        answers = [
            sign_in_from(fresh, f"203.0.113.{n}", "hal_9000", "not the password").status_code
            for n in range(2, 9)
            for _ in range(5)
        ]
        assert 429 in answers and set(answers) <= {401, 429}
        assert set(answers[::5]) == {401}  # an address's first try is always answered
        assert sign_in_from(fresh, "203.0.113.20", "hal_9000", "nope").status_code == 401
        after = sign_in_from(fresh, "203.0.113.20", "hal_9000", "another try")
        assert (after.status_code, error(after)) == (429, "rate_limited")
        assert sign_in_from(fresh, "198.51.100.8", "hal_9000").status_code == 201
        assert me(fresh, token).status_code == 200  # the signed-in device is not touched
    finally:
        fresh.stop()


KILLS = [
    ("create_account", "before", {"laptop": 200}),
    ("create_account", "after", {"laptop": 200}),
    ("add_sign_in", "before", {"laptop": 200}),
    ("add_sign_in", "after", {"laptop": 200}),
    ("sign_out", "before", {"laptop": 200, "phone": 200}),
    ("sign_out", "after", {"laptop": 401, "phone": 200}),
    ("sign_out_everywhere", "before", {"laptop": 200, "phone": 200}),
    ("sign_out_everywhere", "after", {"laptop": 401, "phone": 401}),
]
"""Per transaction killed at its commit (the laptop's request): what the laptop's token
(the guest's own) and a phone signed in before answer after a restart."""


@pytest.mark.parametrize(("transaction", "moment", "expected"), KILLS)
def test_an_account_change_killed_at_its_commit_is_all_or_nothing(
    tmp_path: Path, transaction: str, moment: str, expected: dict[str, int]
) -> None:
    db = tmp_path / "accounts.db"
    armed = Server(db, "--fault-point", f"{transaction}:{moment}").start()
    tokens = {}
    try:
        _, tokens["laptop"] = armed.register("Ivy")
        if transaction != "create_account":
            assert claim(armed, tokens["laptop"], "Ivy_Green").status_code == 201
        if "phone" in expected:
            tokens["phone"] = sign_in(armed, "ivy_green").json()["token"]
        with pytest.raises(httpx.TransportError), armed.http() as http:
            headers = auth(tokens["laptop"])
            if transaction == "create_account":
                body = {"username": "Ivy_Green", "password": PASSWORD}
                http.post("/api/me/account", json=body, headers=headers)
            elif transaction == "add_sign_in":
                http.post("/api/sign-ins", json={"username": "ivy_green", "password": PASSWORD})
            elif transaction == "sign_out":
                http.delete("/api/sign-ins/current", headers=headers)
            else:
                http.delete("/api/sign-ins", headers=headers)
        assert armed.process is not None and armed.process.wait(10) != 0
    finally:
        armed.stop()
    again = Server(db, database_url=armed.database_url).start()
    try:
        assert {device: me(again, tokens[device]).status_code for device in expected} == expected
        fresh = sign_in(again, "ivy_green")
        claimed = (transaction, moment) != ("create_account", "before")
        assert fresh.status_code == (201 if claimed else 401)
    finally:
        again.stop()


def test_a_claim_names_the_player_in_one_commit_and_tells_his_tables(server: Server) -> None:
    table = open_table(server, ("Guest7610", "Bo"))
    guest = table.tokens[0]
    with server.http() as http:
        too_long = http.post(
            "/api/me/account",
            json={"username": "Ana_Named", "password": PASSWORD, "nickname": "A" * 40},
            headers=auth(guest),
        )
        assert (too_long.status_code, too_long.json()["error"]["field"]) == (400, "nickname")
        assert me(server, guest).json()["username"] is None  # nothing was claimed
        answer = http.post(
            "/api/me/account",
            json={"username": "Ana_Named", "password": PASSWORD, "nickname": "Ana 👨‍👩‍👧"},
            headers=auth(guest),
        )
    assert answer.status_code == 201, answer.text
    assert answer.json()["player"]["nickname"] == "Ana 👨‍👩‍👧"
    assert me(server, guest).json()["player"]["nickname"] == "Ana 👨‍👩‍👧"
    told = table.clients[1].wait(
        "room", lambda m: m["room"]["seats"][0]["player"]["nickname"] == "Ana 👨‍👩‍👧"
    )
    assert told["room"]["status"] == "playing"
    for client in table.clients:
        client.close()
