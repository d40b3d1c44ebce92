"""Everything an operator can tune, in one frozen value, each setting stated once.

A field's :func:`setting` says all there is to say about it: its default, what it means,
its bounds and, when ``group`` is given, that it is a ``rummyhall serve`` flag listed under
that heading (``rummyhall/cli/serve.py`` makes the flags from these fields; the others
are set in code, by tests and benchmarks).

Defaults suit one small machine: an SQLite file in the working directory, a minute of
grace before an absent player's seat is played by the medium bot, and limits that keep
one client from starving the others.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from rummyhall.bots import LEVELS as BOT_LEVELS
from rummyhall.server.net.addresses import parse_networks
from rummyhall.server.storage.faults import FaultPoint

STORAGE = "storage and cluster"
ROOMS = "rooms and bots"
RATES = "rates per client"
CONNECTIONS = "connections"
TESTS = "test hooks"
"""The headings of ``rummyhall serve --help``, in the order the fields below meet them."""


class SettingError(ValueError):
    """A setting's value is refused; ``setting`` names the field, ``problem`` says why
    (the command line names the flag instead)."""

    def __init__(self, setting: str, problem: str) -> None:
        super().__init__(f"{setting}: {problem}")
        self.setting = setting
        self.problem = problem


@dataclass(frozen=True)
class About:
    """One setting's meaning, bounds and flag (the metadata of its field)."""

    help: str
    group: str | None
    """The ``--help`` heading of its flag; ``None``: no flag."""
    flag: str | None
    """The flag's name where it is not the field's (``--db``, ``--rate``)."""
    metavar: str | None
    positive: bool
    at_least: float | None
    burst_of: tuple[str, float] | None
    """A token bucket's burst that the command line sets from its rate: ``(rate field,
    factor)``, at least 1."""

    def check(self, name: str, value: object) -> None:
        """Refuse a number out of bounds (NaN too): a :class:`SettingError`."""
        if not isinstance(value, int | float):
            return
        if self.positive and not value > 0:
            raise SettingError(name, f"must be positive, got {value!r}")
        if self.at_least is not None and not value >= self.at_least:
            bound = (
                "must not be negative"
                if self.at_least == 0
                else f"must be at least {self.at_least:g}"
            )
            raise SettingError(name, f"{bound}, got {value!r}")


def setting(
    default: Any,
    help: str,
    *,
    group: str | None = None,
    flag: str | None = None,
    metavar: str | None = None,
    positive: bool = False,
    at_least: float | None = None,
    burst_of: tuple[str, float] | None = None,
) -> Any:
    """A field of :class:`Settings` with its :class:`About`."""
    about = About(help, group, flag, metavar, positive, at_least, burst_of)
    return dataclasses.field(default=default, metadata={"about": about})


def about(field: dataclasses.Field[Any]) -> About:
    """What a field of :class:`Settings` means (its :func:`setting`)."""
    found: About = field.metadata["about"]
    return found


@dataclass(frozen=True)
class StorageSettings:
    """Where the server keeps its truth, and how it shares rooms with other processes."""

    database_url: str = setting(
        "sqlite:///rummyhall.db",
        "SQLAlchemy database URL: sqlite:///FILE (embedded) or "
        "postgresql://USER:PASSWORD@HOST/DATABASE (pip install 'rummyhall[postgres]')",
        group=STORAGE,
        flag="--db",
        metavar="URL",
    )
    redis_url: str | None = setting(
        None,
        "redis://HOST:PORT/DB: run as one of several processes sharing rooms, the lobby and "
        "limits through this Redis, all on one PostgreSQL --db (pip install "
        "'rummyhall[redis]'; docs/deploy.md)",
        group=STORAGE,
        flag="--redis",
        metavar="URL",
    )
    lease_ttl: float = setting(
        2.0,
        "with --redis: seconds before a dead process's rooms move to another",
        group=STORAGE,
        positive=True,
    )
    """A room's lease lasts this long unless its owner renews it (every third of it): a
    dead process's rooms resume elsewhere at most 1⅔ times this long after it died (the
    lease lapses, then two scans a third of it apart find the room without an owner)."""
    forward_timeout: float = setting(
        5.0,
        "seconds a request forwarded to a room's owner may take before the client is "
        "answered unavailable",
        positive=True,
    )


