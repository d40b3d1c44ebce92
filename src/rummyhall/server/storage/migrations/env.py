"""Alembic environment: runs the packaged revisions on the connection or URL given by
:func:`rummyhall.server.storage.migrate.upgrade`."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from rummyhall.server.storage.models import Base

config = context.config
connection = config.attributes.get("connection")


def run() -> None:
    if connection is not None:
        context.configure(connection=connection, target_metadata=Base.metadata)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = create_engine(config.get_main_option("sqlalchemy.url") or "")
    with engine.connect() as conn:
        context.configure(connection=conn, target_metadata=Base.metadata)
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


run()
