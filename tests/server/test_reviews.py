"""Reviews on the site: asked over HTTP, computed once in worker processes with their
progress shown, kept with the match (the same answer as the library's review), limited
per player, in every game (an Indian deal too); refused before anything is computed
for a match that is not there, not over, or a seat one may not review; a crash
mid-review leaves no row and the next request computes it again."""

from __future__ import annotations

import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from rummyhall.review import ENGINE, review
from rummyhall.server.rooms.catalogue import parse_options
from rummyhall.server.storage.database import make_engine
from rummyhall.server.storage.models import MatchReview
from tests.server.harness import BOT, Server, play_until

WORLDS = "4"
"""Sampled worlds a decision in these tests' reviews (the site's default is the review's)."""
FLAGS = ("--review-worlds", WORLDS, "--match-seed", "5", "--review-full-priority")
"""``--review-full-priority``: the tests' servers share a loaded machine, where review
processes on idle time alone could wait for minutes."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(
        tmp_path_factory.mktemp("reviews") / "rummyhall.db", *FLAGS, "--review-rate", "7200"
    ).start()
    yield running
    running.stop()


def finished_match(server: Server, token: str, **room: Any) -> str:
    """A match the token's player plays to its end against the medium bot; its id."""
    code = server.create_room(token, **{"game": "gin", "bots": [None, BOT], **room})["code"]
    client = server.client(token)
    client.join(code)
    client.send({"type": "start"})
    play_until({0: client}, lambda s: s["over"], client.wait("state")["turn"])
    found = client.find("room", lambda m: m["room"]["status"] == "finished")
    client.close()
    return str(found["room"]["match"]["id"])


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def wait_done(http: httpx.Client, path: str, token: str) -> tuple[dict[str, Any], list[Any]]:
    """Poll ``path`` until its review is done: the review and the progress seen."""
    seen = []
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        answer = http.get(path, headers=bearer(token))
        body = answer.json()
        if body["status"] == "done":
            assert answer.status_code == 200
            return body["review"], seen
        assert answer.status_code == 202 and body["status"] == "running", body
        seen.append((body["done"], body["total"]))
        time.sleep(0.05)  # polling, as the web page does
    raise AssertionError(f"the review of {path} was not done in time")


def library_review(http: httpx.Client, match_id: str, seat: int) -> dict[str, Any]:
    """The library's review of the stored match, as ``rummyhall review`` computes it."""
    record = http.get(f"/api/matches/{match_id}").json()
    options = parse_options(record["game"], record["options"]).engine_options()
    game = {"game": record["game"], "kind": "match", "version": 1, "seed": record["seed"]}
    found = review({**game, "options": options, "log": record["log"]}, seat, worlds=int(WORLDS))
    return found.to_json()


def stored_rows(server: Server) -> list[tuple[str, int, int]]:
    """Every review row in the server's database (SQLite or PostgreSQL)."""
    engine = make_engine(server.database_url)
    try:
        with engine.connect() as connection:
            rows = connection.execute(
                select(MatchReview.match_id, MatchReview.seat, MatchReview.engine)
            ).all()
    finally:
        engine.dispose()
    return [(match_id, seat, engine) for match_id, seat, engine in rows]


def test_a_review_is_computed_once_with_its_progress_and_kept(server: Server) -> None:
    _, token = server.register("Ria")
    match_id = finished_match(server, token)
    http = server.http()
    path = f"/api/matches/{match_id}/reviews/0"
    assert http.get(path).json() == {"status": "none"}
    asked = http.post(path, headers=bearer(token))
    assert asked.status_code == 202 and asked.json()["status"] == "running"
    found, seen = wait_done(http, path, token)
    assert found == library_review(http, match_id, 0)
    assert found["engine"] == ENGINE and found["worlds"] == int(WORLDS)
    totals = {total for _, total in seen if total is not None}
    assert totals <= {len(found["moves"])}
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
    # Computed once: asked again, it is answered from the store, and no one else's
    # request computes it again (anyone may review a public room's match, any seat).
    _, other = server.register("Oda")
    again = http.post(path, headers=bearer(other))
    assert again.status_code == 200 and again.json() == {"status": "done", "review": found}
    assert http.get(path).json()["review"] == found


def test_an_indian_deal_played_over_sockets_is_reviewed(server: Server) -> None:
    _, token = server.register("Ivy")
    match_id = finished_match(server, token, game="indian")
    http = server.http()
    path = f"/api/matches/{match_id}/reviews/0"
    assert http.post(path, headers=bearer(token)).status_code == 202
    found, _ = wait_done(http, path, token)
    assert found == library_review(http, match_id, 0)
    assert found["game"] == "indian" and found["unit"] == "points" and found["moves"]


