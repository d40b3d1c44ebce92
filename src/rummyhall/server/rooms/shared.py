"""What every room shares, as the seating sees it: a protocol of the lobby's
:class:`~rummyhall.server.rooms.room.Services` (with the directory of open rooms), so
that :mod:`~rummyhall.server.rooms.seating` imports no room; and a room's status."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, Protocol

from rummyhall.server.people.players import Player
from rummyhall.server.rooms.autoplay import Autoplay
from rummyhall.server.rooms.peers import Peers
from rummyhall.server.rooms.seats import Seat
from rummyhall.server.settings import Settings
from rummyhall.server.storage.store import Store

Status = Literal["waiting", "playing", "finished", "closed"]


class OtherRoom(Protocol):
    """What a room reads of the other rooms here: who holds their seats."""

    @property
    def status(self) -> Status: ...

    def hosted_by(self, player: Player) -> bool: ...

    def seat_held_by(self, player: Player) -> Seat | None: ...


class Shared(Protocol):
    """What every room shares (:class:`rummyhall.server.rooms.room.Services`), with the
    directory of open rooms by code, which limits that span rooms read."""

    @property
    def settings(self) -> Settings: ...

    @property
    def store(self) -> Store: ...

    @property
    def autoplay(self) -> Autoplay: ...

    @property
    def rooms(self) -> Mapping[str, OtherRoom]: ...

    @property
    def cluster(self) -> Peers | None: ...