@dataclass(frozen=True)
class RoomSettings:
    """How rooms, bots, clocks, pauses and quick pairing behave."""

    away_after: float = setting(
        60.0,
        "seconds before an absent player's seat is played by a bot",
        group=ROOMS,
        at_least=0,
    )
    away_level: str = setting(
        "medium",
        "bot level that plays for an away player (as the Indian platforms do)",
        group=ROOMS,
    )
    bot_levels: tuple[str, ...] = setting(
        BOT_LEVELS,
        "bot levels offered in rooms, comma separated (rummyhall.bots.make_bot)",
        group=ROOMS,
        metavar="LEVELS",
    )
    bot_delay: float = setting(
        0.4, "seconds a bot waits before moving, so people can follow", group=ROOMS, at_least=0
    )
    clocks: tuple[str, ...] = setting(
        ("30+60", "60+120"),
        "turn clocks a host may choose for Gin and Indian rooms besides off, comma "
        "separated (TURN+BANK seconds; rummyhall.server.rooms.clock)",
        group=ROOMS,
    )
    hand_over_after: float = setting(
        300.0,
        "seconds a turn lasts, without a clock, before the others may hand it over",
        group=ROOMS,
        positive=True,
    )
    part_pause: float = setting(
        30.0,
        "seconds the next hand waits for every player to close the result",
        group=ROOMS,
    )
    """At a table of several humans (:mod:`rummyhall.server.rooms.pause`)."""
    remove_ban: float = setting(
        600.0,
        "seconds a player the host removed may not sit in that room again",
        group=ROOMS,
        at_least=0,
    )
    pairing_widen: float = setting(
        20.0,
        "seconds of waiting after which quick pairing's rating window is open to every "
        "rating (docs/pairing.md)",
        group=ROOMS,
        positive=True,
    )
    pairing_countdown: float = setting(
        10.0,
        "seconds quick pairing waits for more players once a table could start with fewer",
        group=ROOMS,
        at_least=0,
    )
    computer_after: float = setting(
        30.0,
        "seconds of quick pairing after which the player is offered the computer instead",
        group=ROOMS,
        at_least=0,
    )
    bot_threads: int = setting(4, "worker threads the quick bots think in, at most")
    bot_processes: int = setting(2, "worker processes for the searching (hard) bots")


@dataclass(frozen=True)
class RateSettings:
    """How fast one client may send, create, read, guess and sign in."""

    messages_per_second: float = setting(
        20.0,
        "messages per second allowed per connection",
        group=RATES,
        flag="--rate",
        positive=True,
    )
    message_burst: int = setting(
        40, "burst of messages per connection", burst_of=("messages_per_second", 2)
    )
    creations_per_minute: float = setting(
        30.0,
        "guests and rooms one address may create per minute",
        group=RATES,
        flag="--creation-rate",
    )
    """Over HTTP, a token bucket per client address."""
    creation_burst: int = setting(
        60, "burst of guests and rooms per address", burst_of=("creations_per_minute", 2)
    )
    reads_per_second: float = setting(
        20.0,
        "HTTP reads (lobby, rooms, records, replays, stats) one address may make per second",
        group=RATES,
        flag="--read-rate",
        positive=True,
    )
    read_burst: int = setting(
        40, "burst of HTTP reads per address", at_least=1, burst_of=("reads_per_second", 2)
    )
    room_guesses_per_minute: float = setting(
        20.0,
        "unknown room codes one address may look up per minute",
        group=RATES,
        flag="--guess-rate",
        positive=True,
    )
    """HTTP or a WebSocket ``join``: beyond it, every lookup by code is refused for a
    while, so guessing private rooms is hopeless."""
    room_guess_burst: int = setting(
        20,
        "burst of unknown room codes per address",
        at_least=1,
        burst_of=("room_guesses_per_minute", 1),
    )
    player_rooms_per_minute: float = setting(
        6.0,
        "rooms one player may create per minute (from any address)",
        group=RATES,
        flag="--player-room-rate",
        positive=True,
    )
    player_room_burst: int = setting(
        12,
        "burst of rooms per player",
        at_least=1,
        burst_of=("player_rooms_per_minute", 2),
    )
    wrong_passwords_per_hour: float = setting(
        20.0, "wrong passwords allowed per hour for one username from one address", positive=True
    )
    wrong_password_burst: int = setting(
        5, "burst of wrong passwords per username from one address", at_least=1
    )
    wrong_passwords_per_username_per_hour: float = setting(
        120.0,
        "wrong passwords allowed per hour for one username from the addresses that have "
        "failed on it within a day (an address that has not is never held back by it)",
        positive=True,
    )
    wrong_password_username_burst: int = setting(
        30,
        "burst of wrong passwords per username from addresses that have failed on it",
        at_least=1,
    )
    wrong_passwords_per_address_per_hour: float = setting(
        60.0, "wrong passwords allowed per hour from one client address", positive=True
    )
    wrong_password_address_burst: int = setting(
        20, "burst of wrong passwords per address", at_least=1
    )
    rate_strikes: int = setting(
        50, "refused messages in a row after which a flooding connection is closed"
    )


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


