"""The lobby's public list: the public rooms sorted (waiting first), read a page at a
time after a cursor, with a game and a status to filter by; sorted again at most once
every :data:`LISTING_TTL`, with the pages answered from one sort kept."""

from __future__ import annotations

import bisect
import functools
import itertools
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from rummyhall.server.wire.messages import RoomInfo, RoomPage

if TYPE_CHECKING:
    from rummyhall.server.rooms.room import Room

LISTED_ORDER = {"waiting": 0, "playing": 1, "finished": 2}
"""The public list shows rooms waiting for players first."""
LISTING_TTL = 1.0
"""Seconds the sorted public list and the pages answered from it are reused: a page
costs a bisection and its own rooms' descriptions once a second, then a lookup."""
PAGES_KEPT = 256
"""Distinct pages (cursor, size, filters) kept between two sorts at most."""

ListedStatus = Literal["waiting", "playing", "finished"]
UNFINISHED = ("waiting", "playing")
"""The rooms one may resume: not started yet, or a match under way."""


def reachable(status: str, spectators: bool, open_seats: bool) -> bool:
    """Whether someone may still do something in a listed room: watch it, or take a
    free seat before its match starts (a full waiting room or a started one that
    refuses spectators is listed for nobody)."""
    return spectators or (status == "waiting" and open_seats)


def listing_key(status: str, code: str) -> str:
    """A room's place in the public list, which is also the page cursor after it."""
    return f"{LISTED_ORDER.get(status, 3)}{code}"


@dataclass(frozen=True)
class Listed:
    """A public room as the list was sorted: where it stands, what it plays, and how
    to describe it."""

    key: str
    game: str
    status: str
    info: Callable[[], RoomInfo]
    reachable: bool
    """One may watch it or take a free seat (:func:`reachable`)."""


class PublicList:
    """The public rooms of :attr:`rooms` (played here) and of ``elsewhere`` (in a
    cluster, those other processes play: code → their data and description's JSON)."""

    def __init__(
        self,
        rooms: Mapping[str, Room],
        elsewhere: Callable[[], Awaitable[dict[str, tuple[dict[str, Any], str]]]],
    ) -> None:
        self.rooms = rooms
        self.elsewhere = elsewhere
        self._sorted: list[Listed] = []
        self._keys: list[str] = []
        self._listed_at = -LISTING_TTL
        self._pages: dict[tuple[int, str | None, str | None, str | None], bytes] = {}

    async def page(
        self,
        limit: int,
        cursor: str | None = None,
        game: str | None = None,
        status: ListedStatus | None = None,
    ) -> bytes:
        """The JSON of a :class:`RoomPage`: up to ``limit`` public rooms after ``cursor``
        (of ``game``, in ``status``), as they were at most :data:`LISTING_TTL` ago.

        A room that changed meanwhile keeps its old place until the next sort, so a
        client paging then may see it twice or not at all; between sorts pages are
        consistent."""
        now = time.monotonic()
        if now - self._listed_at > LISTING_TTL:
            here = [room.state for room in self.rooms.values()]
            listed = [
                Listed(
                    listing_key(state.status, state.code),
                    state.game,
                    state.status,
                    state.info,
                    reachable(
                        state.status,
                        state.spectators_allowed,
                        any(seat.is_open for seat in state.seats),
                    ),
                )
                for state in here
                if state.public and state.status != "closed"
            ]
            for code, (data, raw) in (await self.elsewhere()).items():
                if data["public"]:
                    key = listing_key(data["status"], code)
                    info = functools.partial(RoomInfo.model_validate_json, raw)
                    free = any(seat["occupant"] == "open" for seat in data["seats"])
                    can = reachable(data["status"], data["spectators_allowed"], free)
                    listed.append(Listed(key, data["game"], data["status"], info, can))
            self._sorted = sorted(listed, key=lambda entry: entry.key)
            self._keys = [entry.key for entry in self._sorted]
            self._listed_at = now
            self._pages.clear()
        asked = (limit, cursor, game, status)
        page = self._pages.get(asked)
        if page is None:
            if len(self._pages) >= PAGES_KEPT:
                self._pages.clear()
            page = self._pages[asked] = self._page(*asked).model_dump_json().encode()
        return page

    def _page(
        self, limit: int, cursor: str | None, game: str | None, status: str | None
    ) -> RoomPage:
        def shown(entry: Listed) -> bool:
            # No status asked: the rooms one can still join or watch play, not the
            # finished ones (``status=finished`` lists those).
            if status is None:
                wanted = entry.status in UNFINISHED and entry.reachable
            else:
                wanted = entry.status == status
            return (game is None or entry.game == game) and wanted

        start = 0 if cursor is None else bisect.bisect_right(self._keys, cursor)
        page: list[RoomInfo] = []
        last = after = None
        for entry in itertools.islice(self._sorted, start, None):
            if not shown(entry):
                continue
            if len(page) == limit:
                after = last  # a further room exists: the next page starts after ours
                break
            page.append(entry.info())
            last = entry.key
        total = sum(1 for entry in self._sorted if shown(entry))
        return RoomPage(rooms=page, next=after, total=total)

    def forget(self) -> None:
        """A room opened or closed: sort again on the next page."""
        self._listed_at = -LISTING_TTL
