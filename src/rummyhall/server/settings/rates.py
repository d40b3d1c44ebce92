"""How often one client may do what."""

from __future__ import annotations

from dataclasses import dataclass

from rummyhall.server.settings.about import RATES, setting


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
    reviews_per_hour: float = setting(
        20.0,
        "reviews of finished games one player may have computed per hour (those already "
        "computed are free)",
        group=RATES,
        flag="--review-rate",
        positive=True,
    )
    review_burst: int = setting(
        6, "burst of reviews per player", at_least=1, burst_of=("reviews_per_hour", 0.3)
    )
    rate_strikes: int = setting(
        50, "refused messages in a row after which a flooding connection is closed"
    )
