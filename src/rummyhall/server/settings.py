"""Everything an operator can tune, in one frozen value (``rummyhall serve`` flags set it).

Defaults suit one small machine: an SQLite file in the working directory, a minute of
grace before an absent player's seat is played by the medium bot, and limits that keep
one client from starving the others.
"""

from __future__ import annotations

from dataclasses import dataclass

from rummyhall.bots import LEVELS as BOT_LEVELS
from rummyhall.server.addresses import parse_networks
from rummyhall.server.clock import parse_clock
from rummyhall.server.storage.faults import FaultPoint


@dataclass(frozen=True)
class Settings:
    database_url: str = "sqlite:///rummyhall.db"
    """Any SQLAlchemy URL: ``sqlite:///path.db`` or ``postgresql+psycopg://…``."""

    redis_url: str | None = None
    """``redis://host:port/db``: several processes share rooms, the lobby and limits
    through this Redis (:mod:`rummyhall.server.cluster`); ``None``: one process."""
    lease_ttl: float = 2.0
    """Seconds a room's lease lasts unless its owner renews it (every third of it): a
    dead process's rooms resume elsewhere at most 1⅔ times this long after it died (the
    lease lapses, then two scans a third of it apart find the room without an owner)."""
    forward_timeout: float = 5.0
    """Seconds a request forwarded to a room's owner may take before the client is
    answered ``unavailable``."""

    away_after: float = 60.0
    """Seconds a seated player may be disconnected before the away bot plays for him."""
    away_level: str = "medium"
    """The bot level that plays an away seat (as the Indian platforms do)."""
    bot_levels: tuple[str, ...] = BOT_LEVELS
    """Bot levels offered in rooms, passed to ``rummyhall.bots.make_bot``."""
    bot_delay: float = 0.4
    """Seconds a bot waits before moving, so people can follow the table."""
    clocks: tuple[str, ...] = ("30+60", "60+120")
    """The turn clocks a host may choose for Gin and Indian rooms besides ``off``:
    ``TURN+BANK`` seconds (:mod:`rummyhall.server.clock`)."""
    hand_over_after: float = 300.0
    """Seconds a turn must last, in a room without a clock, before the other players may
    hand the seat to the computer."""
    part_pause: float = 30.0
    """Seconds the next hand waits, at a table of several humans, for them all to close
    the last one's result (:mod:`rummyhall.server.pause`)."""
    bot_threads: int = 4
    """Quick bots think in worker threads, at most this many at once."""
    bot_processes: int = 2
    """Worker processes for the searching (hard) bots."""

    max_message_bytes: int = 16 * 1024
    """A client message larger than this is refused with ``too_large``."""
    messages_per_second: float = 20.0
    message_burst: int = 40
    """Token-bucket rate limit per connection."""
    creations_per_minute: float = 30.0
    creation_burst: int = 60
    """Guests and rooms one client address may create over HTTP (a token bucket)."""
    reads_per_second: float = 20.0
    read_burst: int = 40
    """Requests one client address may make a second to the HTTP routes that read (the
    lobby list, rooms, match records and replays, statistics, rules; a token bucket)."""
    room_guesses_per_minute: float = 20.0
    room_guess_burst: int = 20
    """Room codes one client address may look up in vain (HTTP or a WebSocket ``join``)
    before every lookup by code is refused for a while: guessing private rooms is hopeless."""
    wrong_passwords_per_hour: float = 20.0
    wrong_password_burst: int = 5
    """Wrong passwords allowed for one username (a token bucket, whatever the address)."""
    wrong_passwords_per_address_per_hour: float = 60.0
    wrong_password_address_burst: int = 20
    """Wrong passwords allowed from one client address, whatever the usernames."""
    player_rooms_per_minute: float = 6.0
    player_room_burst: int = 12
    """Rooms one player may create (a token bucket per player id, whatever his address)."""
    rate_strikes: int = 50
    """Refused messages in a row after which a flooding connection is closed."""
    compression: bool = False
    """Per-message deflate on the WebSocket: views (2–8 KB) shrink about fivefold, but
    it costs more CPU per action than everything else the server does (bench/server.py),
    so it is off unless bandwidth is scarcer than CPU."""
    outbound_queue: int = 256
    """Messages queued for a client that reads too slowly before it is disconnected."""

    max_connections: int = 5000
    """Open connections and requests at once; more are refused (HTTP 503)."""
    max_connections_per_address: int = 100
    """Open connections from one client address (counted from the first byte, so half-sent
    requests count too); trusted proxies are exempt, since they carry many clients."""
    trusted_proxies: tuple[str, ...] = ()
    """Addresses or networks (``10.0.0.0/8``) whose ``X-Forwarded-For`` is believed; with
    none, the peer of the socket is the client, whatever the headers say."""

    hello_timeout: float = 10.0
    """Seconds a new WebSocket has to say a valid ``hello`` before it is closed."""
    idle_timeout: float = 300.0
    """Seconds a WebSocket outside any room may stay silent before it is closed."""
    ws_ping_interval: float = 20.0
    ws_ping_timeout: float = 20.0
    """The server pings every WebSocket this often and drops one that does not answer."""
    request_timeout: float = 10.0
    """Seconds one HTTP request (headers and body) may take to arrive, counted from the
    connection or from its first byte; a slower one gets 408 and is closed."""
    keep_alive_timeout: float = 5.0
    """Seconds an idle HTTP keep-alive connection is kept open."""
    max_body_bytes: int = 64 * 1024
    """A larger HTTP request body is refused with 413 before it is read."""
    api_docs: bool = False
    """Serve FastAPI's interactive docs (``/docs``, ``/redoc``): they load Swagger UI and
    ReDoc from a CDN, so they are off unless asked for (``/openapi.json`` always is)."""
    max_rooms: int = 2000
    """Open rooms on the server (waiting, playing or finished but not closed)."""
    max_rooms_per_player: int = 10
    max_spectators: int = 50
    max_spectators_per_player: int = 2
    """Spectator connections one guest may have in one room (so one cannot fill all)."""
    max_waiting_seats: int = 3
    """Seats one guest may hold at once in rooms that others host and that have not
    started (so one cannot block many tables; his own rooms count against
    ``max_rooms_per_player`` instead)."""
    remove_ban: float = 600.0
    """Seconds a player the host removed may not take a seat in that room again."""
    lobby_page: int = 30
    lobby_page_max: int = 50
    """Rooms per page of ``GET /api/rooms``: by default, and at most."""
    replay_cache_bytes: int = 64 * 1024 * 1024
    """Finished matches kept replayed for the record and replay routes (bytes)."""
    room_idle_close: float = 6 * 3600.0
    """Seconds a room with nobody connected is kept open before it is closed."""

    match_seed: int | None = None
    """Every match starts from this seed instead of a fresh random one: a test hook that
    makes deals (and the bots, seeded from the match) repeat exactly."""

    fault_point: str | None = None
    """``NAME:before|after[:N]``: the process kills itself (SIGKILL) at that commit
    boundary of the store (:mod:`rummyhall.server.storage.faults`): a test hook for crash
    tests, never set in production."""

    static_dir: str | None = None
    """Where the web front end lives; ``None``: the ``rummyhall/web`` package folder."""

    def __post_init__(self) -> None:
        if self.lease_ttl <= 0 or self.forward_timeout <= 0:
            raise ValueError("lease_ttl and forward_timeout must be positive")
        if self.away_after < 0 or self.bot_delay < 0:
            raise ValueError("away_after and bot_delay must not be negative")
        for clock in self.clocks:
            if parse_clock(clock) is None:
                raise ValueError("clocks lists the clocks besides 'off'")
        if self.hand_over_after <= 0:
            raise ValueError("hand_over_after must be positive")
        if self.away_level not in self.bot_levels:
            raise ValueError(f"away_level {self.away_level!r} is not one of the bot levels")
        if self.max_message_bytes < 1024 or self.messages_per_second <= 0:
            raise ValueError("message limits are too small to play")
        if (
            min(self.reads_per_second, self.room_guesses_per_minute) <= 0
            or min(self.read_burst, self.room_guess_burst) < 1
        ):
            raise ValueError("read and room-guess rates must be positive, bursts at least 1")
        if not 1 <= self.lobby_page <= self.lobby_page_max:
            raise ValueError("lobby_page must be between 1 and lobby_page_max")
        if min(self.max_waiting_seats, self.max_spectators_per_player) < 1:
            raise ValueError("a guest must be allowed one seat and one spectator window")
        if self.remove_ban < 0 or self.replay_cache_bytes < 0:
            raise ValueError("remove_ban and replay_cache_bytes must not be negative")
        if self.max_body_bytes < 1024 or self.max_connections_per_address < 1:
            raise ValueError("HTTP limits are too small to play")
        timeouts = (
            self.hello_timeout,
            self.idle_timeout,
            self.ws_ping_interval,
            self.ws_ping_timeout,
            self.request_timeout,
            self.keep_alive_timeout,
        )
        if min(timeouts) <= 0:
            raise ValueError("timeouts must be positive")
        if self.player_rooms_per_minute <= 0 or self.player_room_burst < 1:
            raise ValueError("the player room rate must be positive")
        passwords = (self.wrong_passwords_per_hour, self.wrong_passwords_per_address_per_hour)
        bursts = (self.wrong_password_burst, self.wrong_password_address_burst)
        if min(passwords) <= 0 or min(bursts) < 1:
            raise ValueError("the wrong password rates must be positive")
        parse_networks(self.trusted_proxies)  # a bad entry is refused at start-up
        if self.fault_point is not None:
            FaultPoint.parse(self.fault_point)
