"""One exception hierarchy for the whole package.

Everything derives from :class:`RummyhallError`, itself a :class:`ValueError`, so callers
that only care about "bad input" can catch ``ValueError`` (as with python-chess).
"""

from __future__ import annotations


class RummyhallError(ValueError):
    """Base class of every error raised by rummyhall."""


class NotationError(RummyhallError):
    """A card, tile or action could not be parsed, or a collection of them is malformed."""


class IllegalAction(RummyhallError):
    """An action that the rules forbid in the current state.

    ``rule`` names the rule of docs/rulebook.md that forbids it (e.g. ``"GIN-4"``); the state the
    action was tried on is left exactly as it was. ``message`` is the English; ``key`` and
    ``values`` let a reader's language say the same (the server's ``RULE_MESSAGES``
    catalogue has each key's other languages, filled from ``values``).
    """

    def __init__(
        self,
        rule: str,
        message: str,
        *,
        key: str | None = None,
        values: dict[str, object] | None = None,
    ) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message
        self.key = key
        self.values = values or {}


def unknown_pile(rule: str, source: str) -> IllegalAction:
    """A draw from neither pile of the card games (Gin, Indian): the stock or the discard
    pile."""
    return IllegalAction(
        rule,
        f"draw from 'stock' or 'discard', not {source!r}",
        key="draw_source",
        values={"source": source},
    )


def not_in_hand(rule: str, card: str) -> IllegalAction:
    """A card named that the player does not hold."""
    return IllegalAction(
        rule, f"{card} is not in your hand", key="not_in_hand", values={"card": card}
    )
