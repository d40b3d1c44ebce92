"""``rummyhall solve``: the text and ``--json`` answers agree with the solver API."""

from __future__ import annotations

import json

import pytest

from rummyhall.cli import main
from rummyhall.games import gin, indian, rummikub
from rummyhall.terminal.cards import card_label

GIN_HAND = "AS 2S 3S 7H 7D 7C KS QH 9D 2C"
KNOCKER = "AS 2S 3S 4H 5H 6H 7D 8D 9D KC"
DEFENDER = "5S 6S 7S 8S 3H 3D 3C JC QC TD"
INDIAN_HAND = "AH 2H 3H 5S 6S JK 9C 9D 9H KS KD KC 7D"


def solve(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["solve", *args]) == 0
    return capsys.readouterr().out


def answer(capsys: pytest.CaptureFixture[str], *args: str) -> object:
    return json.loads(solve(capsys, *args, "--json"))


def test_gin_layout_GIN_6(capsys: pytest.CaptureFixture[str]) -> None:
    layout = gin.arrange(GIN_HAND)
    assert answer(capsys, "gin", GIN_HAND) == layout.to_json()
    text = solve(capsys, "gin", GIN_HAND)
    assert f"Minimum deadwood: {layout.points}" in text
    for meld in layout.melds:
        assert "[" + " ".join(map(card_label, meld)) + "]" in text
    assert "cannot knock (limit 10)" in text


def test_gin_knock_settled_GIN_10_to_13(capsys: pytest.CaptureFixture[str]) -> None:
    settlement = gin.settle(KNOCKER, DEFENDER)
    assert answer(capsys, "gin", KNOCKER, "--defender", DEFENDER) == settlement.to_json()
    text = solve(capsys, "gin", KNOCKER, "--defender", DEFENDER)
    assert "lay-offs: 10♦ onto [7♦ 8♦ 9♦]" in text
    assert f"knock: 20 − 10 = {settlement.points}" in text


def test_indian_declaration_and_penalty_IND_9_IND_10(capsys: pytest.CaptureFixture[str]) -> None:
    got = answer(capsys, "indian", INDIAN_HAND, "--indicator", "7C")
    assert got == {
        "declaration": indian.find_declaration(INDIAN_HAND, "7C"),
        "penalty": indian.penalty(INDIAN_HAND, "7C"),
        "arrangement": indian.arrange(INDIAN_HAND, "7C").to_json(),
    }
    one_life = "AH 2H 3H 9C 9D 9H KS KD KC 4D 5S 8C QC"
    text = solve(capsys, "indian", one_life, "--indicator", "7C")
    assert "No valid declaration" in text
    assert f"Minimum penalty: {indian.penalty(one_life, '7C')}" in text


def test_rummikub_initial_meld_and_best_play_RKB_4_RKB_5(
    capsys: pytest.CaptureFixture[str],
) -> None:
    rack = "R10 R11 R12 B3 K3 O3 B9"
    assert answer(capsys, "rummikub", "--rack", rack) == {
        "initial_meld": rummikub.best_initial_meld(rack)
    }
    table, rack = "R5 R6 R7 | B9 K9 O9", "R4 R8 B1"
    got = answer(capsys, "rummikub", "--table", table, "--rack", rack)
    assert got == {
        "table": rummikub.best_play([["R5", "R6", "R7"], ["B9", "K9", "O9"]], rack),
        "placed": ["R4", "R8"],
    }
    assert "places 2 tiles: R4 R8" in solve(capsys, "rummikub", "--table", table, "--rack", rack)
    assert "No rack tile can be placed" in solve(
        capsys, "rummikub", "--table", table, "--rack", "B1 O13"
    )


def test_bad_notation_names_the_card(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "gin", "AS 2S ZZ"]) == 2
    assert "not a card: 'ZZ'" in capsys.readouterr().err
    assert main(["solve", "rummikub", "--table", "R1 R2", "--rack", "R3"]) == 2
    assert "RKB-2" in capsys.readouterr().err


def test_chinese_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "zh", "solve", "indian", INDIAN_HAND, "--indicator", "7C"]) == 0
    text = capsys.readouterr().out
    assert "合法宣布（IND-9）" in text and "纯顺" in text and "同点组" in text
