"""longer nicknames: 24 characters as people count them, emoji sequences included

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.alter_column(
            "nickname", existing_type=sa.String(length=32), type_=sa.String(length=288)
        )


def downgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.alter_column(
            "nickname", existing_type=sa.String(length=288), type_=sa.String(length=32)
        )
