"""The rooms and matches as the storage hands them to the server (plain values, no
session attached), the one conflict a write can meet, and why an account was refused."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

AccountRefusal = Literal["already_claimed", "username_taken"]
"""Why an account was not made: error codes (of the wire's ``ErrorCode``, which storage
does not import)."""


class LogConflict(Exception):
    """A turn logged twice: another process wrote it first (a room's former owner,
    still playing after it lost its lease). The log's key admits one action per turn, so
    a match never forks; the room is read again from the log."""


@dataclass
class StoredMatch:
    id: str
    number: int
    seed: int
    options: dict[str, Any]
    seats: list[Any]
    status: str
    log: list[dict[str, Any]] = field(default_factory=list)
    movers: list[tuple[int, str]] = field(default_factory=list)
    """Per logged action, its seat and who made it (``player``, ``bot``, ``away``,
    ``clock``): whether each person moved himself, and who moved last for him."""
    clock: dict[str, Any] | None = None
    """The turn clock as the log's last action left it (``None``: no action yet)."""
    started: float = 0.0
    """When the match began (wall clock, seconds): its first turn's start."""


@dataclass
class StoredRoom:
    """A room as saved, with its latest match and that match's action log."""

    id: str
    code: str
    game: str
    options: dict[str, Any]
    public: bool
    spectators: bool
    hints: bool
    host_id: str
    seats: list[Any]
    status: str
    match: StoredMatch | None = None
    spectator_chat: bool = False
    """Spectators' chat messages reach the players too (the host's choice)."""
    clock: str = "off"
    """The turn clock (:mod:`rummyhall.server.rooms.clock`)."""
    rated: bool = True
    """Its matches between people move ratings (``False``: casual)."""


@dataclass(frozen=True)
class Creation:
    """A room creation's ``Idempotency-Key``, its body's digest and, once committed,
    the room it opened."""

    key: str
    digest: str
    room_id: str = ""
    code: str = ""


@dataclass(frozen=True)
class PairedTable:
    """A table quick pairing seated, to open in one commit with the others of its pass:
    its room (``playing``), the creation key that opens it once, and its first match."""

    room: StoredRoom
    creation: Creation
    match: StoredMatch
