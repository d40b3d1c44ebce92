"""Bringing saved rooms back: every room open when the server stopped, at start-up, and
(in a cluster) a room whose process died, adopted here. Each room is rebuilt from its
seed and its action log, as the lobby had it."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from rummyhall.server.people.players import Players
from rummyhall.server.rooms.autoplay import Autoplay
from rummyhall.server.rooms.catalogue import parse_options
from rummyhall.server.rooms.gate import Gate
from rummyhall.server.rooms.peers import Peers
from rummyhall.server.rooms.room import Room
from rummyhall.server.rooms.state import RoomState
from rummyhall.server.storage.records import StoredRoom
from rummyhall.server.storage.store import Store

if TYPE_CHECKING:
    from rummyhall.server.settings import Settings

log = logging.getLogger(__name__)


class Recovery:
    """The lobby's part that rebuilds saved rooms; ``opened`` puts one in the lobby."""

    def __init__(
        self,
        settings: Settings,
        store: Store,
        autoplay: Autoplay,
        cluster: Peers | None,
        rooms: dict[str, Room],
        opened: Callable[[Room], None],
        gate: Gate,
    ) -> None:
        self.settings = settings
        self.store = store
        self.autoplay = autoplay
        self.cluster = cluster
        self.rooms = rooms
        self._opened = opened
        self.gate = gate

    async def restore(self, guests: Players) -> None:
        """Rebuild every room that was open when the server stopped.

        Start-up is recovery, and it is idempotent: what it writes (orphan matches
        marked abandoned, matches whose last action was logged just before a crash
        finished) is written so that a crash at any point of it is repaired by the next
        start, which ends in the same state. A room whose log cannot be replayed stays
        down, logged, without keeping every other room down with it. Its players are
        ``guests``' own objects, so a later rename reaches their seats."""
        abandoned = await self.store.abandon_orphans()
        if abandoned:
            log.warning("marked %d orphan matches abandoned", abandoned)
        if self.cluster is not None:
            return  # each process takes over the rooms nobody owns (the cluster's scan)
        restored = await self._bring_back(await self.store.open_rooms(), guests)
        log.info("restored %d rooms", restored)

    async def adopt(
        self, stored: StoredRoom, guests: Players, away_at: dict[int, float]
    ) -> Room | None:
        """Play here the saved room ``stored``, which another process played until it
        died, with the away deadlines by seat that process set (``None``: its log cannot
        be replayed)."""
        await self._bring_back([stored], guests, {stored.code: away_at})
        return self.rooms.get(stored.code)

    async def _bring_back(
        self,
        stored_rooms: list[StoredRoom],
        guests: Players,
        away_at: dict[str, dict[int, float]] | None = None,
    ) -> int:
        """Rebuild ``stored_rooms`` and resume their matches (``away_at``: per room code,
        the away deadlines by seat); how many came back."""
        ids = {stored.host_id for stored in stored_rooms}
        for stored in stored_rooms:
            ids |= {seat["player"] for seat in stored.seats if seat and "player" in seat}
        names = await self.store.nicknames(sorted(ids))
        players = {pid: guests.known(pid, nickname) for pid, nickname in names.items()}
        restored = 0
        for stored in stored_rooms:
            try:
                options = parse_options(stored.game, stored.options)
                state = RoomState.restore(
                    self.settings, self.store, self.autoplay, self.cluster, stored, players, options
                )
                room = Room(state, self.rooms, self.gate)
            except Exception:
                log.exception("room %s could not be restored; it stays down", stored.code)
                continue
            self._opened(room)
            await room.resume((away_at or {}).get(room.code))
            restored += 1
        return restored
