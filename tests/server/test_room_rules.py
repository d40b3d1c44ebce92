"""Room rules against griefing: the organiser stays host, the host removes a player
before the start (who may not sit again for a while), a guest holds seats in few waiting
rooms of others at once, and watches a room from few windows."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from tests.server.harness import BOT, Client, Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("rules") / "rules.db", "--remove-ban", "1.5")
    yield running.start()
    running.stop()


def guest(server: Server, name: str) -> tuple[str, str, Client]:
    player_id, token = server.register(name)
    return player_id, token, server.client(token)


def test_the_organiser_stays_host_when_players_leave(server: Server) -> None:
    ann_id, ann_token, ann = guest(server, "Ann")
    code = server.create_room(ann_token, game="indian", options={"players": 3}, host_seat=None)[
        "code"
    ]
    _, _, ben = guest(server, "Ben")
    _, _, cal = guest(server, "Cal")
    ben.join(code)
    cal.join(code)
    cal.send({"type": "leave"})
    cal.wait("left")
    room = ben.wait("room", lambda m: m["room"]["seats"][1]["occupant"] == "open")["room"]
    assert room["host"]["id"] == ann_id
    seat_bot = {"type": "set_seat", "seat": 1, "occupant": "bot", "level": BOT}
    assert ben.request(seat_bot, "error")["code"] == "not_host"
    ben.close()  # the host keeps his rights with nobody else there, seated or not
    assert ann.join(code, role="spectator")["room"]["host"]["id"] == ann_id
    ann.send(seat_bot)
    ann.wait("room", lambda m: m["room"]["seats"][1]["occupant"] == "bot")
    ann.send({"type": "set_seat", "seat": 2, "occupant": "bot", "level": BOT})
    ann.wait("room", lambda m: m["room"]["seats"][2]["occupant"] == "bot")
    ann.send({"type": "start"})  # Ben's seat is kept for him though he is gone
    assert (
        ann.wait("room", lambda m: m["room"]["status"] == "playing")["room"]["host"]["id"] == ann_id
    )


def test_the_host_removes_a_player_who_may_not_sit_again_for_a_while(server: Server) -> None:
    _, dee_token, dee = guest(server, "Dee")
    code = server.create_room(dee_token, game="gin")["code"]
    dee.join(code)
    eli_id, _, eli = guest(server, "Eli")
    assert eli.join(code)["you"] == 1
    assert eli.request({"type": "remove", "seat": 0}, "error")["code"] == "not_host"
    assert dee.request({"type": "remove", "seat": 0}, "error")["code"] == "not_removable"
    assert dee.error_for({"type": "remove", "seat": 7})["code"] == "malformed"
    dee.send({"type": "remove", "seat": 1})
    assert eli.wait("removed") == {"type": "removed", "room": code}
    seats = dee.wait("room", lambda m: m["room"]["seats"][1]["occupant"] == "open")["room"]["seats"]
    assert seats[1]["player"] is None
    assert eli.error_for({"type": "start"})["code"] == "not_in_room"
    refused = eli.error_for({"type": "join", "room": code})
    assert refused["code"] == "removed" and "again in 2 s" in refused["message"]
    assert eli.error_for({"type": "join", "room": code, "seat": 1})["code"] == "removed"
    assert dee.request({"type": "remove", "seat": 1}, "error")["code"] == "not_removable"
    watching = eli.join(code, role="spectator")  # watching stays open to him
    assert watching["you"] is None
    time.sleep(1.6)  # --remove-ban 1.5
    assert eli.join(code)["you"] == 1
    assert (
        dee.find("room", lambda m: m["room"]["seats"][1]["player"] is not None)["room"]["seats"][1][
            "player"
        ]["id"]
        == eli_id
    )
    dee.send({"type": "start"})
    dee.wait("state")
    assert dee.request({"type": "remove", "seat": 1}, "error")["code"] == "room_started"


def test_a_guest_holds_seats_in_three_waiting_rooms_of_others_at_most(server: Server) -> None:
    _, fay_token, fay = guest(server, "Fay")
    rooms = [server.create_room(fay_token, game="gin")["code"] for _ in range(5)]
    _, gus_token = server.register("Gus")
    own = server.create_room(gus_token, game="gin")["code"]  # his own room: not counted
    windows = [server.client(gus_token) for _ in range(5)]
    windows[4].join(own)
    for window, code in zip(windows[:3], rooms, strict=False):
        assert window.join(code)["you"] == 1
    refused = windows[3].error_for({"type": "join", "room": rooms[3]})
    assert refused["code"] == "seat_limit" and "3" in refused["message"]
    assert windows[3].join(rooms[3], role="spectator")["you"] is None  # watching is free
    windows[0].send({"type": "leave"})
    windows[0].wait("left")
    assert windows[3].join(rooms[3])["you"] == 1
    # A seat in a room that has started does not count.
    fay.join(rooms[1])
    fay.send({"type": "start"})
    fay.wait("state")
    assert windows[0].join(rooms[4])["you"] == 1
    _, _, hal = guest(server, "Hal")  # others are not affected
    assert hal.join(rooms[0])["you"] == 1


def test_a_guest_watches_one_room_from_two_windows_at_most(server: Server) -> None:
    _, ida_token, ida = guest(server, "Ida")
    code = server.create_room(ida_token, game="gin", bots=[None, BOT])["code"]
    _, jo_token = server.register("Jo")
    windows = [server.client(jo_token) for _ in range(3)]
    assert windows[0].join(code, role="spectator")["room"]["spectators"] == 1
    assert windows[1].join(code, role="spectator")["room"]["spectators"] == 2
    assert windows[1].join(code, role="spectator")["room"]["spectators"] == 2  # again: same
    refused = windows[2].error_for({"type": "join", "room": code, "role": "spectator"})
    assert refused["code"] == "spectator_limit"
    assert ida.join(code, role="spectator")["room"]["spectators"] == 3
    windows[0].close()
    ida.wait("room", lambda m: m["room"]["spectators"] == 2)  # the server saw it close
    assert windows[2].join(code, role="spectator")["room"]["spectators"] >= 2


def test_the_room_limits_are_published_in_info(server: Server) -> None:
    limits = server.http().get("/api/info").json()["limits"]
    assert limits["max_waiting_seats"] == 3 and limits["max_spectators_per_player"] == 2
    assert limits["remove_ban"] == 1.5 and limits["lobby_page"] == 30
