"""How connections are accepted, kept and cut."""

from __future__ import annotations

from dataclasses import dataclass

from rummyhall.server.settings.about import CONNECTIONS, setting


@dataclass(frozen=True)
class ConnectionSettings:
    """What a connection may hold, how long it may wait, and what it is served."""

    trusted_proxies: tuple[str, ...] = setting(
        (),
        "comma-separated addresses or networks (CIDR) of reverse proxies whose "
        "X-Forwarded-For is believed; none by default: the socket's peer is the client",
        group=CONNECTIONS,
        metavar="NETWORKS",
    )
    max_connections: int = setting(
        5000, "open connections at once; more get HTTP 503", group=CONNECTIONS
    )
    max_connections_per_address: int = setting(
        100,
        "open connections from one client address (trusted proxies exempt)",
        group=CONNECTIONS,
        at_least=1,
    )
    """Counted from the first byte, so half-sent requests count too; proxies carry many
    clients."""
    hello_timeout: float = setting(
        10.0,
        "seconds a new WebSocket has to say a valid hello",
        group=CONNECTIONS,
        positive=True,
    )
    idle_timeout: float = setting(
        300.0,
        "seconds a WebSocket outside any room may stay silent",
        group=CONNECTIONS,
        positive=True,
    )
    ws_ping_interval: float = setting(
        20.0,
        "seconds between the server's WebSocket pings",
        group=CONNECTIONS,
        positive=True,
    )
    ws_ping_timeout: float = setting(
        20.0,
        "seconds to wait for a pong before dropping the WebSocket",
        group=CONNECTIONS,
        positive=True,
    )
    request_timeout: float = setting(
        10.0,
        "seconds one HTTP request (headers and body) may take to arrive",
        group=CONNECTIONS,
        positive=True,
    )
    """Counted from the connection or from its first byte; a slower one gets 408."""
    keep_alive_timeout: float = setting(
        5.0,
        "seconds an idle HTTP keep-alive connection is kept",
        group=CONNECTIONS,
        flag="--keep-alive",
        metavar="KEEP_ALIVE",
        positive=True,
    )
    max_body_bytes: int = setting(
        64 * 1024,
        "largest HTTP request body in bytes (413 beyond)",
        group=CONNECTIONS,
        flag="--max-body",
        metavar="MAX_BODY",
        at_least=1024,
    )
    max_message_bytes: int = setting(
        16 * 1024, "largest client message in bytes (too_large beyond)", at_least=1024
    )
    outbound_queue: int = setting(
        256, "messages queued for a client that reads too slowly before it is disconnected"
    )
    compression: bool = setting(
        False,
        "per-message deflate on the WebSocket (fewer bytes, more CPU)",
        group=CONNECTIONS,
    )
    """Views (2–8 KB) shrink about fivefold, but it costs more CPU per action than
    everything else the server does (bench/server.py), so it is off unless bandwidth is
    scarcer than CPU."""
    api_docs: bool = setting(
        False,
        "serve the interactive API docs at /docs and /redoc (they load scripts from a CDN)",
        group=CONNECTIONS,
    )
    """``/openapi.json`` always is."""
    metrics_port: int | None = setting(
        None,
        "serve this process's Prometheus metrics on this port (off by default; never on "
        "the site's port); one process a port: not with --workers",
        group=CONNECTIONS,
        metavar="PORT",
        at_least=1,
    )
    metrics_address: str = setting(
        "127.0.0.1",
        "the address the metrics port listens on (loopback: only this machine scrapes)",
        group=CONNECTIONS,
        metavar="ADDRESS",
    )
