"""A first-in first-out queue for one reading task, lighter than ``asyncio.Queue``.

Every connection holds two queues: what the client sent, waiting for the connection's
task (uvicorn's, ``transport.py``), and what is to be sent, waiting for its writer task
(``connection.py``). An empty ``asyncio.Queue`` keeps three deques and an
``asyncio.Event`` with a deque of its own, about 2.5 kB; with one reader, a list and the
one future that reader may be waiting on do the same, in a tenth of that: 10 kB less
per played Gin room (bench/load.py). The lists stay short (a bounded outbox, or a
few messages between two reads), so taking from the front is cheap.
"""

from __future__ import annotations

import asyncio
from typing import Generic, TypeVar

T = TypeVar("T")


class Mailbox(Generic[T]):
    __slots__ = ("_items", "_waiter", "maxsize")

    def __init__(self, maxsize: int = 0) -> None:
        self._items: list[T] = []
        self._waiter: asyncio.Future[None] | None = None
        self.maxsize = maxsize
        """Items held at most (0: no bound); ``put_nowait`` beyond it raises QueueFull."""

    def put_nowait(self, item: T) -> None:
        if self.maxsize and len(self._items) >= self.maxsize:
            raise asyncio.QueueFull
        self._items.append(item)
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def get(self) -> T:
        """The oldest item, waiting for one if there is none. One reader at a time."""
        while not self._items:
            if self._waiter is not None:
                raise RuntimeError("a Mailbox has one reader")
            self._waiter = asyncio.get_running_loop().create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None
        return self._items.pop(0)

    def empty(self) -> bool:
        return not self._items

    def qsize(self) -> int:
        return len(self._items)