@dataclass(frozen=True)
class LimitSettings:
    """How much the server holds: rooms, spectators, seats, pages, replays."""

    max_rooms: int = setting(
        2000, "open rooms on the server (waiting, playing or finished but not closed)"
    )
    max_rooms_per_player: int = setting(10, "open rooms one player may host")
    max_spectators: int = setting(50, "spectators of one room")
    max_spectators_per_player: int = setting(
        2, "spectator connections one guest may have in one room", at_least=1
    )
    """So that one cannot fill all."""
    max_waiting_seats: int = setting(
        3,
        "seats one guest may hold at once in rooms that others host and that have not started",
        at_least=1,
    )
    """So that one cannot block many tables; his own rooms count against
    ``max_rooms_per_player`` instead."""
    lobby_page: int = setting(30, "rooms per page of GET /api/rooms by default", at_least=1)
    lobby_page_max: int = setting(50, "rooms per page of GET /api/rooms at most")
    replay_cache_bytes: int = setting(
        64 * 1024 * 1024,
        "bytes of finished matches kept replayed for the record and replay routes",
        at_least=0,
    )
    room_idle_close: float = setting(
        6 * 3600.0, "seconds a room with nobody connected is kept open before it is closed"
    )
    static_dir: str | None = setting(
        None, "where the web front end lives; none: the rummyhall/web package folder"
    )


@dataclass(frozen=True)
class HookSettings:
    """What tests and benchmarks set: a fixed seed, a crash at a commit boundary."""

    match_seed: int | None = setting(
        None,
        "start every match from this seed (for tests: repeatable deals)",
        group=TESTS,
    )
    """The bots, seeded from the match, repeat exactly too."""
    fault_point: str | None = setting(
        None,
        "for crash tests: SIGKILL the server at this commit boundary of the store, "
        "e.g. finish_match:before (rummyhall.server.storage.faults)",
        group=TESTS,
        metavar="NAME:MOMENT[:N]",
    )
    """Never set in production."""


@dataclass(frozen=True)
class Settings(
    HookSettings, LimitSettings, ConnectionSettings, RateSettings, RoomSettings, StorageSettings
):
    """The server's settings, one frozen value: each concern's fields in a class above,
    each field a :func:`setting`. A dataclass takes its bases' fields from the last one
    first, so the fields (and ``serve --help``'s headings) come storage first."""

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            about(field).check(field.name, getattr(self, field.name))
        self._check_clocks()
        if self.away_level not in self.bot_levels:
            levels = ", ".join(self.bot_levels)
            raise SettingError(
                "away_level", f"{self.away_level!r} is not one of the bot levels: {levels}"
            )
        if self.lobby_page > self.lobby_page_max:
            raise SettingError("lobby_page", "must not be above lobby_page_max")
        if self.metrics_port is not None and self.metrics_port > 65535:
            raise SettingError("metrics_port", f"is no port, got {self.metrics_port}")
        try:  # a bad entry is refused at start-up
            parse_networks(self.trusted_proxies)
        except ValueError as error:
            raise SettingError("trusted_proxies", str(error)) from None
        try:
            if self.fault_point is not None:
                FaultPoint.parse(self.fault_point)
        except ValueError as error:
            raise SettingError("fault_point", str(error)) from None

    def _check_clocks(self) -> None:
        # Imported here: the command line reads these fields without loading the protocol.
        from rummyhall.server.rooms.clock import parse_clock

        for clock in self.clocks:
            try:
                parsed = parse_clock(clock)
            except ValueError as error:
                raise SettingError("clocks", str(error)) from None
            if parsed is None:
                raise SettingError("clocks", "lists the clocks besides 'off' (always offered)")
