"""The solver's reviews of practice deals, per learner (issue 13, "Deal review").

Revision ID: 0002_deal_reviews
Revises: 0001
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_deal_reviews"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "deal_reviews",
        sa.Column(
            "learner_id",
            sa.String(64),
            sa.ForeignKey("learners.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column(
            "game_id", sa.Integer(), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("deal", sa.Integer(), nullable=False),
        sa.Column("reviewed", sa.DateTime(), nullable=False),
        sa.Column("judged", sa.Integer(), nullable=False),
        sa.Column("inaccuracies", sa.Integer(), nullable=False),
        sa.Column("mistakes", sa.Integer(), nullable=False),
        sa.Column("blunders", sa.Integer(), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("learner_id", "game_id", "deal", name="pk_deal_reviews"),
    )
    op.create_index(
        "ix_deal_reviews_learner_reviewed", "deal_reviews", ["learner_id", "reviewed"]
    )


def downgrade() -> None:
    op.drop_index("ix_deal_reviews_learner_reviewed", table_name="deal_reviews")
    op.drop_table("deal_reviews")
