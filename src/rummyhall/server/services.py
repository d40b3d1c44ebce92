"""The server's shared parts in one value, built once at start-up by
:mod:`rummyhall.server.app` and reached by the HTTP routes and the WebSocket connections
(a module of its own, so that neither imports the app that imports them).

The lobby and its rooms are given the parts they use (settings, store, bots, cluster)
rather than this value, which holds the lobby: so no room imports it.
"""

from __future__ import annotations

from dataclasses import dataclass

from rummyhall.server.net.limits import Limiter
from rummyhall.server.pairing.service import Pairing
from rummyhall.server.people.accounts import Accounts
from rummyhall.server.people.friends import Friends
from rummyhall.server.people.moderation import Moderation
from rummyhall.server.people.players import Players
from rummyhall.server.people.presence import Presence
from rummyhall.server.people.privacy import Privacy
from rummyhall.server.people.replays import Replays
from rummyhall.server.reviews.service import Reviews
from rummyhall.server.rooms.autoplay import Autoplay
from rummyhall.server.rooms.lobby import Lobby
from rummyhall.server.rooms.peers import Peers
from rummyhall.server.settings import Settings
from rummyhall.server.storage.store import Store


@dataclass
class Services:
    """The server's shared parts, reachable from routes and connections."""

    settings: Settings
    store: Store
    autoplay: Autoplay
    """The bots' threads and processes."""
    cluster: Peers | None
    """The other processes of the site (``serve --redis``), or ``None``."""
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
    reviews: Reviews
    """Finished matches' reviews and the processes computing them."""
    privacy: Privacy
    """Players' data downloaded and deleted; what is past its time removed."""
    presence: Presence
    """Who is here: players online and playing."""
    moderation: Moderation
    """Reports, moderators' actions and their checks."""
