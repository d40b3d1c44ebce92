"""What chat may say: the words masked in it (docs/operations.md, "Moderators")."""

from __future__ import annotations

from dataclasses import dataclass

from rummyhall.server.settings.about import MODERATION, setting


@dataclass(frozen=True)
class ModerationSettings:
    """What chat may say."""

    blocked_words: str | None = setting(
        None,
        "a text file of words masked with asterisks in chat: one word or phrase a line "
        "under [LANGUAGE] headings (rummyhall.server.people.blocked_words)",
        group=MODERATION,
        metavar="FILE",
    )
