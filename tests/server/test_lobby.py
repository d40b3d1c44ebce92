"""The HTTP API and the room life cycle: creating rooms within the limits, public and
private rooms, seats and bots, the host's rights, every game, hints, rematch,
statistics and replays."""

from __future__ import annotations

import httpx

from tests.server.harness import (
    BOT,
    Client,
    Message,
    Server,
    open_table,
    play_until,
)


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_info_and_protocol_schemas(server: Server) -> None:
    http = server.http()
    info = http.get("/api/info").json()
    assert [g["game"] for g in info["games"]] == ["gin", "indian", "rummikub"]
    indian = info["games"][1]
    assert indian["seats"] == {"min": 2, "max": 6}
    assert set(indian["options"]["properties"]["format"]["enum"]) == {
        "points",
        "pool101",
        "pool201",
        "deals",
    }
    schema = http.get("/api/protocol").json()
    assert schema["version"] == info["protocol"] == 3
    assert "StateMessage" in str(schema["server"]) and "ActionRequest" in str(schema["client"])
    assert "rummyhall" in http.get("/").text and http.get("/openapi.json").status_code == 200


def test_guests_and_refused_rooms(server: Server) -> None:
    http = server.http()
    assert http.post("/api/players", json={"nickname": "  "}).json()["error"]["code"] == (
        "bad_nickname"
    )
    _, token = server.register("Fay")
    assert http.get("/api/me", headers=auth(token)).json()["player"]["nickname"] == "Fay"
    assert http.get("/api/me", headers=auth("nope" * 8)).status_code == 401
    assert http.post("/api/rooms", json={"game": "gin"}).status_code == 401
    cases = {
        "unknown_game": {"game": "poker"},
        "bad_options": {"game": "indian", "options": {"players": 7}},
        "bot_unavailable": {"game": "gin", "bots": [None, "grandmaster"]},
    }
    for code, body in cases.items():
        answer = http.post("/api/rooms", json=body, headers=auth(token))
        assert (answer.status_code, answer.json()["error"]["code"]) == (400, code)
    chinese = http.post(
        "/api/rooms", json={"game": "poker"}, headers={**auth(token), "Accept-Language": "zh"}
    )
    assert "未知游戏" in chinese.json()["error"]["message"]


def test_public_and_private_rooms_and_the_room_limit(server: Server) -> None:
    http = server.http()
    _, token = server.register("Gus")
    public = server.create_room(token, game="gin")
    private = server.create_room(token, game="rummikub", options={"players": 3}, public=False)
    listed = {room["code"] for room in http.get("/api/rooms").json()["rooms"]}
    assert public["code"] in listed and private["code"] not in listed
    found = http.get(f"/api/rooms/{private['code']}").json()
    assert found["title"] == "Rummikub" and len(found["seats"]) == 3
    assert found["link"] == f"/?room={private['code']}"
    assert http.get("/api/rooms/QQQQQQ").status_code == 404
    for _ in range(8):
        server.create_room(token, game="gin", public=False)
    refused = http.post("/api/rooms", json={"game": "gin"}, headers=auth(token))
    assert (refused.status_code, refused.json()["error"]["code"]) == (429, "player_room_limit")


def test_seats_bots_and_the_hosts_rights(server: Server) -> None:
    _, host_token = server.register("Hal")
    _, guest_token = server.register("Ivy")
    code = server.create_room(
        host_token, game="indian", options={"players": 3, "format": "pool101"}, spectators=False
    )["code"]
    host, guest = server.client(host_token), server.client(guest_token)
    host.join(code)
    assert guest.join(code, seat=2)["you"] == 2
    assert guest.request({"type": "start"}, "error")["code"] == "not_host"
    assert host.request({"type": "start"}, "error")["code"] == "seats_not_filled"
    assert host.request({"type": "set_seat", "seat": 2, "occupant": "bot"}, "error")["code"] == (
        "seat_taken"
    )
    host.send({"type": "set_seat", "seat": 1, "occupant": "bot", "level": BOT})
    host.wait("room", lambda m: m["room"]["seats"][1]["bot"] == BOT)
    watcher = server.client(server.register("Jo")[1])
    assert watcher.request({"type": "join", "room": code, "role": "spectator"}, "error")[
        "code"
    ] == ("spectators_not_allowed")
    assert watcher.request({"type": "join", "room": code}, "error")["code"] == "room_full"
    host.send({"type": "start"})
    state = host.wait("state")
    assert state["view"]["game"] == "indian" and len(state["view"]["hand"]) == 13
    assert state["view"]["match"]["format"] == "pool101"
    assert guest.wait("state")["view"]["hand"] != state["view"]["hand"]
    assert host.request({"type": "start"}, "error")["code"] == "room_started"


def test_rummikub_hints_and_draft_checks(server: Server) -> None:
    table = open_table(server, game="rummikub", hints=True)
    mover = table.clients[table.mover]
    own = table.first[table.mover]
    assert own["legal_complete"] is False and own["legal"][0]["action"] == {
        "type": "draw",
        "source": "pool",
    }
    hint = mover.request({"type": "hint", "turn": 0}, "hint")["hint"]
    suggestion = hint["suggestion"]
    assert suggestion is None or suggestion in [entry["action"] for entry in own["legal"]]
    bad = {"type": "play", "table": [["R1", "B2", "K3"]]}
    checked = mover.request({"type": "check", "turn": 0, "action": bad}, "checked")
    assert checked["ok"] is False and checked["rule"].startswith("RKB-")
    mover.act(0, {"type": "draw", "source": "pool"})
    assert mover.wait("state")["view"]["pool_count"] == own["view"]["pool_count"] - 1


