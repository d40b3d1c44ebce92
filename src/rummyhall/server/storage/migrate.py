"""Bring a database to the newest schema with the Alembic revisions shipped inside the
package, so an installed server migrates itself at start-up (no alembic.ini needed)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine

MIGRATIONS = Path(__file__).with_name("migrations")
MIGRATION_LOCK = 0x72756D6D79
"""The PostgreSQL advisory lock the processes of a site take in turn to migrate (all
start at once with ``serve --workers``): the first migrates, the others find nothing to
do."""


def alembic_config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def revisions(engine: Engine) -> tuple[str | None, str]:
    """The database's schema revision and the newest this rummyhall knows; reading it is
    a round trip to the database too (``/readyz``)."""
    with engine.connect() as connection:
        current = MigrationContext.configure(connection).get_current_revision()
    head = ScriptDirectory.from_config(alembic_config("sqlite://")).get_current_head()
    assert head is not None
    return current, head


def upgrade(engine: Engine) -> None:
    """Apply every pending revision to ``engine``'s database.

    SQLite alters a column by rebuilding its table, and dropping the old table with
    foreign keys enforced would fail on (or delete) the rows that refer to it; so, as
    SQLite's own procedure says, foreign keys are off during the migration (the pragma
    only works outside a transaction) and checked as a whole before the commit. The
    migration is one SQLite transaction from its first statement (the driver would
    begin one only at the first row it writes, after the new table is created), so a
    crash midway leaves the database as it was, not half rebuilt. On PostgreSQL the
    transaction holds :data:`MIGRATION_LOCK` (released with it)."""
    config = alembic_config(engine.url.render_as_string(hide_password=False))
    sqlite = engine.dialect.name == "sqlite"
    with engine.connect() as connection:
        if sqlite:
            _foreign_keys(connection, "OFF")
        try:
            with connection.begin():
                if sqlite:
                    connection.exec_driver_sql("BEGIN")
                elif engine.dialect.name == "postgresql":
                    connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
                config.attributes["connection"] = connection
                command.upgrade(config, "head")
                if sqlite:
                    broken = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
                    if broken:
                        raise RuntimeError(f"the migration broke foreign keys: {broken[:5]}")
        finally:
            if sqlite:
                _foreign_keys(connection, "ON")


def _foreign_keys(connection: Connection, setting: str) -> None:
    connection.exec_driver_sql(f"PRAGMA foreign_keys={setting}")
    connection.commit()  # end SQLAlchemy's implicit transaction: the pragma is in force
