"""Quick pairing in one process (docs/pairing.md): the seeks of the connections here in
their pools, a pass over a pool whenever a seek arrives and every :data:`TICK`, and the
tables a pass seats opened through the lobby, each seated player told ``paired``.

A seek leaves its pool when it is seated, cancelled, replaced by the same player's in
that pool, or when its connection closes; a player seated in one pool loses his seeks
in the others. The pool removes a seated seek in the pass that seats it, before the
table's room is opened, so no seek is seated twice."""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Literal

from rummyhall.server.pairing.pool import Pool
from rummyhall.server.pairing.rules import Curve, Seek
from rummyhall.server.rooms.clock import require_clock
from rummyhall.server.rooms.lobby import Lobby, room_options
from rummyhall.server.rooms.seats import Client
from rummyhall.server.settings import Settings
from rummyhall.server.storage.store import StorageUnavailable, Store
from rummyhall.server.wire.messages import (
    PairedMessage,
    PoolInfo,
    SeekEndedMessage,
    SeekingMessage,
)
from rummyhall.server.wire.protocol import CancelSeek, ProtocolError
from rummyhall.server.wire.protocol import Seek as SeekRequest

log = logging.getLogger(__name__)

TICK = 0.25
"""Seconds between two passes over every pool: a window widens, a countdown ends."""
STATUS_EVERY = 1.0
"""Seconds between two ``seeking`` updates of a pool whose figures changed."""


@dataclass(frozen=True)
class PoolKey:
    """What makes a pool: the game, its options (validated, as JSON) and clock."""

    game: str
    options: str
    clock: str


@dataclass
class Waiting:
    """A seek here: its pool, its connection, and the options it asked for."""

    seek: Seek
    key: PoolKey
    client: Client
    info: PoolInfo
    options: dict[str, Any]
    seat_key: str | None
    """The option that says how many sit at the table (Indian, Rummikub), or ``None``."""
    shown: tuple[int, int, float | None] | None = None
    """``(waiting, playing, starts_at)`` as last told to the client."""


