"""A seek as the pools keep it (in memory, or in Redis across processes): the pool it
is in, the seek the rules read, who made it and where his connection is, and what a
table of it opens; and a table a pass seated."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any, NamedTuple

from rummyhall.server.pairing.rules import Seek


@dataclass(frozen=True)
class PoolKey:
    """What makes a pool: the game, its options (validated, as JSON), clock, seats and
    whether it is rated."""

    game: str
    options: str
    clock: str
    seats: int
    rated: bool

    @property
    def name(self) -> str:
        """The pool's name in Redis keys: the key itself, as JSON."""
        return json.dumps([self.game, self.options, self.clock, self.seats, self.rated])


@dataclass(frozen=True)
class SeekRecord:
    """One seek in its pool."""

    seek: Seek
    pool: PoolKey
    node: str
    """The process holding the seeker's connection (``local`` in one process)."""
    nickname: str
    options: dict[str, Any]
    """The options as the seek asked for them (the table's, with its seat count)."""
    seat_key: str | None
    """The option that says how many sit at the table (Indian, Rummikub), or ``None``."""

    def to_json(self) -> str:
        return json.dumps({**asdict(self), "name": self.pool.name})

    @classmethod
    def from_json(cls, text: str) -> SeekRecord:
        data = json.loads(text)
        return cls(
            Seek(**data["seek"]),
            PoolKey(**data["pool"]),
            data["node"],
            data["nickname"],
            data["options"],
            data["seat_key"],
        )


@dataclass
class SeatedTable:
    """A table a pass seated: its id (the key its room is opened with, once), its
    seeks in seat order, and the seeks its players had in other pools, ended."""

    id: str
    seeks: list[SeekRecord]
    ended: list[SeekRecord] = field(default_factory=list)


Held = Callable[[str], SeekRecord | None]
"""A seek by its id if a connection of this process holds it now (else ``None``)."""


class Recovered(NamedTuple):
    """What a process's look for lost seeks found: ``tables`` dead processes seated and
    did not open, to open here; this process's seeks ``replaced`` by their players' newer
    seeks while they were out of the pools (their windows are told so)."""

    tables: list[SeatedTable]
    replaced: list[SeekRecord]
