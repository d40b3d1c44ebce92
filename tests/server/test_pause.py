"""Between two parts of a match the room waits for every human to close the result
(``ready``); bots wait too, spectators are not waited for, a timeout ends the wait at a
table of several humans, and a restart drops it (docs/protocol.md, "Between parts")."""

from __future__ import annotations

from pathlib import Path

from tests.server.harness import BOT, Client, Message, Server, open_table, part_ended, play_until

GIN_MATCH = {"options": {"mode": "standard"}}
"""A Gin match to 100: several hands."""


def paused(waiting: list[int]) -> object:
    return lambda message: (message["room"]["pause"] or {}).get("waiting") == waiting


def resumed(message: Message) -> bool:
    return message["room"]["status"] == "playing" and message["room"]["pause"] is None


def first_hand(players: dict[int, Client]) -> Message:
    """Play the first hand to its end; its last state (the result is on screen)."""
    return play_until(players, part_ended, 0)


def pick_draw(state: Message) -> Message:
    """The first draw the mover may make (stock or the upcard)."""
    return next(e["action"] for e in state["legal"] if e["action"]["type"] in ("draw", "pass"))


def test_the_bot_waits_until_the_lone_player_closes_the_result(server: Server) -> None:
    (ana,) = open_table(server, names=("Ana",), bots=[None, BOT], **GIN_MATCH).clients
    end = first_hand({0: ana})
    pause = ana.wait("room", paused([0]))["room"]["pause"]
    assert pause["seconds"] is None  # alone against bots: no timeout
    if end["current_player"] == 0:  # her own next move waits too
        ana.act(end["turn"], {"type": "draw", "source": "stock"})
        assert ana.wait("error")["code"] == "part_pause"

    ana.send({"type": "ready"})
    ready = ana.wait("room", resumed)
    if end["current_player"] == 1:  # the bot moves only after she closed the result
        moved = ana.state_at(end["turn"] + 1)
        assert ana.received.index(moved) > ana.received.index(ready)
    else:
        ana.act(end["turn"], pick_draw(ana.state_at(end["turn"])))
        assert ana.state_at(end["turn"] + 1)["view"]["match"]["number"] == 2


def test_every_human_is_waited_for_but_no_spectator(server: Server) -> None:
    table = open_table(server, **GIN_MATCH)
    ana, bo = table.clients
    watcher = server.client(server.register("Cy")[1])
    watcher.join(table.code, role="spectator")
    end = first_hand({0: ana, 1: bo})

    room = watcher.wait("room", paused([0, 1]))["room"]
    assert room["pause"]["seconds"] > 0  # several humans: a countdown
    ana.send({"type": "ready"})
    assert bo.wait("room", paused([1]))
    mover = table.clients[end["current_player"]]
    mover.act(end["turn"], {"type": "draw", "source": "stock"})
    assert mover.wait("error")["code"] == "part_pause"
    ana.send({"type": "ready"})  # again: nothing changes
    bo.send({"type": "ready"})
    for client in (ana, bo, watcher):
        client.wait("room", resumed)
    mover.act(end["turn"], pick_draw(mover.state_at(end["turn"])))
    assert watcher.state_at(end["turn"] + 1)["view"]["match"]["number"] == 2


def test_the_timeout_counts_a_gone_player_as_ready(tmp_path: Path) -> None:
    server = Server(tmp_path / "pause.db", "--part-pause", "0.5").start()
    try:
        table = open_table(server, **GIN_MATCH)
        ana, bo = table.clients
        first_hand({0: ana, 1: bo})
        bo.close()  # gone without closing the result
        ana.send({"type": "ready"})
        ana.wait("room", resumed)
    finally:
        server.stop()


def test_a_restart_drops_the_pause(tmp_path: Path) -> None:
    server = Server(tmp_path / "restart.db").start()
    try:
        table = open_table(server, names=("Ana",), bots=[None, BOT], **GIN_MATCH)
        end = first_hand({0: table.clients[0]})
        table.clients[0].wait("room", paused([0]))
        server.kill()
        server.start()
        ana = server.client(table.tokens[0])
        assert ana.join(table.code)["room"]["pause"] is None
        state = ana.wait("state")
        assert state["turn"] == end["turn"]
        if state["current_player"] == 0:
            ana.act(state["turn"], pick_draw(state))
        assert ana.state_at(end["turn"] + 1)["view"]["match"]["number"] == 2
    finally:
        server.stop()
