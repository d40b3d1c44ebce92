"""moderation_times: the moderators' actions indexed by their time

Every process reads the decisions of the last minutes every second, to carry out those
whose deciding process died before telling it (rummyhall.server.people.enforcement).

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-05
"""

from __future__ import annotations

from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index(op.f("ix_moderation_actions_at"), "moderation_actions", ["at"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_moderation_actions_at"), table_name="moderation_actions")
