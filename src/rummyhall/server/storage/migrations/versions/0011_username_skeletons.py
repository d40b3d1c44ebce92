"""usernames unique by how they look: each account's confusable skeleton (Unicode TR39)

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-05

Accounts older than the rule get their skeleton in the order they were made; one whose
name looks like an older account's keeps its name with none (``NULL``, which a unique
index allows many times), and no new name may look like either.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from rummyhall.server.storage.skeletons import SKELETON_MAX, skeleton

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("username_skeleton", sa.String(SKELETON_MAX), nullable=True))
    accounts = sa.table(
        "accounts",
        sa.column("player_id", sa.String),
        sa.column("username", sa.String),
        sa.column("username_skeleton", sa.String),
        sa.column("created_at", sa.DateTime),
    )
    connection = op.get_bind()
    rows = connection.execute(
        sa.select(accounts.c.player_id, accounts.c.username).order_by(
            accounts.c.created_at, accounts.c.player_id
        )
    )
    seen: set[str] = set()
    for player_id, username in rows.all():
        looks = skeleton(username)
        if looks in seen:
            continue
        seen.add(looks)
        connection.execute(
            accounts.update()
            .where(accounts.c.player_id == player_id)
            .values(username_skeleton=looks)
        )
    op.create_index(
        op.f("ix_accounts_username_skeleton"), "accounts", ["username_skeleton"], unique=True
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_accounts_username_skeleton"), table_name="accounts")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("username_skeleton")
