"""A room's lock, and the refusal of whoever waited for it after the room moved away.

Everything that changes a room happens under its lock; in a cluster
(:mod:`rummyhall.server.cluster`) a room can move to another process while requests wait
for it, and those are sent on instead of played here."""

from __future__ import annotations

import asyncio

from rummyhall.server.wire.protocol import ProtocolError


class RoomMoved(ProtocolError):
    """The room is no longer played by this process (another one took it over, or it
    was handed to the process its players are connected to): a request that waited for
    it is sent there instead, or answered ``unavailable``."""

    def __init__(self) -> None:
        super().__init__("unavailable")


class RoomLock:
    """A room's lock, which refuses whoever gets it after the room has moved away
    (:class:`RoomMoved`): nothing is played here once another process plays the room."""

    def __init__(self) -> None:
        self._lock = asyncio.Lock()
        self.moved = False

    def locked(self) -> bool:
        return self._lock.locked()

    async def __aenter__(self) -> None:
        await self._lock.acquire()
        if self.moved:
            self._lock.release()
            raise RoomMoved

    async def __aexit__(self, *exc_info: object) -> None:
        self._lock.release()
