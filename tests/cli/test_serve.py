"""``rummyhall serve``'s flags are made from the ``Settings`` fields: each flag sets its
field, the defaults are the fields', and a bad value is refused naming the flag."""

from __future__ import annotations

import argparse
import dataclasses
import os
import subprocess
import sys
from typing import Any

import pytest

from rummyhall.cli import build_parser, main, serve
from rummyhall.server.settings import Settings, about


def parsed(*flags: str) -> argparse.Namespace:
    return build_parser().parse_args(["serve", *flags])


FLAGGED = [field for field in dataclasses.fields(Settings) if about(field).group is not None]

OTHER_VALUES: dict[str, tuple[str, Any]] = {
    "database_url": ("sqlite:///elsewhere.db", "sqlite:///elsewhere.db"),
    "redis_url": ("redis://127.0.0.1:6379/1", "redis://127.0.0.1:6379/1"),
    "away_level": ("easy", "easy"),
    "bot_levels": ("easy,medium", ("easy", "medium")),
    "clocks": ("10+20, ,", ("10+20",)),
    "trusted_proxies": ("10.0.0.0/8,127.0.0.1", ("10.0.0.0/8", "127.0.0.1")),
    "match_seed": ("7", 7),
    "fault_point": ("finish_match:before:2", "finish_match:before:2"),
    "metrics_port": ("9100", 9100),
    "metrics_address": ("10.0.0.5", "10.0.0.5"),
    "review_worlds": ("16", 16),
    "blocked_words": (os.devnull, os.devnull),  # a file that is there (and lists nothing)
}
"""A value other than the default for each flag that is not a number or a switch."""


def test_the_defaults_are_the_settings_defaults() -> None:
    assert serve.settings_from(parsed()) == Settings()


@pytest.mark.parametrize("field", FLAGGED, ids=lambda field: field.name)
def test_each_flag_sets_its_setting(field: dataclasses.Field[Any]) -> None:
    flag = serve.flag_of(field)
    if isinstance(field.default, bool):
        flags, expected = [flag], True
    elif field.name in OTHER_VALUES:
        text, expected = OTHER_VALUES[field.name]
        flags = [flag, text]
        if field.name == "bot_levels":  # the away level must stay one of them
            flags += ["--away-level", "easy"]
    else:
        expected = field.default * 2
        flags = [flag, str(expected)]
    assert getattr(serve.settings_from(parsed(*flags)), field.name) == expected


def test_a_rate_sets_its_burst() -> None:
    settings = serve.settings_from(
        parsed("--rate", "0.3", "--creation-rate", "5", "--guess-rate", "7.5")
    )
    assert (settings.messages_per_second, settings.message_burst) == (0.3, 1)
    assert (settings.creations_per_minute, settings.creation_burst) == (5, 10)
    assert (settings.room_guesses_per_minute, settings.room_guess_burst) == (7.5, 7)


@pytest.mark.parametrize(
    ("flags", "words"),
    [
        (("--rate", "0"), "--rate: must be positive, got 0.0"),
        (("--away-after", "-1"), "--away-after: must not be negative, got -1.0"),
        (("--max-body", "10"), "--max-body: must be at least 1024, got 10"),
        (("--clocks", "off"), "--clocks: lists the clocks besides 'off'"),
        (("--clocks", "30+x"), "--clocks: a clock is 'off' or TURN+BANK seconds"),
        (("--away-level", "wizard"), "--away-level: 'wizard' is not one of the bot levels"),
        (("--trusted-proxies", "proxy"), "--trusted-proxies: trusted proxy 'proxy' is not"),
        (("--fault-point", "nowhere"), "--fault-point: fault point 'nowhere': expected"),
    ],
)
def test_a_bad_value_is_refused_naming_its_flag(
    capsys: pytest.CaptureFixture[str], flags: tuple[str, ...], words: str
) -> None:
    assert main(["serve", *flags]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("rummyhall: ") and "Traceback" not in err
    assert words in err


def test_a_value_of_the_wrong_type_is_refused_by_the_parser(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit:
        main(["serve", "--hello-timeout", "soon"])
    assert exit.value.code == 2
    assert "argument --hello-timeout: invalid float value: 'soon'" in capsys.readouterr().err


def test_the_command_line_does_not_load_the_server() -> None:
    """Reading the settings' flags loads neither the app nor its web framework, so every
    command (and ``serve --help``) starts quickly."""
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, rummyhall.cli; print(*sorted(sys.modules))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert "rummyhall.server.settings" in loaded
    assert not {"rummyhall.server.app", "starlette", "sqlalchemy", "pydantic"} & set(loaded)
