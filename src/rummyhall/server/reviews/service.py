"""A review asked for on the site: checked (a finished match, a seat it has, one the
asker may review), answered from the store when it was
computed, else computed once in the worker processes (:mod:`.pool`), spending one of
the player's reviews (``reviews_per_hour``).

In a cluster, a review is claimed in Redis before it is computed (:mod:`.claims`): any
process answers how far it is, and none starts it a second time.

Who may review which seat: a player his own seat in any finished match; anyone any seat
of a finished match played in a public room (its replay is on every profile). A private
room's match is its players' business: another seat is ``review_forbidden``.
"""

from __future__ import annotations

import asyncio
from typing import Any

from rummyhall.actions import JSON
from rummyhall.review import ENGINE
from rummyhall.server.net.limits import Limiter
from rummyhall.server.people.players import Player
from rummyhall.server.people.replays import game_record
from rummyhall.server.reviews.claims import Claims
from rummyhall.server.reviews.pool import Job, ReviewPool
from rummyhall.server.settings import Settings
from rummyhall.server.storage.store import Store
from rummyhall.server.wire.protocol import ProtocolError

Answer = dict[str, Any]
"""``{"status": "done", "review": …}``, ``{"status": "running", "done", "total"}`` or
``{"status": "none"}`` (docs/protocol.md, "Reviews")."""


class Reviews:
    """The site's reviews: checks, the store, the worker processes, the rate."""

    def __init__(
        self, settings: Settings, store: Store, rate: Limiter, claims: Claims | None = None
    ) -> None:
        self.store = store
        self.rate = rate
        """Reviews computed, per player."""
        self.claims = claims
        """In a cluster: which process computes which review, and how far it is."""
        self._holds: set[asyncio.Task[None]] = set()
        """The tasks refreshing this process's claims (kept: the loop holds tasks weakly)."""
        self.worlds = settings.review_worlds
        self.pool = ReviewPool(
            settings.review_processes, settings.review_queue, not settings.review_full_priority
        )

    async def look(self, match_id: str, seat: int, player: Player | None) -> Answer:
        """The review if it was computed, its progress if it is under way (in a cluster:
        on any process), else ``none``: computes nothing."""
        await self._check(match_id, seat, player)
        return await self._known(match_id, seat) or {"status": "none"}

    async def ask(self, match_id: str, seat: int, player: Player) -> Answer:
        """The review, or its progress: started if it is neither computed nor under way
        (in a cluster: claimed first, so that no other process starts it too; a review
        of the player's hour, ``rate_limited`` beyond; ``reviews_busy`` while the
        workers and their queue are full)."""
        await self._check(match_id, seat, player)
        known = await self._known(match_id, seat)
        if known is not None:
            return known
        if self.pool.full:
            raise ProtocolError("reviews_busy")
        await self.rate.guard(player.id)
        found = await self.store.finished_match(match_id)
        if found is None:  # checked above: only a database gone meanwhile
            raise ProtocolError("game_not_found", game=match_id)
        match, log, _ = found
        if self.claims is not None and not await self.claims.claim(match_id, seat):
            # Another process claimed it since: its progress, or its result if done.
            claimed = {"status": "running", "done": 0, "total": None}
            return await self._known(match_id, seat) or claimed
        await self.rate.spend(player.id)

        async def keep(review: JSON) -> None:
            await self.store.keep_review(match_id, seat, ENGINE, review)

        job = self.pool.start((match_id, seat), game_record(match, log), seat, self.worlds, keep)
        if self.claims is not None:
            held = asyncio.get_running_loop().create_task(self._hold(match_id, seat, job))
            self._holds.add(held)
            held.add_done_callback(self._holds.discard)
        return running(job)

    async def _hold(self, match_id: str, seat: int, job: Job) -> None:
        """While ``job`` computes, refresh its claim with its progress every third of
        the claim's life; once it is kept (or failed), let the claim go."""
        assert self.claims is not None and job.task is not None
        try:
            while not job.task.done():
                await asyncio.wait([job.task], timeout=self.claims.ttl / 3)
                if not job.task.done():
                    await self.claims.refresh(match_id, seat, (job.done, job.total))
        finally:
            await self.claims.release(match_id, seat)

    async def _known(self, match_id: str, seat: int) -> Answer | None:
        job = self.pool.jobs.get((match_id, seat))
        if job is not None:
            return running(job)
        stored = await self.store.stored_review(match_id, seat, ENGINE)
        if stored is not None:
            return {"status": "done", "review": stored}
        progress = None if self.claims is None else await self.claims.progress(match_id, seat)
        if progress is None:
            return None
        done, total = progress
        return {"status": "running", "done": done, "total": total}

    async def _check(self, match_id: str, seat: int, player: Player | None) -> None:
        """Refuse what may not be reviewed, before anything is computed."""
        subject = await self.store.review_subject(match_id)
        if subject is None or subject.status not in ("playing", "finished"):
            raise ProtocolError("game_not_found", game=match_id)
        if not 0 <= seat < len(subject.seats):
            raise ProtocolError("no_such_seat", seat=seat)
        if subject.status != "finished":
            raise ProtocolError("game_not_over")
        occupant = subject.seats[seat] or {}
        if not subject.public and (player is None or occupant.get("player") != player.id):
            raise ProtocolError("review_forbidden", seat=seat)

    def close(self) -> None:
        self.pool.close()


def running(job: Job) -> Answer:
    return {"status": "running", "done": job.done, "total": job.total}
