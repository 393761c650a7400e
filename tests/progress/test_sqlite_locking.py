"""A SQLite file locked by another writer makes one call wait or fail with a readable reason;
the store never switches off, reads keep working meanwhile (WAL), and the next call works."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from tutor.progress import store as store_module
from tutor.progress.store import Database, StoreError


def hold_write_lock(path: Path) -> sqlite3.Connection:
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")  # the write lock, held until COMMIT
    holder.execute("INSERT INTO server_secrets(name, value) VALUES ('other-writer', 'x')")
    return holder


def release(holder: sqlite3.Connection) -> None:
    holder.execute("COMMIT")
    holder.close()


def test_a_call_that_cannot_get_the_lock_fails_alone_and_the_next_call_works(
    tmp_path: Path,
) -> None:
    path = tmp_path / "progress.sqlite3"
    db = Database(f"sqlite:///{path}", busy_timeout=0.1, attempts=2)
    store = db.learner(db.new_learner())
    store.set_bookmark("before", True)
    holder = hold_write_lock(path)
    try:
        with pytest.raises(StoreError, match="busy") as failed:
            store.record_attempt("puzzle", "p1", "t", correct=True, first_try=True)
        assert "\n" not in str(failed.value)
        assert store.bookmarks() == {"before"}  # reads go on while the writer holds its lock
    finally:
        release(holder)
    store.record_attempt("puzzle", "p1", "t", correct=True, first_try=True)
    assert store.solved_items() == {"p1"}


def test_a_call_waits_for_a_short_lock_and_succeeds(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    db = Database(f"sqlite:///{path}", busy_timeout=30, attempts=1)
    store = db.learner(db.new_learner())
    holder = hold_write_lock(path)
    releaser = threading.Timer(0.3, release, (holder,))
    releaser.start()
    try:
        store.record_attempt("puzzle", "p1", "t", correct=True, first_try=True)
    finally:
        releaser.join()
    assert store.solved_items() == {"p1"}


def test_a_lock_released_between_attempts_is_retried_to_success(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    db = Database(f"sqlite:///{path}", busy_timeout=0.05, attempts=20)
    store = db.learner(db.new_learner())
    holder = hold_write_lock(path)
    releaser = threading.Timer(0.2, release, (holder,))
    releaser.start()
    try:
        store.set_bookmark("p1", True)
    finally:
        releaser.join()
    assert store.bookmarks() == {"p1"}


def test_a_read_only_file_can_be_read_and_each_write_says_why_it_failed(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    writable = Database(f"sqlite:///{path}")
    learner = writable.new_learner()
    writable.learner(learner).set_bookmark("p1", True)
    writable.engine.dispose()
    read_only = Database(f"sqlite:///file:{path}?mode=ro&uri=true")
    store = read_only.learner(learner)
    assert store.bookmarks() == {"p1"}
    with pytest.raises(StoreError, match="read-only"):
        store.set_bookmark("p2", True)
    assert store.bookmarks() == {"p1"}  # reading is not switched off by the failed write


def test_a_stuck_lock_is_said_after_the_default_waits_and_no_more(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The defaults bound how long a visitor waits on a lock held elsewhere: SQLite waits
    ``busy_timeout`` per try (its own PRAGMA), with one backoff between tries."""
    path = tmp_path / "progress.sqlite3"
    db = Database(f"sqlite:///{path}")
    store = db.learner(db.new_learner())
    with db.engine.connect() as connection:
        waited_ms = connection.exec_driver_sql("PRAGMA busy_timeout").scalar()
    pauses: list[float] = []
    monkeypatch.setattr(store_module.time, "sleep", pauses.append)
    holder = hold_write_lock(path)
    try:
        with pytest.raises(StoreError, match="busy"):
            store.set_bookmark("p1", True)
    finally:
        release(holder)
    assert len(pauses) == db.attempts - 1
    longest_wait = db.attempts * waited_ms / 1000 + (db.attempts - 1) * store_module.backoff(
        db.attempts
    )
    assert longest_wait <= 6  # seconds of waiting allowed by the settings, not measured
