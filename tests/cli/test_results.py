"""The explanations after a hand: layouts, lay-offs, penalties and the score arithmetic,
built from what the engines report."""

from __future__ import annotations

import io

from rich.console import Console
from rich.text import Text

from rummyhall.games import gin, indian
from rummyhall.registry import KITS
from rummyhall.terminal.games import TERMINALS
from rummyhall.terminal.i18n import tr, use_language
from rummyhall.terminal.results import explain

NAMES = ["You", "Bot 2 (hard)", "Bot 3 (easy)"]


def shown(lines: list[Text]) -> str:
    console = Console(file=io.StringIO(), width=200, no_color=True)
    for line in lines:
        console.print(line)
    return console.file.getvalue()  # type: ignore[attr-defined,no-any-return]


def gin_result(knocker: str, defender: str, multiplier: int) -> dict[str, object]:
    settlement = gin.settle(knocker, defender)
    return {
        "outcome": settlement.kind,
        "knocker": 1,
        "multiplier": multiplier,
        "settlement": settlement.to_json(),
    }


def test_gin_undercut_doubled_by_a_spade_upcard_GIN_11_GIN_12() -> None:
    result = gin_result("AS 2S 3S 4H 5H 6H 7D 8D 9D KC", "4S 5S 6S 7S 3H 3D 3C 2H 2D AC", 2)
    settlement = gin.settle("AS 2S 3S 4H 5H 6H 7D 8D 9D KC", "4S 5S 6S 7S 3H 3D 3C 2H 2D AC")
    assert settlement.kind == "undercut"
    text = shown(explain("gin", result, NAMES))
    d, p = settlement.defender_points, settlement.points
    assert "Bot 2 (hard) knocks with 10 deadwood" in text
    assert f"undercut: 25 + (10 − {d}) = {p}" in text
    assert f"× 2 spade upcard (GIN-12) = {2 * p}" in text
    assert f"You score {2 * p}" in text  # the defender wins an undercut


def test_gin_has_no_layoffs_GIN_10() -> None:
    result = gin_result("AS 2S 3S 4H 5H 6H 7D 8D 9D TD", "5S 6S 7S 8S 3H 3D 3C JC QC KD", 1)
    text = shown(explain("gin", result, NAMES))
    assert "goes gin" in text and "no lay-offs after gin (GIN-10)" in text
    assert "gin: 25 + 30 = 55" in text


def test_indian_penalties_tiers_and_drops_IND_10_IND_11() -> None:
    winner = "AH 2H 3H 5S 6S JK 9C 9D 9H KS KD KC 7D"
    pure_only = "AH 2H 3H 9C 9D 9H KS KD KC 4D 5S 8C QC"
    declaration = indian.find_declaration(winner, "7C")
    assert declaration is not None
    result = {
        "outcome": "declared",
        "winners": [1],
        "penalties": [indian.penalty(pure_only, "7C"), 0, 20],
        "declaration": [{"kind": "pure", "cards": meld} for meld in declaration],
        "hands": {"0": indian.arrange(pure_only, "7C").to_json()},
    }
    drop = {"type": "drop", "seat": 2, "penalty": 20, "kind": "first"}
    text = shown(explain("indian", result, NAMES, [drop], wild_rank="7"))
    assert "Bot 2 (hard) declares a valid hand" in text
    assert "Bot 3 (easy): first drop, 20 (IND-11)" in text
    assert "You: penalty 80" in text
    assert "only it is exempt (IND-10)" in text
    assert "capped at 80 (IND-10)" in text


def test_rummikub_blocked_round_RKB_9() -> None:
    result = {"outcome": "blocked", "winners": [2], "rack_totals": [40, 25, 10],
              "scores": [-30, -15, 45]}  # fmt: skip
    text = shown(explain("rummikub", result, NAMES))
    assert "lowest rack total wins (RKB-9)" in text
    assert "You: rack total 40 → -30" in text
    assert "Bot 3 (easy) scores +45" in text


def test_chinese_explanation() -> None:
    use_language("zh")
    result = gin_result("AS 2S 3S 4H 5H 6H 7D 8D 9D KC", "5S 6S 7S 8S 3H 3D 3C JC QC TD", 1)
    text = shown(explain("gin", result, ["你", "电脑2（困难）"]))
    assert "电脑2（困难）以 10 点散牌敲牌" in text and "贴牌：10♦ 贴到 [7♦ 8♦ 9♦]" in text
    assert "敲牌：20 − 10 = 10" in text


def test_every_game_has_its_terminal_rendering_under_its_kit_name() -> None:
    assert set(TERMINALS) == set(KITS)
    for name, terminal in TERMINALS.items():
        assert terminal.name == name


def test_counts_of_one_are_singular_and_drops_are_called_as_at_the_table() -> None:
    """The terminal says "1 tile" (a ``.one`` text) and, in Chinese, the web table's
    words: 弃权 for a drop, 宣布 for a declaration (js/glossary.js)."""
    use_language("en")
    assert [tr("tiles", n=1), tr("cards", n=1), tr("tiles", n=2)] == ["1 tile", "1 card", "2 tiles"]
    use_language("zh")
    try:
        assert (
            tr("ev.drop", who="Ana", kind=tr("ev.drop.first"), n=20)
            == "Ana弃权（首轮弃权），罚 20 分"
        )
        assert tr("status.declared") == "已宣布"
    finally:
        use_language("en")