class Pairing:
    """Every pool of this process and the seeks in them."""

    def __init__(self, settings: Settings, store: Store, lobby: Lobby) -> None:
        self.settings = settings
        self.store = store
        self.lobby = lobby
        self.curve = Curve(settings.pairing_widen)
        self.pools: dict[PoolKey, Pool] = {}
        self.waiting: dict[str, Waiting] = {}
        """Seek id → the seek here."""
        self._of_client: dict[Client, str] = {}
        self._of_player: defaultdict[str, set[str]] = defaultdict(set)
        self._ticker: asyncio.Task[None] | None = None
        self._seating: set[asyncio.Task[None]] = set()
        self._told_at = 0.0

    # ------------------------------------------------------------------ requests

    async def handle(self, client: Client, message: SeekRequest | CancelSeek) -> None:
        if isinstance(message, SeekRequest):
            await self.seek(client, message)
        else:
            self.cancel(client, message.id)

    async def seek(self, client: Client, request: SeekRequest) -> None:
        """Put ``client``'s seek in its pool (in place of its previous one) and pair."""
        player = client.player
        assert player is not None
        options = room_options(request.game, request.options)
        require_clock(request.clock, self.settings.clocks, request.game)
        seats = options.seats
        fewest = max(2, options.kit.seats[0])
        min_seats = seats if request.min_seats is None else request.min_seats
        if not fewest <= min_seats <= seats:
            raise ProtocolError("bad_options", detail=f"min_seats: from {fewest} to {seats}")
        rating = await self.store.skill(player.id, request.game)
        if client.gone:  # closed while its rating was read: no seek to pair, ever
            return
        self._end(client, None)  # after the awaits: the connection's newest seek wins
        key = PoolKey(
            request.game,
            json.dumps(options.model_dump(), sort_keys=True),
            request.clock,
        )
        pool = self.pools.get(key)
        if pool is None:
            pool = self.pools[key] = Pool(seats, self.curve, self.settings.pairing_countdown)
        seek = Seek(secrets.token_hex(8), player.id, rating, time.monotonic(), min_seats)
        replaced = pool.add(seek)
        if replaced is not None:
            self._forget(replaced.id, "replaced")
        seat_option = options.kit.seat_option
        info = PoolInfo(
            game=request.game,
            title=options.label(),
            options=options.model_dump(),
            clock=request.clock,
            seats=seats,
            min_seats=min_seats,
        )
        waiting = Waiting(
            seek,
            key,
            client,
            info,
            dict(request.options),
            None if seat_option is None else seat_option.key,
        )
        self.waiting[seek.id] = waiting
        self._of_client[client] = seek.id
        self._of_player[player.id].add(seek.id)
        self._tell(waiting, time.monotonic(), ref=request.id)
        self._pass(key, time.monotonic())
        if self._ticker is None or self._ticker.done():
            self._ticker = asyncio.create_task(self._tick_forever(), name="quick pairing")

    def cancel(self, client: Client, ref: str | None = None) -> None:
        if client not in self._of_client:
            raise ProtocolError("not_seeking")
        self._end(client, "cancelled", ref)

    def leave(self, client: Client) -> None:
        """``client``'s connection has closed: its seek leaves its pool."""
        self._end(client, None)

    def seeking(self, client: Client) -> bool:
        return client in self._of_client

    def stop(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()

    # ------------------------------------------------------------------ the pools

    def _end(
        self,
        client: Client,
        reason: Literal["cancelled", "replaced", "playing"] | None,
        ref: str | None = None,
    ) -> None:
        """Take ``client``'s seek out of its pool, telling it ``reason`` (``None``:
        nothing)."""
        seek_id = self._of_client.get(client)
        if seek_id is None:
            return
        waiting = self.waiting[seek_id]
        pool = self.pools.get(waiting.key)
        if pool is not None:
            pool.remove(seek_id)
            if not len(pool):
                del self.pools[waiting.key]
        self._forget(seek_id, reason, ref)

    def _forget(
        self,
        seek_id: str,
        reason: Literal["cancelled", "replaced", "playing"] | None,
        ref: str | None = None,
    ) -> Waiting:
        """Drop the records of a seek already out of its pool, telling its client."""
        waiting = self.waiting.pop(seek_id)
        if self._of_client.get(waiting.client) == seek_id:
            del self._of_client[waiting.client]
        mine = self._of_player[waiting.seek.player_id]
        mine.discard(seek_id)
        if not mine:
            del self._of_player[waiting.seek.player_id]
        if reason is not None:
            waiting.client.send(SeekEndedMessage(reason=reason, ref=ref))
        return waiting

    def _pass(self, key: PoolKey, now: float) -> None:
        """Pair in pool ``key`` and open the tables it seats."""
        pool = self.pools.get(key)
        if pool is None:
            return
        for table in pool.pair(now):
            seated = [self._forget(seek.id, None) for seek in table]
            for waiting in seated:
                for other in list(self._of_player.get(waiting.seek.player_id, ())):
                    self._end(self.waiting[other].client, "playing")
            task = asyncio.create_task(self._seat(seated), name=f"pairing {key.game}")
            self._seating.add(task)
            task.add_done_callback(self._seating.discard)
        if not len(pool):
            del self.pools[key]

    async def _seat(self, table: list[Waiting]) -> None:
        """Open the room of a table a pass seated and tell its players where to go."""
        first = table[0]
        options = dict(first.options)
        if first.seat_key is not None:
            options[first.seat_key] = len(table)
        players = [waiting.client.player for waiting in table]
        assert all(player is not None for player in players)
        try:
            room = await self.lobby.open_table(
                [player for player in players if player is not None],
                first.key.game,
                options,
                first.key.clock,
            )
        except (ProtocolError, StorageUnavailable) as refused:
            unavailable = ProtocolError("storage_unavailable")
            error = refused if isinstance(refused, ProtocolError) else unavailable
            log.warning("quick pairing could not open a table: %s", error.code)
            for waiting in table:
                message = error.message(waiting.client.locale)
                waiting.client.send(
                    SeekEndedMessage(reason="failed", code=error.code, message=message)
                )
            return
        infos = [player.info() for player in players if player is not None]
        for index, waiting in enumerate(table):
            waiting.client.send(PairedMessage(room=room.code, seat=index, players=infos))
        log.info("quick pairing seated %d players in room %s", len(table), room.code)

    async def _tick_forever(self) -> None:
        """Pass over every pool every :data:`TICK` while any seek waits, and tell each
        seek's client its pool's figures when they changed."""
        while self.waiting:
            await asyncio.sleep(TICK)
            now = time.monotonic()
            for key in list(self.pools):
                try:
                    self._pass(key, now)
                except Exception:
                    log.exception("a quick pairing pass failed")
            if now - self._told_at >= STATUS_EVERY:
                self._told_at = now
                for waiting in list(self.waiting.values()):
                    self._tell(waiting, now, changed_only=True)

    def _tell(
        self, waiting: Waiting, now: float, ref: str | None = None, changed_only: bool = False
    ) -> None:
        """Send ``waiting``'s client its seek's figures (with ``changed_only``, only if
        they changed since it was last told)."""
        pool = self.pools.get(waiting.key)
        if pool is None:
            return
        starts_at = pool.starts_at(waiting.seek)
        figures = (len(pool), self._playing(waiting.key.game), starts_at)
        if changed_only and figures == waiting.shown:
            return
        waiting.shown = figures
        waited = now - waiting.seek.since
        window = self.curve.window(waited)
        waiting.client.send(
            SeekingMessage(
                pool=waiting.info,
                rating=waiting.seek.rating,
                waiting=figures[0],
                playing=figures[1],
                waited=round(waited, 1),
                window=None if window == float("inf") else round(window),
                starts_in=None if starts_at is None else round(max(starts_at - now, 0.0), 1),
                computer_after=self.settings.computer_after,
                ref=ref,
            )
        )

    def _playing(self, game: str) -> int:
        """Matches of ``game`` under way in this process's rooms."""
        rooms = self.lobby.rooms.values()
        return sum(1 for room in rooms if room.game == game and room.status == "playing")
