"""How much the server holds: rooms, spectators, seats, pages, replays."""

from __future__ import annotations

from dataclasses import dataclass

from rummyhall.server.settings.about import setting


@dataclass(frozen=True)
class LimitSettings:
    """How much the server holds: rooms, spectators, seats, pages, replays."""

    max_rooms: int = setting(
        2000, "open rooms on the server (waiting, playing or finished but not closed)"
    )
    max_rooms_per_player: int = setting(10, "open rooms one player may host")
    max_spectators: int = setting(50, "spectators of one room")
    max_spectators_per_player: int = setting(
        2, "spectator connections one guest may have in one room", at_least=1
    )
    """So that one cannot fill all."""
    max_waiting_seats: int = setting(
        3,
        "seats one guest may hold at once in rooms that others host and that have not started",
        at_least=1,
    )
    """So that one cannot block many tables; his own rooms count against
    ``max_rooms_per_player`` instead."""
    lobby_page: int = setting(30, "rooms per page of GET /api/rooms by default", at_least=1)
    lobby_page_max: int = setting(50, "rooms per page of GET /api/rooms at most")
    replay_cache_bytes: int = setting(
        64 * 1024 * 1024,
        "bytes of finished matches kept replayed for the record and replay routes",
        at_least=0,
    )
    room_idle_close: float = setting(
        6 * 3600.0, "seconds a room with nobody connected is kept open before it is closed"
    )
    static_dir: str | None = setting(
        None, "where the web front end lives; none: the rummyhall/web package folder"
    )
