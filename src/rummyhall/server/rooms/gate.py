"""Who may sit at a table, as moderation decides it
(:meth:`~rummyhall.server.people.moderation.Moderation.may_play`): a protocol of its
own, so that the rooms import nothing of the people's side, which builds on them."""

from __future__ import annotations

from typing import Protocol


class Gate(Protocol):
    async def may_play(self, player_id: str, rated: bool) -> None:
        """Refuse (a :class:`~rummyhall.server.wire.protocol.ProtocolError` saying until
        when and why) a player who may not sit at a ``rated`` table, or a casual one."""
