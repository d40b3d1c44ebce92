"""Turn clocks: how long a person may think (``TURN+BANK`` seconds: a turn's own time,
then a bank for each part), what happens when he takes too long (the computer plays the
rest of the turn; three timeouts in a row and his seat is away), and, in a room without
a clock, when the others may hand a stalled seat to the computer. The rules, and the
``clock`` message: docs/protocol.md, "Turn clocks".

Nothing here is a timer a restart loses: every action's log row carries the clock as it
then stood (:meth:`TurnClock.record`), so a restarted or taken-over room resumes each
deadline where it was (:meth:`TurnClock.restore`); the asyncio timer only wakes the room
when a deadline comes.
"""

from __future__ import annotations

import asyncio
import math
import re
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from rummyhall.server.wire.messages import ClockMessage
from rummyhall.server.wire.protocol import ProtocolError

OFF = "off"
TIMEOUTS_BEFORE_AWAY = 3
"""Timeouts in a row after which the seat is marked away."""
_SETTING = re.compile(r"^(\d{1,4})\+(\d{1,4})$")


def parse_clock(setting: str) -> tuple[float, float] | None:
    """``"30+60"`` → 30 s a turn and a 60 s bank; ``"off"`` → ``None``.

    >>> parse_clock("30+60"), parse_clock("off")
    ((30.0, 60.0), None)
    """
    if setting == OFF:
        return None
    found = _SETTING.match(setting)
    if found is None or int(found[1]) < 1:
        raise ValueError(f"a clock is 'off' or TURN+BANK seconds (30+60), not {setting!r}")
    return float(found[1]), float(found[2])


def require_clock(setting: str, offered: tuple[str, ...], game: str) -> None:
    """Refuse a room's clock the server does not offer, or any clock for Rummikub."""
    if setting == OFF:
        return
    if game == "rummikub":
        raise ProtocolError("bad_options", detail="clock: Rummikub has no turn timer (RKB-7)")
    if setting not in offered:
        choices = ", ".join((OFF, *offered))
        raise ProtocolError("bad_options", detail=f"clock: one of {choices}")


@dataclass
class Turn:
    """The turn being timed: whose, in which part, since when (wall clock), with what
    bank at its start, and whether the clock has run out on it."""

    seat: int
    part: int
    since: float
    bank: float
    expired: bool = False
    stalled: bool = False
    """Without a clock: the turn has lasted long enough for the others to hand it over."""
    votes: set[int] = field(default_factory=set)
    """Seats that asked to hand this stalled seat to the computer (rooms without a clock)."""


