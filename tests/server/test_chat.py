"""Chat in rooms over real sockets: players' messages and reactions reach everyone as
sent (markup untouched: clients show text), bad and flooding messages are refused by
name, spectators reach the players only when the host allows it, a joining client gets
the recent lines, and they survive a restart, kept apart from the match's record."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.server.harness import Client, Server, open_table


def said(client: Client, text: str) -> dict[str, Any]:
    """The chat line ``text`` as ``client`` receives it."""
    message = client.wait("chat", lambda m: any(line["text"] == text for line in m["lines"]))
    return next(line for line in message["lines"] if line["text"] == text)


def heard(client: Client, text: str) -> bool:
    return any(
        line["text"] == text for m in client.received if m["type"] == "chat" for line in m["lines"]
    )


def test_players_chat_and_react_and_bad_messages_are_refused(server: Server) -> None:
    table = open_table(server, ("Ana", "Bo"))
    ana, bo = table.clients
    ana.send({"type": "chat", "text": "  good   luck <script>alert(1)</script> "})
    for client in (ana, bo):
        line = said(client, "good luck <script>alert(1)</script>")
        assert line["player"]["nickname"] == "Ana" and line["seat"] == 0
    bo.send({"type": "react", "reaction": "thumbs_up"})
    reaction = ana.wait("chat", lambda m: m["lines"][0]["reaction"] == "thumbs_up")
    assert reaction["lines"][0]["seat"] == 1 and reaction["lines"][0]["text"] is None
    assert bo.error_for({"type": "chat", "text": "x" * 201})["code"] == "bad_chat"
    # An outside probe: 10 kB (under the 16 KiB a message may have) was "malformed".
    assert bo.error_for({"type": "chat", "text": "x" * 10_000})["code"] == "bad_chat"
    assert bo.error_for({"type": "chat", "text": "   "})["code"] == "bad_chat"
    assert bo.error_for({"type": "react", "reaction": "rude"})["code"] == "malformed"
    for n in range(5):  # the reaction took one of five: the fifth is one too many
        bo.send({"type": "chat", "text": f"again {n}"})
    assert bo.wait("error")["code"] == "chat_rate_limited"
    said(ana, "again 3")
    assert not heard(ana, "again 4")
    for client in table.clients:
        client.close()


def test_spectators_reach_players_only_when_the_host_allows(server: Server) -> None:
    for allowed in (False, True):
        tokens = [server.register(name)[1] for name in ("Cy", "Di", "Eve", "Fay")]
        code = server.create_room(tokens[0], game="gin", spectator_chat=allowed)["code"]
        cy, di, eve, fay = (server.client(token) for token in tokens)
        cy.join(code)
        di.join(code)
        eve.join(code, role="spectator")
        fay.join(code, role="spectator")
        eve.send({"type": "chat", "text": f"hello from the rail {allowed}"})
        said(fay, f"hello from the rail {allowed}")  # spectators always hear each other
        cy.send({"type": "chat", "text": f"players speak {allowed}"})
        for client in (cy, di, eve, fay):  # read up to it: the rail's line came before
            said(client, f"players speak {allowed}")
        assert heard(cy, f"hello from the rail {allowed}") is allowed
        assert heard(di, f"hello from the rail {allowed}") is allowed
        late = server.client(server.register("Gus")[1])
        late.join(code, role="spectator")
        history = late.wait("chat", lambda m: m["history"])
        texts = [line["text"] for line in history["lines"]]
        assert texts == [f"hello from the rail {allowed}", f"players speak {allowed}"]
        for client in (cy, di, eve, fay, late):
            client.close()


def test_chat_survives_a_restart_and_stays_out_of_the_match_record(tmp_path: Path) -> None:
    db = tmp_path / "chat.db"
    first = Server(db).start()
    try:
        table = open_table(first, ("Hal", "Ivy"))
        table.clients[0].send({"type": "chat", "text": "see you after the restart"})
        said(table.clients[1], "see you after the restart")
        for client in table.clients:
            client.close()
    finally:
        first.stop()
    again = Server(db, database_url=first.database_url).start()
    try:
        back = again.client(table.tokens[1])
        back.join(table.code)
        history = back.wait("chat", lambda m: m["history"])
        assert [line["text"] for line in history["lines"]] == ["see you after the restart"]
        assert history["lines"][0]["player"]["nickname"] == "Hal"
        back.close()
    finally:
        again.stop()


@pytest.mark.parametrize(("moment", "kept"), [("before", []), ("after", ["last words"])])
def test_a_message_killed_at_its_commit_is_kept_whole_or_not_at_all(
    tmp_path: Path, moment: str, kept: list[str]
) -> None:
    db = tmp_path / "chat.db"
    armed = Server(db, "--fault-point", f"add_chat:{moment}").start()
    try:
        table = open_table(armed, ("Jo", "Kim"))
        table.clients[0].send({"type": "chat", "text": "last words"})
        assert armed.process is not None and armed.process.wait(10) != 0
        assert not heard(table.clients[1], "last words")
    finally:
        armed.stop()
    again = Server(db, database_url=armed.database_url).start()
    try:
        back = again.client(table.tokens[1])
        back.join(table.code)
        history = back.wait("chat", lambda m: m["history"])
        assert [line["text"] for line in history["lines"]] == kept
        back.close()
    finally:
        again.stop()
