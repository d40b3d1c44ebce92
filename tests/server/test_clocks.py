"""Turn clocks over real sockets: a room's clock counts each person's turn and bank, the
computer moves at zero, three timeouts in a row mark the seat away until its player is
back, deadlines survive a SIGKILL, and without a clock the others may hand a stalled
seat to the computer (docs/protocol.md, "Turn clocks")."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.harness import Client, Server, open_table, pick


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Clocks of a second or two, and turns stalled after a second (``--match-seed``: a
    deal whose first turns end no hand)."""
    running = Server(
        tmp_path_factory.mktemp("clocks") / "clocks.db",
        *("--clocks", "1+1,2+0", "--hand-over-after", "1", "--match-seed", "5"),
    ).start()
    yield running
    running.stop()


def refused(server: Server, **request: object) -> dict[str, object]:
    token = server.register("Host")[1]
    answer = httpx.post(
        f"{server.url}/api/rooms",
        json=request,
        headers={"Authorization": f"Bearer {token}"},
        timeout=10,
    )
    assert answer.status_code == 400, answer.text
    return dict(answer.json()["error"])


def test_rkb_7_rummikub_has_no_turn_clock_and_only_offered_clocks_are_taken(quick: Server) -> None:
    error = refused(quick, game="rummikub", clock="1+1")
    assert error["code"] == "bad_options" and "RKB-7" in str(error["message"])
    error = refused(quick, game="gin", clock="30+60")  # not offered by this server
    assert error["code"] == "bad_options" and "off, 1+1, 2+0" in str(error["message"])
    assert refused(quick, game="indian", clock="soon")["code"] == "bad_options"
    token = quick.register("Host")[1]
    assert quick.create_room(token, game="indian", clock="2+0")["clock"] == "2+0"


def clock_of(client: Client, where: object = None) -> dict[str, object]:
    return client.wait("clock", (lambda m: True) if where is None else where)  # type: ignore[arg-type]


def test_the_clock_counts_the_turn_then_the_bank(quick: Server) -> None:
    table = open_table(quick, clock="1+1")
    seat = table.mover
    mover = table.clients[seat]
    first = mover.find("clock", lambda m: m["seat"] == seat)
    assert first["setting"] == "1+1" and first["banks"] == [1.0, 1.0]
    assert 0.5 < first["seconds"] <= 1.0 and first["bank"] == 1.0 and first["timeouts"] == [0, 0]
    time.sleep(1.4)  # the turn's own second, then 0.4 s of the bank
    mover.act(0, pick(table.first[seat]["legal"]))
    mover.wait("state", lambda m: m["turn"] == 1)
    mover.act(1, pick(mover.state_at(1)["legal"]))
    passed = mover.wait("clock", lambda m: m["seat"] == 1 - seat)
    assert 0.2 < passed["banks"][seat] < 0.7  # the bank spent, once, over the whole turn
    assert passed["banks"][1 - seat] == 1.0 and passed["timeouts"] == [0, 0]
    for client in table.clients:
        client.close()


def test_at_zero_the_computer_moves_and_three_timeouts_mark_the_seat_away(quick: Server) -> None:
    table = open_table(quick, clock="1+1")
    seat = table.mover
    watcher = table.clients[1 - seat]
    began = watcher.find("clock", lambda m: m["seat"] == seat)
    out = watcher.wait("clock", lambda m: m["seat"] == seat and m["expired"])
    # Not before the turn's second and the bank's second (no upper bound: a loaded
    # machine may be late, never early).
    assert watcher.arrival(out) - watcher.arrival(began) > 1.5
    assert out["timeouts"][seat] == 1 and out["bank"] == 0
    # The computer makes the whole turn, then it is the other seat's.
    watcher.wait("state", lambda m: m["current_player"] == 1 - seat)
    # Nobody moves: each seat times out in turn, and the third timeout in a row marks
    # each away; then the away bot plays for both (both are still connected).
    room = watcher.wait("room", lambda m: m["room"]["seats"][seat]["away"], timeout=20)
    assert room["room"]["seats"][seat]["connected"]
    last = watcher.find("clock", lambda m: m["timeouts"][seat] == 3)
    assert last["seat"] == seat and last["expired"]
    # The player takes his seat back: away no more, no timeouts in a row.
    mover = table.clients[seat]
    mover.send({"type": "back"})
    back = mover.wait("room", lambda m: not m["room"]["seats"][seat]["away"], timeout=20)
    assert back["you"] == seat
    assert mover.wait("clock", lambda m: m["timeouts"][seat] == 0, timeout=20)
    for client in table.clients:
        client.close()


