"""The other processes of a site, as the rooms and the lobby see them: what they ask of
:class:`~rummyhall.server.cluster.node.Cluster` when the server runs as one of several
processes (``serve --redis``). A protocol of its own, so that the rooms and the lobby
import nothing of the cluster, which builds on them."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, Protocol

from rummyhall.server.people.players import Player
from rummyhall.server.rooms.seats import Place, Seat
from rummyhall.server.wire.messages import RoomInfo


class Described(Protocol):
    """A room as the shared lobby describes it."""

    @property
    def code(self) -> str: ...

    @property
    def seats(self) -> Sequence[Seat]: ...

    def info(self) -> RoomInfo: ...


class Peers(Protocol):
    @property
    def node(self) -> str:
        """This process's name among them."""

    async def find(self, code: str) -> Place | None:
        """Room ``code`` where another process plays it, or taken over here if none
        does (``None``: no open room has that code)."""

    async def claim_new(self, code: str) -> bool:
        """Hold room ``code`` here before creating it (``False``: the code is in use)."""

    def closed(self, code: str) -> None:
        """Room ``code``, played here, has closed."""

    def changed(self, room: Described) -> None:
        """The description of ``room``, played here, has changed."""

    async def announce(self, room: Described) -> None:
        """The status of ``room``, played here, has changed: returns once the other
        processes see it (or Redis is out of reach), before its clients are told."""

    def renamed(self, player: Player) -> None:
        """``player`` has a new nickname: the other processes show it too."""

    def signed_out(self, player_id: str, token_hash: str | None) -> None:
        """``player_id`` signed out (the device of ``token_hash``, or every one): the
        other processes close his connections made with it."""

    def moderated(self, player_id: str, action_id: int) -> None:
        """A moderator took action ``action_id`` on ``player_id``: the other processes
        carry it out (:mod:`rummyhall.server.people.enforcement`)."""

    def tell(self, player_id: str, message: str) -> None:
        """Send ``message`` (JSON text) to ``player_id``'s connections on the other
        processes."""

    async def described(self, code: str) -> RoomInfo | None:
        """Room ``code`` as its process last described it."""

    async def listing(self) -> dict[str, tuple[dict[str, Any], str]]:
        """Every open room's description (as JSON data, and its text), by code."""

    async def waiting_seats(self, player_id: str, besides: Collection[str]) -> int:
        """Seats ``player_id`` holds in other hosts' rooms not started, leaving out the
        rooms ``besides``."""
