"""The server's shared parts in one value, built at start-up by :mod:`rummyhall.server.app`
and reached by the HTTP routes and the WebSocket connections (a module of its own, so
that neither has to import the app that imports them)."""

from __future__ import annotations

from dataclasses import dataclass

from rummyhall.server.net.limits import Limiter
from rummyhall.server.pairing.service import Pairing
from rummyhall.server.people.accounts import Accounts
from rummyhall.server.people.friends import Friends
from rummyhall.server.people.players import Players
from rummyhall.server.people.replays import Replays
from rummyhall.server.rooms.lobby import Lobby
from rummyhall.server.settings import Settings
from rummyhall.server.storage.store import Store


@dataclass
class Hub:
    """The server's shared parts, reachable from routes and connections."""

    settings: Settings
    store: Store
    players: Players
    accounts: Accounts
    lobby: Lobby
    creations: Limiter
    """Guests and rooms created, per client address."""
    player_rooms: Limiter
    """Rooms created, per player id."""
    reads: Limiter
    """HTTP reads, per client address."""
    replays: Replays
    friends: Friends
    pairing: Pairing
    """Quick pairing's pools."""
