"""Everything an operator can tune, in one frozen value, each setting stated once.

A field's :func:`setting` says all there is to say about it: its default, what it means,
its bounds and, when ``group`` is given, that it is a ``rummyhall serve`` flag listed under
that heading (``rummyhall/cli/serve.py`` makes the flags from these fields; the others
are set in code, by tests and benchmarks).

Defaults suit one small machine: an SQLite file in the working directory, a minute of
grace before an absent player's seat is played by the medium bot, and limits that keep
one client from starving the others.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from rummyhall.server.net.addresses import parse_networks
from rummyhall.server.people.blocked_words import BlockedWords
from rummyhall.server.settings.about import About, SettingError, about, setting
from rummyhall.server.settings.connections import ConnectionSettings
from rummyhall.server.settings.hooks import HookSettings
from rummyhall.server.settings.limits import LimitSettings
from rummyhall.server.settings.moderation import ModerationSettings
from rummyhall.server.settings.privacy import PrivacySettings
from rummyhall.server.settings.rates import RateSettings
from rummyhall.server.settings.rooms import RoomSettings
from rummyhall.server.settings.storage import StorageSettings
from rummyhall.server.storage.faults import FaultPoint

__all__ = ["About", "SettingError", "Settings", "about", "setting"]


@dataclass(frozen=True)
class Settings(
    HookSettings,
    ModerationSettings,
    PrivacySettings,
    LimitSettings,
    ConnectionSettings,
    RateSettings,
    RoomSettings,
    StorageSettings,
):
    """The server's settings, one frozen value: each concern's fields in a class above,
    each field a :func:`setting`. A dataclass takes its bases' fields from the last one
    first, so the fields (and ``serve --help``'s headings) come storage first."""

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            about(field).check(field.name, getattr(self, field.name))
        self._check_clocks()
        if self.away_level not in self.bot_levels:
            levels = ", ".join(self.bot_levels)
            raise SettingError(
                "away_level", f"{self.away_level!r} is not one of the bot levels: {levels}"
            )
        if self.lobby_page > self.lobby_page_max:
            raise SettingError("lobby_page", "must not be above lobby_page_max")
        if self.metrics_port is not None and self.metrics_port > 65535:
            raise SettingError("metrics_port", f"is no port, got {self.metrics_port}")
        try:  # a bad entry is refused at start-up
            parse_networks(self.trusted_proxies)
        except ValueError as error:
            raise SettingError("trusted_proxies", str(error)) from None
        try:  # read at start-up too: a bad file is refused before the server runs
            BlockedWords.load(self.blocked_words)
        except ValueError as error:
            raise SettingError("blocked_words", str(error)) from None
        try:
            if self.fault_point is not None:
                FaultPoint.parse(self.fault_point)
        except ValueError as error:
            raise SettingError("fault_point", str(error)) from None

    def _check_clocks(self) -> None:
        # Imported here: the command line reads these fields without loading the protocol.
        from rummyhall.server.rooms.clock import parse_clock

        for clock in self.clocks:
            try:
                parsed = parse_clock(clock)
            except ValueError as error:
                raise SettingError("clocks", str(error)) from None
            if parsed is None:
                raise SettingError("clocks", "lists the clocks besides 'off' (always offered)")
