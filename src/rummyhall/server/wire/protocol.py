"""The versioned JSON protocol between a client and the server (docs/protocol.md).

One WebSocket per client carries JSON text messages, each an object with a ``type``.
The client says ``hello`` with its token, ``join``s a room as a player or spectator, and
sends ``action``s tagged with the state counter (``turn``) it saw; the server answers
with ``room`` (seats, who is away, spectators), ``state`` (the seat's own view, its legal
actions, the new events, scores) and ``error`` (a code, the rule ID for an illegal
action, a message), and never changes anything on an error.

The client's messages are pydantic models here, the server's in
:mod:`~rummyhall.server.wire.messages` (whose
:func:`~rummyhall.server.wire.messages.protocol_schema` publishes them all as JSON Schema,
``GET /api/protocol``).
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    GetCoreSchemaHandler,
    GetPydanticSchema,
    TypeAdapter,
    ValidationError,
)
from pydantic_core import CoreSchema, PydanticCustomError, core_schema

from rummyhall.actions import Action, action_from_json
from rummyhall.errors import NotationError
from rummyhall.server.wire.errors import ErrorCode
from rummyhall.server.wire.i18n import Locale, text

PROTOCOL_VERSION = 3
ROOM_CODE = r"^(?:[A-Z2-9]{6}|[A-Z2-9]{10})$"
"""An invite code: 10 characters since protocol 1's rooms got unguessable codes; rooms
opened before keep their 6."""
ID_MAX = 64
"""Characters of a client message's ``id``."""


class ProtocolError(Exception):
    """A refused request: ``code`` (:mod:`rummyhall.server.wire.errors`), the values its
    message needs, and for rule violations the ``rule`` ID (``GIN-4``…)."""

    def __init__(self, code: ErrorCode, *, rule: str | None = None, **values: object) -> None:
        super().__init__(code)
        self.code = code
        self.rule = rule
        self.values = values

    def message(self, locale: Locale) -> str:
        return text(self.code, locale, **self.values)


# ---------------------------------------------------------------- client → server


class ClientMessage(BaseModel):
    # Strict: a turn counter or a seat is a JSON number, never "1" or true.
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    id: str | None = Field(None, max_length=ID_MAX)
    """Echoed as ``ref`` in the direct answer, so a client can match replies."""


class Hello(ClientMessage):
    """First message on a connection: who is there."""

    type: Literal["hello"]
    protocol: int
    token: str = Field(min_length=16, max_length=128)
    locale: Locale = "en"


class Join(ClientMessage):
    """Enter a room by its code: take a seat (a free one, ``seat``, or the one already
    held: that is how a player reconnects) or watch as a spectator."""

    type: Literal["join"]
    room: str = Field(pattern=ROOM_CODE)
    role: Literal["player", "spectator"] = "player"
    seat: int | None = Field(None, ge=0, le=5)


class Leave(ClientMessage):
    """Leave the room: a seat is given up only before the game starts."""

    type: Literal["leave"]


class SetSeat(ClientMessage):
    """Host only, before the start: put a bot of ``level`` in a seat, or open it."""

    type: Literal["set_seat"]
    seat: int = Field(ge=0, le=5)
    occupant: Literal["bot", "open"]
    level: str | None = Field(None, max_length=16)


class Remove(ClientMessage):
    """Host only, before the start: send the player in ``seat`` away and open the seat;
    he may not take a seat in the room again for ``remove_ban`` seconds."""

    type: Literal["remove"]
    seat: int = Field(ge=0, le=5)


class Start(ClientMessage):
    """Host only: start the match once every seat is filled."""

    type: Literal["start"]


class Rematch(ClientMessage):
    """A seated player starts a new match with the same seats once the match is over."""

    type: Literal["rematch"]


def _read_action(data: dict[str, Any]) -> Action:
    try:
        return action_from_json(data)
    except NotationError as error:
        raise PydanticCustomError("invalid_action", "{detail}", {"detail": str(error)}) from None


