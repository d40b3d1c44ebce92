"""moderation: moderators, reports and the moderators' actions

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "moderators",
        sa.Column("player_id", sa.String(length=32), nullable=False),
        sa.Column("granted_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"]),
        sa.PrimaryKeyConstraint("player_id"),
    )
    op.create_table(
        "reports",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("reporter_id", sa.String(length=32), nullable=False),
        sa.Column("reported_id", sa.String(length=32), nullable=False),
        sa.Column("reason", sa.String(length=16), nullable=False),
        sa.Column("details", sa.String(length=2000), nullable=True),
        sa.Column("room_code", sa.String(length=16), nullable=True),
        sa.Column("match_id", sa.String(length=32), nullable=True),
        sa.Column("lines", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(length=8), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["reporter_id"], ["players.id"]),
        sa.ForeignKeyConstraint(["reported_id"], ["players.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    for column in ("reporter_id", "reported_id", "status"):
        op.create_index(op.f(f"ix_reports_{column}"), "reports", [column], unique=False)
    op.create_table(
        "moderation_actions",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("player_id", sa.String(length=32), nullable=False),
        sa.Column("moderator_id", sa.String(length=32), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("reason", sa.String(length=2000), nullable=False),
        sa.Column("report_id", sa.Integer(), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("lifted_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"]),
        sa.ForeignKeyConstraint(["moderator_id"], ["players.id"]),
        sa.ForeignKeyConstraint(["report_id"], ["reports.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(
        op.f("ix_moderation_actions_player_id"), "moderation_actions", ["player_id"], unique=False
    )


def downgrade() -> None:
    op.drop_table("moderation_actions")
    op.drop_table("reports")
    op.drop_table("moderators")
