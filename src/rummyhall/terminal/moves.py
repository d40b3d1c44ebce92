"""What happened, one line an event (the events in a view's ``moves`` or from ``apply``).

Events carry public information only, so the same lines serve every seat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text

from rummyhall.terminal.cards import pieces_text
from rummyhall.terminal.games import terminal_of
from rummyhall.terminal.i18n import tr, tr_text


def describe(event: Mapping[str, Any], names: Sequence[str], game: str) -> Text | None:
    """One line for a move event, or ``None`` for bookkeeping events (scores, deals)."""
    kind = event["type"]
    seat = event.get("seat")
    who = names[seat] if seat is not None else ""
    if kind == "draw":
        source = event.get("source")
        if source == "discard":
            return _line("ev.draw_discard", who, card=event["card"])
        return Text(tr("ev.draw_pool" if source == "pool" else "ev.draw_stock", who=who))
    if kind == "pass":
        return Text(tr(terminal_of(game).pass_event, who=who))
    if kind == "discard":
        return _line("ev.discard", who, card=event["card"])
    if kind == "knock":
        return _line("ev.gin" if event.get("gin") else "ev.knock", who, card=event["discard"])
    if kind == "declare":
        return _line("ev.declare", who, card=event["discard"])
    if kind == "wrong_show":
        return Text(tr("ev.wrong_show", who=who, n=event["penalty"]))
    if kind == "drop":
        drop = tr(f"ev.drop.{event['kind']}")
        return Text(tr("ev.drop", who=who, kind=drop, n=event["penalty"]))
    if kind == "reshuffle":
        return Text(tr("ev.reshuffle"))
    if kind == "play":
        return _line("ev.play", who, tiles=event["played"])
    return None


def _line(key: str, who: str, **pieces: str | list[str]) -> Text:
    """A text whose ``{card}``/``{tiles}`` field is drawn as coloured pieces."""
    drawn = {
        field: pieces_text([value] if isinstance(value, str) else value)
        for field, value in pieces.items()
    }
    return tr_text(key, who=who, **drawn)
