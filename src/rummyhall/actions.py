"""Actions and events: small frozen values with a stable JSON form (docs/design.md).

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
from dataclasses import MISSING, Field, dataclass, field, fields
from functools import lru_cache
from typing import Any, ClassVar, NoReturn

from rummyhall.arguments import quoted
from rummyhall.errors import NotationError

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Action:
    """Base class of every action; ``type`` is the JSON tag.

    Fields are checked when an action is made, by a script or from a client's JSON
    alike, so no state ever meets a malformed one: a bad field is a
    :class:`NotationError` naming it (``Play(None)``), and groups given as lists are
    kept as tuples, so equal actions compare equal.
    """

    type: ClassVar[str] = ""

    def __post_init__(self) -> None:
        names: tuple[str, ...] = self.__match_args__  # the fields, as dataclass lists them
        for name in names:
            value = getattr(self, name)
            if type(value) is str and name not in _GROUP_FIELDS:
                continue  # the common case, kept cheap: actions are made in bots' loops
            checked = _field_value(self.type, name, value)
            if checked is not value:
                object.__setattr__(self, name, checked)

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
        raise NotationError(f"an action is an object with a 'type', not {quoted(data)}")
    if "type" not in data:
        raise NotationError("an action needs the field 'type'")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _ACTION_TYPES:
        known = ", ".join(sorted(_ACTION_TYPES))
        raise NotationError(f"action field 'type' must be one of {known}, not {quoted(kind)}")
    cls = _ACTION_TYPES[kind]
    known_fields = _FIELDS[kind]
    for name in data:
        if name != "type" and name not in known_fields:
            takes = ", ".join(sorted(known_fields)) or "no other fields"
            raise NotationError(f"action {kind!r} has no field {quoted(name)} (it takes {takes})")
    for name, spec in known_fields.items():
        if name not in data and spec.default is MISSING:
            raise NotationError(f"action {kind!r} needs the field {name!r}")
    values = {name: data[name] for name in known_fields if name in data}
    if len(known_fields) == 1 and len(values) == 1:
        ((name, value),) = values.items()
        # A draw, a discard, a knock: shared. Only short values (a card, a tile, a pile)
        # are remembered, so the memory of them stays small whatever clients send.
        if type(value) is str and len(value) <= 8:
            return _simple_action(kind, name, value)
    return cls(**values)


def require_action(value: object) -> Action:
    """``value`` if it is an action: what the state API (``is_legal``, ``apply``) takes;
    a :class:`NotationError` naming the argument otherwise."""
    if isinstance(value, Action):
        return value
    json_form = " (apply_json() takes the JSON form)" if isinstance(value, Mapping) else ""
    raise NotationError(
        f"action must be an Action such as Draw('stock') or Discard('7H'), "
        f"not {quoted(value)}{json_form}"
    )


_GROUP_FIELDS = ("groups", "table")


def _field_value(kind: str, name: str, value: Any) -> Any:
    """A field of an action as it is kept: names are strings, groups tuples of them."""
    if name == "groups" and value is None:
        return None
    if name in _GROUP_FIELDS:
        return _groups(kind, name, value)
    if not isinstance(value, str):
        raise NotationError(f"action {kind!r}: {name} must be a string, not {quoted(value)}")
    return value


def _groups(kind: str, name: str, value: Any) -> Groups:
    if isinstance(value, list | tuple) and all(map(_is_group, value)):
        if type(value) is tuple and all(type(group) is tuple for group in value):
            return value
        return tuple(map(tuple, value))
    raise NotationError(
        f"action {kind!r}: {name} must be a list of lists of names, not {quoted(value)}"
    )


def _is_group(group: object) -> bool:
    return isinstance(group, list | tuple) and all(isinstance(card, str) for card in group)


class FrozenJSON(dict[str, Any]):
    """A JSON object that refuses changes: an event's JSON form, made once and then
    shared by every view that lists the event, so changing it would rewrite that history
    for every later view. ``dict(frozen)`` (or ``frozen.copy()``) is an ordinary copy."""

    __slots__ = ()

    def _refuse(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("an event's JSON is read-only: change a copy, dict(event_json)")

    __setitem__ = __delitem__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse
    __ior__ = _refuse

    def copy(self) -> dict[str, Any]:
        return dict(self)

    def __reduce__(self) -> tuple[type[FrozenJSON], tuple[dict[str, Any]]]:
        return FrozenJSON, (dict(self),)


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, public to every seat. ``data`` is JSON-safe."""

    type: str
    seat: int | None = None
    data: Mapping[str, Any] = field(default_factory=dict)
    _json: FrozenJSON | None = field(default=None, init=False, repr=False, compare=False)

    def to_json(self) -> JSON:
        """The JSON form, read-only (a :class:`FrozenJSON`) and made once: every view
        lists the hand's events so far (``moves``), so a server asks each event for it
        on every action of the hand, and copying it each time cost more than all the
        rest of a view."""
        made = self._json
        if made is None:
            made = FrozenJSON({"type": self.type, "seat": self.seat, **self.data})
            object.__setattr__(self, "_json", made)
        return made
