"""The versioned JSON protocol between a client and the server (docs/protocol.md).

One WebSocket per client carries JSON text messages, each an object with a ``type``.
The client says ``hello`` with its token, ``join``s a room as a player or spectator, and
sends ``action``s tagged with the state counter (``turn``) it saw; the server answers
with ``room`` (seats, who is away, spectators), ``state`` (the seat's own view, its legal
actions, the new events, scores) and ``error`` (a code, the rule ID for an illegal
action, a message), and never changes anything on an error.

Every message is a pydantic model here; :func:`protocol_schema` publishes them all as
JSON Schema (``GET /api/protocol``).
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

import orjson
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


REACTIONS = ("thumbs_up", "clap", "laugh", "wow", "sad", "good_game")
"""The quick reactions (the client draws each as an emoji)."""
Reaction = Literal["thumbs_up", "clap", "laugh", "wow", "sad", "good_game"]


class ChatRequest(ClientMessage):
    """Say something in the room (players and spectators; see
    :mod:`~rummyhall.server.rooms.chat`)."""

    type: Literal["chat"]
    text: str = Field(max_length=800)


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
    | HandOver,
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


# ---------------------------------------------------------------- server → client


class ServerMessage(BaseModel):
    model_config = ConfigDict(frozen=True)


class PlayerInfo(BaseModel):
    id: str
    nickname: str


class SeatInfo(BaseModel):
    seat: int
    occupant: Literal["open", "human", "bot"]
    player: PlayerInfo | None = None
    bot: str | None = None
    """The bot level of a bot seat."""
    connected: bool = False
    """A human seat with an open connection (bots are always connected)."""
    away: bool = False
    """The player has been gone longer than ``away_after``: the away bot plays for him."""


class MatchInfo(BaseModel):
    id: str
    number: int
    """1 for the first match in the room, then one more per rematch."""
    over: bool


class PauseInfo(BaseModel):
    """Between two parts of a match: who the next part waits for."""

    waiting: list[int]
    """The human seats that have not closed the result yet."""
    seconds: float | None = None
    """Seconds left (when sent) before the next part starts anyway; ``None``: no
    timeout (a lone player against bots)."""


class RoomInfo(BaseModel):
    code: str
    link: str
    """Path of the shareable invitation link (relative to the server)."""
    game: str
    title: str
    options: dict[str, Any]
    public: bool
    spectators_allowed: bool
    hints: bool
    spectator_chat: bool = False
    """Spectators' chat messages reach the players too."""
    host: PlayerInfo
    status: Literal["waiting", "playing", "finished", "closed"]
    seats: list[SeatInfo]
    spectators: int
    away_after: float
    clock: str = "off"
    """The turn clock: ``off`` or ``TURN+BANK`` seconds (``30+60``)."""
    match: MatchInfo | None = None
    pause: PauseInfo | None = None
    """Set while the next part waits for the players to close the last one's result."""


class RoomPage(BaseModel):
    """``GET /api/rooms``: one page of the public rooms (waiting first, then by code)."""

    rooms: list[RoomInfo]
    next: str | None
    """The ``cursor`` of the next page, or ``None`` on the last one."""
    total: int
    """Public rooms that match the filters, on every page together."""


class LegalAction(BaseModel):
    """One legal action, exactly as it is to be sent back, with what a button needs: the
    engine's facts about it (``GameState.action_facts``), ``null`` where it has none."""

    action: dict[str, Any]
    gin: bool | None = None
    """Gin ``knock``: whether it is gin (no deadwood left)."""
    deadwood: int | None = None
    """Gin ``knock``: the deadwood left after this discard."""
    valid: bool | None = None
    """Indian ``declare``: whether the declaration is valid (IND-9); a manual one that is
    not is a wrong show (IND-12)."""
    melds: list[dict[str, Any]] | None = None
    """Indian ``declare``: the melds declared (``{"kind", "cards"}``), if valid."""
    penalty: int | None = None
    """Indian ``declare``: what it costs the declarer (0, or a wrong show's 80)."""


class Welcome(ServerMessage):
    type: Literal["welcome"] = "welcome"
    protocol: int = PROTOCOL_VERSION
    player: PlayerInfo
    limits: dict[str, float]


class RoomMessage(ServerMessage):
    type: Literal["room"] = "room"
    room: RoomInfo
    you: int | None
    """Your seat, or ``None`` as a spectator."""


class StateMessage(ServerMessage):
    """The game as one seat (or a spectator, ``seat: null``) may see it."""

    type: Literal["state"] = "state"
    room: str
    turn: int
    """The state counter: tag your next action with it."""
    seat: int | None
    view: dict[str, Any]
    """The engine's view for this seat (its own hand, public piles and counts, the
    hand's moves, the result and the match score sheet); never another seat's secret."""
    legal: list[LegalAction]
    """Your legal actions when it is your turn, else empty."""
    legal_complete: bool
    """False where ``legal`` lists suggestions only (Rummikub: any valid table may be
    played; use ``check`` to validate a draft)."""
    events: list[dict[str, Any]]
    """What happened since the previous ``state`` (empty on join/reconnect)."""
    actor: Literal["player", "bot", "away", "clock"] | None = None
    """Who made the action behind ``events``: the seat's player or bot, the away bot, or
    the computer for a person whose clock ran out (``null`` on join/reconnect)."""
    arrangement: dict[str, Any] | None = None
    """The solver's best layout of your own hand (Gin: melds, deadwood, points; Indian:
    melds with their kinds, deadwood, penalty): the live deadwood or penalty."""
    current_player: int | None
    scores: list[int]
    """Per seat: the match's running totals (Indian pools: minus penalties; Deals: chips)."""
    over: bool


