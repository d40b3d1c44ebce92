"""Which process plays each open room, from this process's side: taking over the rooms
nobody owns (a dead owner's, once its leases lapse), giving up a room another process
holds now, handing a room to the process all its players are connected to, and taking
one handed here. The lease always first, then the room from its log, as a restart
rebuilds it. A part of :class:`~rummyhall.server.cluster.node.Cluster`, which runs the
scans and calls it; it calls nothing above it."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from rummyhall.server.cluster.bus import Bus
from rummyhall.server.cluster.directory import Directory, away_deadlines
from rummyhall.server.cluster.leases import Leases
from rummyhall.server.cluster.visitors import Visitors

if TYPE_CHECKING:
    from rummyhall.server.people.players import Players
    from rummyhall.server.rooms.lobby import Lobby
    from rummyhall.server.rooms.room import Room
    from rummyhall.server.rooms.seats import Client

log = logging.getLogger(__name__)


class Ownership:
    """This process's part in who plays which room."""

    def __init__(
        self,
        leases: Leases,
        bus: Bus,
        directory: Directory,
        visitors: Visitors,
        lobby: Lobby,
        players: Players,
    ) -> None:
        self.leases = leases
        self.bus = bus
        self.node = bus.node
        self.directory = directory
        self.visitors = visitors
        self.lobby = lobby
        self.players = players
        self.settled = False
        """Redis has been up long enough to judge a missing lease (:meth:`check_settled`)."""
        self._unowned: set[str] = set()
        """Open rooms without an owner at the last scan."""
        self.taking: dict[str, asyncio.Task[Room | None]] = {}
        """Rooms handed to this process, by code, while it reads them from the log."""

    async def check_settled(self) -> None:
        """Judge again whether a missing lease means a dead owner (:meth:`Leases.settled`)."""
        self.settled = await self.leases.settled()

    async def adopt_orphans(self, codes: list[str]) -> None:
        """Take over the open rooms (of ``codes``) found without an owner twice running
        (once could be an owner a moment late to renew; the room then stays where it is)."""
        codes = [code for code in codes if code not in self.lobby.rooms]
        owners = await self.leases.owners(codes)
        unowned = {code for code, owner in zip(codes, owners, strict=True) if owner is None}
        for code in sorted(unowned & self._unowned):
            await self.adopt(code)
        self._unowned = unowned

    async def unlist_closed(self, listed: list[str], codes: list[str]) -> None:
        """Take out of the shared lobby the rooms it lists (``listed``) that are closed
        and have no owner: their owner closed them and died before it unlisted them, and
        they would stay in every process's list, and count as seats held, for good.
        ``listed`` is read before the store's open ``codes``: a room listed by then was
        saved by then, so it is among them unless closed. A room some process holds the
        lease of is left to it."""
        closed = sorted(set(listed) - set(codes))
        if not closed:
            return
        owners = await self.leases.owners(closed)
        gone = [code for code, owner in zip(closed, owners, strict=True) if owner is None]
        if gone:
            log.info("cluster: closed rooms %s taken out of the lobby", ", ".join(gone))
            await self.directory.unlist(gone)

    async def adopt(self, code: str) -> Room | None:
        """Take over room ``code`` if nobody owns it and it is open: its lease first, then
        its log (read after the lease, so no other process can still be adding to it)."""
        if not await self.leases.claim(code):
            return None
        return await self.take_over(code)

    async def take_over(self, code: str, away_at: dict[int, float] | None = None) -> Room | None:
        """Play room ``code``, whose lease this process has just claimed, from its log
        (``None``, the lease given back: no open room has that code), with the away
        deadlines ``away_at`` its last owner set (read from the lobby if not given)."""
        try:
            stored = await self.lobby.store.open_room(code)
            if away_at is None:
                away_at = await self.directory.away_at(code)
            room = (
                None
                if stored is None
                else await self.lobby.recovery.adopt(stored, self.players, away_at)
            )
        except BaseException:
            await self.leases.release([code])
            raise
        if room is None:
            await self.leases.release([code])
            return None
        log.info("cluster: room %s taken over by %s", code, self.node)
        self.bus.broadcast({"t": "moved", "room": code, "owner": self.node})
        return room

    def give_up(self, code: str) -> list[Client] | None:
        """Stop playing room ``code`` here; this process's own connections in it (to
        join again wherever it is played next), or ``None`` if it was not played here.
        Other processes' connections join again when told where it went."""
        room = self.lobby.rooms.pop(code, None)
        if room is None:
            return None
        room.move_away()
        return self.visitors.locals_of(room.state.clients())

    async def hand_over(self, room: Room, node: str) -> None:
        """Give ``room`` to process ``node``, which holds all its connections: the lease
        first, then the room, stopped here under its lock (no action is half played),
        then word to ``node``, which plays it on from the log. If the word is lost, the
        lease lapses and the room is taken over as a dead owner's is."""
        code = room.code
        if room.state.lock.locked() or not await self.leases.alive([node]):
            return  # busy, or the other process is dying: another time
        async with room.state.lock:
            if self.visitors.sole_process(room) != node or room.state.pause is not None:
                return
            if not await self.leases.hand_over(code, node):
                return
            away_at = away_deadlines(room.state)
            self.give_up(code)
            self.directory.forget(code)
        log.info("cluster: room %s handed to %s, where its players are", code, node)
        self.bus.post(node, {"t": "take", "room": code, "away_at": away_at})

    async def handed(self, code: str, away_at: dict[int, float]) -> None:
        """Room ``code`` was handed here (its lease is already this process's): played
        from its log; lookups meanwhile wait for it."""
        taking = asyncio.ensure_future(self.take_over(code, away_at))
        self.taking[code] = taking
        try:
            await taking
        except Exception:
            log.exception("cluster: room %s, handed here, could not be taken over", code)
        finally:
            self.taking.pop(code, None)