def _action_schema(_source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
    """A JSON object (the schema says so), then read into an :class:`Action`."""
    return core_schema.no_info_after_validator_function(_read_action, handler(dict[str, Any]))


ActionField = Annotated[Action, GetPydanticSchema(_action_schema)]
"""An action in its JSON form, read once, as the message is validated: what is not an
object is ``malformed``, an object that names no action ``invalid_action``."""


class ActionRequest(ClientMessage):
    """Play ``action`` (its JSON form, e.g. ``{"type": "discard", "card": "7H"}``) on
    the state counter ``turn`` the client saw."""

    type: Literal["action"]
    turn: int = Field(ge=0)
    action: ActionField


class CheckRequest(ClientMessage):
    """Ask whether ``action`` would be legal now, changing nothing (Rummikub drafts,
    manual Indian declarations)."""

    type: Literal["check"]
    turn: int = Field(ge=0)
    action: ActionField


class HintRequest(ClientMessage):
    """Ask for a hint on the seat's own position (where the room allows hints): the move
    the medium bot would make and the solver's layout of the hand."""

    type: Literal["hint"]
    turn: int = Field(ge=0)


class Ready(ClientMessage):
    """A seated player has closed the result of a part: the next part starts once every
    human at the table has (or the room's pause times out)."""

    type: Literal["ready"]


class Ping(ClientMessage):
    type: Literal["ping"]


class Back(ClientMessage):
    """A seated player whose seat the computer plays (away, timed out, handed over)
    takes it back."""

    type: Literal["back"]


class HandOver(ClientMessage):
    """In a room without a clock: ask that ``seat``, whose turn has lasted past
    ``hand_over_after``, be played by the computer (a majority of the other connected
    players hands it over)."""

    type: Literal["hand_over"]
    seat: int = Field(ge=0, le=5)


class Seek(ClientMessage):
    """Quick pairing (docs/pairing.md): play ``game`` with ``options`` (a room's: the
    variant, and for Indian and Rummikub the seats) and ``clock`` against people near
    one's rating, at a table of ``min_seats``
    players or more (none: a full one), ``rated`` or casual, within ``rating_range``.
    Replaces the connection's seek, if any."""

    type: Literal["seek"]
    game: str = Field(max_length=16)
    options: dict[str, Any] = Field(default_factory=dict)
    clock: str = Field("off", max_length=16)
    min_seats: int | None = Field(None, ge=2, le=6)
    rated: bool = False
    """The match moves ratings (an account's only: ``rated_needs_account``); casual by
    default. Rated and casual seeks wait in separate pools."""
    rating_range: int | None = Field(None, ge=100, le=1000)
    """The most rating points either side the seeker accepts, however long he waits
    (``None``: any, once the window has widened; docs/pairing.md)."""


class CancelSeek(ClientMessage):
    """Stop the connection's quick pairing seek."""

    type: Literal["cancel_seek"]


REACTIONS = ("thumbs_up", "clap", "laugh", "wow", "sad", "good_game")
"""The quick reactions (the client draws each as an emoji)."""
Reaction = Literal["thumbs_up", "clap", "laugh", "wow", "sad", "good_game"]


class ChatRequest(ClientMessage):
    """Say something in the room (players and spectators; see
    :mod:`~rummyhall.server.rooms.chat`)."""

    type: Literal["chat"]
    text: str
    """Checked by the chat (``bad_chat``: 1 to 200 printable characters); the message's
    size limit (``too_large``) bounds it before."""


class ReactRequest(ClientMessage):
    """A quick reaction in the room's chat."""

    type: Literal["react"]
    reaction: Reaction


ClientMessageType = Annotated[
    Hello
    | Join
    | Leave
    | SetSeat
    | Remove
    | Start
    | Rematch
    | ActionRequest
    | CheckRequest
    | HintRequest
    | Ready
    | Ping
    | ChatRequest
    | ReactRequest
    | Back
    | HandOver
    | Seek
    | CancelSeek,
    Field(discriminator="type"),
]
_CLIENT = TypeAdapter(ClientMessageType)


def client_message_data(message: ClientMessageType) -> dict[str, Any]:
    """A parsed client message as JSON data again, which :func:`client_message_from_data`
    reads back into an equal message (to hand it to another server process)."""
    data = message.model_dump(exclude={"action"})
    if isinstance(message, ActionRequest | CheckRequest):
        data["action"] = message.action.to_json()
    return data


def client_message_from_data(data: dict[str, Any]) -> ClientMessageType:
    """:func:`client_message_data`'s message (validated again: it crossed a process)."""
    return _CLIENT.validate_python(data)


def parse_client_message(raw: str | bytes) -> ClientMessageType:
    """Validate one client message; raises :class:`ProtocolError` ``malformed``, or
    ``invalid_action`` for a message whose only fault is an action that cannot be read."""
    try:
        return _CLIENT.validate_json(raw)
    except ValidationError as error:
        errors = error.errors()
        # The message's own faults come first; an unreadable action only once it has none.
        shape = [each for each in errors if each["type"] != "invalid_action"]
        if not shape:
            raise ProtocolError("invalid_action", detail=errors[0]["ctx"]["detail"]) from None
        first = shape[0]
        where = ".".join(str(part) for part in first["loc"]) or "message"
        raise ProtocolError("malformed", detail=f"{where}: {first['msg']}") from None


def message_ref(raw: str | bytes) -> str | None:
    """The ``id`` of a message that failed validation, when its JSON still holds a
    string one of at most :data:`ID_MAX` characters: even ``malformed`` carries its ref.

    >>> message_ref('{"type": "action", "turn": "1", "id": "a7"}'), message_ref("[1]")
    ('a7', None)
    >>> message_ref('{"type": "ping", "id": "\\\\udca1"}') is None  # JSON allows a lone surrogate
    True
    """
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):  # not JSON, or nested past Python's stack
        return None
    ref = data.get("id") if isinstance(data, dict) else None
    if not isinstance(ref, str) or len(ref) > ID_MAX:
        return None
    try:
        ref.encode()
    except UnicodeEncodeError:  # a lone surrogate: no reply could be sent with it
        return None
    return ref
