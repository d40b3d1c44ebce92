"""How long what players leave behind is kept (docs/privacy.md)."""

from __future__ import annotations

from dataclasses import dataclass

from rummyhall.server.settings.about import PRIVACY, setting


@dataclass(frozen=True)
class PrivacySettings:
    """How long what players leave behind is kept (docs/privacy.md)."""

    chat_retention_days: float = setting(
        30.0, "days a chat line is kept; 0: for good", group=PRIVACY, metavar="DAYS", at_least=0
    )
    guest_game_retention_days: float = setting(
        90.0,
        "days a finished game among guests only (nobody at the table has an account) is "
        "kept, with its closed room; 0: for good",
        group=PRIVACY,
        metavar="DAYS",
        at_least=0,
    )
    retention_every: float = setting(
        3600.0,
        "seconds between two rounds of removing what is past its time",
        group=PRIVACY,
        positive=True,
    )
    """Every process runs the rounds; several at once do no harm (``storage.retention``)."""
