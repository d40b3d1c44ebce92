"""clocks: a room's turn clock, and the clock as it stood with each logged action

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(
            sa.Column("clock", sa.String(length=16), nullable=False, server_default="off")
        )
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("clock", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("clock")
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("clock")