def test_hints_follow_the_room_option(server: Server) -> None:
    silent = open_table(server, hints=False)
    assert silent.clients[0].request({"type": "hint", "turn": 0}, "error")["code"] == (
        "hints_disabled"
    )
    table = open_table(server, hints=True)
    state = table.first[0]
    hint = table.clients[0].request({"type": "hint", "turn": 0}, "hint")["hint"]
    laid_out = [card for meld in hint["arrangement"]["melds"] for card in meld]
    assert sorted(laid_out + hint["arrangement"]["deadwood"]) == sorted(state["view"]["hand"])


def finish(client: Client, first: Message) -> Message:
    return play_until({0: client}, lambda s: s["over"], first["turn"])


def test_a_whole_match_against_a_bot_then_stats_replay_and_rematch(server: Server) -> None:
    player_id, token = server.register("Ola")
    code = server.create_room(token, game="gin", bots=[None, BOT])["code"]
    ola = server.client(token)
    ola.join(code)
    ola.send({"type": "start"})
    end = finish(ola, ola.wait("state"))
    finished = ola.find("room", lambda m: m["room"]["status"] == "finished")["room"]
    match_id = finished["match"]["id"]

    http = server.http()
    stats = http.get(f"/api/players/{player_id}/stats").json()
    assert stats["played"] == 1 and stats["games"]["gin"]["by_level"][BOT]["played"] == 1
    won = end["scores"][0] > end["scores"][1]
    assert stats["won"] == int(won)
    bots = http.get("/api/stats/bots").json()
    assert bots["games"]["gin"]["by_level"][BOT]["played"] >= 1

    record = http.get(f"/api/matches/{match_id}").json()
    assert record["result"]["scores"] == end["scores"] and len(record["log"]) == end["turn"]
    start = http.get(f"/api/matches/{match_id}/replay", params={"turn": 0, "seat": 1}).json()
    assert start["view"]["seat"] == 1 and len(start["view"]["hand"]) == 10
    last = http.get(f"/api/matches/{match_id}/replay", params={"turn": end["turn"]}).json()
    assert last["view"]["match"] == end["view"]["match"]

    ola.send({"type": "rematch"})
    again = ola.wait("room", lambda m: m["room"]["status"] == "playing")["room"]
    assert again["match"]["number"] == 2 and again["match"]["id"] != match_id
    assert ola.wait("state")["turn"] == 0
    unfinished = httpx.get(f"{server.url}/api/matches/{again['match']['id']}")
    assert unfinished.status_code == 404


def test_the_host_may_give_the_seat_of_a_player_who_left_to_a_bot(server: Server) -> None:
    _, host_token = server.register("Pia")
    _, guest_token = server.register("Quin")
    code = server.create_room(host_token, game="gin")["code"]
    host, guest = server.client(host_token), server.client(guest_token)
    host.join(code)
    assert guest.join(code)["you"] == 1
    seat_bot = {"type": "set_seat", "seat": 1, "occupant": "bot", "level": BOT}
    assert host.request(seat_bot, "error")["code"] == "seat_taken"
    guest.close()
    host.wait("room", lambda m: not m["room"]["seats"][1]["connected"])
    host.send(seat_bot)
    seats = host.wait("room", lambda m: m["room"]["seats"][1]["occupant"] == "bot")["room"]["seats"]
    assert seats[1]["player"] is None and seats[1]["bot"] == BOT


def test_an_indian_points_deal_against_two_bots_to_the_end(server: Server) -> None:
    table = open_table(
        server,
        names=("Rae",),
        game="indian",
        options={"players": 3, "format": "points"},
        bots=[None, BOT, BOT],
    )
    end = play_until({0: table.clients[0]}, lambda s: s["over"], 0)
    result = end["view"]["result"]
    assert result["outcome"] in ("declared", "last player", "void")
    assert end["scores"] == [-penalty for penalty in result["penalties"]]
    room = table.clients[0].find("room", lambda m: m["room"]["status"] == "finished")
    assert room["room"]["match"]["over"] is True


def listed_codes(server: Server, **query: str) -> set[str]:
    """Every room code of the public list (all its pages) for ``query``."""
    http, codes, cursor = server.http(), set(), None
    while True:
        params = {**query, "limit": "50", **({"cursor": cursor} if cursor else {})}
        page = http.get("/api/rooms", params=params).json()
        codes |= {room["code"] for room in page["rooms"]}
        cursor = page["next"]
        if cursor is None:
            return codes


def test_open_rooms_lists_only_rooms_one_may_join_or_watch(server: Server) -> None:
    _, token = server.register("Lister")

    def room(**request: object) -> str:
        return str(server.create_room(token, game="gin", **request)["code"])

    full_closed = room(spectators=False, bots=[None, BOT])
    full_watchable = room(spectators=True, bots=[None, BOT])
    open_seat = room(spectators=False)
    listed = listed_codes(server, game="gin")
    assert full_watchable in listed and open_seat in listed
    assert full_closed not in listed  # nobody can sit or watch there
    assert full_closed in listed_codes(server, game="gin", status="waiting")  # asked for
