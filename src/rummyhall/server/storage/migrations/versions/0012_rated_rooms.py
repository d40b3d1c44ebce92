"""rated or casual: a room's choice, and each match's as it started

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-05

Every match between people was rated before the choice: older rooms and matches are
rated (the columns' default), so their records mean what they meant.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    for table in ("rooms", "matches"):
        with op.batch_alter_table(table) as batch:
            batch.add_column(
                sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.true())
            )


def downgrade() -> None:
    for table in ("matches", "rooms"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("rated")
