"""match_reviews: a finished match's review per seat and review engine

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "match_reviews",
        sa.Column("match_id", sa.String(length=32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("engine", sa.Integer(), nullable=False),
        sa.Column("review", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["match_id"], ["matches.id"]),
        sa.PrimaryKeyConstraint("match_id", "seat", "engine"),
    )


def downgrade() -> None:
    op.drop_table("match_reviews")
