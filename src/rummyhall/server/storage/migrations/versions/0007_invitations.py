"""invitations: players asked to rooms by their friends

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "invitations",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("room_code", sa.String(length=16), nullable=False),
        sa.Column("from_player_id", sa.String(length=32), nullable=False),
        sa.Column("to_player_id", sa.String(length=32), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["from_player_id"], ["players.id"]),
        sa.ForeignKeyConstraint(["to_player_id"], ["players.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("room_code", "to_player_id"),
    )
    op.create_index(op.f("ix_invitations_room_code"), "invitations", ["room_code"], unique=False)
    op.create_index(
        op.f("ix_invitations_to_player_id"), "invitations", ["to_player_id"], unique=False
    )


def downgrade() -> None:
    op.drop_table("invitations")
