"""Who may sit at a table, as moderation decides it
(:meth:`~rummyhall.server.people.moderation.Moderation.may_play`): a protocol of its
own, so that the rooms import nothing of the people's side, which builds on them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from rummyhall.server.wire.protocol import ProtocolError


class Gate(Protocol):
    async def may_play(self, player_id: str, rated: bool) -> None:
        """Refuse (a :class:`ProtocolError` saying until when and why) a player who may
        not sit at a ``rated`` table, or a casual one."""

    async def refused(self, player_ids: Sequence[str], rated: bool) -> dict[str, ProtocolError]:
        """Of ``player_ids``, those :meth:`may_play` refuses, with why (at once)."""
