"""Quick pairing as a process serves it (docs/pairing.md): its connections' seeks put in
their pools (:class:`~rummyhall.server.pairing.local.LocalPools` in memory, or
:class:`~rummyhall.server.pairing.shared.SharedPools` in Redis), a pass whenever a seek
arrives and every :data:`TICK`, the tables a pass seats opened together in one commit
(:mod:`~rummyhall.server.pairing.tables`), and their players told ``paired`` wherever
their connections are.

A seek leaves its pool when it is seated, cancelled, replaced by the same player's in
that pool, or when its connection closes; a player seated in one pool loses his seeks
in the others. The pools take a seated seek out in the pass that seats it, before the
table's room is opened, so no seek is seated twice."""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from rummyhall.server.pairing.local import LocalPools
from rummyhall.server.pairing.open_seats import take_open_seat
from rummyhall.server.pairing.rules import Curve, Seek
from rummyhall.server.pairing.seeks import Held, PoolKey, Recovered, SeatedTable, SeekRecord
from rummyhall.server.pairing.suspended import held_back
from rummyhall.server.pairing.tables import Opening, Tables, forget, open_error
from rummyhall.server.people.players import Player, Players
from rummyhall.server.rooms.catalogue import GameOptions
from rummyhall.server.rooms.clock import require_clock
from rummyhall.server.rooms.lobby import Lobby, room_options
from rummyhall.server.rooms.seats import Client
from rummyhall.server.rooms.under_way import MatchCount
from rummyhall.server.settings import Settings
from rummyhall.server.storage.store import Store
from rummyhall.server.wire.messages import (
    PairedMessage,
    PlayerInfo,
    PoolInfo,
    SeekEndedMessage,
    SeekingMessage,
)
from rummyhall.server.wire.protocol import CancelSeek, ProtocolError
from rummyhall.server.wire.protocol import Seek as SeekRequest

log = logging.getLogger(__name__)

TICK = 0.25
"""Seconds between two passes over every pool: a window widens, a countdown ends."""
PASS_GATHER = 0.01
"""Seconds a pass waits after the last one began before it begins: the seeks that come
meanwhile (five at 500 a second) share it. With Redis a pass costs its round trips
(the pools' mirror brought up to date) whatever it finds; 10 ms more to a pairing."""
STATUS_EVERY = 1.0
"""Seconds between two ``seeking`` updates of a seek whose figures changed, and between
two looks for what dead processes left (with ``--redis``)."""
LOCAL = "local"
"""The process's name in its seeks without ``--redis``."""

Ending = Literal["cancelled", "replaced", "playing", "failed"]


class Pools(Protocol):
    """Where the seeks wait: :class:`LocalPools` or its shared subclass."""

    async def add(self, record: SeekRecord) -> tuple[SeekRecord | None, int]: ...

    async def remove(self, seek_id: str) -> SeekRecord | None: ...

    async def tables(self, now: float) -> list[SeatedTable]: ...

    async def waiting(self, keys: list[PoolKey]) -> dict[PoolKey, int]: ...

    async def recover(self, held: Held) -> Recovered: ...

    async def opened(self, table: SeatedTable) -> None: ...

    def starts_at(self, record: SeekRecord) -> float | None: ...


class Site(Protocol):
    """The other processes, as quick pairing needs them (``serve --redis``: the
    :class:`~rummyhall.server.cluster.node.Cluster`)."""

    node: str

    def pools(self, curve: Curve, countdown: float) -> Pools:
        """The pools every process shares."""

    def post_pairing(self, node: str, envelope: dict[str, Any]) -> None:
        """Send ``envelope`` to process ``node``, whose :meth:`Pairing.delivered` reads it."""

    async def reserve(self, code: str, player: Player) -> tuple[int, list[PlayerInfo]]:
        """An open seat of room ``code`` for ``player``, wherever it is played."""


