"""Actions and events: small frozen values with a stable JSON form (DESIGN.md).

An interface turns input into an :class:`Action`; a game state validates and applies it
and answers with :class:`Event` values. Events carry public information only (a stock
draw says "from stock", never which card), so they can be broadcast to every seat.

>>> action_from_json({"type": "discard", "card": "7H"})
Discard(card='7H')
>>> Knock("7H").to_json()
{'type': 'knock', 'discard': '7H'}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, ClassVar

from rummyhall.errors import NotationError

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Action:
    """Base class of every action; ``type`` is the JSON tag."""

    type: ClassVar[str] = ""

    def to_json(self) -> JSON:
        return {"type": self.type}


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Take the top card of ``"stock"`` or of the ``"discard"`` pile."""

    type: ClassVar[str] = "draw"
    source: str

    def to_json(self) -> JSON:
        return {"type": self.type, "source": self.source}


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline the first upcard (GIN-2)."""

    type: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    type: ClassVar[str] = "discard"
    card: str

    def to_json(self) -> JSON:
        return {"type": self.type, "card": self.card}


@dataclass(frozen=True, slots=True)
class Knock(Action):
    """Discard ``discard`` face down and knock (gin when no deadwood is left)."""

    type: ClassVar[str] = "knock"
    discard: str

    def to_json(self) -> JSON:
        return {"type": self.type, "discard": self.discard}


Groups = tuple[tuple[str, ...], ...]
"""Cards grouped into melds, e.g. ``(("AH", "2H", "3H"), ("9S", "9D", "JK"))``, or a
Rummikub table of sets."""


@dataclass(frozen=True, slots=True)
class Declare(Action):
    """Discard ``discard`` and show a complete hand (Indian Rummy). ``groups`` is the
    player's own grouping, needed only under the ``manual_declaration`` option."""

    type: ClassVar[str] = "declare"
    discard: str
    groups: Groups | None = None

    def to_json(self) -> JSON:
        data: JSON = {"type": self.type, "discard": self.discard}
        if self.groups is not None:
            data["groups"] = [list(group) for group in self.groups]
        return data


@dataclass(frozen=True, slots=True)
class Drop(Action):
    """Leave the deal, paying the drop penalty (Indian Rummy)."""

    type: ClassVar[str] = "drop"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Submit the whole new table (Rummikub, RKB-4, RKB-5): the sets in any order, tiles
    in any order within a set."""

    type: ClassVar[str] = "play"
    table: Groups

    def to_json(self) -> JSON:
        return {"type": self.type, "table": [list(tiles) for tiles in self.table]}


_ACTION_TYPES: dict[str, type[Action]] = {
    cls.type: cls for cls in (Draw, Pass, Discard, Knock, Declare, Drop, Play)
}


def action_from_json(data: Mapping[str, Any]) -> Action:
    """Parse the JSON form of an action; raises :class:`NotationError` when malformed."""
    if not isinstance(data, Mapping) or "type" not in data:
        raise NotationError(f"an action is an object with a 'type': {data!r}")
    cls = _ACTION_TYPES.get(data["type"])
    if cls is None:
        raise NotationError(f"unknown action type {data['type']!r}")
    given = {k: v for k, v in data.items() if k != "type"}
    known = {f.name: f for f in fields(cls)}
    required = {name for name, f in known.items() if f.default is MISSING}
    if not required <= set(given) <= set(known):
        names = ", ".join(sorted(known)) or "no other fields"
        raise NotationError(f"action {data['type']!r} takes {names}: {data!r}")
    values: dict[str, Any] = {}
    for name, value in given.items():
        if name in ("groups", "table"):
            values[name] = None if value is None and name == "groups" else _groups(value, data)
        elif isinstance(value, str):
            values[name] = value
        else:
            raise NotationError(f"action {data['type']!r}: {name} must be a string: {data!r}")
    return cls(**values)


def _groups(value: Any, data: Mapping[str, Any]) -> Groups:
    if not isinstance(value, list) or not all(
        isinstance(group, list) and all(isinstance(card, str) for card in group) for group in value
    ):
        raise NotationError(f"groups and tables are lists of lists of names: {data!r}")
    return tuple(tuple(group) for group in value)


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, public to every seat. ``data`` is JSON-safe."""

    type: str
    seat: int | None = None
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> JSON:
        return {"type": self.type, "seat": self.seat, **self.data}
