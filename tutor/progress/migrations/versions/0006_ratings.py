"""Glicko-2 ratings: a learner's overall and per theme, the overall rating's history (the
progress page's chart), and each puzzle's rating, shared and anonymous (no learner column).

Revision ID: 0006_ratings
Revises: 0005_mined_puzzles
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_ratings"
down_revision = "0005_mined_puzzles"
branch_labels = None
depends_on = None


def _learner() -> sa.Column[str]:
    return sa.Column(
        "learner_id",
        sa.String(64),
        sa.ForeignKey("learners.id", ondelete="CASCADE"),
        nullable=False,
    )


def _glicko() -> list[sa.Column[float]]:
    return [
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("deviation", sa.Float(), nullable=False),
        sa.Column("volatility", sa.Float(), nullable=False),
    ]


def upgrade() -> None:
    op.create_table(
        "learner_ratings",
        _learner(),
        sa.Column("theme", sa.String(200), nullable=False),
        *_glicko(),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("learner_id", "theme", name="pk_learner_ratings"),
    )
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        _learner(),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("deviation", sa.Float(), nullable=False),
    )
    op.create_index("ix_rating_history_learner", "rating_history", ["learner_id", "id"])
    op.create_table(
        "puzzle_ratings",
        sa.Column("item", sa.String(200), primary_key=True),
        *_glicko(),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated", sa.DateTime(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("puzzle_ratings")
    op.drop_index("ix_rating_history_learner", table_name="rating_history")
    op.drop_table("rating_history")
    op.drop_table("learner_ratings")
