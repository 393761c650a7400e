"""The learner's own puzzles: the mistakes and blunders a deal review found, to play again.

Revision ID: 0008_own_puzzles
Revises: 0007_daily_deals
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_own_puzzles"
down_revision = "0007_daily_deals"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "own_puzzles",
        sa.Column(
            "learner_id",
            sa.String(64),
            sa.ForeignKey("learners.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("item", sa.String(200), nullable=False),
        sa.Column(
            "game_id", sa.Integer(), sa.ForeignKey("games.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("deal", sa.Integer(), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("learner_id", "item", name="pk_own_puzzles"),
    )
    op.create_index("ix_own_puzzles_learner_game", "own_puzzles",
                    ["learner_id", "game_id", "deal"])


def downgrade() -> None:
    op.drop_index("ix_own_puzzles_learner_game", table_name="own_puzzles")
    op.drop_table("own_puzzles")
