"""Help texts (English), ``--lang zh`` anywhere on the line, and complete translations."""

from __future__ import annotations

import re
import string

import pytest

from rummyhall.cli import COMMANDS, main
from rummyhall.terminal import i18n


@pytest.mark.parametrize(
    "command",
    [
        None,
        "serve",
        "play",
        "solve",
        "replay",
        "export",
        "match",
        "arena",
        "backup",
        "restore",
        "moderator",
    ],
)
def test_help(command: str | None, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit:
        main([command, "--help"] if command else ["--help"])
    assert exit.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: rummyhall") and not re.search(r"[\u4e00-\u9fff]", out)


def test_every_command_module_is_listed() -> None:
    assert [m.__name__.rsplit(".", 1)[1] for m in COMMANDS] == [
        "serve", "play", "solve", "replay", "review", "export", "match", "arena", "backup",
        "restore", "moderator",
    ]  # fmt: skip


@pytest.mark.parametrize(
    "argv",
    [["--lang", "zh", "solve", "gin", "AS 2S 3S"], ["solve", "gin", "AS 2S 3S", "--lang", "zh"]],
)
def test_lang_before_or_after_the_command(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 0
    assert "最少散牌：0 点" in capsys.readouterr().out


def test_both_languages_fill_the_same_fields() -> None:
    fields = string.Formatter()
    for key, (english, chinese) in i18n.TEXTS.items():
        names = [{f for _, f, _, _ in fields.parse(text) if f} for text in (english, chinese)]
        assert names[0] == names[1], key
