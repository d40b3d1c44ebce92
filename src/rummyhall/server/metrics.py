"""This process's metrics in Prometheus' text format, through the official client
(docs/operations.md, "Metrics"). Off by default; ``serve --metrics-port N`` serves them
on a port of their own (loopback unless ``--metrics-address`` says otherwise), never on
the site's, so they are never public by accident.

Counters and histograms are updated where things happen (a connection, an action, a
commit, a database read or write, a Redis round trip, a bot's move, an error); what is
a state rather than an event (rooms by status, seekers waiting by pool) is read from the
live objects at each scrape.
"""

from __future__ import annotations

from collections import Counter as Tally
from collections.abc import Callable, Iterator
from typing import Any

from prometheus_client import REGISTRY, Counter, Gauge, Histogram, start_http_server
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

CONNECTIONS = Gauge("rummyhall_connections", "Open WebSocket connections")
ACTIONS = Counter("rummyhall_actions_total", "Actions committed to a match's log")
ACTION_SECONDS = Histogram(
    "rummyhall_action_seconds",
    "From an action's arrival to its answers sent: checked, committed, every seat's state queued",
    buckets=(0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0),
)
COMMIT_SECONDS = Histogram(
    "rummyhall_commit_seconds",
    "One commit of a batch of actions on the writer thread",
    buckets=(0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.5),
)
COMMIT_BATCH = Histogram(
    "rummyhall_commit_batch_size",
    "Actions written by one commit",
    buckets=(1, 2, 4, 8, 16, 32, 64, 128),
)
WRITE_SECONDS = Histogram(
    "rummyhall_database_write_seconds",
    "One write to the database besides the action log (a room, a match's start or end, a "
    "player…), from its call to its commit, the writer thread's queue included",
    buckets=(0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.5, 2.0),
)
READ_SECONDS = Histogram(
    "rummyhall_database_read_seconds",
    "One read of the database (a round trip, or several for a replay)",
    buckets=(0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.5, 2.0),
)
BOT_SECONDS = Histogram(
    "rummyhall_bot_think_seconds",
    "A computer player's move, by level",
    ["level"],
    buckets=(0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0),
)
STORAGE_ERRORS = Counter(
    "rummyhall_database_errors_total", "Database calls that found it unreachable or locked"
)
REDIS_SECONDS = Histogram(
    "rummyhall_redis_seconds",
    "One round trip to Redis (a cluster): a command, or a pipeline of them",
    ["kind"],
    buckets=(0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.5, 2.0),
)
REDIS_ERRORS = Counter(
    "rummyhall_redis_errors_total", "Round trips to Redis that failed (a cluster)"
)


PoolLabels = tuple[str, str, str, str]
"""A pool as its metric names it: game, seats, clock, rated (its options aside)."""


class LiveFigures(Collector):
    """What is a state, read at each scrape: rooms by status, and the seekers of quick
    pairing whose seek this process holds, by pool (every seeker is held by one process:
    a pool's size is the sum over the processes)."""

    def __init__(
        self, rooms: Callable[[], Iterator[str]], seekers: Callable[[], Iterator[PoolLabels]]
    ) -> None:
        self.rooms = rooms
        self.seekers = seekers

    def collect(self) -> Iterator[GaugeMetricFamily]:
        by_status = GaugeMetricFamily(
            "rummyhall_rooms", "Rooms this process plays, by status", labels=["status"]
        )
        for status, count in sorted(Tally(self.rooms()).items()):
            by_status.add_metric([status], count)
        yield by_status
        pools = Tally(self.seekers())
        yield GaugeMetricFamily(
            "rummyhall_pairing_seekers",
            "Players seeking a game through this process",
            value=sum(pools.values()),
        )
        by_pool = GaugeMetricFamily(
            "rummyhall_pairing_pool_seekers",
            "Players seeking a game through this process, by pool",
            labels=["game", "seats", "clock", "rated"],
        )
        for labels, count in sorted(pools.items()):
            by_pool.add_metric(list(labels), count)
        yield by_pool


def serve_metrics(address: str, port: int, figures: LiveFigures) -> Any:
    """Serve the metrics on ``address:port`` (a thread of the client's own); the server,
    to shut down with the process's app."""
    REGISTRY.register(figures)
    server, _ = start_http_server(port, addr=address)
    return server
