"""``serve --log-format json``: every line of the log is one JSON object; a request is a
line with its parts as fields, each WebSocket connection event a line with its player,
room and match; no token or password is ever in the log (docs/operations.md, "Logs")."""

from __future__ import annotations

import json
from pathlib import Path

from tests.server.harness import Server, open_table
from tests.server.test_accounts import claim, sign_in


def test_json_lines_name_requests_and_connection_events_and_never_a_secret(
    tmp_path: Path,
) -> None:
    server = Server(tmp_path / "logs.db", "--log-format", "json", "--log-level", "info").start()
    try:
        table = open_table(server)
        password = "correct horse battery staple 7"
        assert claim(server, table.tokens[0], "Ana_logs", password).status_code == 201
        assert sign_in(server, "Ana_logs", password).status_code == 201
        started = table.clients[0].find("room", lambda m: m["room"]["match"] is not None)
        match = started["room"]["match"]["id"]
        for client in table.clients:
            client.close()
    finally:
        server.stop()
    text = server.log.read_text()
    lines = [json.loads(line) for line in text.splitlines() if line.strip()]
    assert all({"level", "logger", "message", "timestamp"} <= line.keys() for line in lines)
    requests = [line for line in lines if line["logger"] == "uvicorn.access"]
    assert {"method": "POST", "path": "/api/sign-ins", "status": 201}.items() <= next(
        line for line in requests if line["path"] == "/api/sign-ins"
    ).items()
    events = [line for line in lines if "event" in line]
    for event in ("opened", "hello", "joined", "closed"):
        assert any(line["event"] == event for line in events), event
    joined = next(line for line in events if line["event"] == "joined")
    assert joined["room"] == table.code and joined["player"] and joined["role"] == "player"
    assert joined["match"] is None  # joined before the start
    closed = [line for line in events if line["event"] == "closed" and line.get("room")]
    assert len(closed) == 2  # each player's connection, with its room and match
    assert all((line["room"], line["match"]) == (table.code, match) for line in closed)
    for secret in (*table.tokens, password):
        assert secret not in text
