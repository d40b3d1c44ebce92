"""Reconnecting with the token gives the full view; a player gone longer than
``away_after`` is shown as away and the away bot plays his seat until he is back."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.harness import Server, open_table, pick, play_until


@pytest.fixture(scope="module")
def quick_away(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    # A fixed deal (--match-seed) that lasts past the turns the test plays: with a random
    # one, a knock could end the hand first.
    running = Server(
        tmp_path_factory.mktemp("away") / "away.db", "--away-after", "0.3", "--match-seed", "5"
    ).start()
    yield running
    running.stop()


def test_reconnect_with_the_token_gets_the_full_view(server: Server) -> None:
    table = open_table(server)
    code, tokens, clients, seat = table.code, table.tokens, table.clients, table.mover
    mover = clients[seat]
    mover.act(0, pick(table.first[seat]["legal"]))
    mover.wait("state")
    mover.close()
    watcher = clients[1 - seat]
    room = watcher.wait("room", lambda m: not m["room"]["seats"][seat]["connected"])
    assert room["room"]["seats"][seat]["away"] is False  # not yet: away_after is 60 s here

    back = server.client(tokens[seat])
    rejoined = back.join(code)
    assert rejoined["you"] == seat and rejoined["room"]["seats"][seat]["connected"]
    state = back.wait("state")
    public = watcher.state_at(state["turn"])
    assert state["turn"] == 1 and state["seat"] == seat and state["events"] == []
    assert len(state["view"]["hand"]) in (10, 11)
    for key in ("discard_pile", "stock_count", "moves", "hand_sizes", "match", "phase"):
        assert state["view"][key] == public["view"][key]
    assert state["legal"] == [] or state["current_player"] == seat


def test_a_second_window_replaces_the_first(server: Server) -> None:
    table = open_table(server)
    clients = table.clients
    second = server.client(table.tokens[0])
    second.join(table.code)
    assert second.wait("state")["seat"] == 0
    assert clients[0].wait("error")["code"] == "replaced"


def test_a_join_read_after_its_socket_closed_does_not_replace_the_live_window(
    server: Server,
) -> None:
    """Found by the fuzzer: a socket closed (there by the server, for a frame over the
    size limit) while its ``join`` was still waiting to be handled took the seat from
    the window that had replaced it, which was told "replaced" and shut out by a dead
    socket. Here the dead socket's hello, join and close arrive in one write, so the
    server reads the join knowing the socket is gone."""
    table = open_table(server)
    live = table.clients[0]
    dead = server.client(None)
    protocol = dead.socket.protocol
    hello = {"type": "hello", "protocol": 3, "token": table.tokens[0]}
    protocol.send_text(json.dumps(hello).encode())
    protocol.send_text(json.dumps({"type": "join", "room": table.code}).encode())
    protocol.send_close(1000)
    dead.socket.socket.sendall(b"".join(protocol.data_to_send()))
    with pytest.raises(ConnectionClosed):
        while True:
            dead.recv()
    # The live window joins again, through the same lookup and room lock as the dead
    # join (answered after it: an error "replaced" fails the wait), and plays on.
    assert live.join(table.code)["you"] == 0
    assert live.request({"type": "ping"}, "pong")
    assert not [m for m in live.received if m["type"] == "error"], live.received


def test_away_seat_is_played_by_the_bot_and_shown_until_the_player_returns(
    quick_away: Server,
) -> None:
    table = open_table(quick_away)
    code, tokens, gone = table.code, table.tokens, table.mover
    stays = table.clients[1 - gone]
    table.clients[gone].close()

    room = stays.wait("room", lambda m: m["room"]["seats"][gone]["away"], timeout=10)
    assert room["room"]["seats"][gone]["connected"] is False

    # The away bot moves for the absent seat; the one still here answers each turn.
    turn = 0
    while turn < 12:
        state = stays.state_at(turn)
        if state["current_player"] == 1 - gone:
            stays.act(turn, pick(state["legal"]))
        turn += 1
    moves = stays.state_at(12)["view"]["moves"]
    assert any(move["seat"] == gone for move in moves)

    back = quick_away.client(tokens[gone])
    rejoined = back.join(code)
    assert rejoined["room"]["seats"][gone] | {"player": None} == {
        "seat": gone,
        "occupant": "human",
        "player": None,
        "bot": None,
        "connected": True,
        "away": False,
    }
    state = back.wait("state")
    assert state["seat"] == gone and state["turn"] >= 12


@pytest.fixture(scope="module")
def leavers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Away after 0.3 s, and a part's result waits 1 s at most for a player to close it
    (the one who left never does)."""
    running = Server(
        tmp_path_factory.mktemp("leavers") / "leavers.db",
        "--away-after",
        "0.3",
        "--part-pause",
        "1",
    ).start()
    yield running
    running.stop()


def rating_change(server: Server, token: str) -> dict[str, int] | None:
    """The rating change of the player of ``token`` in his latest match (``None``:
    unrated)."""
    with server.http() as http:
        player = http.get("/api/me", headers={"Authorization": f"Bearer {token}"}).json()
        page = http.get(f"/api/players/{player['player']['id']}/profile").json()
    change: dict[str, int] | None = page["recent"][0]["rating"]
    return change


def test_a_player_who_leaves_a_rated_match_for_good_loses_it(leavers: Server) -> None:
    """Both move, then one leaves: the away bot plays his seat to the end, and the
    ratings count him lost (and the one who stayed won), whatever the bot scored."""
    table = open_table(leavers, ("Kai", "Lou"))
    both = dict(enumerate(table.clients))
    moved = play_until(both, lambda state: {m["seat"] for m in state["view"]["moves"]} == {0, 1}, 0)
    leaver, stayer = table.mover, 1 - table.mover
    table.clients[leaver].close()
    end = play_until({stayer: table.clients[stayer]}, lambda state: state["over"], moved["turn"])
    assert end["over"]
    left, stayed = (rating_change(leavers, table.tokens[seat]) for seat in (leaver, stayer))
    assert left is not None and stayed is not None
    assert left["after"] < left["before"] and stayed["after"] > stayed["before"]


def test_a_match_where_one_side_never_moved_is_aborted_and_unrated(
    leavers: Server,
) -> None:
    """The player to move first leaves before his first move: the away bot plays all
    his moves, and the match, played to its end, moves no rating."""
    table = open_table(leavers, ("Mei", "Ned"))
    absent = table.mover
    table.clients[absent].close()
    present = 1 - absent
    end = play_until({present: table.clients[present]}, lambda state: state["over"], 0)
    assert end["over"]
    for token in table.tokens:
        assert rating_change(leavers, token) is None
