"""How each lesson check ended, for the lesson's stars (issue 19: a lesson is complete only
when its checks are answered). Beside ``passed`` (right at the first try), ``solved`` holds the
checks answered right without the answer being shown (after retries too) and ``answered`` every
check that is done with (right, or its answer shown); each holds the one before it.

Existing progress keeps its meaning: a check right at the first try was solved and answered,
so both start as ``passed``; what else was answered was never recorded, so it is still open.

Revision ID: 0004_lesson_checks
Revises: 0003_puzzle_filters
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_lesson_checks"
down_revision = "0003_puzzle_filters"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("lessons") as batch:
        batch.add_column(
            sa.Column("solved", sa.JSON(), nullable=False, server_default=sa.text("'[]'"))
        )
        batch.add_column(
            sa.Column("answered", sa.JSON(), nullable=False, server_default=sa.text("'[]'"))
        )
    lessons = sa.table(
        "lessons", sa.column("passed", sa.JSON()), sa.column("solved", sa.JSON()),
        sa.column("answered", sa.JSON()),
    )
    op.execute(lessons.update().values(solved=lessons.c.passed, answered=lessons.c.passed))


def downgrade() -> None:
    with op.batch_alter_table("lessons") as batch:
        batch.drop_column("answered")
        batch.drop_column("solved")
