"""Quick pairing over real sockets (docs/pairing.md): seekers meet at one table whose
match has started; a seek is cancelled, replaced, or leaves with its socket; nobody
meets himself; refused seeks change nothing; a short table starts after its countdown.

Each test seeks in a pool of its own (game, options, clock), so that the module's one
server keeps them apart."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.harness import Client, Message, Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(
        tmp_path_factory.mktemp("pairing") / "rummyhall.db", "--pairing-countdown", "1"
    ).start()
    yield running
    running.stop()


def seeker(server: Server, name: str) -> Client:
    _, token = server.register(name)
    return server.client(token)


def member(server: Server, name: str) -> Client:
    """A seeker with an account (rated pairing needs one)."""
    _, token = server.register(name)
    body = {"username": name, "password": "maple harbor quietly 7"}
    with server.http() as http:
        answer = http.post(
            "/api/me/account", json=body, headers={"Authorization": f"Bearer {token}"}
        )
    assert answer.status_code == 201, answer.text
    return server.client(token)


def seek(client: Client, game: str = "gin", **request: Any) -> Message:
    """Send a seek; its ``seeking`` answer."""
    return client.request({"type": "seek", "game": game, **request}, "seeking")


def test_two_seekers_meet_at_one_table_whose_match_has_started(server: Server) -> None:
    ana, bo = seeker(server, "Ana"), seeker(server, "Bo")
    first = seek(ana, options={"mode": "oklahoma"})
    assert first["pool"]["title"].startswith("Gin Rummy · Oklahoma")
    assert (first["waiting"], first["rating"], first["window"]) == (1, 1000, 100)
    assert first["provisional"] is True  # a newcomer's rating: "1000?"
    assert first["pool"]["seats"] == first["pool"]["min_seats"] == 2
    seek(bo, options={"mode": "oklahoma"})
    paired = [client.wait("paired") for client in (ana, bo)]
    assert paired[0]["room"] == paired[1]["room"]
    assert sorted(message["seat"] for message in paired) == [0, 1]
    assert [p["nickname"] for p in paired[0]["players"]] == ["Ana", "Bo"]
    for client, message in zip((ana, bo), paired, strict=True):
        room = client.join(message["room"])
        assert room["you"] == message["seat"]
    room = ana.find("room", lambda m: m["room"]["status"] == "playing")["room"]
    assert room["options"]["mode"] == "oklahoma" and room["public"]
    assert ana.wait("state")["room"] == paired[0]["room"]
    error = ana.error_for({"type": "cancel_seek"})
    assert error["code"] == "not_seeking"


def test_a_seek_is_cancelled_replaced_or_leaves_with_its_socket(server: Server) -> None:
    _, token = server.register("Cy")
    cy, cy_again = server.client(token), server.client(token)
    seek(cy, clock="30+60")
    assert seek(cy_again, clock="30+60")["waiting"] == 1  # his one seek in the pool
    assert cy.wait("seek_ended")["reason"] == "replaced"
    ended = cy_again.request({"type": "cancel_seek"}, "seek_ended")
    assert ended["reason"] == "cancelled"
    # Gone with its socket: the next seeker finds the pool empty.
    dee = seeker(server, "Dee")
    seek(dee, clock="30+60")
    dee.close()
    eve = seeker(server, "Eve")
    assert seek(eve, clock="30+60")["waiting"] == 1
    eve.request({"type": "cancel_seek"}, "seek_ended")


def test_nobody_meets_himself(server: Server) -> None:
    _, token = server.register("Fay")
    devices = [server.client(token) for _ in range(2)]
    seek(devices[0], clock="60+120", options={"mode": "oklahoma"})
    seek(devices[1], clock="60+120", options={"mode": "oklahoma"})
    assert devices[0].wait("seek_ended")["reason"] == "replaced"
    gus = seeker(server, "Gus")
    seek(gus, clock="60+120", options={"mode": "oklahoma"})
    assert gus.wait("paired")["players"][0]["nickname"] == "Fay"
    assert devices[1].wait("paired")["seat"] == 0


def test_a_new_seek_of_a_connection_takes_the_place_of_its_last(server: Server) -> None:
    hal = seeker(server, "Hal")
    seek(hal, "indian", options={"players": 5})
    assert seek(hal, "indian", options={"players": 4})["pool"]["seats"] == 4
    ivy = seeker(server, "Ivy")
    assert seek(ivy, "indian", options={"players": 5})["waiting"] == 1
    for client in (hal, ivy):
        client.request({"type": "cancel_seek"}, "seek_ended")


def test_rated_and_casual_seeks_wait_apart_and_open_rooms_of_their_kind(server: Server) -> None:
    kim, lea = member(server, "Kim_r"), member(server, "Lea_r")
    casual = seek(kim, "indian", options={"players": 2})
    assert casual["pool"]["rated"] is False
    rated = seek(lea, "indian", options={"players": 2}, rated=True, rating_range=200)
    assert (rated["pool"]["rated"], rated["waiting"]) == (True, 1)  # not the casual pool
    assert (rated["pool"]["rating_range"], rated["window"]) == (200, 100)
    # A guest seeks casual, and meets the casual seeker at a casual table.
    guest = seeker(server, "Mo")
    seek(guest, "indian", options={"players": 2})
    paired = guest.wait("paired")
    assert kim.wait("paired")["room"] == paired["room"]
    assert guest.join(paired["room"])["room"]["rated"] is False
    # Another account's rated seek meets the rated one at a rated table.
    nia = member(server, "Nia_r")
    seek(nia, "indian", options={"players": 2}, rated=True)
    paired = nia.wait("paired")
    assert lea.wait("paired")["room"] == paired["room"]
    assert nia.join(paired["room"])["room"]["rated"] is True


def test_a_seeker_takes_the_fullest_compatible_open_seat_first(server: Server) -> None:
    """Public rooms waiting for players are offered before the pool: only those that
    play what the seek asks for (game, options, clock, rated or casual), the fullest
    first; the seat is his when he joins; with none left he waits in the pool."""
    tokens = [server.register(name)[1] for name in ("Oli", "Pam")]
    table = {"game": "indian", "options": {"players": 4}, "clock": "60+120", "rated": False}
    emptier = server.create_room(tokens[0], **table)["code"]
    fuller = server.create_room(tokens[1], **table, bots=[None, "easy"])["code"]
    for other in (
        {**table, "rated": True},
        {**table, "clock": "30+60"},
        {**table, "options": {"players": 4, "format": "pool101"}},
        {**table, "public": False, "bots": [None, "easy", "easy"]},
    ):
        server.create_room(tokens[1], **other)
    wanted = {"type": "seek", "game": "indian", "options": {"players": 4}, "clock": "60+120"}
    seated = []
    for name in ("Quinn", "Rae", "Sam", "Tai"):
        client = seeker(server, name)
        client.send(wanted)
        paired = client.wait("paired")
        assert paired["started"] is False
        room = client.join(paired["room"])
        assert room["you"] == paired["seat"]
        assert room["room"]["seats"][paired["seat"]]["player"]["nickname"] == name
        seated.append((paired["room"], paired["seat"]))
    assert seated == [(fuller, 2), (fuller, 3), (emptier, 1), (emptier, 2)]
    last = seeker(server, "Uma")
    last.send(wanted)
    assert last.wait("paired")["room"] == emptier  # its last open seat
    late = seeker(server, "Vic")
    assert seek(late, "indian", options={"players": 4}, clock="60+120")["waiting"] == 1
    late.request({"type": "cancel_seek"}, "seek_ended")


@pytest.mark.parametrize(
    ("request_", "code"),
    [
        ({"game": "poker"}, "unknown_game"),
        ({"game": "gin", "options": {"mode": "blitz"}}, "bad_options"),
        ({"game": "rummikub", "clock": "30+60"}, "bad_options"),
        ({"game": "gin", "min_seats": 3}, "bad_options"),
        ({"game": "indian", "options": {"players": 3}, "min_seats": 4}, "bad_options"),
        ({"game": "gin", "rated": True}, "rated_needs_account"),
        ({"game": "gin", "rated": "yes"}, "malformed"),
        ({"game": "gin", "rating_range": 50}, "malformed"),
        ({"game": "gin", "clock": 30}, "malformed"),
        ({"game": "gin", "min_seats": 1}, "malformed"),
    ],
)
def test_refused_seeks_change_nothing(server: Server, request_: Message, code: str) -> None:
    jo = seeker(server, "Jo")
    error = jo.error_for({"type": "seek", **request_})
    assert error["code"] == code
    assert jo.error_for({"type": "cancel_seek"})["code"] == "not_seeking"


def test_a_short_table_starts_after_its_countdown_and_a_full_one_at_once(
    server: Server,
) -> None:
    options = {"players": 4}
    shorts = [seeker(server, f"Short{i}") for i in range(3)]
    for client in shorts:
        seek(client, "rummikub", options=options, min_seats=3)
    # (The countdown's ``starts_in`` lasts a second here and a status goes out at
    # most once a second: not waited for, or the test would race the server's clock.)
    paired = [client.wait("paired") for client in shorts]
    assert len({message["room"] for message in paired}) == 1
    room = shorts[0].join(paired[0]["room"])["room"]
    assert room["options"]["players"] == 3 and len(room["seats"]) == 3

    fulls = [seeker(server, f"Full{i}") for i in range(4)]
    for client in fulls:
        seek(client, "rummikub", options=options)  # a full table only
    paired = [client.wait("paired") for client in fulls]
    assert sorted(message["seat"] for message in paired) == [0, 1, 2, 3]
    assert len({message["room"] for message in paired}) == 1
