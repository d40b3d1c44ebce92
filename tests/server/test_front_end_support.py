"""What the server gives the web front end beyond the game: the rules pages, the live
arrangement of a seat's own hand in every state, and repeatable deals for tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from rummyhall.games import gin, indian
from tests.server.harness import Server, open_table


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("seeded") / "rummyhall.db", "--match-seed", "5")
    running.start()
    yield running
    running.stop()


@pytest.mark.parametrize("game", ["gin", "indian", "rummikub"])
def test_rules_pages_in_both_languages(seeded: Server, game: str) -> None:
    with seeded.http() as http:
        english = http.get(f"/api/rules/{game}").json()
        chinese = http.get(f"/api/rules/{game}", params={"locale": "zh"}).json()
    assert english["html"].startswith("<h1>") and "<li>" in english["html"]
    assert chinese["locale"] == "zh" and "<h1>" in chinese["html"]
    tag = {"gin": "GIN-7", "indian": "IND-9", "rummikub": "RKB-4"}[game]
    assert tag in english["html"]
    term = {"gin": "敲牌", "indian": "纯顺", "rummikub": "首开"}[game]
    assert term in chinese["html"]


def test_rules_page_of_an_unknown_game_is_refused(seeded: Server) -> None:
    with seeded.http() as http:
        answer = http.get("/api/rules/chess")
        bad_locale = http.get("/api/rules/gin", params={"locale": "fr"})
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "unknown_game"
    assert bad_locale.status_code == 422


def test_rules_sources_ship_with_the_package() -> None:
    from rummyhall.server.net.api import RULES

    assert sorted(p.name for p in Path(RULES).glob("*.md")) == sorted(
        f"{g}.{lang}.md" for g in ("gin", "indian", "rummikub") for lang in ("en", "zh")
    )


def test_state_carries_the_solver_arrangement_of_the_own_hand_gin6(seeded: Server) -> None:
    table = open_table(seeded)
    for first in table.first:
        hand = first["view"]["hand"]
        assert first["arrangement"] == gin.arrange(hand).to_json()
        assert first["arrangement"]["points"] == gin.deadwood(hand)
    for client in table.clients:
        client.close()


def test_indian_arrangement_and_spectators_get_none_ind10(seeded: Server) -> None:
    table = open_table(seeded, game="indian", options={"players": 2}, spectators=True)
    first = table.first[0]
    view = first["view"]
    assert first["arrangement"] == indian.arrange(view["hand"], view["indicator"]).to_json()
    watcher = seeded.client(seeded.register("Cy")[1])
    watcher.join(table.code, role="spectator")
    assert watcher.wait("state")["arrangement"] is None
    for client in [*table.clients, watcher]:
        client.close()


def test_match_seed_repeats_the_deal(seeded: Server) -> None:
    hands = []
    for _ in range(2):
        table = open_table(seeded)
        hands.append([state["view"]["hand"] for state in table.first])
        for client in table.clients:
            client.close()
    assert hands[0] == hands[1]
