"""The action log's insert, compiled once for the engine's dialect.

Appending to the log is the server's busiest write (every action of every room). A Core
``insert`` compiles, looks up its cache and builds an execution context per call; here
the statement is compiled once and each row is bound by the column types' own bind
processors, then sent with ``exec_driver_sql``: what is stored is exactly what the Core
insert stores, for about half the writer's CPU (``bench/load.py``), and the writer holds
the GIL, which the event loop waits for, half as long.

Dialects whose parameters are named rather than positional keep the Core insert.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Engine, insert

from rummyhall.server.storage import models

_INSERT = insert(models.ActionRecord)


class LogInsert:
    def __init__(self, engine: Engine) -> None:
        dialect = engine.dialect
        compiled = _INSERT.compile(dialect=dialect)
        columns = models.ActionRecord.__table__.columns
        self.order: list[str] | None = compiled.positiontup
        self.sql = str(compiled)
        self.bind: list[Callable[[Any], Any] | None] = [
            columns[name].type.dialect_impl(dialect).bind_processor(dialect)
            for name in self.order or ()
        ]

    def __call__(
        self, connection: Connection, rows: Sequence[dict[str, Any]], created: datetime
    ) -> None:
        """Insert ``rows`` (``match_id, seq, seat, actor, action`` and maybe ``clock``),
        all ``created``."""
        if self.order is None:
            connection.execute(
                _INSERT, [{"created_at": created, "clock": None, **row} for row in rows]
            )
            return
        params = []
        for row in rows:
            values = {"created_at": created, "clock": None, **row}
            params.append(
                tuple(
                    values[name] if bind is None else bind(values[name])
                    for name, bind in zip(self.order, self.bind, strict=True)
                )
            )
        connection.exec_driver_sql(self.sql, params)
