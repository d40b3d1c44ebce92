"""Quick pairing's rules (docs/pairing.md): a seek, its rating window widening with the
time it has waited up to the seeker's own rating range, and which seeks may sit at one
table.

Pure arithmetic on times given, so the pool and its tests decide alike whatever the
clock."""

from __future__ import annotations

import math
from dataclasses import dataclass

WINDOW_START = 100
"""Rating points either side a new seek accepts."""
WINDOW_END = 1000
"""Points either side a seek accepts just before its window opens to every rating."""


@dataclass(frozen=True)
class Curve:
    """How a seek's window widens: from :data:`WINDOW_START` points either side,
    linearly to :data:`WINDOW_END` at ``widen`` seconds of waiting, then to every
    rating."""

    widen: float = 20.0
    """Seconds of waiting after which a seek accepts any rating."""

    def window(self, waited: float) -> float:
        """The points either side a seek accepts after ``waited`` seconds (``inf``
        once :attr:`widen` has passed).

        >>> curve = Curve(20.0)
        >>> curve.window(0), curve.window(5), curve.window(10), curve.window(20)
        (100.0, 325.0, 550.0, inf)
        """
        if waited >= self.widen:
            return math.inf
        share = max(waited, 0.0) / self.widen
        return WINDOW_START + share * (WINDOW_END - WINDOW_START)


@dataclass(frozen=True)
class Seek:
    """One player's wish to play in one pool: who, at which rating, since when, and the
    fewest players he accepts at the table."""

    id: str
    """Unique in the site (the connection's seek: a second seek is a new id)."""
    player_id: str
    rating: int
    since: float
    """When the seek entered the pool (seconds, on the pool's clock)."""
    min_seats: int
    """The fewest players the seeker accepts (the pool's seat count: a full table)."""
    limit: int | None = None
    """The seeker's rating range: the most points either side he ever accepts, however
    long he waits (``None``: any, once the window has opened)."""

    def window(self, now: float, curve: Curve) -> float:
        """The points either side this seek accepts at ``now``: the curve's, within
        its :attr:`limit`."""
        widened = curve.window(now - self.since)
        return widened if self.limit is None else min(widened, self.limit)


def compatible(a: Seek, b: Seek, now: float, curve: Curve) -> bool:
    """Whether ``a`` and ``b`` may sit at one table at ``now``: two players, a rating
    gap within the wider of their windows (the one who waited longer decides, so a long
    wait ends as soon as anyone comes) and within each one's own range (a hard limit)."""
    if a.player_id == b.player_id:
        return False
    gap = abs(a.rating - b.rating)
    wider = max(curve.window(now - a.since), curve.window(now - b.since))
    return gap <= wider and all(seek.limit is None or gap <= seek.limit for seek in (a, b))


def startable(group: list[Seek], seats: int) -> bool:
    """Whether ``group`` may start a table of a pool of ``seats``: full, or as many as
    each of its seekers accepts (two at least)."""
    return len(group) == seats or (
        len(group) >= 2 and all(seek.min_seats <= len(group) for seek in group)
    )
