"""Fault points: a test setting that kills the server at one commit boundary.

Every transaction the repository commits is named (``append_actions``, ``start_match``,
``finish_match``, …) and passes two points: ``before`` its commit (the work is done but
not durable) and ``after`` it. A crash test starts the server with ``--fault-point
NAME:MOMENT[:N]`` and the process sends itself SIGKILL the ``N``-th time (default: the
first) it reaches that point, exactly as a power cut or the OOM killer would end it:
no ``finally`` block, no shutdown hook, no flush runs. Without the setting nothing here
costs more than one ``is None`` test.

>>> FaultPoint.parse("finish_match:before")
FaultPoint(transaction='finish_match', moment='before', occurrence=1)
>>> FaultPoint.parse("append_actions:after:12").occurrence
12
"""

from __future__ import annotations

import os
import signal
from dataclasses import dataclass
from typing import Literal, cast

Moment = Literal["before", "after"]

TRANSACTIONS = (
    "create_player",
    "rename_player",
    "create_account",
    "add_sign_in",
    "sign_out",
    "sign_out_everywhere",
    "add_chat",
    "invite",
    "dismiss_invitation",
    "save_room",
    "start_match",
    "open_tables",
    "append_actions",
    "finish_match",
    "abandon_orphans",
    "keep_review",
    "erase_player",
    "expire_chat",
    "expire_guest_games",
    "moderate",
)
"""Every transaction the repository commits, by the name its fault points use."""


@dataclass(frozen=True)
class FaultPoint:
    transaction: str
    moment: Moment
    occurrence: int = 1

    @classmethod
    def parse(cls, spec: str) -> FaultPoint:
        """``NAME:MOMENT[:N]``; raises ``ValueError`` naming what is wrong."""
        parts = spec.split(":")
        if len(parts) not in (2, 3):
            raise ValueError(f"fault point {spec!r}: expected NAME:before|after[:N]")
        transaction, moment = parts[0], parts[1]
        if transaction not in TRANSACTIONS:
            raise ValueError(f"fault point {spec!r}: no transaction {transaction!r}")
        if moment not in ("before", "after"):
            raise ValueError(f"fault point {spec!r}: the moment is 'before' or 'after'")
        occurrence = int(parts[2]) if len(parts) == 3 and parts[2].isdigit() else 1
        if len(parts) == 3 and (not parts[2].isdigit() or occurrence < 1):
            raise ValueError(f"fault point {spec!r}: N is a count from 1")
        return cls(transaction, cast(Moment, moment), occurrence)


class Faults:
    """Counts the points reached and kills the process at the armed one (if any)."""

    def __init__(self, armed: FaultPoint | None = None) -> None:
        self.armed = armed
        self._reached = 0

    def reach(self, transaction: str, moment: Moment) -> None:
        armed = self.armed
        if armed is None or (transaction, moment) != (armed.transaction, armed.moment):
            return
        self._reached += 1
        if self._reached == armed.occurrence:
            os.kill(os.getpid(), signal.SIGKILL)
