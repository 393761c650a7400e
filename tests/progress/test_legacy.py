"""A progress file from before learners existed is migrated in place, not lost: its rows go to one
"legacy" profile, which the first visitor to claim it receives (once)."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tutor.progress.store import Database, NotFoundError

# The schema of the pre-learner store (tutor/progress/store.py before learners), verbatim.
LEGACY_SCHEMA = """
CREATE TABLE IF NOT EXISTS attempts (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    source TEXT NOT NULL,          -- 'puzzle', 'generated', 'lesson', 'score-quiz'
    item TEXT NOT NULL,            -- puzzle id, generated seed, lesson step, quiz question
    theme TEXT NOT NULL,
    correct INTEGER NOT NULL,
    first_try INTEGER NOT NULL,    -- the first answer given to this item in its session
    hints INTEGER NOT NULL DEFAULT 0,
    answer TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS attempts_theme ON attempts(theme);
CREATE TABLE IF NOT EXISTS lessons (
    lesson TEXT PRIMARY KEY,
    step INTEGER NOT NULL,
    seen TEXT NOT NULL,            -- JSON list of step indexes
    passed TEXT NOT NULL,
    updated TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS reviews (
    item TEXT PRIMARY KEY,
    card TEXT NOT NULL,            -- the fsrs card as JSON
    due TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS bookmarks (item TEXT PRIMARY KEY, at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS reports (
    id INTEGER PRIMARY KEY, at TEXT NOT NULL, item TEXT NOT NULL, note TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,            -- 'sheet' (a real table) or 'practice'
    data TEXT NOT NULL,            -- JSON: players and rows, owned by the page that keeps it
    created TEXT NOT NULL,
    updated TEXT NOT NULL
);
"""

STAMP = datetime(2026, 5, 1, 18, 30, tzinfo=UTC).isoformat()
DUE = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)


def legacy_file(path: Path, *, rows: bool = True) -> Path:
    """A file as the pre-learner store wrote it (timestamps as aware ISO text)."""
    db = sqlite3.connect(path)
    db.execute("PRAGMA journal_mode=WAL")
    db.executescript(LEGACY_SCHEMA)
    if rows:
        attempt = "INSERT INTO attempts(at, source, item, theme, correct, first_try, hints, answer)"
        db.execute(f"{attempt} VALUES (?,?,?,?,?,?,?,?)",
                   (STAMP, "puzzle", "p1", "counting", 1, 1, 0, ""))
        db.execute(f"{attempt} VALUES (?,?,?,?,?,?,?,?)",
                   (STAMP, "puzzle", "p2", "counting", 0, 1, 1, "7S"))
        db.execute(f"{attempt} VALUES (?,?,?,?,?,?,?,?)",
                   (STAMP, "puzzle", "p3", "leads", 1, 1, 0, ""))
        db.execute("INSERT INTO lessons VALUES (?,?,?,?,?)",
                   ("basics", 2, "[0, 1, 2]", "[0, 1]", STAMP))
        db.execute("INSERT INTO reviews VALUES (?,?,?)", ("p2", '{"card": 2}', DUE.isoformat()))
        db.execute("INSERT INTO bookmarks VALUES (?,?)", ("p3", STAMP))
        db.execute("INSERT INTO reports(at, item, note) VALUES (?,?,?)", (STAMP, "p2", "typo"))
        sheet = {"players": ["A", "B", "C", "D"], "rows": [{"taker": "A"}, {"taker": "B"}]}
        db.execute("INSERT INTO games VALUES (?,?,?,?,?,?)",
                   (12, "Friday", "sheet", json.dumps(sheet), STAMP, STAMP))
        db.execute("INSERT INTO games VALUES (?,?,?,?,?,?)",
                   (13, "Practice", "practice", json.dumps({"seed": 4}), STAMP, STAMP))
    db.commit()
    db.close()
    return path


def test_a_legacy_file_is_migrated_in_place_to_a_legacy_profile(tmp_path: Path) -> None:
    path = legacy_file(tmp_path / "progress.sqlite3")
    db = Database(f"sqlite:///{path}")
    legacy = db.legacy_learner()
    assert legacy is not None
    store = db.learner(legacy)
    assert store.solved_items() == {"p1", "p3"}
    assert store.streak().best == 1 and store.streak().current == 1  # order kept: p1, p2, p3
    assert {s.theme: s.attempts for s in store.theme_stats()} == {"counting": 2, "leads": 1}
    assert store.lessons()["basics"].seen == frozenset({0, 1, 2})
    assert store.reviews() == {"p2": DUE}
    assert store.bookmarks() == {"p3"} and store.reports() == [("p2", "typo")]
    sheet = store.game(12)  # the old ?game=12 link still names the same game
    assert sheet.meta == {"players": ["A", "B", "C", "D"]}
    assert [row.data for row in sheet.rows] == [{"taker": "A"}, {"taker": "B"}]
    assert sheet.created == datetime.fromisoformat(STAMP)
    assert store.game(13).meta == {"seed": 4} and store.game(13).rows == ()
    with sqlite3.connect(path) as raw:
        tables = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert not any(name.startswith("legacy_") for name in tables)


def test_the_migrated_file_is_usable_and_starting_again_changes_nothing(tmp_path: Path) -> None:
    path = legacy_file(tmp_path / "progress.sqlite3")
    legacy = Database(f"sqlite:///{path}").legacy_learner()
    again = Database(f"sqlite:///{path}")
    assert again.legacy_learner() == legacy
    store = again.learner(again.new_learner())
    game = store.create_game("new", "sheet", {})
    assert game.id > 13  # new ids do not collide with migrated ones
    assert store.add_row(game.id, {"taker": "C"}).position == 1


def test_the_legacy_profile_is_claimed_once(tmp_path: Path) -> None:
    path = legacy_file(tmp_path / "progress.sqlite3")
    db = Database(f"sqlite:///{path}")
    legacy = db.legacy_learner()
    assert legacy is not None
    first, second = db.new_learner(), db.new_learner()
    mine = db.learner(first)
    mine.save_lesson("basics", 5, {0, 1, 2, 3, 4, 5}, {0})  # the claimer's own progress wins
    mine.set_bookmark("p3", True)
    assert db.claim_legacy(first) is True
    assert db.claim_legacy(second) is False
    assert db.legacy_learner() is None and not db.learner_exists(legacy)
    assert mine.solved_items() == {"p1", "p3"}
    assert mine.lessons()["basics"].step == 5
    assert mine.bookmarks() == {"p3"}
    assert {g.name for g in mine.games()} == {"Friday", "Practice"}
    assert db.learner(second).games() == [] and db.learner(legacy).games() == []


def test_claiming_for_an_unknown_learner_is_refused(tmp_path: Path) -> None:
    db = Database(f"sqlite:///{legacy_file(tmp_path / 'progress.sqlite3')}")
    with pytest.raises(NotFoundError):
        db.claim_legacy("no-such-learner")
    assert db.legacy_learner() is not None


def test_an_empty_legacy_file_leaves_no_legacy_profile(tmp_path: Path) -> None:
    db = Database(f"sqlite:///{legacy_file(tmp_path / 'progress.sqlite3', rows=False)}")
    assert db.legacy_learner() is None
    assert db.claim_legacy(db.new_learner()) is False


def test_a_new_store_has_no_legacy_profile(db: Database) -> None:
    assert db.legacy_learner() is None
