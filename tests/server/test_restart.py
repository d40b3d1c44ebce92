"""The server process is killed mid-hand (SIGKILL) and restarted on the same database:
the game goes on exactly where it was."""

from __future__ import annotations

from pathlib import Path

from tests.server.harness import Server, open_table, pick, play_until


def test_sigkill_mid_hand_then_restart_loses_nothing(tmp_path: Path) -> None:
    server = Server(tmp_path / "crash.db").start()
    try:
        table = open_table(server, options={"mode": "oklahoma"})
        code, (ana_token, bo_token) = table.code, table.tokens
        players = dict(enumerate(table.clients))
        before = play_until(players, lambda s: s["turn"] == 9, 0)
        views = {seat: players[seat].state_at(9) for seat in (0, 1)}

        server.kill()
        server.start()

        again = {0: server.client(ana_token), 1: server.client(bo_token)}
        for seat, client in again.items():
            room = client.join(code)
            assert room["room"]["status"] == "playing" and room["you"] == seat
            state = client.wait("state")
            assert state["turn"] == before["turn"] == 9
            assert state["view"] == views[seat]["view"]
            assert state["legal"] == views[seat]["legal"]
            assert state["events"] == []

        # The hand goes on from there: the next action is accepted on counter 9.
        mover = again[before["current_player"]]
        mover.act(9, pick(mover.state_at(9)["legal"]))
        assert mover.wait("state")["turn"] == 10
        end = play_until(again, lambda s: len(s["view"]["match"]["history"]) >= 1, 10)
        assert end["view"]["match"]["history"][0]["number"] == 1
    finally:
        server.stop()
