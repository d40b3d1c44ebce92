"""Full hands over real sockets: two people, and a person against a bot."""

from __future__ import annotations

from tests.server.harness import BOT, Message, Server, open_table, pick, play_until


def hand_over(state: Message) -> bool:
    return len(state["view"]["match"]["history"]) >= 1


def test_two_people_play_a_full_gin_hand(server: Server) -> None:
    table = open_table(server, options={"mode": "standard"})
    code, (ana, bo), first = table.code, table.clients, table.first[0]
    assert first["turn"] == 0 and first["seat"] == 0 and table.first[1]["seat"] == 1
    assert len(first["view"]["hand"]) == 10 and first["view"]["game"] == "gin"

    end = play_until({0: ana, 1: bo}, hand_over, 0)

    for client in (ana, bo):
        final = client.state_at(end["turn"])
        (scored,) = [e for e in final["events"] if e["type"] == "part_scored"]
        hand = final["view"]["match"]["history"][0]
        assert hand["result"]["outcome"] in ("gin", "knock", "undercut", "cancelled")
        assert scored["totals"] == hand["totals"] == final["scores"]
    # Every action of the hand reached both players, in order, with one counter each.
    turns = [m["turn"] for m in bo.received if m["type"] == "state"]
    assert turns == list(range(end["turn"] + 1))
    room = server.http().get(f"/api/rooms/{code}").json()
    assert room["status"] == "playing" and room["match"]["number"] == 1


def test_knock_buttons_say_gin_and_deadwood(server: Server) -> None:
    """Watched at both seats: one deal in twenty, Bo's knocks win the match before Ana is
    ever offered one (the deal's seed is the room's, drawn at random)."""
    ana, bo = open_table(server).clients
    players = {0: ana, 1: bo}
    state = play_until(
        players,
        lambda s: any(e["action"]["type"] == "knock" for e in s["legal"]),
        0,
        every_seat=True,
    )
    for entry in state["legal"]:
        if entry["action"]["type"] == "knock":
            assert isinstance(entry["deadwood"], int) and entry["gin"] == (entry["deadwood"] == 0)
            assert entry["deadwood"] <= state["view"]["knock_limit"]
        else:
            assert entry["gin"] is None and entry["deadwood"] is None


def test_a_person_plays_a_full_hand_against_a_bot(server: Server) -> None:
    (ana,) = open_table(server, names=("Ana",), bots=[None, BOT]).clients
    room = ana.find("room")
    assert room["room"]["seats"][1] == {
        "seat": 1,
        "occupant": "bot",
        "player": None,
        "bot": BOT,
        "connected": True,
        "away": False,
    }
    end = play_until({0: ana}, hand_over, 0)
    moved = {e["seat"] for m in ana.received if m["type"] == "state" for e in m["events"]}
    assert 1 in moved and 0 in moved
    assert end["view"]["match"]["history"][0]["number"] == 1


def test_a_thinking_hard_bot_does_not_hold_up_other_rooms(server: Server) -> None:
    """The hard bot searches for a second a move in a worker process: meanwhile another
    room is served (an order of arrivals is compared, no duration)."""
    other = open_table(server, names=("Cy", "Di"))
    mover = other.clients[other.mover]
    table = open_table(server, names=("Ana",), bots=[None, "hard"])
    (ana,) = table.clients
    turn, state = 0, table.first[0]
    while state["current_player"] == 0:
        ana.act(turn, pick(state["legal"]))
        turn += 1
        state = ana.state_at(turn)
    # The bot is thinking about `turn` now: the other room plays meanwhile.
    mover.act(0, other.first[other.mover]["legal"][0]["action"])
    answered = mover.wait("state")
    bot_move = ana.state_at(turn + 1)
    assert mover.arrival(answered) < ana.arrival(bot_move)
