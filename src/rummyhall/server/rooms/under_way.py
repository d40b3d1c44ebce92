"""The matches under way, by game, and the people seated at them: on this process and,
in a cluster, on the others (as the shared lobby said a moment ago). With Redis out of
reach, this process's alone, and said to be so: who is here and quick pairing's figures
go on answering rather than failing."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from dataclasses import dataclass, field

from rummyhall.server.rooms.lobby import Lobby
from rummyhall.server.wire.protocol import ProtocolError


@dataclass
class UnderWay:
    matches: Counter[str] = field(default_factory=Counter)
    """Matches under way, by game."""
    players: dict[str, set[str]] = field(default_factory=dict)
    """The people seated at them, by game."""
    whole: bool = True
    """``False``: the other processes' rooms are missing (Redis out of reach)."""

    def add(self, game: str, seated: set[str]) -> None:
        self.matches[game] += 1
        self.players.setdefault(game, set()).update(seated)


async def under_way(lobby: Lobby) -> UnderWay:
    """The matches under way on every process (with Redis out of reach, here only)."""
    found = UnderWay()
    for state in (room.state for room in lobby.rooms.values()):
        if state.status == "playing":
            found.add(state.game, {seat.player.id for seat in state.seats if seat.player})
    try:
        elsewhere = await lobby.elsewhere()
    except ProtocolError as error:
        if error.code != "unavailable":
            raise
        found.whole = False
        return found
    for data, _ in elsewhere.values():
        if data["status"] == "playing":
            seats = [(seat.get("player") or {}).get("id") for seat in data["seats"]]
            found.add(data["game"], {player for player in seats if player})
    return found


class MatchCount:
    """The matches under way by game, counted again at most every ``every`` seconds and
    once for every caller meanwhile: counting walks every room (here and in the shared
    lobby), and quick pairing tells every new seek the count."""

    def __init__(self, lobby: Lobby, every: float) -> None:
        self.lobby = lobby
        self.every = every
        self._count: asyncio.Future[Counter[str]] | None = None
        """The last count (or the count running)."""
        self._counted_at = 0.0
        """When it began (monotonic)."""

    async def __call__(self) -> Counter[str]:
        now = time.monotonic()
        if self._count is None or (self._count.done() and now - self._counted_at >= self.every):
            self._counted_at = now
            self._count = asyncio.ensure_future(self._matches())
        return await asyncio.shield(self._count)

    async def _matches(self) -> Counter[str]:
        return (await under_way(self.lobby)).matches
