"""Quick pairing and moderation: a player a moderator suspended from rated play is
seated at no rated table (docs/security.md, "Moderation"). His seeks waiting on a
process end when that process carries the decision out
(:meth:`~rummyhall.server.pairing.service.Pairing.bar_from_rated`); a rated table a pass
seated a moment before is checked here before its room opens."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from rummyhall.server.pairing.seeks import SeatedTable, SeekRecord
from rummyhall.server.pairing.tables import forget, open_error
from rummyhall.server.rooms.gate import Gate
from rummyhall.server.wire.protocol import ProtocolError


class Returns(Protocol):
    """The pools, as a table not opened gives its seeks back."""

    async def add(self, record: SeekRecord) -> tuple[SeekRecord | None, int]: ...

    async def opened(self, table: SeatedTable) -> None: ...


async def unseat_suspended(
    gate: Gate,
    pools: Returns,
    table: SeatedTable,
    refuse: Callable[[SeekRecord, ProtocolError], None],
) -> bool:
    """Whether a player of rated ``table`` may not sit at it (suspended since he
    sought): then it is not opened, his seek ends (``refuse`` tells him why), the
    others' go back to their pools, and the pools forget the table."""
    refused = await gate.refused([record.seek.player_id for record in table.seeks], rated=True)
    if not refused:
        return False
    for record in table.seeks:
        why = refused.get(record.seek.player_id)
        if why is None:
            await pools.add(record)
        else:
            refuse(record, why)
    await pools.opened(table)
    return True


async def held_back(
    gate: Gate,
    pools: Returns,
    table: SeatedTable,
    refuse: Callable[[SeekRecord, ProtocolError], None],
) -> bool:
    """Whether ``table`` is not to be opened: rated, with a player suspended from rated
    play since he sought (:func:`unseat_suspended`), or that could not be checked (its
    seekers refused, told why, and the pools forget it)."""
    if not table.seeks[0].pool.rated:
        return False
    try:
        return await unseat_suspended(gate, pools, table, refuse)
    except Exception as failure:
        error = open_error(failure)
    for record in table.seeks:
        refuse(record, error)
    await forget(pools, table)
    return True
