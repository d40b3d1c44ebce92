"""Friends over real sockets: a host invites a player by username (whatever its case) or
from his recent opponents; the invitation reaches the invited player's open connection
at once and waits in his lobby until he dismisses it; strangers to the room, unknown
names and oneself are refused; an invitation killed at its commit is kept whole or not
at all."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.harness import Server, play_to_the_end

PASSWORD = "maple harbor quietly 7"


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def invite(server: Server, token: str, code: str, **whom: str) -> httpx.Response:
    with server.http() as http:
        return http.post(f"/api/rooms/{code}/invitations", json=whom, headers=auth(token))


def invitations(server: Server, token: str) -> list[dict[str, Any]]:
    with server.http() as http:
        answer = http.get("/api/me/invitations", headers=auth(token))
    assert answer.status_code == 200, answer.text
    return list(answer.json())


def account(server: Server, nickname: str, username: str) -> tuple[str, str]:
    player_id, token = server.register(nickname)
    with server.http() as http:
        answer = http.post(
            "/api/me/account",
            json={"username": username, "password": PASSWORD},
            headers=auth(token),
        )
    assert answer.status_code == 201, answer.text
    return player_id, token


def test_an_invitation_by_username_reaches_the_friend_at_once_and_in_his_lobby(
    server: Server,
) -> None:
    _, host = server.register("Ana")
    bo_id, bo = account(server, "Bo", "Bo_Friend")
    online = server.client(bo)  # connected, in no room (at another page of the site)
    code = server.create_room(host, game="gin")["code"]
    answer = invite(server, host, code, username="bo_FRIEND")
    assert answer.status_code == 201, answer.text
    assert answer.json()["invited"] == {"id": bo_id, "nickname": "Bo"}
    told = online.wait("invited")
    assert told["room"] == code and told["game"] == "gin" and told["by"]["nickname"] == "Ana"
    [waiting] = invitations(server, bo)
    assert waiting["room"] == code and waiting["from"]["nickname"] == "Ana"
    assert waiting["status"] == "waiting"
    # Asked again: still one invitation.
    assert invite(server, host, code, username="Bo_Friend").status_code == 201
    assert len(invitations(server, bo)) == 1
    with server.http() as http:
        gone = http.delete(f"/api/me/invitations/{waiting['id']}", headers=auth(bo))
        assert gone.status_code == 204
        again = http.delete(f"/api/me/invitations/{waiting['id']}", headers=auth(bo))
        assert again.json()["error"]["code"] == "invitation_not_found"
    assert invitations(server, bo) == []
    online.close()


def test_refused_invitations_change_nothing(server: Server) -> None:
    ana_id, host = server.register("Ana")
    _, stranger = server.register("Eve")
    _, cy = account(server, "Cy", "cy_c")
    code = server.create_room(host, game="indian")["code"]
    cases = [
        (host, {"username": "nobody_here"}, 404, "user_not_found"),
        (host, {"username": "<script>"}, 404, "user_not_found"),
        (host, {}, 400, "bad_invitation"),
        (host, {"username": "cy_c", "player": ana_id}, 400, "bad_invitation"),
        (host, {"player": ana_id}, 404, "user_not_found"),  # not a recent opponent
        (stranger, {"username": "cy_c"}, 403, "not_at_table"),
    ]
    for token, body, status, code_wanted in cases:
        answer = invite(server, token, code, **body)
        assert (answer.status_code, answer.json()["error"]["code"]) == (status, code_wanted)
    answer = invite(server, host, "QQQQQQQQQQ", username="cy_c")
    assert (answer.status_code, answer.json()["error"]["code"]) == (404, "room_not_found")
    assert invitations(server, cy) == []
    _, self_invited = account(server, "Dan", "dan_d")
    own = server.create_room(self_invited, game="gin")["code"]
    answer = invite(server, self_invited, own, username="DAN_D")
    assert answer.json()["error"]["code"] == "own_invitation"


def test_recent_opponents_are_invited_again_by_id(server: Server) -> None:
    ana = server.register("Ana")
    bo = account(server, "Bo", "bo_again")
    play_to_the_end(server, ("Ana", "Bo"), {"Ana": ana, "Bo": bo})
    with server.http() as http:
        answer = http.get("/api/me/opponents", headers=auth(ana[1]))
    [opponent] = answer.json()
    assert opponent["id"] == bo[0] and opponent["nickname"] == "Bo"
    assert opponent["username"] == "bo_again" and opponent["matches"] == 1
    code = server.create_room(ana[1], game="gin")["code"]
    assert invite(server, ana[1], code, player=bo[0]).status_code == 201
    [waiting] = invitations(server, bo[1])
    assert waiting["room"] == code and waiting["from"]["id"] == ana[0]


@pytest.mark.parametrize(
    ("fault", "kept"),
    [
        ("invite:before", 0),
        ("invite:after", 1),
        ("dismiss_invitation:before", 1),
        ("dismiss_invitation:after", 0),
    ],
)
def test_killed_at_an_invitation_commit_all_or_nothing(
    tmp_path: Path, fault: str, kept: int
) -> None:
    server = Server(tmp_path / "friends.db", "--fault-point", fault).start()
    try:
        _, host = server.register("Ana")
        _, bo = account(server, "Bo", "bo_b")
        code = server.create_room(host, game="gin")["code"]
        with pytest.raises(httpx.HTTPError):
            invite(server, host, code, username="bo_b")
            [waiting] = invitations(server, bo)
            with server.http() as http:
                http.delete(f"/api/me/invitations/{waiting['id']}", headers=auth(bo))
        assert server.process is not None and server.process.wait(10) != 0
        server.start()
        assert len(invitations(server, bo)) == kept
    finally:
        server.stop()
