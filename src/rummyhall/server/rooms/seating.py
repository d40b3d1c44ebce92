"""Who sits where in a room and who watches: its seats and who holds them, the host, the
spectators, and the players the host sent away a moment ago.

A part of the :class:`~rummyhall.server.rooms.room.Room`, which holds the lock, saves the
room and tells its clients: the methods here check a request and change the seating
only, and the room undoes a change whose save failed (a seat taken or given up counts
only once it is saved).
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping

from rummyhall.server.people.players import Player
from rummyhall.server.rooms.seats import Client, Seat, free_seat, require_room_to_watch
from rummyhall.server.storage.records import StoredRoom
from rummyhall.server.wire.protocol import ProtocolError


class Seating:
    """A room's seats, host and spectators, and the rules of who may sit or watch."""

    def __init__(self, host: Player, seats: list[Seat]) -> None:
        self.host = host
        """Fixed for the room's life, seated or not, connected or not."""
        self.seats = seats
        self.spectators: set[Client] = set()
        self.removed: dict[str, float] = {}
        """Player id → when (monotonic) a player the host removed may sit again."""

    @classmethod
    def restore(cls, stored: StoredRoom, players: Mapping[str, Player]) -> Seating:
        """The seating of a saved room (``players`` by id: its host and seated players)."""
        seats = []
        for index, occupant in enumerate(stored.seats):
            seat = Seat(index)
            if occupant and "player" in occupant:
                seat.player = players[occupant["player"]]
            elif occupant and "bot" in occupant:
                seat.bot = occupant["bot"]
            seats.append(seat)
        return cls(players[stored.host_id], seats)

    # ------------------------------------------------------------------ who is here

    def clients(self) -> list[Client]:
        seated = [seat.client for seat in self.seats if seat.client is not None]
        return [*seated, *self.spectators]

    def hosted_by(self, player: Player) -> bool:
        return self.host.id == player.id

    def seat_held_by(self, player: Player) -> Seat | None:
        return next((s for s in self.seats if s.player and s.player.id == player.id), None)

    def seat_of(self, client: Client) -> Seat | None:
        """The seat ``client`` plays (``None``: it watches, or another connection has
        taken its seat over)."""
        if client.seat is None:
            return None
        seat = self.seats[client.seat]
        return seat if seat.client is client else None

    def seated(self, client: Client) -> Seat:
        """:meth:`seat_of`, refused (``not_seated``) when there is none."""
        seat = self.seat_of(client)
        if seat is None:
            raise ProtocolError("not_seated")
        return seat

    def require_host(self, client: Client) -> None:
        assert client.player is not None
        if not self.hosted_by(client.player):
            raise ProtocolError("not_host")

    def humans(self) -> list[int]:
        """The seats a person holds (connected or not)."""
        return [seat.index for seat in self.seats if seat.player is not None]

    # ------------------------------------------------------------------ coming and going

    def require_room_to_watch(self, client: Client, most: int, most_per_player: int) -> None:
        """Refuse a new spectator beyond ``most``, or beyond ``most_per_player``
        connections of one player (one already watching is no new one)."""
        assert client.player is not None
        if client not in self.spectators:
            require_room_to_watch(self.spectators, client.player, most, most_per_player)

    def sit(self, player: Player, wanted: int | None, waiting: int, most_waiting: int) -> Seat:
        """Give ``player`` seat ``wanted`` (or the first open one), unless the host
        removed him a moment ago or he holds ``waiting`` seats, ``most_waiting`` or
        more, in other hosts' rooms that have not started (a host sits in his own room
        however many he holds)."""
        seat = free_seat(self.seats, wanted)
        until = self.removed.get(player.id, 0.0)
        now = time.monotonic()
        if until > now:
            raise ProtocolError("removed", seconds=math.ceil(until - now))
        self.removed.pop(player.id, None)
        if not self.hosted_by(player) and waiting >= most_waiting:
            raise ProtocolError("seat_limit", count=waiting)
        seat.player = player
        return seat

    def connect(self, seat: Seat, client: Client) -> None:
        """``client`` plays ``seat`` (its player's) from now on; another connection that
        played it is told it was replaced."""
        previous = seat.client
        if previous is not None and previous is not client:
            previous.room = previous.seat = None
            previous.close("replaced")
        seat.client = client
        seat.away = False
        seat.cancel_timer()
        self.spectators.discard(client)

    def detach(self, client: Client) -> Seat | None:
        """``client`` is here no more; the seat it played, which its player keeps."""
        self.spectators.discard(client)
        seat = self.seat_of(client)
        if seat is not None:
            seat.client = None
        return seat

    # ------------------------------------------------------------------ the host

    def require_replaceable(self, seat: Seat) -> None:
        """Refuse to give the host another occupant for the seat of a player who is
        connected, or the host's own (a player who has gone may be replaced)."""
        if seat.player is not None and (seat.client is not None or self.hosted_by(seat.player)):
            raise ProtocolError("seat_taken", seat=seat.index)

    def remove(self, seat: Seat) -> tuple[Player, Client | None]:
        """Open the seat of a player the host sends away: the player, and the connection
        that played the seat (the host is not removable, nor an open or bot seat)."""
        player, gone = seat.player, seat.client
        if player is None or self.hosted_by(player):
            raise ProtocolError("not_removable", seat=seat.index)
        seat.player = seat.client = None
        return player, gone

    def ban(self, player: Player, seconds: float) -> None:
        """``player``, removed, may not sit here again for ``seconds``."""
        self.removed[player.id] = time.monotonic() + seconds
