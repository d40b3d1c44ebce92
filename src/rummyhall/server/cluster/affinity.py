"""Rooms follow their players: a room whose every connection is held by one other
process is handed to that process, so that its requests and states stop crossing Redis.

Behind a proxy that routes ``/ws?room=CODE`` by a hash of the code (docs/deploy.md),
all the connections of a room reach one process, and each room ends up played there: a
room opened or taken over elsewhere moves once, then stays. Without such a proxy a room
moves only when its players happen to share a process (a table against bots always
does), and forwarding serves the rest.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from rummyhall.server.cluster.visitors import Visitors

if TYPE_CHECKING:
    from rummyhall.server.rooms.room import Room


class Affinity:
    def __init__(self, visitors: Visitors, rooms: Mapping[str, Room]) -> None:
        self.visitors = visitors
        self.rooms = rooms
        """The rooms played here (the lobby's)."""
        self._leaning: dict[str, str] = {}
        """Room code → the one process holding its connections at the last scan."""

    def due(self) -> list[tuple[Room, str]]:
        """The rooms to hand over now, each with the process to take it: those whose
        every connection that process held at two scans running (at one, it could be a
        player between two sockets). Not while a match waits between two parts: the
        pause lives in memory only."""
        leaning = {}
        due = []
        for code, room in self.rooms.items():
            node = self.visitors.sole_process(room)
            if node is None or room.state.pause is not None:
                continue
            if self._leaning.get(code) == node:
                due.append((room, node))
            else:
                leaning[code] = node
        self._leaning = leaning
        return due
