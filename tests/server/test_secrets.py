"""Every message of a whole Gin match, to both players and a spectator, is checked
against the engine's own list of what each of them may not know (DESIGN.md: secrets
never leave the engine): no opponent card, no stock card, ever."""

from __future__ import annotations

from typing import Any

from rummyhall import new_match
from rummyhall.game import GameState
from tests.server.harness import Message, Server, play_until


def strings(value: Any) -> set[str]:
    """Every string inside a JSON value."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(strings(v) for v in value)) if value else set()
    return set()


class Replay:
    """The match replayed from its public record, remembering each finished hand."""

    def __init__(self, record: Message) -> None:
        self.state: GameState = new_match("gin", seed=record["seed"], **record["options"])
        self.log = record["log"]
        self.finished: list[GameState] = []  # the hands in the match's history, in order

    def advance_to(self, turn: int) -> GameState | None:
        """Apply the log up to ``turn`` actions; the hand that ended on the last action
        (events and history of that message speak about it), if any."""
        ended = None
        while self.state.turn < turn:
            hand = self.state.hand  # type: ignore[attr-defined]
            self.state.apply_json(self.log[self.state.turn])
            if self.state.hand is not hand or hand.is_over:  # type: ignore[attr-defined]
                self.finished.append(hand)
                ended = hand
        return ended


def check_state(message: Message, replay: Replay, ended: GameState | None) -> None:
    seat = message["seat"]
    hand = replay.state.hand  # type: ignore[attr-defined]
    now_hidden = hand.hidden_from(seat)
    current = {k: v for k, v in message.items() if k != "events"}
    current["view"] = {k: v for k, v in message["view"].items() if k != "match"}
    leak = strings(current) & now_hidden
    assert not leak, f"turn {message['turn']} seat {seat} sees {leak}"
    events_hidden = (ended or hand).hidden_from(seat)
    leak = strings(message["events"]) & events_hidden
    assert not leak, f"events of turn {message['turn']} show seat {seat} {leak}"
    for entry, old in zip(message["view"]["match"]["hands"], replay.finished, strict=True):
        leak = strings(entry) & old.hidden_from(seat)
        assert not leak, f"hand {entry['number']} history shows seat {seat} {leak}"
    if seat is None:
        assert message["view"]["hand"] is None and message["legal"] == []


def test_no_message_of_a_full_match_leaks_a_secret(server: Server) -> None:
    _, ana_token = server.register("Ana")
    _, bo_token = server.register("Bo")
    _, cy_token = server.register("Cy")
    code = server.create_room(ana_token, game="gin", spectators=True)["code"]
    ana, bo, cy = server.client(ana_token), server.client(bo_token), server.client(cy_token)
    ana.join(code)
    bo.join(code)
    assert cy.join(code, role="spectator")["you"] is None
    ana.send({"type": "start"})
    end = play_until({0: ana, 1: bo}, lambda s: s["over"], 0)
    for client in (bo, cy):
        client.state_at(end["turn"])
    assert len(end["view"]["match"]["hands"]) >= 2  # a real match, several hands

    match_id = server.http().get(f"/api/rooms/{code}").json()["match"]["id"]
    record = server.http().get(f"/api/matches/{match_id}").json()
    assert len(record["log"]) == end["turn"]

    messages = sorted(
        (m for client in (ana, bo, cy) for m in client.received), key=lambda m: m.get("turn", -1)
    )
    replay = Replay(record)
    checked = 0
    ended: GameState | None = None
    for message in messages:
        if message["type"] != "state":
            # Lobby, welcome and room messages name no card at all.
            assert not strings(message) & set(replay.state.zones()["stock"])
            continue
        if message["turn"] > replay.state.turn:
            ended = replay.advance_to(message["turn"])
        check_state(message, replay, ended)
        checked += 1
    assert checked == 3 * (end["turn"] + 1)  # every state, to every one of the three