def test_a_deadline_survives_a_sigkill(tmp_path: Path) -> None:
    """The turn's deadline is stored: after a SIGKILL and a restart the clock goes on
    from it (the time before the kill and the restart itself are gone from the turn),
    and it still runs out. Only the server's own arithmetic is compared, never the
    test's clock against the server's: a loaded machine changes neither."""
    server = Server(tmp_path / "clock.db", "--clocks", "8+0", "--match-seed", "5").start()
    try:  # 8 s: the restart mostly comes within the turn, even on a loaded machine
        table = open_table(server, clock="8+0")
        seat = table.mover
        first = table.clients[seat].find("clock", lambda m: m["seat"] == seat)
        time.sleep(1.5)  # time used on the turn's clock, then the process dies
        server.kill()
        server.start()
        again = server.client(table.tokens[seat])
        again.join(table.code)
        resumed = again.wait("clock")
        if resumed["turn"] == 0 and not resumed["expired"]:  # back within the turn
            assert resumed["seat"] == seat
            assert resumed["seconds"] <= first["seconds"] - 1.5  # not a new deadline
            resumed = again.wait("clock", lambda m: m["expired"], timeout=30)
        # Else the deadline passed while the server was down: it ran out on restart.
        assert resumed["timeouts"][seat] == 1
        assert again.find("state", lambda m: m["current_player"] != seat)["turn"] >= 1
    finally:
        server.stop()


def test_without_a_clock_the_others_hand_a_stalled_seat_to_the_computer(quick: Server) -> None:
    table = open_table(quick, names=("Ana", "Bo", "Cy"), options={"players": 3}, game="indian")
    seat = table.mover
    others = [index for index in range(3) if index != seat]
    first = table.clients[others[0]]
    early = first.error_for({"type": "hand_over", "seat": seat})
    assert early["code"] == "not_stalled"
    own = table.clients[seat].error_for({"type": "hand_over", "seat": seat})
    assert own["code"] == "own_seat"
    # Without a clock the room hears of a turn only once it has stalled.
    shown = first.wait("clock", lambda m: m["seat"] == seat)
    assert shown["setting"] == "off" and shown["seconds"] is None
    assert shown["hand_over_in"] == 0 and shown["turn"] == table.first[0]["turn"]
    assert not any(m["type"] == "clock" and m["hand_over_in"] for m in first.received)
    first.send({"type": "hand_over", "seat": seat})
    voted = first.wait("clock", lambda m: m["votes"] == [others[0]])
    assert voted["seat"] == seat  # one of two others: not a majority yet
    table.clients[others[1]].send({"type": "hand_over", "seat": seat})
    room = first.wait("room", lambda m: m["room"]["seats"][seat]["away"])
    assert room["room"]["seats"][seat]["connected"]
    # The away bot plays the stalled seat's turn; its player takes the seat back.
    first.wait("state", lambda m: m["current_player"] != seat)
    player = table.clients[seat]
    player.send({"type": "back"})
    player.wait("room", lambda m: not m["room"]["seats"][seat]["away"])
    for client in table.clients:
        client.close()


def test_a_clock_room_refuses_a_hand_over(quick: Server) -> None:
    table = open_table(quick, clock="2+0")
    seat = table.mover
    error = table.clients[1 - seat].error_for({"type": "hand_over", "seat": seat})
    assert error["code"] == "clock_runs"
    for client in table.clients:
        client.close()