@dataclass
class Here:
    """A seek of a connection of this process."""

    record: SeekRecord
    client: Client
    info: PoolInfo
    provisional: bool
    """The seeker's rating in the game is provisional (shown "1500?")."""
    shown: tuple[int, int, float | None] | None = None
    """``(waiting, playing, starts_at)`` as last told to the client."""

    def status(self, curve: Curve, computer_after: float, ref: str | None) -> SeekingMessage:
        """The ``seeking`` message of the figures :attr:`shown`, as of now."""
        assert self.shown is not None
        waiting, playing, starts_at = self.shown
        seek, now = self.record.seek, time.time()
        window = seek.window(now, curve)
        return SeekingMessage(
            pool=self.info,
            rating=seek.rating,
            provisional=self.provisional,
            waiting=waiting,
            playing=playing,
            waited=round(now - seek.since, 1),
            window=None if window == float("inf") else round(window),
            starts_in=None if starts_at is None else round(max(starts_at - now, 0.0), 1),
            computer_after=computer_after,
            ref=ref,
        )


def new_seek(
    request: SeekRequest,
    options: GameOptions,
    player: Player,
    rating: int,
    min_seats: int,
    key: PoolKey,
    node: str,
) -> tuple[SeekRecord, PoolInfo]:
    """A new seek of ``player`` in pool ``key`` (held by process ``node``) as the pools
    keep it, and its pool as the seeker is shown it."""
    seat_option = options.kit.seat_option
    seek = Seek(
        secrets.token_hex(8), player.id, rating, time.time(), min_seats, request.rating_range
    )
    record = SeekRecord(
        seek,
        key,
        node,
        player.nickname,
        dict(request.options),
        None if seat_option is None else seat_option.key,
    )
    info = PoolInfo(
        game=request.game,
        title=options.label(),
        options=options.model_dump(),
        clock=request.clock,
        seats=key.seats,
        min_seats=min_seats,
        rated=request.rated,
        rating_range=request.rating_range,
    )
    return record, info


def ended_envelope(seek_id: str, reason: Ending, error: ProtocolError | None) -> dict[str, Any]:
    """Word to the process holding seek ``seek_id`` that it ended for ``reason``
    (``error`` saying why, with its values), read back by :func:`ended_error`."""
    envelope: dict[str, Any] = {"t": "pairing", "seek": seek_id, "ended": reason}
    if error is not None:
        values = {name: str(value) for name, value in error.values.items()}
        envelope |= {"code": error.code, "values": values}
    return envelope


def ended_error(envelope: dict[str, Any]) -> ProtocolError | None:
    code = envelope.get("code")
    return None if code is None else ProtocolError(code, **envelope["values"])


