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

import reprlib
from collections.abc import Mapping
from dataclasses import MISSING, Field, dataclass, field, fields
from functools import lru_cache
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
_FIELDS: dict[str, dict[str, Field[Any]]] = {
    kind: {f.name: f for f in fields(cls)} for kind, cls in _ACTION_TYPES.items()
}

SIMPLE_ACTIONS_KEPT = 1024
"""Parsed one-string actions (a draw, a discard, a knock) remembered and handed out
again: actions are immutable, and a game keeps every action it applied, so a server's
matches then share one object per card instead of one per move."""


@lru_cache(maxsize=SIMPLE_ACTIONS_KEPT)
def _simple_action(kind: str, name: str, value: str) -> Action:
    return _ACTION_TYPES[kind](**{name: value})


def action_from_json(data: Mapping[str, Any]) -> Action:
    """Parse the JSON form of an action; raises :class:`NotationError` naming the field
    at fault when it is malformed (any JSON value may come in from a client)."""
    if not isinstance(data, Mapping):
        raise NotationError(f"an action is an object with a 'type', not {_brief(data)}")
    if "type" not in data:
        raise NotationError("an action needs the field 'type'")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _ACTION_TYPES:
        known = ", ".join(sorted(_ACTION_TYPES))
        raise NotationError(f"action field 'type' must be one of {known}, not {_brief(kind)}")
    cls = _ACTION_TYPES[kind]
    known_fields = _FIELDS[kind]
    for name in data:
        if name != "type" and name not in known_fields:
            takes = ", ".join(sorted(known_fields)) or "no other fields"
            raise NotationError(f"action {kind!r} has no field {_brief(name)} (it takes {takes})")
    values: dict[str, Any] = {}
    for name, spec in known_fields.items():
        if name not in data:
            if spec.default is MISSING:
                raise NotationError(f"action {kind!r} needs the field {name!r}")
            continue
        value = data[name]
        if name == "groups" and value is None:
            values[name] = None
        elif name in ("groups", "table"):
            values[name] = _groups(kind, name, value)
        elif isinstance(value, str):
            values[name] = value
        else:
            raise NotationError(f"action {kind!r}: {name} must be a string, not {_brief(value)}")
    if len(known_fields) == 1 and len(values) == 1:
        ((name, value),) = values.items()
        return _simple_action(kind, name, value)
    return cls(**values)


def _groups(kind: str, name: str, value: Any) -> Groups:
    if not isinstance(value, list) or not all(
        isinstance(group, list) and all(isinstance(card, str) for card in group) for group in value
    ):
        raise NotationError(
            f"action {kind!r}: {name} must be a list of lists of names, not {_brief(value)}"
        )
    return tuple(tuple(group) for group in value)


BRIEF = 60
"""Characters of a bad value quoted in an error: enough to recognise it, while a huge
payload does not make a huge message."""


def _brief(value: object) -> str:
    text = reprlib.repr(value)  # bounded in depth and length, whatever comes in
    return text if len(text) <= BRIEF else text[: BRIEF - 1] + "…"


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, public to every seat. ``data`` is JSON-safe."""

    type: str
    seat: int | None = None
    data: Mapping[str, Any] = field(default_factory=dict)
    _json: JSON | None = field(default=None, init=False, repr=False, compare=False)
    """The JSON form, made once: every view lists the hand's events so far (``moves``),
    so a server asks each event for it again on every action of the hand."""

    def to_json(self) -> JSON:
        """A fresh dict (sharing ``data``'s values, as ``{**data}`` would)."""
        made = self._json
        if made is None:
            made = {"type": self.type, "seat": self.seat, **self.data}
            object.__setattr__(self, "_json", made)
        return made.copy()
