"""Connection hygiene below the ASGI app: uvicorn's HTTP and WebSocket protocols with a
per-address connection cap and a deadline for each HTTP request.

Uvicorn only times out an idle keep-alive connection after a response: a socket that
never sends a byte, or stops in the middle of its headers, stays open and counts against
``limit_concurrency`` for ever, so a few hundred of them make every page answer 503.
Here every request must arrive whole (headers and body) within ``request_timeout`` of
the connection or of its first byte, and one client address may hold at most
``max_connections_per_address`` sockets, counted from ``connection_made`` so half-sent
requests and WebSockets count alike. Refusals are answered here, in English (no request
has been read to tell the client's language), with the JSON error body of the API.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import Counter
from http import HTTPStatus
from typing import Any, ClassVar

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from rummyhall.server.net.addresses import TrustedProxies, limit_key
from rummyhall.server.net.mailbox import Mailbox
from rummyhall.server.settings import Settings
from rummyhall.server.wire.errors import ERRORS, ErrorCode
from rummyhall.server.wire.i18n import text

log = logging.getLogger(__name__)


def raw_response(code: ErrorCode) -> bytes:
    """A complete ``Connection: close`` HTTP/1.1 response with the API's error body and
    the code's HTTP status."""
    body = json.dumps({"error": {"code": code, "message": text(code)}}).encode()
    status = HTTPStatus(ERRORS[code].http)
    head = (
        f"HTTP/1.1 {status.value} {status.phrase}\r\n"
        "content-type: application/json\r\n"
        f"content-length: {len(body)}\r\n"
        "connection: close\r\n\r\n"
    )
    return head.encode("ascii") + body


TOO_MANY_CONNECTIONS = raw_response("too_many_connections")
REQUEST_TIMEOUT = raw_response("request_timeout")


class ConnectionGuard:
    """Open sockets per client address (trusted proxies are not counted: they carry
    many clients, and the address behind them is known only once headers are read)."""

    def __init__(self, cap: int, proxies: TrustedProxies) -> None:
        self.cap = cap
        self.proxies = proxies
        self.open: Counter[str] = Counter()
        self.holders: dict[asyncio.BaseTransport, str] = {}
        self.warned: set[str] = set()
        """Addresses at the cap that the log has already named (one line per episode,
        not one per refused socket, so a flood cannot flood the log too)."""

    def admit(self, transport: asyncio.BaseTransport) -> bool:
        peer = transport.get_extra_info("peername")
        host = str(peer[0]) if isinstance(peer, tuple) else ""
        if not host or host in self.proxies:
            return True
        key = limit_key(host)
        if self.open[key] >= self.cap:
            if key not in self.warned:
                self.warned.add(key)
                log.warning("%s holds %d connections: refusing more", key, self.cap)
            return False
        self.open[key] += 1
        self.holders[transport] = key
        return True

    def release(self, transport: asyncio.BaseTransport) -> None:
        """Idempotent: the HTTP protocol and the WebSocket it upgraded to both call it."""
        key = self.holders.pop(transport, None)
        if key is not None:
            self.open[key] -= 1
            if self.open[key] < self.cap:
                self.warned.discard(key)
            if not self.open[key]:
                del self.open[key]


class GuardedHttp(HttpToolsProtocol):
    """Uvicorn's httptools protocol with the connection cap and the request deadline."""

    guard: ClassVar[ConnectionGuard]
    request_timeout: ClassVar[float]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if not self.guard.admit(transport):
            transport.write(TOO_MANY_CONNECTIONS)
            transport.close()
            return
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self.guard.release(self.transport)
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        self._arm()
        super().on_message_begin()

    def on_message_complete(self) -> None:
        self._disarm()
        super().on_message_complete()

    def handle_websocket_upgrade(self) -> None:
        self._disarm()
        super().handle_websocket_upgrade()

    def _arm(self) -> None:
        """Start the clock for a request, unless it is already running."""
        if self.deadline is None:
            self.deadline = self.loop.call_later(self.request_timeout, self._expire)

    def _disarm(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    def _expire(self) -> None:
        self.deadline = None
        if self.transport.is_closing():
            return
        if self.cycle is None or not self.cycle.response_started:
            self.transport.write(REQUEST_TIMEOUT)
        self.transport.close()


INBOX = "rummyhall.inbox"
"""The scope's ``extensions`` key of a WebSocket's :class:`Inbox`."""


class Inbox(Mailbox[dict[str, Any]]):
    """What the client sent, for the app's ``receive``; it knows when the socket has
    closed (its disconnect is queued), while the app may still be reading what came
    before: a request read then was sent by a socket nobody holds any more."""

    __slots__ = ("closed",)

    def __init__(self) -> None:
        super().__init__()
        self.closed = False

    def put_nowait(self, item: dict[str, Any]) -> None:
        if item["type"] == "websocket.disconnect":
            self.closed = True
        super().put_nowait(item)


class GuardedWebSocket(WebSocketsSansIOProtocol):
    """Uvicorn's WebSocket protocol, giving the socket back to the guard when it closes,
    with an :class:`Inbox` for what the client sent (its one reader is the app's
    ``receive``; uvicorn uses the queue's ``put_nowait``, ``get`` and ``empty`` only; the
    app finds it in the scope's extensions under :data:`INBOX`) and without what it
    keeps of the handshake. These lean on uvicorn's internals (its websockets-sansio
    protocol): the server tests exercise them."""

    guard: ClassVar[ConnectionGuard]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.queue = Inbox()  # type: ignore[assignment]

    def handle_connect(self, event: Any) -> None:
        super().handle_connect(event)  # builds the scope; the app starts on the next turn
        scope = getattr(self, "scope", None)  # none when the handshake was refused
        if scope is not None:
            scope.setdefault("extensions", {})[INBOX] = self.queue

    def start_keepalive(self) -> None:
        """Called once the handshake's response is sent: uvicorn keeps the handshake's
        request and response (their headers, about 3 kB) for the connection's life but
        never reads them again; the app reads the scope's copy of the headers."""
        self.request = self.response = None  # type: ignore[assignment]
        super().start_keepalive()

    def connection_lost(self, exc: Exception | None) -> None:
        self.guard.release(self.transport)
        super().connection_lost(exc)


def protocols(settings: Settings) -> tuple[type[GuardedHttp], type[GuardedWebSocket]]:
    """The two protocol classes to give uvicorn (``http=``, ``ws=``), sharing one guard."""
    guard = ConnectionGuard(
        settings.max_connections_per_address, TrustedProxies(settings.trusted_proxies)
    )

    class Http(GuardedHttp):
        pass

    class WebSocket(GuardedWebSocket):
        pass

    Http.guard = WebSocket.guard = guard
    Http.request_timeout = settings.request_timeout
    return Http, WebSocket
