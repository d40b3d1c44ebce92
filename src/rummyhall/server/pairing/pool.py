"""One pool's seeks in memory and the pass that seats them (docs/pairing.md).

A pass takes the seeks oldest first; each one not yet seated gathers, nearest rating
first, the seeks compatible with it and with every one already gathered, up to a full
table. A full table is seated at once. A table that may start with fewer players
(:func:`~rummyhall.server.pairing.rules.startable`) waits ``countdown`` seconds for more,
its seekers held for it meanwhile, and then starts as it is. A seek is in one pool
once, a player has one seek in a pool, and a seated seek leaves the pool in the same
pass: nobody is seated twice."""

from __future__ import annotations

import bisect
import math
from collections.abc import Iterator

from rummyhall.server.pairing.rules import Curve, Seek, compatible, startable


class Pool:
    """The seeks of one pool, sorted by rating, and the tables a pass seats."""

    def __init__(self, seats: int, curve: Curve, countdown: float) -> None:
        self.seats = seats
        self.curve = curve
        self.countdown = countdown
        self._seeks: dict[str, Seek] = {}
        self._of_player: dict[str, str] = {}
        """Player id → his seek's id."""
        self._by_rating: list[tuple[int, str]] = []
        """``(rating, seek id)``, sorted: a seek's neighbours by rating."""
        self._ready: dict[str, float] = {}
        """A table short of full but able to start, by its oldest seek's id: since when."""
        self._held: dict[str, frozenset[str]] = {}
        """The seeks each such table holds, by its oldest seek's id."""

    def __len__(self) -> int:
        return len(self._seeks)

    def __iter__(self) -> Iterator[Seek]:
        return iter(list(self._seeks.values()))

    def __contains__(self, seek_id: object) -> bool:
        return seek_id in self._seeks

    def add(self, seek: Seek) -> Seek | None:
        """Put ``seek`` in the pool; the same player's seek it replaces, if any."""
        if seek.id in self._seeks:
            raise ValueError(f"seek {seek.id} is in the pool already")
        replaced = None
        previous = self._of_player.get(seek.player_id)
        if previous is not None:
            replaced = self.remove(previous)
        self._seeks[seek.id] = seek
        self._of_player[seek.player_id] = seek.id
        bisect.insort(self._by_rating, (seek.rating, seek.id))
        return replaced

    def remove(self, seek_id: str) -> Seek | None:
        """Take a seek out (cancelled, its socket gone); ``None`` if it is not here."""
        seek = self._seeks.pop(seek_id, None)
        if seek is None:
            return None
        del self._of_player[seek.player_id]
        del self._by_rating[bisect.bisect_left(self._by_rating, (seek.rating, seek.id))]
        self._ready.pop(seek_id, None)
        self._held.pop(seek_id, None)
        return seek

    def of_player(self, player_id: str) -> Seek | None:
        seek_id = self._of_player.get(player_id)
        return None if seek_id is None else self._seeks[seek_id]

    def starts_at(self, seek: Seek) -> float | None:
        """When the short table holding ``seek`` starts if nobody else comes (as of
        the last pass), or ``None``."""
        for leader, since in self._ready.items():
            if seek.id in self._held[leader]:
                return since + self.countdown
        return None

    def pair(self, now: float) -> list[list[Seek]]:
        """Seat what can be seated at ``now``: the tables, each its seeks (the oldest
        first), all of them out of the pool."""
        order = sorted(self._seeks.values(), key=lambda seek: (seek.since, seek.id))
        widest = self.curve.window(now - order[0].since) if order else 0.0
        taken: set[str] = set()
        tables: list[list[Seek]] = []
        ready: dict[str, float] = {}
        held: dict[str, frozenset[str]] = {}
        for seek in order:
            if seek.id in taken:
                continue
            group = self._gather(seek, now, taken, widest)
            if len(group) < self.seats:
                group = self._short_table(group)
                if not group:
                    continue
                since = self._ready.get(seek.id, now)
                if now - since < self.countdown:
                    ready[seek.id] = since
                    held[seek.id] = frozenset(member.id for member in group)
                    taken.update(held[seek.id])
                    continue
            taken.update(member.id for member in group)
            tables.append(group)
        for table in tables:
            for member in table:
                self.remove(member.id)
        self._ready, self._held = ready, held
        return tables

    def _gather(self, first: Seek, now: float, taken: set[str], widest: float) -> list[Seek]:
        """``first`` and, nearest rating first, the free seeks compatible with all the
        gathered ones, up to a full table. No seek beyond ``widest`` (the oldest seek's
        window, which no other's exceeds) or ``first``'s own window, nor beyond
        ``first``'s range, can be compatible."""
        reach = max(widest, self.curve.window(now - first.since))
        if first.limit is not None:
            reach = min(reach, first.limit)
        group = [first]
        ratings = self._by_rating
        below = bisect.bisect_left(ratings, (first.rating, first.id)) - 1
        above = below + 2
        while len(group) < self.seats and (below >= 0 or above < len(ratings)):
            down = first.rating - ratings[below][0] if below >= 0 else math.inf
            up = ratings[above][0] - first.rating if above < len(ratings) else math.inf
            if min(down, up) > reach:
                break
            if down <= up:
                candidate = self._seeks[ratings[below][1]]
                below -= 1
            else:
                candidate = self._seeks[ratings[above][1]]
                above += 1
            if candidate.id not in taken and all(
                compatible(candidate, member, now, self.curve) for member in group
            ):
                group.append(candidate)
        return group

    def _short_table(self, group: list[Seek]) -> list[Seek]:
        """The largest part of ``group`` (its first seek in it, nearest ratings first)
        that may start short of a full table; empty if none."""
        for size in range(len(group), 1, -1):
            fits = [seek for seek in group if seek.min_seats <= size][:size]
            if len(fits) == size and fits[0] is group[0] and startable(fits, self.seats):
                return fits
        return []
