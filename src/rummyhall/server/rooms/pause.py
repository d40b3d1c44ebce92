"""The pause between two parts of a match (Gin hands, Indian deals, Rummikub rounds).

The engine deals the next part the moment one ends; the room holds it back so that
nobody's next hand is played behind the result he is still reading. Every human seat is
waited for (spectators are not, bots never are) until it says ``ready``; with more than
one human at the table a timeout ends the wait, so a player who has gone (or dawdles)
cannot hold the others: he counts as having closed the result. A lone player against
bots is waited for as long as he likes: nobody else waits on him.

The pause lives in memory only. A restart drops it: a reconnecting client has no result
on screen to close, and a pause nobody can end would stall the table for ever.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Collection
from dataclasses import dataclass, field

from rummyhall.server.wire.messages import PauseInfo


@dataclass
class Pause:
    waiting: set[int]
    """The human seats that have not closed the result yet."""
    deadline: float | None
    """When (the loop's clock) the pause ends by itself; ``None``: when they are ready."""
    timer: asyncio.TimerHandle | None = field(default=None, repr=False)

    @classmethod
    def begin(
        cls, humans: Collection[int], timeout: float, on_timeout: Callable[[], None]
    ) -> Pause:
        """Wait for ``humans``; with more than one, for ``timeout`` seconds at most."""
        if len(humans) < 2:
            return cls(set(humans), None)
        loop = asyncio.get_running_loop()
        pause = cls(set(humans), loop.time() + timeout)
        pause.timer = loop.call_later(timeout, on_timeout)
        return pause

    def ready(self, seat: int) -> bool:
        """``seat`` closed the result; whether everyone has now."""
        self.waiting.discard(seat)
        return not self.waiting

    def info(self) -> PauseInfo:
        left = None
        if self.deadline is not None:
            left = max(0.0, self.deadline - asyncio.get_running_loop().time())
        return PauseInfo(waiting=sorted(self.waiting), seconds=left)

    def cancel(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
