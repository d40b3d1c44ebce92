"""Every message of a whole match of each game, to every player and a spectator, is
checked against the engine's own list of what each of them may not know (docs/design.md:
secrets never leave the engine): no opponent card, no stock card, ever."""

from __future__ import annotations

from typing import Any

import pytest

from rummyhall import new_match
from rummyhall.game import GameState, Match
from tests.server.harness import Client, Message, Server, play_until


def strings(value: Any) -> set[str]:
    """Every string inside a JSON value."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(strings(v) for v in value)) if value else set()
    return set()


def part(match: GameState) -> GameState:
    """The hand (Gin), deal (Indian) or round (Rummikub) in progress."""
    return match.current if isinstance(match, Match) else match


def history(view: Message) -> list[Message]:
    """The score sheet's entries about finished hands or deals."""
    return list((view.get("match") or {}).get("history") or [])


class Replay:
    """The match replayed from its public record, remembering each finished part."""

    def __init__(self, record: Message) -> None:
        self.state = new_match(record["game"], seed=record["seed"], **record["options"])
        self.log = record["log"]
        self.finished: list[GameState] = []

    def advance_to(self, turn: int) -> GameState | None:
        """Apply the log up to ``turn`` actions; the part that ended on the last action
        (the events and history of that message speak about it), if any."""
        ended = None
        while self.state.turn < turn:
            current = part(self.state)
            self.state.apply_json(self.log[self.state.turn])
            if part(self.state) is not current or current.is_over:
                self.finished.append(current)
                ended = current
        return ended


def check_state(message: Message, replay: Replay, ended: GameState | None) -> None:
    seat, turn = message["seat"], message["turn"]
    current = part(replay.state)
    now = {k: v for k, v in message.items() if k != "events"}
    now["view"] = {k: v for k, v in message["view"].items() if k != "match"}
    leak = strings(now) & current.hidden_from(seat)
    assert not leak, f"turn {turn}: seat {seat} sees {leak}"
    leak = strings(message["events"]) & (ended or current).hidden_from(seat)
    assert not leak, f"turn {turn}: events show seat {seat} {leak}"
    for entry, old in zip(history(message["view"]), replay.finished, strict=False):
        leak = strings(entry) & old.hidden_from(seat)
        assert not leak, f"turn {turn}: the score sheet shows seat {seat} {leak}"
    if seat is None:
        assert message["legal"] == []
        assert message["view"].get("hand") is None and message["view"].get("rack") is None


GAMES = {
    "gin": ({"mode": "standard"}, 2),
    "indian": ({"players": 3, "format": "points"}, 3),
    "rummikub": ({"players": 2}, 2),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_message_of_a_full_match_leaks_a_secret(server: Server, game: str) -> None:
    options, seats = GAMES[game]
    tokens = [server.register(f"P{seat}")[1] for seat in range(seats)]
    _, watcher_token = server.register("Watcher")
    code = server.create_room(tokens[0], game=game, options=options, spectators=True)["code"]
    players = [server.client(token) for token in tokens]
    for client in players:
        client.join(code)
    watcher = server.client(watcher_token)
    assert watcher.join(code, role="spectator")["you"] is None
    players[0].send({"type": "start"})
    end = play_until(dict(enumerate(players)), lambda s: s["over"], 0)
    assert_no_secret_left(server, code, [*players, watcher], end)


def assert_no_secret_left(server: Server, code: str, everyone: list[Client], end: Message) -> None:
    """Every message ``everyone`` received in room ``code``, whose match ended with the
    state ``end``, checked against what each reader may not know."""
    for client in everyone:
        client.state_at(end["turn"])
    match_id = server.http().get(f"/api/rooms/{code}").json()["match"]["id"]
    record = server.http().get(f"/api/matches/{match_id}").json()
    assert len(record["log"]) == end["turn"]

    replay = Replay(record)
    stock = set(replay.state.hidden_from(None))
    messages = sorted(
        (m for client in everyone for m in client.received), key=lambda m: m.get("turn", -1)
    )
    checked = 0
    ended: GameState | None = None
    for message in messages:
        if message["type"] != "state":
            assert not strings(message) & stock  # welcome and room messages name no card
            continue
        if message["turn"] > replay.state.turn:
            ended = replay.advance_to(message["turn"])
        check_state(message, replay, ended)
        checked += 1
    assert checked == len(everyone) * (end["turn"] + 1)  # every state, to every reader
