"""room codes of up to 16 characters (new rooms get 10: 50 bits, not guessable)

Old 6-letter codes keep working. SQLite rebuilds the table (batch mode), which
:func:`rummyhall.server.storage.migrate.upgrade` runs with foreign keys off.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.alter_column(
            "code", existing_type=sa.String(length=8), type_=sa.String(length=16), nullable=False
        )


def downgrade() -> None:
    """Narrows the column again: only possible while every code has 8 characters or fewer."""
    with op.batch_alter_table("rooms") as batch:
        batch.alter_column(
            "code", existing_type=sa.String(length=16), type_=sa.String(length=8), nullable=False
        )
