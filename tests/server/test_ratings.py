"""Ratings over real sockets: a match between two people moves both ratings once (the
winner's up), shown on their profiles and the game's leaderboard; a match against a bot,
or in a casual room, is listed but unrated; a server killed at the match's finishing
commit rates it exactly once after the restart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from rummyhall.server.storage import ratings
from tests.server import databases
from tests.server.harness import BOT, Server, play_to_the_end, play_until


def profile(server: Server, player_id: str) -> dict[str, Any]:
    with server.http() as http:
        answer = http.get(f"/api/players/{player_id}/profile")
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def test_a_match_between_people_moves_both_ratings_once(server: Server) -> None:
    (ana, bo), _ = play_to_the_end(server, ("Ana", "Bo"))
    pages = {player: profile(server, player) for player in (ana, bo)}
    ratings = {player: page["ratings"] for player, page in pages.items()}
    assert [len(r) for r in ratings.values()] == [1, 1]
    won = {player: page["recent"][0]["won"] for player, page in pages.items()}
    assert sorted(won.values()) == [False, True]
    winner, loser = sorted(won, key=lambda player: not won[player])
    assert ratings[winner][0]["rating"] > ratings[loser][0]["rating"]
    # The match's figures, each seat's own (GIN-10…13): every hand knocked or cancelled.
    games = {player: page["games"] for player, page in pages.items()}
    for player in (ana, bo):
        [entry] = games[player]
        assert (entry["game"], entry["played"], entry["won"]) == ("gin", 1, int(won[player]))
        assert set(entry["figures"]) == {"hands", "knocks", "gins", "undercuts", "knock_deadwood"}
    hands = games[ana][0]["figures"]["hands"]
    assert hands == games[bo][0]["figures"]["hands"] >= 1
    knocks = sum(games[player][0]["figures"]["knocks"] for player in (ana, bo))
    assert 1 <= knocks <= hands
    for player in (ana, bo):
        [entry] = ratings[player]
        assert entry["game"] == "gin" and entry["matches"] == 1
        assert [point["rating"] for point in entry["history"]] == [1000, entry["rating"]]
        change = pages[player]["recent"][0]["rating"]
        assert change == {"before": 1000, "after": entry["rating"]}
    with server.http() as http:
        board = http.get("/api/leaderboard/gin", params={"player": loser}).json()
        unknown = http.get("/api/leaderboard/chess")
    assert board["top"][0]["player"]["id"] == winner and board["top"][0]["rank"] == 1
    assert board["yours"]["rating"] == ratings[loser][0]["rating"]
    assert board["yours"]["rank"] == next(
        row["rank"] for row in board["top"] if row["player"]["id"] == loser
    )
    assert (unknown.status_code, unknown.json()["error"]["code"]) == (400, "unknown_game")


def test_a_match_against_a_bot_is_listed_but_unrated(server: Server) -> None:
    (cy, _), _ = play_to_the_end(server, ("Cy", BOT))
    page = profile(server, cy)
    assert page["ratings"] == []
    assert page["recent"][0]["against"] == BOT and page["recent"][0]["rating"] is None
    with server.http() as http:
        missing = http.get("/api/players/nobody/profile")
    assert (missing.status_code, missing.json()["error"]["code"]) == (404, "player_not_found")


def test_a_casual_room_moves_no_rating(server: Server) -> None:
    (fay, gus), code = play_to_the_end(server, ("Fay", "Gus"), rated=False)
    for player in (fay, gus):
        page = profile(server, player)
        assert page["ratings"] == []
        assert page["recent"][0]["against"] == "humans" and page["recent"][0]["rating"] is None
    _, token = server.register("Hy")
    assert server.client(token).join(code, role="spectator")["room"]["rated"] is False


@pytest.mark.parametrize("moment", ["before", "after"])
def test_a_match_finished_at_a_crash_is_rated_exactly_once(tmp_path: Path, moment: str) -> None:
    db = tmp_path / "ratings.db"
    armed = Server(db, "--fault-point", f"finish_match:{moment}").start()
    try:
        tokens = [armed.register(name)[1] for name in ("Di", "Ed")]
        code = armed.create_room(tokens[0], game="gin")["code"]
        players = {seat: armed.client(token) for seat, token in enumerate(tokens)}
        for client in players.values():
            client.join(code)
        players[0].send({"type": "start"})
        first = players[0].wait("state")
        with pytest.raises(ConnectionClosed):  # the server dies at the finishing commit
            play_until(players, lambda state: state["over"], first["turn"])
        assert armed.process is not None and armed.process.wait(10) != 0
    finally:
        armed.stop()
    again = Server(db, database_url=armed.database_url).start()
    try:
        changes = databases.query(again.database_url, "SELECT count(*) FROM rating_changes")
        assert changes == [(2,)]
        counted = databases.query(again.database_url, "SELECT matches FROM ratings")
        assert sorted(counted) == [(1,), (1,)]
    finally:
        again.stop()


def test_a_rating_is_provisional_until_about_ten_two_player_matches() -> None:
    """``provisional`` while sigma is above three quarters of a new player's: after one
    match it is, after a dozen alternating results between two players it is not."""
    pair = [ratings.START, ratings.START]
    seen = []
    for match in range(12):
        pair = ratings.rate(pair, [1 + match % 2, 2 - match % 2])
        seen.append(ratings.provisional(pair[0][1]))
    assert seen[0] and not seen[-1], seen
    assert 8 <= seen.index(False) <= 11, seen
