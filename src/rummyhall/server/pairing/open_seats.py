"""Open seats for a seeker (docs/pairing.md, "Open seats"): the public rooms whose match
has not started, with a free seat, and that play what a seek asks for (the same game,
options, clock and rated or casual), the fullest first, on this process and (in a
cluster) on the others, as the shared lobby describes them: a seeker fills a table
someone is already waiting at before he waits in the pool. A seat of a room another
process plays is given there, asked over the bus."""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from rummyhall.server.pairing.seeks import PoolKey
from rummyhall.server.people.players import Player
from rummyhall.server.rooms.lobby import Lobby
from rummyhall.server.rooms.room import Room
from rummyhall.server.rooms.seats import Client
from rummyhall.server.wire.messages import PairedMessage, PlayerInfo
from rummyhall.server.wire.protocol import ProtocolError

log = logging.getLogger(__name__)

Reserve = Callable[[str, Player], Awaitable[tuple[int, list[PlayerInfo]]]]
"""A seat of the room of a code, wherever it is played: the cluster's ``reserve``."""


@dataclass(frozen=True)
class OpenTable:
    """A room with a seat a seek fits: its code, how many seats are held, and the room
    itself where it is played here (``None``: on another process)."""

    code: str
    held: int
    room: Room | None = None


def fits(description: dict[str, Any], key: PoolKey, player: Player) -> bool:
    """Whether the room ``description`` (a :class:`~rummyhall.server.wire.messages.RoomInfo`
    as JSON data) offers ``player`` an open seat at the table ``key`` asks for."""
    seats = description["seats"]
    return (
        description["public"]
        and description["status"] == "waiting"
        and description["game"] == key.game
        and description["clock"] == key.clock
        and description["rated"] == key.rated
        and len(seats) == key.seats
        and json.dumps(description["options"], sort_keys=True) == key.options
        and any(seat["occupant"] == "open" for seat in seats)
        and description["host"]["id"] != player.id
        and all((seat.get("player") or {}).get("id") != player.id for seat in seats)
    )


async def open_tables(lobby: Lobby, key: PoolKey, player: Player) -> list[OpenTable]:
    """The rooms with an open seat for ``player`` at the table ``key`` asks for, here
    and (in a cluster, Redis within reach) elsewhere, the fullest first (then by code,
    so every seeker tries them alike)."""
    found = []
    for room in lobby.rooms.values():
        state = room.state  # the cheap tests first: most rooms fail them
        if state.public and state.status == "waiting" and state.game == key.game:
            description = state.info().model_dump()
            if fits(description, key, player):
                found.append(OpenTable(room.code, held(description), room))
    try:
        elsewhere = await lobby.elsewhere()
    except ProtocolError:  # Redis out of reach: this process's rooms only
        elsewhere = {}
    for code, (description, _) in elsewhere.items():
        if fits(description, key, player):
            found.append(OpenTable(code, held(description)))
    return sorted(found, key=lambda table: (-table.held, table.code))


def held(description: dict[str, Any]) -> int:
    return sum(seat["occupant"] != "open" for seat in description["seats"])


async def take_open_seat(
    lobby: Lobby, reserve: Reserve | None, client: Client, key: PoolKey
) -> bool:
    """Seat ``client``'s player at an open seat of a room that plays what ``key`` asks
    for, the fullest first (``reserve``: the cluster's way to the rooms of other
    processes); whether one was found (he is told ``paired``, the match not started). A
    room whose seat went meanwhile, that refuses him (the host removed him, he holds
    too many waiting seats) or that cannot be reached, is passed over."""
    player = client.player
    assert player is not None
    for table in await open_tables(lobby, key, player):
        try:
            if table.room is not None:
                seat, people = await table.room.reserve(player)
            elif reserve is not None:
                seat, people = await reserve(table.code, player)
            else:
                continue
        except ProtocolError:
            continue
        client.send(PairedMessage(room=table.code, seat=seat, players=people, started=False))
        log.info("quick pairing seated %s at open seat %d of %s", player.id, seat, table.code)
        return True
    return False