class Pairing:
    """This process's seeks, the passes over the pools and the tables they seat."""

    def __init__(
        self,
        settings: Settings,
        store: Store,
        lobby: Lobby,
        players: Players,
        site: Site | None = None,
    ) -> None:
        self.settings = settings
        self.store = store
        self.lobby = lobby
        self.players = players
        self.site = site
        self.tables = Tables(lobby, store)
        """Opens the tables the passes seat, a pass's in one commit."""
        self.curve = Curve(settings.pairing_widen)
        countdown = settings.pairing_countdown
        self.pools: Pools = (
            LocalPools(self.curve, countdown) if site is None else site.pools(self.curve, countdown)
        )
        self.node = LOCAL if site is None else site.node
        self.here: dict[str, Here] = {}
        """Seek id → a seek of a connection here."""
        self._of_client: dict[Client, str] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._ticker: asyncio.Task[None] | None = None
        self._playing = MatchCount(lobby, TICK)
        """The matches under way by game, as the seekers are told them."""
        self._passing = False
        self._passed = -PASS_GATHER
        """When the last pass began (monotonic)."""
        self._again = False
        """A pass was asked for while one ran."""

    # ------------------------------------------------------------------ requests

    async def handle(self, client: Client, message: SeekRequest | CancelSeek) -> None:
        if isinstance(message, SeekRequest):
            await self.seek(client, message)
        else:
            await self.cancel(client, message.id)

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
        if request.rated and await self.store.account_of(player.id) is None:
            raise ProtocolError("rated_needs_account")
        rating, provisional = await self.store.skill(player.id, request.game)
        # The connection's newest seek takes the place of its last; if that one was
        # seated meanwhile, the player is on his way to a table.
        if not await self._end(client, None) or client.gone:
            return  # (or closed meanwhile: no seek to pair, ever)
        options_json = json.dumps(options.model_dump(), sort_keys=True)
        key = PoolKey(request.game, options_json, request.clock, seats, request.rated)
        reserve = None if self.site is None else self.site.reserve
        if await take_open_seat(self.lobby, reserve, client, key):
            return
        record, info = new_seek(request, options, player, rating, min_seats, key, self.node)
        here = self.here[record.seek.id] = Here(record, client, info, provisional)
        self._of_client[client] = record.seek.id
        try:
            replaced, waiting = await self.pools.add(record)
        except BaseException:
            self._forget(record.seek.id)
            raise
        if replaced is not None:
            self._tell_ended(replaced, "replaced")
        await self._tell(here, ref=request.id, waiting={key: waiting})
        try:
            await self._pass()
        except ProtocolError as error:  # Redis out of reach: the next tick passes again
            log.warning("quick pairing: a pass failed (%s)", error.code)

    async def cancel(self, client: Client, ref: str | None = None) -> None:
        if client not in self._of_client:
            raise ProtocolError("not_seeking")
        await self._end(client, "cancelled", ref)

    async def leave(self, client: Client) -> None:
        """``client``'s connection has closed: its seek leaves its pool (with Redis
        out of reach, at the next look for this process's lost seeks)."""
        try:
            await self._end(client, None)
        except Exception:
            log.warning("quick pairing: a closed connection's seek is left for later")
        seek_id = self._of_client.get(client)
        if seek_id is not None:  # seated meanwhile: nobody to tell
            self._forget(seek_id)

    def pools_here(self) -> Iterator[tuple[str, str, str, str]]:
        """Per seek this process holds, its pool as the metrics name it (game, seats,
        clock, rated)."""
        for here in list(self.here.values()):
            pool = here.record.pool
            yield pool.game, str(pool.seats), pool.clock, str(pool.rated).lower()

    def seeking(self, client: Client) -> bool:
        return client in self._of_client

    def start(self) -> None:
        self._ticker = asyncio.create_task(self._tick_forever(), name="quick pairing")

    def stop(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()

    async def _end(self, client: Client, reason: Ending | None, ref: str | None = None) -> bool:
        """Take ``client``'s seek (if any) out of its pool, telling it ``reason``
        (``None``: nothing); ``False`` if it was seated meanwhile, and is told
        ``paired`` instead."""
        seek_id = self._of_client.get(client)
        if seek_id is None:
            return True
        if await self.pools.remove(seek_id) is None:
            return False
        self._forget(seek_id)
        if reason is not None:
            client.send(SeekEndedMessage(reason=reason, ref=ref))
        return True

    # ------------------------------------------------------------------ passes and tables

    async def _pass(self) -> None:
        """Pair, and open the tables seated. One pass at a time, :data:`PASS_GATHER`
        after the last began at the soonest: a pass asked for meanwhile is run then
        (however many were asked)."""
        if self._passing:
            self._again = True
            return
        self._passing = True
        try:
            self._again = True
            while self._again:
                await asyncio.sleep(self._passed + PASS_GATHER - time.monotonic())
                self._again = False
                self._passed = time.monotonic()
                tables = await self.pools.tables(time.time())
                for table in tables:
                    for record in table.ended:
                        self._tell_ended(record, "playing")
                if tables:
                    self._spawn(self._open(tables))
        finally:
            self._passing = False

    async def _open(self, tables: list[SeatedTable]) -> None:
        """Open the rooms of ``tables`` (a pass's, in one commit) and tell their players
        where to go (tables a dead process seated too: each room is opened once, by its
        key)."""
        gate = self.lobby.gate
        tables = [t for t in tables if not await held_back(gate, self.pools, t, self._refused)]
        openings = [Opening.of(table, self.players) for table in tables]
        try:
            outcomes = await self.tables.open(openings)
        except Exception as failure:  # (not expected: each table's failure is its own)
            outcomes = [failure] * len(openings)
        for table, opening, outcome in zip(tables, openings, outcomes, strict=True):
            if isinstance(outcome, str):
                infos = [player.info() for player in opening.players]
                for seat, record in enumerate(table.seeks):
                    self._tell_paired(record, outcome, seat, infos)
                log.info("quick pairing seated %d players in room %s", len(infos), outcome)
            else:
                error = open_error(outcome)
                for record in table.seeks:
                    self._refused(record, error)
            await forget(self.pools, table)

    async def bar_from_rated(self, player_id: str, error: ProtocolError) -> None:
        """``player_id`` is suspended from rated play: his rated seeks held here end
        (``failed``, ``error`` saying until when and why)."""
        for here in list(self.here.values()):
            seek, pool = here.record.seek, here.record.pool
            if pool.rated and seek.player_id == player_id and await self.pools.remove(seek.id):
                self._tell_ended(here.record, "failed", error)

    # ------------------------------------------------------------------ telling seekers

    def _tell_paired(
        self, record: SeekRecord, code: str, seat: int, players: list[PlayerInfo]
    ) -> None:
        here = self._forget(record.seek.id)
        if here is not None:
            here.client.send(PairedMessage(room=code, seat=seat, players=players))
        elif record.node != self.node and self.site is not None:
            people = [player.model_dump() for player in players]
            envelope = {"t": "pairing", "seek": record.seek.id, "room": code, "seat": seat}
            self.site.post_pairing(record.node, envelope | {"players": people})

    def _tell_ended(
        self, record: SeekRecord, reason: Ending, error: ProtocolError | None = None
    ) -> None:
        here = self._forget(record.seek.id)
        if here is not None:
            code = None if error is None else error.code
            message = None if error is None else error.message(here.client.locale)
            here.client.send(SeekEndedMessage(reason=reason, code=code, message=message))
        elif record.node != self.node and self.site is not None:
            self.site.post_pairing(record.node, ended_envelope(record.seek.id, reason, error))

    def _refused(self, record: SeekRecord, why: ProtocolError) -> None:
        """Tell ``record``'s seeker his table was not opened, and why."""
        self._tell_ended(record, "failed", why)

    def delivered(self, envelope: dict[str, Any]) -> None:
        """Another process seated or ended a seek of a connection here."""
        here = self.here.get(envelope["seek"])
        if here is None:
            return  # its connection closed meanwhile
        if "room" in envelope:
            players = [PlayerInfo(**player) for player in envelope["players"]]
            self._tell_paired(here.record, envelope["room"], envelope["seat"], players)
        else:
            self._tell_ended(here.record, envelope["ended"], ended_error(envelope))

    def _held(self, seek_id: str) -> SeekRecord | None:
        """Seek ``seek_id`` if a connection here holds it now."""
        here = self.here.get(seek_id)
        return None if here is None else here.record

    def _forget(self, seek_id: str) -> Here | None:
        here = self.here.pop(seek_id, None)
        if here is not None and self._of_client.get(here.client) == seek_id:
            del self._of_client[here.client]
        return here

    # ------------------------------------------------------------------ the clock

    async def _tick_forever(self) -> None:
        """Pass over every pool every :data:`TICK`; every :data:`STATUS_EVERY`, tell
        each seek here its figures if they changed, and open what dead processes
        left."""
        told = 0.0
        while True:
            await asyncio.sleep(TICK)
            try:
                await self._pass()
                now = time.time()
                if now - told >= STATUS_EVERY:
                    told = now
                    tables, replaced = await self.pools.recover(self._held)
                    for record in replaced:
                        self._tell_ended(record, "replaced")
                    if tables:
                        self._spawn(self._open(tables))
                    await self._tell_all()
            except ProtocolError as error:  # Redis out of reach: the rooms say it already
                log.debug("quick pairing: a pass failed (%s)", error.code)
            except Exception:
                log.exception("a quick pairing pass failed")

    async def _tell_all(self) -> None:
        waiting = await self.pools.waiting(
            sorted({h.record.pool for h in self.here.values()}, key=lambda k: k.name)
        )
        playing = await self._playing()
        for here in list(self.here.values()):
            await self._tell(here, waiting=waiting, playing=playing, changed_only=True)

    async def _tell(
        self,
        here: Here,
        ref: str | None = None,
        waiting: dict[PoolKey, int] | None = None,
        playing: dict[str, int] | None = None,
        changed_only: bool = False,
    ) -> None:
        """Send ``here``'s client its seek's figures (with ``changed_only``, only if
        they changed since it was last told)."""
        record = here.record
        if waiting is None:
            waiting = await self.pools.waiting([record.pool])
        if playing is None:
            playing = await self._playing()
        starts_at = self.pools.starts_at(record)
        figures = (waiting.get(record.pool, 0), playing.get(record.pool.game, 0), starts_at)
        if changed_only and figures == here.shown:
            return
        here.shown = figures
        here.client.send(here.status(self.curve, self.settings.computer_after, ref))

    def _spawn(self, work: Any) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
