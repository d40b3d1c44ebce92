"""Quick pairing's pool against a simple model (hypothesis stateful): seeks (with or
without a rating range), cancels, disconnects, time passing and passes in any order. The
model is the set of seeks waiting; after every pass the tables it seated must have come
from that set, each seek at one table at most, no player twice at a table, every pair at
a table within its rating windows and within each seeker's range, a short table only
once its countdown could have run; and no table left unseated that the rules call for
(two seeks able to meet in a two-seat pool; a full table of seeks whose windows are open
to every rating, with no range)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from rummyhall.server.pairing.pool import Pool
from rummyhall.server.pairing.rules import Curve, Seek, compatible, startable

CURVE = Curve(widen=20.0)
COUNTDOWN = 10.0
PLAYERS = [f"p{index}" for index in range(7)]


class PoolMachine(RuleBasedStateMachine):
    seats = 2

    def __init__(self) -> None:
        super().__init__()
        self.pool = Pool(self.seats, CURVE, COUNTDOWN)
        self.now = 0.0
        self.model: dict[str, Seek] = {}
        """The seeks waiting, by id."""
        self.seated: set[str] = set()
        self.ids = itertools.count()

    @rule(
        player=st.sampled_from(PLAYERS),
        rating=st.integers(600, 2400),
        fewest=st.integers(2, 6),
        limit=st.sampled_from([None, None, 100, 200, 400]),
    )
    def seek(self, player: str, rating: int, fewest: int, limit: int | None) -> None:
        fewest = min(fewest, self.seats)
        seek = Seek(f"s{next(self.ids)}", player, rating, self.now, fewest, limit)
        before = next((s for s in self.model.values() if s.player_id == player), None)
        assert self.pool.add(seek) == before  # one seek per player: the old one goes
        if before is not None:
            del self.model[before.id]
        self.model[seek.id] = seek

    @precondition(lambda self: self.model)
    @rule(data=st.data())
    def cancel(self, data: st.DataObject) -> None:
        """A cancel, or the seek's socket closing: the same for the pool."""
        seek_id = data.draw(st.sampled_from(sorted(self.model)))
        assert self.pool.remove(seek_id) == self.model.pop(seek_id)
        assert self.pool.remove(seek_id) is None  # twice: nothing more

    @rule(seconds=st.floats(0.0, 15.0))
    def tick(self, seconds: float) -> None:
        self.now += seconds

    @rule()
    def pair(self) -> None:
        tables = self.pool.pair(self.now)
        for table in tables:
            ids = [seek.id for seek in table]
            assert all(seek_id in self.model for seek_id in ids)
            assert not self.seated & set(ids)
            assert len({seek.player_id for seek in table}) == len(table)
            assert startable(table, self.seats)
            for a, b in itertools.combinations(table, 2):
                assert compatible(a, b, self.now, CURVE)
                gap = abs(a.rating - b.rating)
                assert all(s.limit is None or gap <= s.limit for s in (a, b)), (a, b)
            if len(table) < self.seats:
                assert self.now - min(seek.since for seek in table) >= COUNTDOWN
            self.seated.update(ids)
            for seek_id in ids:
                del self.model[seek_id]
        waiting = list(self.model.values())
        if self.seats == 2:
            for a, b in itertools.combinations(waiting, 2):
                assert not compatible(a, b, self.now, CURVE), (a, b)
        open_to_all = [s for s in waiting if self.now - s.since >= CURVE.widen and s.limit is None]
        assert len(open_to_all) < self.seats

    @invariant()
    def pool_holds_the_model(self) -> None:
        assert len(self.pool) == len(self.model)
        assert {seek.id for seek in self.pool} == set(self.model)
        for seek in self.model.values():
            assert self.pool.of_player(seek.player_id) == seek


def test_a_range_is_a_hard_limit_and_the_curve_runs_up_to_it() -> None:
    """docs/pairing.md's arithmetic: with ±200, 100 points at once, 200 from 20/9 s on;
    a seek open to any rating still never meets one whose range the gap exceeds."""
    ranged = Seek("a", "p1", 1000, 0.0, 2, 200)
    windows = [ranged.window(t, CURVE) for t in (0.0, 10 / 9, 20 / 9, 60.0)]
    assert windows == pytest.approx([100, 150, 200, 200])
    far = Seek("b", "p2", 1250, -100.0, 2)
    assert far.window(0.0, CURVE) == float("inf")
    assert not compatible(ranged, far, 0.0, CURVE)
    near = Seek("c", "p3", 1190, -100.0, 2)
    assert compatible(ranged, near, 0.0, CURVE)


class FourSeatPoolMachine(PoolMachine):
    seats = 4


TestTwoSeatPool = PoolMachine.TestCase
TestTwoSeatPool.settings = settings(max_examples=300, stateful_step_count=40, deadline=None)
TestFourSeatPool = FourSeatPoolMachine.TestCase
TestFourSeatPool.settings = settings(max_examples=300, stateful_step_count=40, deadline=None)
