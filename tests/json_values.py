"""What the view tests look for in JSON values."""

from __future__ import annotations


def card_strings(value: object) -> list[str]:
    """Every string in a JSON value (keys excluded), where a card name could hide."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in card_strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in card_strings(v)]
    return []