def test_reviews_are_limited_per_player(tmp_path: Path) -> None:
    server = Server(tmp_path / "rate.db", *FLAGS, "--review-rate", "3").start()  # a burst of 1
    try:
        _, token = server.register("Ria")
        match_id = finished_match(server, token)
        http = server.http()
        first = f"/api/matches/{match_id}/reviews/0"
        assert http.post(first, headers=bearer(token)).status_code == 202
        refused = http.post(f"/api/matches/{match_id}/reviews/1", headers=bearer(token))
        assert refused.status_code == 429 and refused.json()["error"]["code"] == "rate_limited"
        wait_done(http, first, token)
        # One already computed costs nothing.
        assert http.post(first, headers=bearer(token)).status_code == 200
    finally:
        server.stop()


def code_of(answer: httpx.Response) -> tuple[int, str]:
    return answer.status_code, answer.json()["error"]["code"]


def test_what_may_not_be_reviewed_is_refused_before_anything_is_computed(
    server: Server,
) -> None:
    http = server.http()
    _, ria = server.register("Ria")
    _, oda = server.register("Oda")
    private = finished_match(server, ria, public=False)
    public = finished_match(server, ria)
    ask = lambda match_id, seat, token: http.post(  # noqa: E731
        f"/api/matches/{match_id}/reviews/{seat}", headers=bearer(token)
    )
    assert code_of(ask("nosuchmatch", 0, ria)) == (404, "game_not_found")
    assert code_of(ask(public, 2, ria)) == (400, "no_such_seat")
    assert code_of(ask(public, 9, ria)) == (422, "malformed")
    assert code_of(http.post(f"/api/matches/{public}/reviews/0")) == (401, "unauthorized")
    # A private room's match: its players their own seats only.
    refused = ask(private, 1, ria)
    assert code_of(refused) == (403, "review_forbidden")
    assert "private room" in refused.json()["error"]["message"]
    assert code_of(ask(private, 0, oda)) == (403, "review_forbidden")
    assert code_of(http.get(f"/api/matches/{private}/reviews/0")) == (403, "review_forbidden")
    chinese = http.post(
        f"/api/matches/{private}/reviews/1",
        headers={**bearer(ria), "Accept-Language": "zh-CN"},
    )
    assert "私人房间" in chinese.json()["error"]["message"]
    # A match under way.
    code = server.create_room(ria, game="gin", bots=[None, BOT])["code"]
    client = server.client(ria)
    client.join(code)
    client.send({"type": "start"})
    playing = client.find("room", lambda m: m["room"]["status"] == "playing")["room"]
    assert code_of(ask(playing["match"]["id"], 0, ria)) == (400, "game_not_over")
    client.close()
    # Nothing was computed for any of them.
    assert http.get(f"/api/matches/{private}/reviews/0", headers=bearer(ria)).json() == {
        "status": "none"
    }
    assert all(row[0] not in (private, public) for row in stored_rows(server))


def test_a_crash_mid_review_leaves_no_row_and_the_next_request_computes_it(
    tmp_path: Path,
) -> None:
    db = tmp_path / "crash.db"
    server = Server(db, *FLAGS, "--fault-point", "keep_review:before").start()
    _, token = server.register("Ria")
    match_id = finished_match(server, token)
    http = server.http()
    path = f"/api/matches/{match_id}/reviews/0"
    assert http.post(path, headers=bearer(token)).status_code == 202
    assert server.process is not None
    server.process.wait(300)  # killed just before the review's commit
    assert stored_rows(server) == []
    # Killed again while the review is computed: no row either.
    server = Server(db, *FLAGS, database_url=server.database_url).start()
    http = server.http()
    assert http.get(path).json() == {"status": "none"}
    assert http.post(path, headers=bearer(token)).status_code == 202
    server.kill()
    assert stored_rows(server) == []
    server = Server(db, *FLAGS, database_url=server.database_url).start()
    try:
        http = server.http()
        assert http.post(path, headers=bearer(token)).status_code == 202
        found, _ = wait_done(http, path, token)
        assert found == library_review(http, match_id, 0)
        assert stored_rows(server) == [(match_id, 0, ENGINE)]
    finally:
        server.stop()


def test_a_server_stopping_mid_review_ends_it_and_stops_at_once(tmp_path: Path) -> None:
    """A review may take minutes: the server's shutdown ends it rather than wait, and no
    row is left."""
    server = Server(
        tmp_path / "stop.db", "--match-seed", "5", "--review-full-priority"
    ).start()  # the site's worlds
    _, token = server.register("Ria")
    match_id = finished_match(server, token)
    http = server.http()
    path = f"/api/matches/{match_id}/reviews/0"
    assert http.post(path, headers=bearer(token)).status_code == 202
    deadline = time.monotonic() + 120
    while http.get(path).json()["total"] is None:  # until a worker is on it
        assert time.monotonic() < deadline, "no worker started on the review"
        time.sleep(0.05)
    assert server.process is not None
    server.process.terminate()
    # Stopped within 10 s (uvicorn ends by its SIGTERM once shut down), not waiting for
    # the review to end.
    assert server.process.wait(10) in (0, -signal.SIGTERM)
    assert stored_rows(server) == []
