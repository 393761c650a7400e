"""The deal of the day: each learner's mark on the day's deal (the first finished play).

Revision ID: 0007_daily_deals
Revises: 0006_ratings
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_daily_deals"
down_revision = "0006_ratings"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "daily_deals",
        sa.Column(
            "learner_id",
            sa.String(64),
            sa.ForeignKey("learners.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("mark", sa.Integer(), nullable=False),
        sa.Column("played", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("learner_id", "day", name="pk_daily_deals"),
    )
    op.create_index("ix_daily_deals_day", "daily_deals", ["day", "mark"])


def downgrade() -> None:
    op.drop_index("ix_daily_deals_day", table_name="daily_deals")
    op.drop_table("daily_deals")
