"""What moderators decide, carried out on every process of a site: the player told (a
``moderation`` message on each of his connections) and, while a suspension holds, his
connections closed (from the site: ``suspended``, close code 4004) or, from rated play,
his seats at rated tables taken from his connections and his rated seeks ended
(``suspended_play``); the seats follow the away rules.

Each process carries out each decision once (:meth:`Enforcement.apply`, by the action's
id), and learns of it two ways: at once over the bus, from the process that decided
(``moderated``); and from the database, where the decision was committed, since every
process reads the decisions of the last :data:`WINDOW` seconds every :data:`POLL`
seconds. So a decision whose process was killed right after its commit, before it told
anyone, or whose envelope Redis lost, is still carried out everywhere within
:data:`POLL` seconds and a read (docs/security.md). Carrying one out reads what holds
now: a suspension lifted meanwhile turns nobody away, and doing it again would change
nothing.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Protocol

from rummyhall.server.people.accounts import Devices
from rummyhall.server.people.moderation import refusal
from rummyhall.server.storage.store import StorageUnavailable, Store
from rummyhall.server.wire.messages import ModerationMessage, ModerationNotice
from rummyhall.server.wire.protocol import ProtocolError

log = logging.getLogger(__name__)

POLL = 1.0
"""Seconds between two reads of the latest decisions, on every process."""
WINDOW = 120.0
"""Seconds of decisions each read goes back before the previous one: longer than a
decision's commit takes after its time, and than the clocks of two processes differ."""


class RatedPlay(Protocol):
    """A part of the server where players sit at rated tables or seek them (the lobby's
    rooms, quick pairing)."""

    async def bar_from_rated(self, player_id: str, error: ProtocolError) -> None:
        """``player_id`` is suspended from rated play (``error`` says until when and
        why): his connections here leave it."""


class Announcer(Protocol):
    """The other processes of a site (:class:`~rummyhall.server.rooms.peers.Peers`)."""

    def moderated(self, player_id: str, action_id: int) -> None:
        """Tell every other process of moderation action ``action_id`` on ``player_id``."""


class Enforcement:
    """This process's part in carrying out what moderators decide."""

    def __init__(
        self,
        store: Store,
        devices: Devices,
        rated: Sequence[RatedPlay],
        peers: Announcer | None,
    ) -> None:
        self.store = store
        self.devices = devices
        self.rated = rated
        self.peers = peers
        self.applied: dict[int, float] = {}
        """Action id → when (monotonic) it was carried out here."""
        self.decisions = 0
        """Decisions begun to be carried out here so far: a player's standing read
        before the last began may miss it (``moderation.Standing``)."""
        self._since = datetime.now(UTC) - timedelta(seconds=WINDOW)

    async def decided(self, action_id: int, player_id: str) -> None:
        """Action ``action_id`` on ``player_id``, committed here a moment ago: told to
        the other processes, and carried out here."""
        if self.peers is not None:
            self.peers.moderated(player_id, action_id)
        await self.heard(action_id, player_id)

    async def heard(self, action_id: int, player_id: str) -> None:
        """Carry out action ``action_id`` here, as the process that decided it says
        (should that fail, the next read of the database carries it out)."""
        try:
            await self.apply(action_id, player_id)
        except Exception as error:
            log.warning("moderation: action %d waits for the next read (%r)", action_id, error)

    async def apply(self, action_id: int, player_id: str) -> None:
        """Carry out action ``action_id`` on ``player_id`` on this process, unless it
        was already."""
        if action_id in self.applied:
            return
        self.applied[action_id] = time.monotonic()
        self.decisions += 1
        try:
            await self._carry_out(action_id, player_id)
        except BaseException:
            del self.applied[action_id]  # the next read of the database tries again
            raise

    async def _carry_out(self, action_id: int, player_id: str) -> None:
        records = self.store.repository.moderation
        latest = await self.store.read(records.action, action_id)
        standing = await self.store.read(records.standing, player_id)
        if latest is not None:
            notice = ModerationMessage(
                standing=[ModerationNotice(**action) for action in standing],
                latest=ModerationNotice(**latest),
            )
            self.devices.tell(player_id, notice.model_dump_json())
        site = refusal(standing, "site")
        if site is not None:
            self.devices.turn_away(player_id, site)
            return
        rated = refusal(standing, "rated")
        if rated is not None:
            for part in self.rated:
                await part.bar_from_rated(player_id, rated)

    async def catch_up(self) -> None:
        """Carry out the decisions of the last :data:`WINDOW` seconds not carried out
        here yet (those whose word never came over the bus)."""
        started = datetime.now(UTC)
        decided = await self.store.read(self.store.repository.moderation.decided_since, self._since)
        for action_id, player_id in decided:
            await self.apply(action_id, player_id)
        self._since = started - timedelta(seconds=WINDOW)
        forgotten = time.monotonic() - 2 * WINDOW  # out of every read's window by now
        for action_id in [key for key, at in self.applied.items() if at < forgotten]:
            del self.applied[action_id]

    async def catch_up_forever(self) -> None:
        """:meth:`catch_up` every :data:`POLL` seconds; a read that fails is made again
        from where the last one that worked began."""
        while True:
            await asyncio.sleep(POLL)
            try:
                await self.catch_up()
            except StorageUnavailable:
                log.warning("moderation: the database is out of reach; decisions wait")
            except Exception:
                log.exception("moderation: carrying out the latest decisions failed")
