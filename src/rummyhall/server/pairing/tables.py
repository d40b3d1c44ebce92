"""Opening the tables a pass seated (docs/pairing.md, "A pass"): each one's room made
within the site's limits and its first match dealt, then all of them saved in one
commit (rooms, creation keys and matches: :meth:`Store.open_tables
<rummyhall.server.storage.store.Store.open_tables>`), then played. A commit a crash cut
short leaves no table; one that succeeded leaves every table whole.

A table whose key opened a room before (a table a dead process seated, opened again
here) writes nothing: its room is found, and its match started if it was not."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from rummyhall.server.pairing.seeks import SeatedTable
from rummyhall.server.people.players import Player, Players
from rummyhall.server.rooms.lobby import Lobby, RoomRequest, creation_of
from rummyhall.server.rooms.play import new_seed
from rummyhall.server.rooms.room import Room
from rummyhall.server.rooms.state import RoomState
from rummyhall.server.rooms.table import Table
from rummyhall.server.storage.records import PairedTable
from rummyhall.server.storage.store import StorageUnavailable, Store
from rummyhall.server.wire.protocol import ProtocolError

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Opening:
    """A table to open: its ``players`` in seat order (the first its host), what they
    play, and its ``key`` (the table's id), which opens its room once."""

    players: Sequence[Player]
    request: RoomRequest
    key: str

    @classmethod
    def of(cls, table: SeatedTable, players: Players) -> Opening:
        """What ``table`` opens: a public room of what its seeks asked for, with as many
        seats as it has seekers."""
        first = table.seeks[0]
        options = dict(first.options)
        if first.seat_key is not None:
            options[first.seat_key] = len(table.seeks)
        request = RoomRequest(
            game=first.pool.game,
            options=options,
            clock=first.pool.clock,
            rated=first.pool.rated,
            host_seat=0,
        )
        seated = [players.known(r.seek.player_id, r.nickname) for r in table.seeks]
        return cls(seated, request, table.id)


class Tables:
    """The tables of this process's passes, opened a pass at a time."""

    def __init__(self, lobby: Lobby, store: Store) -> None:
        self.lobby = lobby
        self.store = store

    async def open(self, openings: Sequence[Opening]) -> list[str | BaseException]:
        """Open ``openings`` in one commit (with any other pass's queued meanwhile): per
        table, its room's code, or why it was not opened."""
        lobby = self.lobby
        states = await asyncio.gather(
            *(
                lobby.new_state(o.players[0], o.request, o.players[1:], beside=n)
                for n, o in enumerate(openings)
            ),
            return_exceptions=True,
        )
        outcomes: dict[str, str | BaseException] = {}
        made: list[tuple[Opening, RoomState, Table, PairedTable]] = []
        for opening, state in zip(openings, states, strict=True):
            if isinstance(state, BaseException):
                outcomes[opening.key] = state
                continue
            stored = state.stored("playing")
            table, match = Table.deal(
                state.store, stored, state.options, 1, new_seed(state.settings)
            )
            made.append(
                (
                    opening,
                    state,
                    table,
                    PairedTable(stored, creation_of(opening.request, opening.key), match),
                )
            )
        saved = await self.store.open_tables([paired for *_, paired in made])
        for (opening, state, table, _), room_id in zip(made, saved, strict=True):
            if room_id != state.id:
                lobby.unclaim(state.code)
            try:
                if isinstance(room_id, BaseException):
                    raise room_id
                if room_id == state.id:
                    await lobby.add(state).play.started(table)
                    outcomes[opening.key] = state.code
                else:  # opened before, by a process that died
                    outcomes[opening.key] = await self._again(opening)
            except Exception as failure:
                outcomes[opening.key] = failure
        return [outcomes[opening.key] for opening in openings]

    async def _again(self, opening: Opening) -> str:
        """The code of the room ``opening``'s key opened before, its match started if it
        was not (the table of a process that died before or after its commit)."""
        lobby = self.lobby
        players = opening.players
        info, _ = await lobby.create(players[0], opening.request, opening.key, players[1:])
        place = await lobby.find(info.code)
        if isinstance(place, Room) and place.state.status == "waiting":
            await place.play.begin()
        return info.code


class Forgets(Protocol):
    """The pools, as they forget a table."""

    async def opened(self, table: SeatedTable) -> None: ...


async def forget(pools: Forgets, table: SeatedTable) -> None:
    """The pools forget ``table``, opened or not (Redis out of reach: it stays in their
    records until this process dies)."""
    try:
        await pools.opened(table)
    except ProtocolError:
        log.warning("quick pairing: table %s stays in the pools' records", table.id)


def open_error(failure: BaseException) -> ProtocolError:
    """Why a table was not opened, as its seekers are told (``internal`` for a fault,
    logged)."""
    error = failure if isinstance(failure, ProtocolError) else ProtocolError("internal")
    if isinstance(failure, StorageUnavailable):
        error = ProtocolError("storage_unavailable")
    elif not isinstance(failure, ProtocolError):
        log.error("quick pairing could not open a table", exc_info=failure)
    log.warning("quick pairing could not open a table: %s", error.code)
    return error
