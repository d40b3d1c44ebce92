"""A setting's meaning, bounds and flag, and the headings of ``rummyhall serve --help``."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

STORAGE = "storage and cluster"
ROOMS = "rooms and bots"
RATES = "rates per client"
CONNECTIONS = "connections"
PRIVACY = "privacy"
MODERATION = "moderation"
TESTS = "test hooks"
"""The headings of ``rummyhall serve --help``, in the order the fields below meet them."""


class SettingError(ValueError):
    """A setting's value is refused; ``setting`` names the field, ``problem`` says why
    (the command line names the flag instead)."""

    def __init__(self, setting: str, problem: str) -> None:
        super().__init__(f"{setting}: {problem}")
        self.setting = setting
        self.problem = problem


@dataclass(frozen=True)
class About:
    """One setting's meaning, bounds and flag (the metadata of its field)."""

    help: str
    group: str | None
    """The ``--help`` heading of its flag; ``None``: no flag."""
    flag: str | None
    """The flag's name where it is not the field's (``--db``, ``--rate``)."""
    metavar: str | None
    positive: bool
    at_least: float | None
    burst_of: tuple[str, float] | None
    """A token bucket's burst that the command line sets from its rate: ``(rate field,
    factor)``, at least 1."""

    def check(self, name: str, value: object) -> None:
        """Refuse a number out of bounds (NaN too): a :class:`SettingError`."""
        if not isinstance(value, int | float):
            return
        if self.positive and not value > 0:
            raise SettingError(name, f"must be positive, got {value!r}")
        if self.at_least is not None and not value >= self.at_least:
            bound = (
                "must not be negative"
                if self.at_least == 0
                else f"must be at least {self.at_least:g}"
            )
            raise SettingError(name, f"{bound}, got {value!r}")


def setting(
    default: Any,
    help: str,
    *,
    group: str | None = None,
    flag: str | None = None,
    metavar: str | None = None,
    positive: bool = False,
    at_least: float | None = None,
    burst_of: tuple[str, float] | None = None,
) -> Any:
    """A field of :class:`Settings` with its :class:`About`."""
    about = About(help, group, flag, metavar, positive, at_least, burst_of)
    return dataclasses.field(default=default, metadata={"about": about})


def about(field: dataclasses.Field[Any]) -> About:
    """What a field of :class:`Settings` means (its :func:`setting`)."""
    found: About = field.metadata["about"]
    return found
