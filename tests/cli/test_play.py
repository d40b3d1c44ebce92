"""``rummyhall play`` through a pseudo-terminal: scripted keys to the end of a hand of
each game against a bot, with wrong keys and illegal moves refused on the way."""

from __future__ import annotations

import re
import signal
from collections.abc import Callable
from pathlib import Path

import pexpect

from rummyhall import load
from tests.cli.conftest import COMMAND, plain

PROMPT = "> "


def default_interrupt() -> None:
    """Ctrl-C as at a terminal: a shell running the tests in the background (``make
    test &``) has them ignore SIGINT, and the command would inherit that."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def spawn(env: dict[str, str], *args: str) -> pexpect.spawn:
    child = pexpect.spawn(
        COMMAND[0],
        [*COMMAND[1:], "play", *args],
        encoding="utf-8",
        timeout=60,
        env=env,
        dimensions=(60, 80),
        preexec_fn=default_interrupt,
    )
    child.delaybeforesend = None
    return child


def screen(child: pexpect.spawn) -> str:
    return plain(child.before or "")


def gin_key(text: str) -> str:
    """Pass the upcard, draw from stock, then gin, knock or throw the last card."""
    if "p pass" in text:
        return "p"
    if "s stock" in text:
        return "s"
    for key in ("g gin", "k knock"):
        if key in text:
            return key[0]
    return re.findall(r"1–(\d+) discard", text)[-1]


def indian_key(text: str) -> str:
    if "s stock" in text:
        return "s"
    if "x declare" in text:
        return "x"
    return re.findall(r"1–(\d+) discard", text)[-1]


def rummikub_key(text: str) -> str:
    menu = text[text.rfind("d draw") if "d draw" in text else text.rfind("p pass") :]
    if re.search(r"(?m)^ 1: ", menu):
        return "1"
    return "d" if "d draw" in menu else "p"


def play_hand(child: pexpect.spawn, choose: Callable[[str], str], end: str, shown: str) -> str:
    """Answer the prompt (after ``shown``) and every later one with ``choose(screen)``
    until ``end`` shows; returns the whole output."""
    seen = [shown]
    while True:
        child.sendline(choose(seen[-1]))
        index = child.expect([PROMPT, end])
        seen.append(screen(child))
        if index == 1:
            return "".join(seen)


def test_gin_hand_with_refused_moves_GIN_2(env: dict[str, str], tmp_path: Path) -> None:
    saved = tmp_path / "gin.json"
    child = spawn(env, "gin", "--seed", "3", "--vs", "easy", "--save", str(saved))
    child.expect(PROMPT)
    first = screen(child)
    assert "Gin Rummy · standard · seed 3 · hand 1" in first
    assert "Your hand — deadwood" in first and "d take" in first and "p pass" in first
    child.sendline("s")  # drawing from stock is not allowed while the upcard is offered
    child.expect(PROMPT)
    assert "GIN-2: the non-dealer must take the first upcard or pass" in screen(child)
    child.sendline("zz")
    child.expect(PROMPT)
    assert "not a move here: 'zz'" in screen(child)
    child.sendline("?")
    child.expect(PROMPT)
    assert "k = knock" in screen(child)
    out = play_hand(child, gin_key, "Press Enter to continue", first)
    assert "Result of hand 1" in out and "Score sheet" in out and "target 100" in out
    assert re.search(r"(gin|knock|undercut): .*= \d+", out)
    child.sendline("q")
    child.expect(pexpect.EOF)
    record = load(saved.read_text())
    assert record.game == "gin" and record.turn > 3


def test_indian_deal_to_the_end(env: dict[str, str]) -> None:
    child = spawn(env, "indian", "--seed", "3", "--vs", "easy")
    child.expect(PROMPT)
    first = screen(child)
    assert "Joker indicator" in first and "penalty now" in first and "p drop (20)" in first
    assert any(label in first for label in ("pure", "impure", "set", "counted"))
    out = play_hand(child, indian_key, "Final score", first)
    assert "Result of Indian Rummy" in out
    assert "You declare a valid hand" in out and "both lives" in out
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_rummikub_round_with_a_refused_table_RKB_2(env: dict[str, str]) -> None:
    child = spawn(env, "rummikub", "--variant", "round", "--seed", "3", "--vs", "easy")
    child.expect(PROMPT)
    first = screen(child)
    assert "Your rack — rack total" in first and "type the new table" in first
    child.sendline("R1 R2")
    child.expect(PROMPT)
    assert "RKB-2: set 1 (R1 R2): a set has at least 3 tiles" in screen(child)
    child.sendline("9")
    child.expect(PROMPT)
    assert "there is no suggestion 9" in screen(child)
    out = play_hand(child, rummikub_key, "Final score", first)
    assert "Result of Rummikub" in out
    assert "(RKB-8)" in out or "(RKB-9)" in out
    child.expect(pexpect.EOF)


def test_chinese_texts_and_a_clean_ctrl_c(env: dict[str, str]) -> None:
    child = spawn(env, "gin", "--seed", "3", "--vs", "easy", "--lang", "zh")
    child.expect(PROMPT)
    first = screen(child)
    assert "金拉米 · 标准" in first and "你的手牌" in first and "p 不要" in first
    child.sendintr()
    child.expect(pexpect.EOF)
    assert "已退出" in plain(child.before or "")
    child.close()
    assert child.exitstatus == 130
