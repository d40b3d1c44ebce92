"""How rooms, bots, clocks, pauses and quick pairing behave."""

from __future__ import annotations

from dataclasses import dataclass

from rummyhall.bots import LEVELS as BOT_LEVELS
from rummyhall.server.settings.about import ROOMS, setting


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
    review_processes: int = setting(
        2,
        "worker processes computing reviews of finished games (docs/review.md); each keeps "
        "a core busy while it works",
        group=ROOMS,
        at_least=1,
    )
    review_full_priority: bool = setting(
        False,
        "review processes run at the server's own priority instead of on the CPU time left "
        "idle (a machine given to reviews; the tests, whose servers share a loaded machine)",
        group=ROOMS,
    )
    review_queue: int = setting(
        8,
        "reviews waiting for a worker process at most; more are refused reviews_busy",
        at_least=0,
    )
