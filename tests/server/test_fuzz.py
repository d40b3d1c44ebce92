"""The protocol fuzzer (tests/server/fuzzer.py) against a real server process while honest
players play Gin and Rummikub against bots, an Indian pool (two people and a bot), and
Gin against the fuzzer itself.

Checked throughout: no ``internal`` error and only known error codes, /api/health
answers, the fuzzer's own connection is answered (pings), the honest players are never
refused and their counters grow by one per state, every view the fuzzer gets (as a
spectator, or at its own seat) is exactly an honest seat's view less that seat's hand;
afterwards: the server log holds no traceback or error.

The short run (here, in ``make test``) is seeded and bounded; ``make fuzz`` runs longer:
``RUMMYHALL_FUZZ_SECONDS``, ``RUMMYHALL_FUZZ_FRAMES`` and ``RUMMYHALL_FUZZ_SEED`` (every
failure names the seed to rerun it with).
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import httpx

from tests.server.fuzzer import Context, Fuzzer, FuzzFailure, Honest, leaks
from tests.server.harness import BOT, Server, Table, open_table

SEED = int(os.environ.get("RUMMYHALL_FUZZ_SEED", "15"))
SECONDS = float(os.environ.get("RUMMYHALL_FUZZ_SECONDS", "8"))
FRAMES = int(os.environ.get("RUMMYHALL_FUZZ_FRAMES", "1000"))


def honest_tables(server: Server) -> list[tuple[Table, tuple[str, ...]]]:
    return [
        (open_table(server, ("Ana",), game="gin", bots=[None, BOT]), ("Ana",)),
        (
            open_table(
                server,
                ("Bo", "Cy"),
                game="indian",
                options={"players": 3, "format": "pool101"},
                bots=[None, None, BOT],
            ),
            ("Bo", "Cy"),
        ),
        (
            open_table(server, ("Di",), game="rummikub", options={"rounds": 8}, bots=[None, BOT]),
            ("Di",),
        ),
    ]


def test_fuzzed_server_keeps_serving_honest_players(tmp_path: Path) -> None:
    print(f"fuzz seed {SEED}: rerun with RUMMYHALL_FUZZ_SEED={SEED}")
    server = Server(tmp_path / "fuzz.db").start()
    players: list[Honest] = []
    fuzzer: Fuzzer | None = None
    try:
        tables = honest_tables(server)
        # The fuzzer's own room: Ed plays Gin against it.
        own = open_table(server, ("Ed", "Fu"), game="gin")
        own.clients[1].close()  # the fuzzer takes its seat over on its own connection
        tables.append((own, ("Ed",)))
        context = Context(
            token=own.tokens[1],
            rooms=[own.code, *(table.code for table, _ in tables[:-1])],
            other_tokens=[t.tokens[seat] for t, names in tables for seat in range(len(names))],
        )
        by_room: dict[str, list[Honest]] = {}
        for table, names in tables:
            for seat, name in enumerate(names):
                player = Honest(table.clients[seat], name, table.first[seat], context)
                by_room.setdefault(table.code, []).append(player.start())
                players.append(player)

        def health() -> None:
            answer = httpx.get(f"{server.url}/api/health", timeout=10)
            assert answer.status_code == 200, answer.text

        fuzzer = Fuzzer(server, random.Random(SEED), context)
        fuzzer.run(FRAMES, SECONDS, health)
        health()
        for player in players:
            player.finish()
        compared = leaks(fuzzer.watched, by_room)
    except (FuzzFailure, AssertionError) as failure:
        raise AssertionError(f"fuzz seed {SEED}: {failure}") from failure
    finally:
        for player in players:
            player.stop.set()
            player.client.close()
        if fuzzer is not None:
            fuzzer.client.close()
        server.stop()
    assert fuzzer is not None
    print(f"sent {fuzzer.tally}, compared {compared} views")
    # Generous: the machine is shared, and a loaded server answers slowly.
    assert sum(fuzzer.tally.sent.values()) >= min(FRAMES, 100), fuzzer.tally
    assert compared > 0, "the fuzzer saw no honest table"
    # Against bots and each other the honest play on; Ed waits on the fuzzer's random
    # frames to move for its seat, as many or as few as the machine's load lets it send.
    for player in players:
        if player in by_room[own.code]:
            continue
        over = player.states[-1]["over"]
        assert over or player.moves >= 3, f"{player.name}'s game stalled at {player.states[-1]}"
    log = server.log.read_text()
    assert "Traceback" not in log and " ERROR " not in log, f"fuzz seed {SEED}: {log[-3000:]}"


def test_a_lone_surrogate_id_gets_malformed_and_the_connection_lives(server: Server) -> None:
    """Found by the fuzzer (a surrogate pair cut in two): JSON allows ``"\\udca1"``, the
    schema refuses it, and the ``malformed`` answer must not echo it as its ``ref`` (the
    reply could not be encoded: a traceback, and the socket was dropped)."""
    _, token = server.register("Gu")
    client = server.client(token)
    client.send('{"type": "ping", "id": "\\udca1"}')
    reply = client.wait("error")
    assert reply["code"] == "malformed" and reply["ref"] is None
    assert client.request({"type": "ping"}, "pong")["ref"]
    assert "Traceback" not in server.log.read_text()
