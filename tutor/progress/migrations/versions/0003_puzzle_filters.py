"""The puzzle trainer's filters kept per learner (issue 14, m7: a returning learner finds the
themes, difficulty, table sizes and "weak themes only" chosen last time).

Revision ID: 0003_puzzle_filters
Revises: 0002_deal_reviews
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_puzzle_filters"
down_revision = "0002_deal_reviews"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "puzzle_filters",
        sa.Column(
            "learner_id",
            sa.String(64),
            sa.ForeignKey("learners.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("themes", sa.JSON(), nullable=False),
        sa.Column("low", sa.Integer(), nullable=False),
        sa.Column("high", sa.Integer(), nullable=False),
        sa.Column("players", sa.JSON(), nullable=False),
        sa.Column("weak_only", sa.Boolean(), nullable=False),
        sa.Column("updated", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("learner_id", name="pk_puzzle_filters"),
    )


def downgrade() -> None:
    op.drop_table("puzzle_filters")
