"""Mined best-card puzzles kept per (seed, players), shared by every learner (issue 20: a
second request for the same seed is a read, not a search on the analysis workers).

Revision ID: 0005_mined_puzzles
Revises: 0004_lesson_checks
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_mined_puzzles"
down_revision = "0004_lesson_checks"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "mined_puzzles",
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("players", "seed", name="pk_mined_puzzles"),
    )


def downgrade() -> None:
    op.drop_table("mined_puzzles")
