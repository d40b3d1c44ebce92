"""The server's messages to a client (docs/protocol.md): what a room, a seat's state, a
refusal, a chat line, a clock or an invitation says, each a pydantic model; the client's
own are :mod:`rummyhall.server.wire.protocol`'s. :func:`protocol_schema` publishes
both as JSON Schema (``GET /api/protocol``)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import orjson
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from rummyhall.server.wire.i18n import Locale
from rummyhall.server.wire.protocol import (
    PROTOCOL_VERSION,
    ClientMessageType,
    ProtocolError,
    Reaction,
)


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
    rated: bool = True
    """Its matches between people move ratings; ``False``: casual."""
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


class ModerationNotice(BaseModel):
    """One moderator's decision about you (docs/protocol.md, "Moderation")."""

    id: int
    kind: str
    """``warn``, ``mute``, ``suspend_play``, ``suspend_site`` or ``lift``."""
    reason: str
    at: str
    until: str | None
    """When a mute or suspension ends; ``null``: for good (or, a warning, no end)."""
    lifted_at: str | None = None
    report: int | None = None


class ModerationMessage(ServerMessage):
    """What holds against you: after ``welcome`` when something does (mutes and
    suspensions, warnings of the last day), and at once when a moderator acts
    (``latest``: that action; ``standing`` may then be empty, after a ``lift``)."""

    type: Literal["moderation"] = "moderation"
    standing: list[ModerationNotice]
    latest: ModerationNotice | None = None


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


class PoolInfo(BaseModel):
    """A quick pairing pool as a seek chose it."""

    game: str
    title: str
    """``Gin Rummy``, ``Indian Rummy · Pool 101``: what the lobby calls the variant."""
    options: dict[str, Any]
    clock: str
    seats: int
    """A full table."""
    min_seats: int
    """The fewest players this seeker accepts."""
    rated: bool
    """Rated or casual (each has its pools)."""
    rating_range: int | None = None
    """The most points either side this seeker accepts (``None``: any, in time)."""


class SeekingMessage(ServerMessage):
    """Your quick pairing seek is in its pool: sent when it enters and when what it
    says changes (at most about once a second)."""

    type: Literal["seeking"] = "seeking"
    pool: PoolInfo
    rating: int
    """Your rating in the game, as pairing uses it (docs/pairing.md)."""
    provisional: bool
    """Your rating there is provisional: too few rated matches yet (shown "1000?")."""
    waiting: int
    """Seeks in the pool, yours included."""
    playing: int
    """Matches of the game being played."""
    waited: float
    """Seconds your seek has waited."""
    window: float | None
    """Rating points either side your seek accepts now (``None``: any rating)."""
    starts_in: float | None = None
    """A table short of full holds you: seconds before it starts as it is."""
    computer_after: float
    """Seconds of waiting after which the client offers the computer instead."""
    ref: str | None = None


class SeekEndedMessage(ServerMessage):
    """Your quick pairing seek has left its pool unpaired: ``cancelled`` (you asked),
    ``replaced`` (your seek from another window took its place), ``playing`` (you were
    paired in another pool) or ``failed`` (the table could not be opened, or you may
    not play it: ``code`` says why, as an error would; ``suspended_play`` ends a rated
    seek of a player a moderator suspended from rated play)."""

    type: Literal["seek_ended"] = "seek_ended"
    reason: Literal["cancelled", "replaced", "playing", "failed"]
    code: str | None = None
    message: str | None = None
    ref: str | None = None


class PairedMessage(ServerMessage):
    """Quick pairing seated you: ``room`` (join it as a player: your seat is ``seat``)
    and its match has started, or (``started: false``) you took an open seat of a
    public room whose host has not started it yet."""

    type: Literal["paired"] = "paired"
    room: str
    seat: int
    players: list[PlayerInfo]
    """The table's players, seat by seat (at an open seat: those seated so far)."""
    started: bool = True


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
    | ModerationMessage
    | ClockMessage
    | InvitedMessage
    | SeekingMessage
    | SeekEndedMessage
    | PairedMessage
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
