"""A lesson's stars (issue 19): how each check ended is kept, and progress saved before the
stars keeps its meaning after the migration that adds them."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from tutor.progress.store import MIGRATIONS, Database, LearnerStore, lesson_stars

CHECKS = (1, 3, 4)


def test_three_stars_only_when_every_check_was_right_at_the_first_try() -> None:
    assert lesson_stars(CHECKS, {1, 3, 4}, {1, 3, 4}, {1, 3, 4}) == 3
    assert lesson_stars(CHECKS, {1, 3}, {1, 3, 4}, {1, 3, 4}) == 2
    assert lesson_stars(CHECKS, {1, 3}, {1, 3}, {1, 3, 4}) == 1
    assert lesson_stars(CHECKS, {1, 3}, {1, 3}, {1, 3}) == 0  # a check skipped
    assert lesson_stars((), set(), set(), set()) == 3  # nothing to check


def test_a_saved_check_keeps_how_it_ended_and_each_set_holds_the_one_before(
    tmp_path: Path,
) -> None:
    db = Database(f"sqlite:///{tmp_path / 'p.sqlite3'}")
    store: LearnerStore = db.learner(db.new_learner())
    store.save_lesson("basics", 4, {0, 1, 2, 3, 4}, {1}, solved={3}, answered={4})
    saved = store.lessons()["basics"]
    assert saved.passed == {1} and saved.solved == {1, 3} and saved.answered == {1, 3, 4}
    assert saved.stars(CHECKS) == 1
    assert saved.stars((1, 3)) == 2


def test_progress_saved_before_the_stars_counts_first_try_checks_as_answered(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    engine = sa.create_engine(url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:  # a database as the app left it before the stars
        config.attributes["connection"] = connection
        command.upgrade(config, "0003_puzzle_filters")
        connection.execute(sa.text(
            "INSERT INTO learners (id, created) VALUES ('old', :at)"), {"at": datetime(2026, 1, 1)})
        connection.execute(sa.text(
            "INSERT INTO lessons (learner_id, lesson, step, seen, passed, updated) "
            "VALUES ('old', 'basics', 4, '[0, 1, 2, 3, 4]', '[1, 3, 4]', :at)"),
            {"at": datetime(2026, 1, 1)})
    engine.dispose()
    saved = Database(url).learner("old").lessons()["basics"]  # migrated to head on opening
    assert saved.passed == saved.solved == saved.answered == {1, 3, 4}
    assert saved.stars(CHECKS) == 3
    assert saved.stars((0, *CHECKS)) == 0  # a check never answered right is still open
