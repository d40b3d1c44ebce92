"""chat: messages and reactions kept with their room, and whether spectators' reach
the players

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(
            sa.Column("spectator_chat", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    op.create_table(
        "chat_lines",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("room_id", sa.String(length=32), nullable=False),
        sa.Column("player_id", sa.String(length=32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("text", sa.String(length=800), nullable=True),
        sa.Column("reaction", sa.String(length=16), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"]),
        sa.ForeignKeyConstraint(["room_id"], ["rooms.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(op.f("ix_chat_lines_room_id"), "chat_lines", ["room_id"], unique=False)


def downgrade() -> None:
    op.drop_table("chat_lines")
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("spectator_chat")