class TurnClock:
    """One room's clock: every seat's bank and timeouts in a row, and the current turn."""

    def __init__(self, setting: str, seats: int, hand_over_after: float) -> None:
        self.setting = setting
        self.limits = parse_clock(setting)
        self.hand_over_after = hand_over_after
        self.banks = [self._full_bank] * seats
        self.timeouts = [0] * seats
        self.turn: Turn | None = None
        self.part: int | None = None
        """The part the banks are for (they fill up again at the next)."""
        self._timer: asyncio.TimerHandle | None = None

    @property
    def _full_bank(self) -> float:
        return 0.0 if self.limits is None else self.limits[1]

    def reset(self) -> None:
        """A new match: full banks, no timeouts, no turn."""
        self.stop()
        self.banks = [self._full_bank] * len(self.banks)
        self.timeouts = [0] * len(self.timeouts)
        self.part = None

    # ------------------------------------------------------------------ turns

    def follow(self, seat: int | None, part: int, wake: Callable[[], None]) -> bool:
        """Time ``seat`` (``None``: nobody's clock runs: a bot's turn, a pause, the
        end), beginning a turn if it is another seat's or another part's; ``wake`` is
        called at the turn's deadline. Whether the turn changed."""
        turn = self.turn
        if seat is not None and turn is not None and (turn.seat, turn.part) == (seat, part):
            return False
        self.stop()
        if seat is None:
            return turn is not None
        if part != self.part:
            self.banks, self.part = [self._full_bank] * len(self.banks), part
        self.turn = Turn(seat, part, time.time(), self.banks[seat])
        self._arm(wake)
        return True

    def deadline(self) -> float | None:
        """When (wall clock) the turn's clock runs out, or in a room without one, when
        the others may hand the seat over."""
        turn = self.turn
        if turn is None:
            return None
        if self.limits is None:
            return turn.since + self.hand_over_after
        return turn.since + self.limits[0] + turn.bank

    def _arm(self, wake: Callable[[], None]) -> None:
        deadline = self.deadline()
        if deadline is not None:  # an expired turn (restored) wakes the room at once
            delay = max(0.0, deadline - time.time())
            self._timer = asyncio.get_running_loop().call_later(delay, wake)

    def expire(self) -> bool:
        """The turn's deadline has come. With a clock, the computer plays the rest of
        the turn: whether the seat has now timed out :data:`TIMEOUTS_BEFORE_AWAY` times
        in a row. Without one, the turn is stalled: the others may hand it over."""
        self._timer = None
        turn = self.turn
        if turn is not None and self.limits is None:
            turn.stalled = True
        if turn is None or self.limits is None or turn.expired:
            return False
        turn.expired = True
        self.timeouts[turn.seat] += 1
        return self.timeouts[turn.seat] >= TIMEOUTS_BEFORE_AWAY

    def expired(self, seat: int) -> bool:
        """Whether the clock has run out on ``seat``'s turn (the computer moves)."""
        return self.turn is not None and self.turn.seat == seat and self.turn.expired

    def stalled(self) -> bool:
        """Whether the turn has lasted long enough, in a room without a clock, for the
        others to hand the seat to the computer."""
        return self.turn is not None and self.turn.stalled

    def vote(self, seat: int, voter: int, others: Collection[int]) -> bool:
        """``voter`` asks that ``seat``, whose turn has stalled, be played by the
        computer (refused, ``not_stalled``, until the turn has lasted
        ``hand_over_after``); whether most of the ``others`` at the table now have."""
        turn, deadline = self.turn, self.deadline()
        if turn is None or deadline is None or turn.seat != seat:
            raise ProtocolError("not_stalled", seat=seat, seconds=math.ceil(self.hand_over_after))
        if not turn.stalled:
            raise ProtocolError("not_stalled", seat=seat, seconds=math.ceil(deadline - time.time()))
        turn.votes.add(voter)
        return 2 * len(turn.votes & set(others)) > len(others)

    def back(self, seat: int) -> None:
        """The player is back at his seat: his timeouts start again from none."""
        self.timeouts[seat] = 0

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.turn = None

    # ------------------------------------------------------------------ the log

    def record(self, seat: int, actor: str, part: int) -> dict[str, Any]:
        """The clock after ``seat``'s action now by ``actor``, as the action's log row
        keeps it: what :meth:`settle` applies once the row is committed, and what
        :meth:`restore` reads after a restart."""
        at = time.time()
        banks, timeouts = list(self.banks), list(self.timeouts)
        row: dict[str, Any] = {"seat": seat, "part": part, "at": at}
        if actor == "player":
            timeouts[seat] = 0
        turn = self.turn
        if turn is not None and turn.seat == seat:
            if self.limits is not None:
                over = max(0.0, at - turn.since - self.limits[0])
                banks[seat] = 0.0 if turn.expired else max(0.0, turn.bank - over)
            row.update(since=turn.since, bank=turn.bank, expired=turn.expired)
        row.update(banks=banks, timeouts=timeouts)
        return row

    def settle(self, row: dict[str, Any]) -> None:
        """The action recorded in ``row`` is committed."""
        self.banks, self.timeouts = list(row["banks"]), list(row["timeouts"])

    def restore(
        self,
        row: dict[str, Any] | None,
        started: float,
        seat: int | None,
        part: int,
        wake: Callable[[], None],
    ) -> None:
        """Take the clock up again after a restart from the match's last log ``row``
        (``None``: no action yet, the first turn began at ``started``), for ``seat``
        now to move in ``part`` (``None``: nobody's clock runs)."""
        self.stop()
        self.part = part
        if row is not None and row["part"] == part:
            self.banks, self.timeouts = list(row["banks"]), list(row["timeouts"])
        elif row is not None:
            self.timeouts = list(row["timeouts"])
        if seat is None:
            return
        if row is None:
            since, bank, expired = started, self.banks[seat], False
        elif row["part"] != part:
            since, bank, expired = time.time(), self.banks[seat], False  # after a pause
        elif row["seat"] == seat and "since" in row:
            since, bank, expired = row["since"], row["bank"], row["expired"]
        else:
            since, bank, expired = row["at"], self.banks[seat], False
        self.turn = Turn(seat, part, since, bank, expired)
        self._arm(wake)

    # ------------------------------------------------------------------ shown

    def message(self, room: str, turn: int) -> ClockMessage:
        """The clock as clients show it (seconds are relative: their clocks may differ
        from the server's)."""
        current = self.turn
        now = time.time()
        seconds = hand_over_in = None
        if current is not None:
            used = now - current.since
            if self.limits is not None:
                seconds = max(0.0, self.limits[0] - used)
            else:
                hand_over_in = 0.0 if current.stalled else max(0.0, self.hand_over_after - used)
        bank = None
        if current is not None and self.limits is not None:
            over = max(0.0, now - current.since - self.limits[0])
            bank = 0.0 if current.expired else max(0.0, current.bank - over)
        return ClockMessage(
            room=room,
            turn=turn,
            setting=self.setting,
            seat=None if current is None else current.seat,
            seconds=seconds,
            bank=bank,
            banks=list(self.banks) if self.limits is not None else [],
            timeouts=list(self.timeouts),
            expired=bool(current and current.expired),
            hand_over_in=hand_over_in,
            votes=sorted(current.votes) if current is not None else [],
        )
