"""Reviews across the processes of a site (the cluster harness of test_cluster.py): a
review claimed by one process is answered with its progress by every process and
started by none of the others, even when two ask at once; a claim its process no longer
refreshes (it died) lapses, and the next request computes the review."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import redis as redis_client

from rummyhall.server.reviews.claims import claim_key
from tests.server.harness import Server
from tests.server.redises import RedisServer
from tests.server.test_cluster import children, module_site
from tests.server.test_cluster import pytestmark as cluster_marks
from tests.server.test_reviews import FLAGS, bearer, finished_match, library_review, wait_done

pytestmark = cluster_marks


redis, site = module_site(*FLAGS)


def workers(server: Server) -> set[int]:
    """The processes a server has started (its review processes start on first use)."""
    assert server.process is not None
    return children(server.process.pid)


def wait_gone(keys: redis_client.Redis, key: str) -> None:
    deadline = time.monotonic() + 30
    while keys.exists(key):
        assert time.monotonic() < deadline, f"{key} is still there"
        time.sleep(0.05)


def test_a_claimed_review_is_answered_everywhere_and_computed_once(
    site: list[Server], redis: RedisServer
) -> None:
    _, token = site[0].register("Ria")
    match_id = finished_match(site[0], token)
    keys = redis_client.Redis.from_url(redis.url, decode_responses=True)
    path = f"/api/matches/{match_id}/reviews/0"
    before = [workers(server) for server in site]
    # A claim held by a process that computes it (here: planted, as one would leave it).
    key = claim_key(match_id, 0)
    keys.hset(key, mapping={"node": "elsewhere", "done": 3, "total": 9})
    keys.pexpire(key, 60_000)
    running = {"status": "running", "done": 3, "total": 9}
    for server in site:
        http = server.http()
        assert http.get(path).json() == running
        asked = http.post(path, headers=bearer(token))
        assert asked.status_code == 202 and asked.json() == running
    assert [workers(server) for server in site] == before  # nobody started it
    # Its process dies: the claim is no longer refreshed, lapses, and the next request
    # computes the review, claiming it while it does and letting go once it is kept.
    keys.pexpire(key, 300)
    wait_gone(keys, key)
    http = site[2].http()
    assert http.post(path, headers=bearer(token)).status_code == 202
    found, _ = wait_done(site[1].http(), path, token)  # followed through another process
    assert found == library_review(http, match_id, 0)
    wait_gone(keys, key)
    assert [workers(server) for server in site[:2]] == before[:2]


def test_two_processes_asked_at_once_compute_the_review_once(site: list[Server]) -> None:
    _, token = site[0].register("Oda")
    match_id = finished_match(site[0], token)
    path = f"/api/matches/{match_id}/reviews/1"
    before = [workers(server) for server in site[:2]]

    def ask(server: Server) -> httpx.Response:
        return server.http().post(path, headers=bearer(token))

    with ThreadPoolExecutor(2) as threads:
        answers = list(threads.map(ask, site[:2]))
    assert all(answer.status_code in (200, 202) for answer in answers)
    found, _ = wait_done(site[0].http(), path, token)
    assert wait_done(site[1].http(), path, token)[0] == found
    started = [workers(server) != old for server, old in zip(site[:2], before, strict=True)]
    assert sum(started) == 1, started
