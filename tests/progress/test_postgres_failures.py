"""PostgreSQL failures stay with the call that met them: a dropped connection is replaced, and
a row lock held elsewhere makes one call fail with a readable reason, then the next call works."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from tutor.progress.store import Database, StoreError


def test_a_dropped_connection_is_replaced_and_the_call_works(fresh_postgres: str) -> None:
    db = Database(fresh_postgres)
    store = db.learner(db.new_learner())
    with db.engine.connect() as connection:
        pid = connection.exec_driver_sql("SELECT pg_backend_pid()").scalar_one()
    killer = sa.create_engine(fresh_postgres, isolation_level="AUTOCOMMIT")
    with killer.connect() as connection:
        connection.execute(sa.text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
    killer.dispose()
    store.set_bookmark("p1", True)
    assert store.bookmarks() == {"p1"}


def test_a_row_lock_held_elsewhere_fails_one_call_and_the_next_works(fresh_postgres: str) -> None:
    db = Database(fresh_postgres, busy_timeout=0.2, attempts=2)
    store = db.learner(db.new_learner())
    game = store.create_game("g", "sheet", {})
    holder = sa.create_engine(fresh_postgres)
    with holder.connect() as connection:
        connection.execute(sa.text("SELECT id FROM games WHERE id = :id FOR UPDATE"),
                           {"id": game.id})
        with pytest.raises(StoreError, match="busy") as failed:
            store.add_row(game.id, {"n": 1})
        assert "\n" not in str(failed.value)
        assert store.game(game.id).rows == ()  # reads are not blocked by the lock
        connection.rollback()
    holder.dispose()
    store.add_row(game.id, {"n": 1})
    assert [row.data for row in store.game(game.id).rows] == [{"n": 1}]
