"""Messages between server processes: Redis pub/sub, one channel per process and one
for all.

An envelope is a small JSON object whose ``t`` says what it is
(:class:`~rummyhall.server.cluster.node.Cluster` reads them). The bulk of the traffic,
a message for one client (``out``: the state texts, several kB each), travels unescaped
in a frame of its own, :data:`TEXT` and the socket's name before it.

Sending never waits: an envelope is queued, and one task publishes the queue in order,
many at a time in one pipeline, so a room never waits on Redis and one process's
envelopes to another arrive in the order they were posted. Receiving runs on its own
connection; when it breaks, the bus reconnects and reports the gap (``reconnected``),
since envelopes published meanwhile are gone.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from typing import Any

from redis.asyncio import Redis
from redis.exceptions import RedisError

from rummyhall.server.cluster.client import PREFIX

log = logging.getLogger(__name__)

Envelope = dict[str, Any]
EVERYONE = f"{PREFIX}all"
BATCH = 512
"""Envelopes published in one pipeline at most."""
RETRY_SECONDS = 0.25
"""Wait before subscribing again after the connection broke."""
TEXT = "\x01"
"""Starts a frame ``TEXT socket TEXT text``; never inside JSON text, which escapes
control characters."""


def channel(node: str) -> str:
    return f"{PREFIX}to:{node}"


class Bus:
    def __init__(
        self,
        redis: Redis,
        node: str,
        receive: Callable[[Envelope], None],
        reconnected: Callable[[], None],
    ) -> None:
        self.redis = redis
        self.node = node
        self.receive = receive
        self.reconnected = reconnected
        self._outbox: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self.subscribed = asyncio.Event()
        """Set while the receiving connection is subscribed."""
        self._failing = False

    def post(self, node: str, envelope: Envelope) -> None:
        """Queue ``envelope`` for process ``node`` (this one too: it goes through Redis
        like the others, so its order with them holds)."""
        self._outbox.put_nowait((channel(node), json.dumps(envelope)))

    def post_text(self, node: str, socket: str, text: str) -> None:
        """Queue ``text`` (a server message's JSON) for connection ``socket`` of process
        ``node``: it arrives as the envelope ``{"t": "out", "socket", "text"}``."""
        self._outbox.put_nowait((channel(node), f"{TEXT}{socket}{TEXT}{text}"))

    def broadcast(self, envelope: Envelope) -> None:
        """Queue ``envelope`` for every process, this one included."""
        self._outbox.put_nowait((EVERYONE, json.dumps(envelope)))

    async def send_forever(self) -> None:
        while True:
            batch = [await self._outbox.get()]
            while len(batch) < BATCH and not self._outbox.empty():
                batch.append(self._outbox.get_nowait())
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for name, data in batch:
                        pipe.publish(name, data)
                    await pipe.execute()
                if self._failing:
                    self._failing = False
                    log.warning("redis: publishing again")
            except (RedisError, OSError) as error:
                if not self._failing:  # one line per outage, not one per envelope
                    self._failing = True
                    log.warning("redis: %d envelopes lost (%s)", len(batch), error)

    async def receive_forever(self) -> None:
        first = True
        while True:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(channel(self.node), EVERYONE)
                self.subscribed.set()
                if not first:
                    log.warning("redis: subscribed again; resynchronising")
                    self.reconnected()
                first = False
                while True:
                    message = await pubsub.get_message(timeout=None)
                    if message is not None and message["type"] == "message":
                        self._deliver(message["data"])
            except (RedisError, OSError) as error:
                if self.subscribed.is_set():
                    log.warning("redis: subscription lost (%s)", error)
                self.subscribed.clear()
                first = False
                await asyncio.sleep(RETRY_SECONDS)
            finally:
                await pubsub.aclose()  # type: ignore[no-untyped-call, unused-ignore]  # typed from redis 8

    def _deliver(self, data: str) -> None:
        try:
            if data.startswith(TEXT):
                _, socket, text = data.split(TEXT, 2)
                envelope = {"t": "out", "socket": socket, "text": text}
            else:
                envelope = json.loads(data)
            self.receive(envelope)
        except Exception:  # one bad envelope must not stop the bus
            log.exception("redis: could not handle an envelope")
