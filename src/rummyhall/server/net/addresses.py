"""Who the client is: the address every per-address limit counts against.

The peer of the socket is the client unless it is one of the operator's trusted proxies
(``--trusted-proxies``); then ``X-Forwarded-For`` is read from the right, each trusted
hop vouching for the one on its left, and the first untrusted hop is the client. The
hops further left were written by the client itself and are never believed, so a fresh
header value per request buys nothing. :class:`ClientAddressMiddleware` puts the answer
in the ASGI scope, so HTTP routes, the WebSocket and the access log all see the same
address.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from starlette.types import ASGIApp, Receive, Scope, Send

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Address = ipaddress.IPv4Address | ipaddress.IPv6Address


def parse_networks(entries: Iterable[str]) -> tuple[Network, ...]:
    """``"10.0.0.1"`` or ``"10.0.0.0/8"`` per entry; a bad one raises ValueError.

    >>> parse_networks(["127.0.0.1", "10.0.0.0/8"])
    (IPv4Network('127.0.0.1/32'), IPv4Network('10.0.0.0/8'))
    """
    networks = []
    for entry in entries:
        try:
            networks.append(ipaddress.ip_network(entry.strip(), strict=False))
        except ValueError:
            raise ValueError(f"trusted proxy {entry!r} is not an address or network") from None
    return tuple(networks)


def parse_hop(text: str) -> Address | None:
    """One ``X-Forwarded-For`` entry (``1.2.3.4``, ``1.2.3.4:80``, ``[::1]:80``, ``::1``),
    or None for anything else (``unknown``, garbage).

    >>> parse_hop(" 203.0.113.9:5000 "), parse_hop("[2001:db8::1]:443"), parse_hop("x")
    (IPv4Address('203.0.113.9'), IPv6Address('2001:db8::1'), None)
    """
    text = text.strip()
    if text.startswith("["):
        text = text[1 : text.find("]")] if "]" in text else ""
    elif text.count(":") == 1:
        text = text.partition(":")[0]
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


class TrustedProxies:
    """The proxies whose forwarding headers are believed (none by default)."""

    def __init__(self, entries: Iterable[str] = ()) -> None:
        self.networks = parse_networks(entries)

    def __contains__(self, address: Address | str | None) -> bool:
        if isinstance(address, str):
            address = parse_hop(address)
        return address is not None and any(address in network for network in self.networks)

    def client_address(self, peer: str, forwarded_for: Sequence[str]) -> str:
        """The client behind ``peer`` given the ``X-Forwarded-For`` header values.

        >>> proxies = TrustedProxies(["10.0.0.0/8"])
        >>> proxies.client_address("10.0.0.2", ["6.6.6.6, 203.0.113.9, 10.0.0.1"])
        '203.0.113.9'
        >>> proxies.client_address("198.51.100.7", ["6.6.6.6"])
        '198.51.100.7'
        """
        if peer not in self:
            return peer
        client = peer
        hops = [hop for value in forwarded_for for hop in value.split(",")]
        for hop in reversed(hops):
            address = parse_hop(hop)
            if address is None:  # a trusted proxy wrote garbage: stop at that proxy
                return client
            client = str(address)
            if address not in self:
                return client
        return client


def limit_key(address: str) -> str:
    """What per-address limits count: the address, or its /64 for IPv6 (one host
    usually holds a whole /64, so single IPv6 addresses cost an attacker nothing).

    >>> limit_key("203.0.113.9"), limit_key("2001:db8:1:2:3:4:5:6")
    ('203.0.113.9', '2001:db8:1:2::/64')
    """
    parsed = parse_hop(address)
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.IPv6Network((parsed, 64), strict=False))
    return address


class ClientAddressMiddleware:
    """Sets ``scope["client"]`` (HTTP and WebSocket alike) to the client's address as
    :meth:`TrustedProxies.client_address` computes it."""

    def __init__(self, app: ASGIApp, proxies: TrustedProxies) -> None:
        self.app = app
        self.proxies = proxies

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") and self.proxies.networks:
            peer = scope.get("client")
            if peer is not None:
                forwarded = [
                    value.decode("latin-1")
                    for name, value in scope["headers"]
                    if name == b"x-forwarded-for"
                ]
                address = self.proxies.client_address(peer[0], forwarded)
                if address != peer[0]:
                    scope["client"] = (address, 0)
        await self.app(scope, receive, send)
