"""``serve --metrics-port``: this process's metrics in Prometheus' text format on a port
of their own, off the site's (docs/operations.md, "Metrics")."""

from __future__ import annotations

from pathlib import Path

import httpx
from prometheus_client.parser import text_string_to_metric_families

from tests.server.harness import BOT, Server, open_table, play_until
from tests.server.ports import free_port


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def test_the_metrics_count_what_the_site_does_on_their_own_port(tmp_path: Path) -> None:
    port = free_port()
    server = Server(tmp_path / "metrics.db", "--metrics-port", str(port)).start()
    try:
        assert httpx.get(f"{server.url}/metrics", timeout=10).status_code == 404  # not public
        table = open_table(server, ("Ana",), game="gin", bots=[None, BOT])
        client = table.clients[0]
        play_until({0: client}, lambda state: state["turn"] >= 6, table.first[0]["turn"])
        text = httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=10).text
        client.close()
    finally:
        server.stop()
    seen = samples(text)
    assert seen[("rummyhall_connections", ())] >= 1
    assert seen[("rummyhall_rooms", (("status", "playing"),))] == 1
    assert seen[("rummyhall_actions_total", ())] >= 6
    assert seen[("rummyhall_action_seconds_count", ())] >= 1
    assert seen[("rummyhall_commit_batch_size_count", ())] >= 1
    assert seen[("rummyhall_bot_think_seconds_count", (("level", BOT),))] >= 1
    assert seen[("rummyhall_pairing_seekers", ())] == 0
    assert seen[("rummyhall_database_errors_total", ())] == 0
