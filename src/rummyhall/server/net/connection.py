"""One client's WebSocket: limits, parsing, dispatch to its room, and an outbound queue.

Messages from one client are handled one at a time, in order. Everything sent to the
client goes through a bounded queue drained by a writer task, so a room never waits on
a slow reader; a client that falls too far behind is disconnected. A socket that does
not say a valid ``hello`` within ``hello_timeout`` of opening, or stays silent outside
any room for ``idle_timeout``, is closed: silent sockets would otherwise hold their
place against the server's connection limit for ever.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

from starlette.types import Message
from starlette.websockets import WebSocket, WebSocketDisconnect

from rummyhall.server.metrics import ACTION_SECONDS, CONNECTIONS
from rummyhall.server.net.limits import TokenBucket, check_size, client_address
from rummyhall.server.net.mailbox import Mailbox
from rummyhall.server.net.transport import INBOX, Inbox
from rummyhall.server.people.moderation import Standing, play_need
from rummyhall.server.people.players import Player, token_hash
from rummyhall.server.rooms.lock import RoomMoved
from rummyhall.server.storage.store import StorageUnavailable
from rummyhall.server.wire.errors import ErrorCode
from rummyhall.server.wire.i18n import Locale
from rummyhall.server.wire.messages import (
    ErrorMessage,
    ModerationMessage,
    ModerationNotice,
    Pong,
    ServerMessage,
    Welcome,
    error_message,
)
from rummyhall.server.wire.protocol import (
    PROTOCOL_VERSION,
    ActionRequest,
    CancelSeek,
    ChatRequest,
    ClientMessageType,
    Hello,
    Join,
    Ping,
    ProtocolError,
    ReactRequest,
    Seek,
    message_ref,
    parse_client_message,
)

if TYPE_CHECKING:
    from rummyhall.server.rooms.seats import Place
    from rummyhall.server.services import Services

log = logging.getLogger(__name__)

CLOSE_CODES: dict[ErrorCode, int] = {
    "replaced": 4000,
    "hello_timeout": 4001,
    "idle": 4002,
    "signed_out": 4003,
    "suspended": 4004,
    "suspended_for_good": 4004,
    "rate_limited": 1008,
    "too_slow": 1013,
}
"""WebSocket close codes the server uses (docs/protocol.md)."""


class Connection:
    def __init__(self, websocket: WebSocket, services: Services) -> None:
        self.websocket = websocket
        self.services = services
        settings = services.settings
        self.address = client_address(websocket)
        self.player: Player | None = None
        self.token_hash = ""
        """The hash of the token it said hello with (signing out closes it)."""
        self.standing: Standing | None = None
        """The player's standing with the moderators as last read, for his next seek."""
        self.locale: Locale = "en"
        self.room: Place | None = None
        self.seat: int | None = None
        self.bucket = TokenBucket(settings.messages_per_second, settings.message_burst)
        self.strikes = 0
        self.queue: Mailbox[str | None] = Mailbox(settings.outbound_queue)
        self.closing = False
        self._close_code = 1000
        loop = asyncio.get_running_loop()
        self.hello_deadline = loop.time() + settings.hello_timeout
        self.last_heard = loop.time()

    # ------------------------------------------------------------------ output

    def send(self, message: ServerMessage | str) -> None:
        if self.closing:
            return
        text = message if isinstance(message, str) else message.model_dump_json()
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.closing = True
            asyncio.get_running_loop().create_task(self._abort("too_slow"))

    def close(self, code: ErrorCode, error: ProtocolError | None = None) -> None:
        """Tell the client why (``error``, with its values, if given), then close the
        socket after what is already queued."""
        if self.closing:
            return
        error = error or ProtocolError(code)
        self.send(error_message(error, self.locale))
        self.closing = True
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)
        self._close_code = CLOSE_CODES.get(code, 1008)

    async def _abort(self, code: ErrorCode) -> None:
        with contextlib.suppress(Exception):
            await self.websocket.close(CLOSE_CODES[code])

    async def _writer(self) -> None:
        while True:
            text = await self.queue.get()
            if text is None:
                await self.websocket.close(self._close_code)
                return
            await self.websocket.send_text(text)
            del text  # not held while the queue is empty: a few kB per idle client

    # ------------------------------------------------------------------ input

    @property
    def gone(self) -> bool:
        """Told to go, or its socket closed while what it sent before is still being
        handled (uvicorn's side knows at once: the transport's inbox)."""
        inbox = self.websocket.scope.get("extensions", {}).get(INBOX)
        return self.closing or (isinstance(inbox, Inbox) and inbox.closed)

    def _log(self, event: str, **fields: object) -> None:
        """One line of the log for this connection (docs/operations.md, "Logs"): its
        player, and in a room the room's code and its match's id (``None`` before the
        first match, or where another process plays the room)."""
        player = None if self.player is None else self.player.id
        place = {}
        if self.room is not None:
            place = {"room": self.room.code, "match": self.room.match_id}
        log.info(
            "connection %s %s",
            event,
            self.name,
            extra={"event": event, "connection": self.name, "player": player, **place, **fields},
        )

    @property
    def name(self) -> str:
        return f"{id(self):x}"

    async def run(self) -> None:
        await self.websocket.accept()
        CONNECTIONS.inc()
        opened = asyncio.get_running_loop().time()
        self._log("opened", client=self.address)
        writer = asyncio.create_task(self._writer())
        try:
            while not writer.done():
                try:
                    message = await self._receive(self._silence_deadline())
                except TimeoutError:
                    self.close("hello_timeout" if self.player is None else "idle")
                    continue  # the writer closes the socket; its disconnect ends the loop
                if message["type"] == "websocket.disconnect":
                    break
                self.last_heard = asyncio.get_running_loop().time()
                raw = message.get("text")
                await self.handle(raw if raw is not None else message.get("bytes") or b"")
                del message, raw  # not held while waiting for the next one
        except WebSocketDisconnect:
            pass
        finally:
            seconds = round(asyncio.get_running_loop().time() - opened, 1)
            self._log("closed", seconds=seconds)
            CONNECTIONS.dec()
            if self.player is not None:
                self.services.accounts.devices.closed(self.player.id, self)
            await self.services.pairing.leave(self)
            if self.room is not None:
                await self.room.disconnect(self)
            self.closing = True
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer

    async def _receive(self, deadline: float | None) -> Message:
        if deadline is None:  # in a room: no timer to arm and cancel for every message
            return await self.websocket.receive()
        async with asyncio.timeout_at(deadline):
            return await self.websocket.receive()

    def _silence_deadline(self) -> float | None:
        """When this socket's silence ends it: a deadline for ``hello`` from the moment
        it opened, then ``idle_timeout`` after the last message while outside any room
        (in a room or seeking a game, WebSocket pings are what drops a dead client)."""
        if self.closing or self.room is not None or self.services.pairing.seeking(self):
            return None
        if self.player is None:
            return self.hello_deadline
        return self.last_heard + self.services.settings.idle_timeout

    async def handle(self, raw: str | bytes) -> None:
        if self.closing:
            # Told to go (replaced by another window, signed out, too slow): requests
            # still buffered behind that are dropped, or one of them (a ``join``) could
            # take the seat back from the window that replaced this one.
            return
        ref = None
        try:
            if not self.bucket.allow():
                self.strikes += 1
                if self.strikes >= self.services.settings.rate_strikes:
                    self.close("rate_limited")
                    return
                raise ProtocolError("rate_limited")
            self.strikes = 0
            check_size(raw, self.services.settings.max_message_bytes)
            message = parse_client_message(raw)
            ref = message.id
            try:
                await self.dispatch(message)
            except StorageUnavailable:
                raise ProtocolError("storage_unavailable") from None
        except ProtocolError as error:
            if error.code in ("malformed", "invalid_action"):  # unparsed: read its id raw
                ref = message_ref(raw)
            self.send(error_message(error, self.locale, turn=self._turn(), ref=ref))
        except Exception:
            log.exception("failed to handle a message")
            self.send(ErrorMessage(code="internal", message="internal error", ref=ref))

    def _turn(self) -> int | None:
        return None if self.room is None else self.room.turn

    async def dispatch(self, message: ClientMessageType) -> None:
        if isinstance(message, Hello):
            await self._hello(message)
            return
        if isinstance(message, Ping):
            self.send(Pong(ref=message.id))
            return
        if self.player is None:
            raise ProtocolError("hello_first")
        if isinstance(message, Join):
            if self.gone:  # see Room.join: no seat for a socket already closed
                return
            try:
                await self._join(message)
            except RoomMoved:  # it went to another process while we waited: follow it
                await self._join(message)
            return
        moderation = self.services.moderation
        if isinstance(message, Seek | CancelSeek):
            if isinstance(message, Seek):
                need = play_need(message.rated)
                self.standing = await moderation.check(self.player.id, need, self.standing)
            await self.services.pairing.handle(self, message)
            return
        if self.room is None:
            raise ProtocolError("not_in_room")
        if isinstance(message, ChatRequest):
            message = await moderation.chat(self.player, message)
        elif isinstance(message, ReactRequest):
            await moderation.check(self.player.id, "chat")
        if isinstance(message, ActionRequest):
            with ACTION_SECONDS.time():  # checked, committed, every seat's state queued
                await self.room.handle(self, message)
            return
        await self.room.handle(self, message)

    async def _join(self, message: Join) -> None:
        joined = await self.services.lobby.lookup(message.room, self.address)
        if self.room is not None and self.room.code != joined.code:
            await self.room.leave(self)
        await joined.handle(self, message)
        self._log("joined", room=joined.code, role=message.role, seat=self.seat)

    async def _hello(self, message: Hello) -> None:
        if self.player is not None:
            raise ProtocolError("already_hello")
        if message.protocol != PROTOCOL_VERSION:
            raise ProtocolError(
                "unsupported_protocol", given=message.protocol, supported=PROTOCOL_VERSION
            )
        self.locale = message.locale
        player = await self.services.players.authenticate(message.token)
        try:
            self.standing = await self.services.moderation.admit(player.id)
        except ProtocolError as suspended:  # from the site: told why, then closed
            self.close(suspended.code, suspended)
            return
        self.player = player
        self.token_hash = token_hash(message.token)
        self.services.accounts.devices.opened(player.id, self)
        self._log("hello")
        settings = self.services.settings
        self.send(
            Welcome(
                player=self.player.info(),
                limits={
                    "max_message_bytes": settings.max_message_bytes,
                    "messages_per_second": settings.messages_per_second,
                    "message_burst": settings.message_burst,
                    "away_after": settings.away_after,
                },
            )
        )
        if self.standing.actions:
            notices = [ModerationNotice(**action) for action in self.standing.actions]
            self.send(ModerationMessage(standing=notices))
