"""Open seats for a seeker (docs/pairing.md, "Open seats"): the public rooms this process
plays whose match has not started, with a free seat, and that play what a seek asks for
(the same game, options, clock and rated or casual), the fullest first: a seeker fills
a table someone is already waiting at before he waits in the pool."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable

from rummyhall.server.pairing.seeks import PoolKey
from rummyhall.server.people.players import Player
from rummyhall.server.rooms.room import Room
from rummyhall.server.rooms.seats import Client
from rummyhall.server.wire.messages import PairedMessage
from rummyhall.server.wire.protocol import ProtocolError

log = logging.getLogger(__name__)


def fits(room: Room, key: PoolKey, player: Player) -> bool:
    """Whether ``room`` offers ``player`` an open seat at the table ``key`` asks for."""
    state = room.state
    seating = state.seating
    return (
        state.public
        and state.status == "waiting"
        and state.game == key.game
        and state.clock.setting == key.clock
        and state.rated == key.rated
        and len(state.seats) == key.seats
        and json.dumps(state.options.model_dump(), sort_keys=True) == key.options
        and any(seat.is_open for seat in state.seats)
        and seating.seat_held_by(player) is None
        and not seating.hosted_by(player)
    )


def open_tables(rooms: Iterable[Room], key: PoolKey, player: Player) -> list[Room]:
    """The rooms of ``rooms`` with an open seat for ``player`` at the table ``key``
    asks for, the fullest first (then by code, so every seeker tries them alike)."""
    found = [room for room in rooms if fits(room, key, player)]
    taken = {room.code: sum(not seat.is_open for seat in room.state.seats) for room in found}
    return sorted(found, key=lambda room: (-taken[room.code], room.code))


async def take_open_seat(rooms: Iterable[Room], client: Client, key: PoolKey) -> bool:
    """Seat ``client``'s player at an open seat of one of ``rooms`` that plays what
    ``key`` asks for, the fullest first; whether one was found (he is told ``paired``,
    the match not started). A room whose seat went meanwhile, or that refuses him (the
    host removed him, he holds too many waiting seats), is passed over."""
    player = client.player
    assert player is not None
    for room in open_tables(rooms, key, player):
        try:
            seat = await room.reserve(player)
        except ProtocolError:
            continue
        people = [s.player.info() for s in room.state.seats if s.player is not None]
        client.send(PairedMessage(room=room.code, seat=seat, players=people, started=False))
        log.info("quick pairing seated %s at open seat %d of %s", player.id, seat, room.code)
        return True
    return False
