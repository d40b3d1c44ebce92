"""The pools of one process, in memory (``serve`` without ``--redis``): the truth of
which seeks wait, and the pass over every pool.
:class:`~rummyhall.server.pairing.shared.SharedPools` keeps its pools the same way, as a
mirror of Redis's."""

from __future__ import annotations

import secrets
from collections import defaultdict
from collections.abc import Iterable, Iterator

from rummyhall.server.pairing.pool import Pool
from rummyhall.server.pairing.rules import Curve
from rummyhall.server.pairing.seeks import Held, PoolKey, Recovered, SeatedTable, SeekRecord


class LocalPools:
    """Seeks by pool, and by player across pools."""

    def __init__(self, curve: Curve, countdown: float) -> None:
        self.curve = curve
        self.countdown = countdown
        self.pools: dict[PoolKey, Pool] = {}
        self.records: dict[str, SeekRecord] = {}
        self._of_player: defaultdict[str, set[str]] = defaultdict(set)

    # ------------------------------------------------------------------ the seeks

    async def add(self, record: SeekRecord) -> tuple[SeekRecord | None, int]:
        """Put ``record`` in its pool: the same player's seek there it replaces, and how
        many wait in the pool now (the seeker is told at once)."""
        return self._add(record), len(self.pools[record.pool])

    async def remove(self, seek_id: str) -> SeekRecord | None:
        """Take a seek out of its pool; ``None`` if it is in none (seated, gone)."""
        return self._remove(seek_id)

    async def tables(self, now: float) -> list[SeatedTable]:
        """A pass over every pool at ``now``: the tables seated, their seeks (and their
        players' seeks in other pools) out of the pools."""
        return [SeatedTable(secrets.token_hex(8), *self._seat(table)) for table in self._pair(now)]

    async def waiting(self, keys: Iterable[PoolKey]) -> dict[PoolKey, int]:
        """How many seeks wait in each pool of ``keys``."""
        return {key: len(self.pools[key]) if key in self.pools else 0 for key in keys}

    async def recover(self, held: Held) -> Recovered:
        """Tables a process seated and died before opening, to open here, and seeks of
        this process's connections (``held``) put back: nothing to do in one process (its
        tables die with it, and its seekers' connections too)."""
        return Recovered([], [])

    async def opened(self, table: SeatedTable) -> None:
        """``table``'s room is open and its players told: nothing is left to do."""

    def starts_at(self, record: SeekRecord) -> float | None:
        """When the short table holding ``record`` starts if nobody else comes."""
        pool = self.pools.get(record.pool)
        return None if pool is None else pool.starts_at(record.seek)

    # ------------------------------------------------------------------ the mirror

    def _add(self, record: SeekRecord) -> SeekRecord | None:
        pool = self.pools.get(record.pool)
        if pool is None:
            pool = self.pools[record.pool] = Pool(record.pool.seats, self.curve, self.countdown)
        replaced = pool.add(record.seek)
        self.records[record.seek.id] = record
        self._of_player[record.seek.player_id].add(record.seek.id)
        return None if replaced is None else self._forget(replaced.id)

    def _remove(self, seek_id: str) -> SeekRecord | None:
        record = self.records.get(seek_id)
        if record is None:
            return None
        pool = self.pools.get(record.pool)
        if pool is not None:
            pool.remove(seek_id)
            if not len(pool):
                del self.pools[record.pool]
        return self._forget(seek_id)

    def _forget(self, seek_id: str) -> SeekRecord:
        record = self.records.pop(seek_id)
        mine = self._of_player[record.seek.player_id]
        mine.discard(seek_id)
        if not mine:
            del self._of_player[record.seek.player_id]
        return record

    def _others(self, record: SeekRecord) -> list[str]:
        """The seeks of ``record``'s player in other pools."""
        return sorted(self._of_player.get(record.seek.player_id, set()) - {record.seek.id})

    def _pair(self, now: float) -> Iterator[list[SeekRecord]]:
        """The tables a pass over every pool seats, pool by pool (the seeks of the
        players of one are out of every pool before the next pool's pass)."""
        for key in list(self.pools):
            pool = self.pools.get(key)
            if pool is not None:
                for table in pool.pair(now):
                    yield [self.records[seek.id] for seek in table]
        for key in [key for key, pool in self.pools.items() if not len(pool)]:
            del self.pools[key]

    def _seat(self, table: list[SeekRecord]) -> tuple[list[SeekRecord], list[SeekRecord]]:
        """Forget the seeks of a table its pool has seated, and end its players' seeks in
        the other pools: the two lists."""
        seated = [self._forget(record.seek.id) for record in table]
        others = [self._remove(other) for record in seated for other in self._others(record)]
        return seated, [record for record in others if record is not None]