def state_text(
    *,
    room: str,
    turn: int,
    seat: int | None,
    view: dict[str, Any],
    legal: list[dict[str, Any]],
    legal_complete: bool,
    events: list[dict[str, Any]],
    actor: str | None,
    arrangement: dict[str, Any] | None,
    current_player: int | None,
    scores: list[int],
    over: bool,
) -> str:
    """A ``StateMessage`` as JSON text, byte for byte what the model would send, without
    building it: every action sends one to each seat, and pydantic's serializer of the
    free-form ``view`` took a tenth of the server's CPU (bench/load.py). Keys follow the
    model's fields; ``legal`` holds each ``LegalAction`` as a plain object, every
    field present (tests/server/test_state_text.py holds both to the same bytes)."""
    message = {
        "type": "state",
        "room": room,
        "turn": turn,
        "seat": seat,
        "view": view,
        "legal": legal,
        "legal_complete": legal_complete,
        "events": events,
        "actor": actor,
        "arrangement": arrangement,
        "current_player": current_player,
        "scores": scores,
        "over": over,
    }
    return orjson.dumps(message).decode()


class ErrorMessage(ServerMessage):
    type: Literal["error"] = "error"
    code: str
    message: str
    rule: str | None = None
    """For ``illegal``: the rule ID of docs/rulebook.md the action breaks."""
    turn: int | None = None
    """The current state counter, when a game is in progress."""
    ref: str | None = None


class CheckedMessage(ServerMessage):
    type: Literal["checked"] = "checked"
    turn: int
    ok: bool
    code: str | None = None
    rule: str | None = None
    message: str | None = None
    ref: str | None = None


class HintMessage(ServerMessage):
    type: Literal["hint"] = "hint"
    turn: int
    hint: dict[str, Any]
    """``arrangement`` (the solver's best layout of your hand) and ``suggestion`` (the
    medium bot's move in your place, or null)."""
    ref: str | None = None


class LeftMessage(ServerMessage):
    type: Literal["left"] = "left"
    room: str
    ref: str | None = None


class RemovedMessage(ServerMessage):
    """The host removed you from ``room`` before the start: your seat is open again."""

    type: Literal["removed"] = "removed"
    room: str


class ChatLine(BaseModel):
    id: int
    player: PlayerInfo
    seat: int | None
    """The sender's seat, ``null`` for a spectator."""
    text: str | None = None
    reaction: Reaction | None = None
    at: str


class ChatMessage(ServerMessage):
    """Chat lines of a room: the last ones when one joins (``history``), then each as
    it is said. Only what people typed: the server never adds game information."""

    type: Literal["chat"] = "chat"
    room: str
    lines: list[ChatLine]
    history: bool = False


class ClockMessage(ServerMessage):
    """The turn clock, sent when a turn begins or the clock's state changes, and on
    joining (:mod:`rummyhall.server.rooms.clock`). Seconds are counted from when it is sent."""

    type: Literal["clock"] = "clock"
    room: str
    turn: int
    """The state counter it was sent at."""
    setting: str
    """``off`` or ``TURN+BANK`` seconds (``30+60``)."""
    seat: int | None
    """The seat being timed (``None``: nobody's clock runs: a bot's turn, a pause)."""
    seconds: float | None = None
    """Of the turn's own time, what is left (then the bank runs); ``None`` without a clock."""
    bank: float | None = None
    """The timed seat's bank left."""
    banks: list[float]
    """Per seat, its bank for this part (empty without a clock)."""
    timeouts: list[int]
    """Per seat, timeouts in a row (three mark the seat away)."""
    expired: bool = False
    """The clock has run out: the computer is making the turn."""
    hand_over_in: float | None = None
    """Without a clock: seconds before the others may hand the seat over (0: now)."""
    votes: list[int] = Field(default_factory=list)
    """Seats that asked to hand it over."""


class InvitedMessage(ServerMessage):
    """Someone invited you to a room (sent wherever you are connected; your lobby lists
    invitations too: ``GET /api/me/invitations``)."""

    type: Literal["invited"] = "invited"
    room: str
    game: str
    by: PlayerInfo


class Pong(ServerMessage):
    type: Literal["pong"] = "pong"
    ref: str | None = None


ServerMessageType = Annotated[
    Welcome
    | RoomMessage
    | StateMessage
    | ErrorMessage
    | CheckedMessage
    | HintMessage
    | LeftMessage
    | RemovedMessage
    | ChatMessage
    | ClockMessage
    | InvitedMessage
    | Pong,
    Field(discriminator="type"),
]


def error_message(
    error: ProtocolError, locale: Locale, *, turn: int | None = None, ref: str | None = None
) -> ErrorMessage:
    return ErrorMessage(
        code=error.code, message=error.message(locale), rule=error.rule, turn=turn, ref=ref
    )


def protocol_schema() -> dict[str, Any]:
    """JSON Schemas of every client and server message."""
    return {
        "version": PROTOCOL_VERSION,
        "client": TypeAdapter(ClientMessageType).json_schema(),
        "server": TypeAdapter(ServerMessageType).json_schema(),
    }
