"""The learner's saved progress: a SQLite file, safe for several browser sessions at once.

Every operation opens its own short connection (Streamlit runs sessions on several threads),
in WAL mode with a busy timeout, inside one transaction. If the file cannot be opened or is
damaged, the store says why in ``problem`` and every call becomes a no-op that returns empty
data: the tutor keeps working, it just does not save.

Default file: ``$TAROT_TUTOR_DB`` if set, else ``$XDG_DATA_HOME/tarot-tutor/progress.sqlite3``
(``~/.local/share/...``).
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ENV_VAR = "TAROT_TUTOR_DB"

SCHEMA = """
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


def default_path() -> Path:
    if os.environ.get(ENV_VAR):
        return Path(os.environ[ENV_VAR])
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "tarot-tutor" / "progress.sqlite3"


def now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class ThemeStats:
    theme: str
    attempts: int
    first_tries: int
    first_try_right: int

    @property
    def rate(self) -> float:
        """Share of items answered right at the first try."""
        return self.first_try_right / self.first_tries if self.first_tries else 0.0


@dataclass(frozen=True, slots=True)
class Streak:
    current: int
    best: int


@dataclass(frozen=True, slots=True)
class SavedLesson:
    step: int
    seen: frozenset[int]
    passed: frozenset[int]


@dataclass(frozen=True, slots=True)
class SavedGame:
    id: int
    name: str
    kind: str
    data: dict[str, Any]
    created: str
    updated: str


class ProgressStore:
    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.problem: str | None = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(self.path, timeout=10)
            try:
                db.execute("PRAGMA journal_mode=WAL")
                db.executescript(SCHEMA)  # CREATE ... IF NOT EXISTS: safe when shared
                check = db.execute("PRAGMA quick_check").fetchone()
            finally:
                db.close()
            if check and check[0] != "ok":
                raise sqlite3.DatabaseError(f"the file is damaged ({check[0]})")
        except (OSError, sqlite3.Error) as error:
            self.problem = f"progress is not being saved: {self.path}: {error}"

    @property
    def saving(self) -> bool:
        return self.problem is None

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        db = sqlite3.connect(self.path, timeout=10, isolation_level=None)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA busy_timeout=10000")
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
        finally:
            db.close()

    def _run(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """One statement in its own transaction; on a database error, stop saving and say so."""
        if self.problem is not None:
            return []
        try:
            with self._connect() as db:
                return db.execute(sql, params).fetchall()
        except sqlite3.Error as error:
            self.problem = f"progress is not being saved: {self.path}: {error}"
            return []

    # --- attempts -------------------------------------------------------------------------
    def record_attempt(
        self,
        source: str,
        item: str,
        theme: str,
        correct: bool,
        first_try: bool,
        hints: int = 0,
        answer: str = "",
    ) -> None:
        self._run(
            "INSERT INTO attempts(at, source, item, theme, correct, first_try, hints, answer)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (now().isoformat(), source, item, theme, int(correct), int(first_try), hints, answer),
        )

    def theme_stats(self, source: str | None = None) -> list[ThemeStats]:
        where, params = ("WHERE source = ?", (source,)) if source else ("", ())
        rows = self._run(
            "SELECT theme, COUNT(*), SUM(first_try), SUM(first_try * correct) FROM attempts "
            f"{where} GROUP BY theme ORDER BY theme",
            params,
        )
        return [ThemeStats(r[0], r[1], r[2] or 0, r[3] or 0) for r in rows]

    def streak(self, sources: tuple[str, ...] = ("puzzle", "generated")) -> Streak:
        """Consecutive items right at the first try (a hint breaks the streak)."""
        marks = ",".join("?" * len(sources))
        rows = self._run(
            "SELECT correct AND hints = 0 FROM attempts WHERE first_try = 1 "
            f"AND source IN ({marks}) ORDER BY id",
            sources,
        )
        current = best = 0
        for (good,) in rows:
            current = current + 1 if good else 0
            best = max(best, current)
        return Streak(current, best)

    def solved_items(self, source: str = "puzzle") -> set[str]:
        rows = self._run(
            "SELECT DISTINCT item FROM attempts WHERE source = ? AND correct = 1", (source,)
        )
        return {r[0] for r in rows}

    # --- lessons --------------------------------------------------------------------------
    def save_lesson(self, lesson: str, step: int, seen: set[int], passed: set[int]) -> None:
        self._run(
            "INSERT INTO lessons(lesson, step, seen, passed, updated) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT(lesson) DO UPDATE SET step=excluded.step, seen=excluded.seen, "
            "passed=excluded.passed, updated=excluded.updated",
            (lesson, step, json.dumps(sorted(seen)), json.dumps(sorted(passed)), now().isoformat()),
        )

    def lessons(self) -> dict[str, SavedLesson]:
        rows = self._run("SELECT lesson, step, seen, passed FROM lessons")
        return {
            r[0]: SavedLesson(r[1], frozenset(json.loads(r[2])), frozenset(json.loads(r[3])))
            for r in rows
        }

    # --- review queue ---------------------------------------------------------------------
    def review_card(self, item: str) -> str | None:
        rows = self._run("SELECT card FROM reviews WHERE item = ?", (item,))
        return rows[0][0] if rows else None

    def save_review(self, item: str, card_json: str, due: datetime) -> None:
        self._run(
            "INSERT INTO reviews(item, card, due) VALUES (?, ?, ?) ON CONFLICT(item) DO UPDATE "
            "SET card=excluded.card, due=excluded.due",
            (item, card_json, due.isoformat()),
        )

    def due_items(self, at: datetime | None = None) -> list[tuple[str, datetime]]:
        """Items due for review at ``at`` (default now), earliest first."""
        rows = self._run(
            "SELECT item, due FROM reviews WHERE due <= ? ORDER BY due",
            ((at or now()).isoformat(),),
        )
        return [(r[0], datetime.fromisoformat(r[1])) for r in rows]

    def next_due(self) -> tuple[str, datetime] | None:
        rows = self._run("SELECT item, due FROM reviews ORDER BY due LIMIT 1")
        return (rows[0][0], datetime.fromisoformat(rows[0][1])) if rows else None

    def reviews(self) -> dict[str, datetime]:
        return {
            r[0]: datetime.fromisoformat(r[1]) for r in self._run("SELECT item, due FROM reviews")
        }

    # --- bookmarks and reports ------------------------------------------------------------
    def set_bookmark(self, item: str, on: bool) -> None:
        if on:
            self._run(
                "INSERT OR IGNORE INTO bookmarks(item, at) VALUES (?, ?)", (item, now().isoformat())
            )
        else:
            self._run("DELETE FROM bookmarks WHERE item = ?", (item,))

    def bookmarks(self) -> set[str]:
        return {r[0] for r in self._run("SELECT item FROM bookmarks")}

    def report(self, item: str, note: str) -> None:
        self._run(
            "INSERT INTO reports(at, item, note) VALUES (?, ?, ?)", (now().isoformat(), item, note)
        )

    def reports(self) -> list[tuple[str, str]]:
        return [(r[0], r[1]) for r in self._run("SELECT item, note FROM reports ORDER BY id")]

    # --- games (score sheets, practice games) ---------------------------------------------
    def save_game(
        self, name: str, kind: str, data: dict[str, Any], game_id: int | None = None
    ) -> int | None:
        stamp = now().isoformat()
        if game_id is None:
            if self.problem is not None:
                return None
            try:
                with self._connect() as db:
                    cursor = db.execute(
                        "INSERT INTO games(name, kind, data, created, updated) VALUES (?,?,?,?,?)",
                        (name, kind, json.dumps(data), stamp, stamp),
                    )
                    return cursor.lastrowid
            except sqlite3.Error as error:
                self.problem = f"progress is not being saved: {self.path}: {error}"
                return None
        self._run(
            "UPDATE games SET name = ?, data = ?, updated = ? WHERE id = ?",
            (name, json.dumps(data), stamp, game_id),
        )
        return game_id

    def games(self, kind: str | None = None) -> list[SavedGame]:
        where, params = ("WHERE kind = ?", (kind,)) if kind else ("", ())
        rows = self._run(
            f"SELECT id, name, kind, data, created, updated FROM games {where} "
            "ORDER BY updated DESC",
            params,
        )
        return [SavedGame(r[0], r[1], r[2], json.loads(r[3]), r[4], r[5]) for r in rows]

    def game(self, game_id: int) -> SavedGame | None:
        rows = self._run(
            "SELECT id, name, kind, data, created, updated FROM games WHERE id = ?", (game_id,)
        )
        return (
            SavedGame(
                rows[0][0], rows[0][1], rows[0][2], json.loads(rows[0][3]), rows[0][4], rows[0][5]
            )
            if rows
            else None
        )

    def delete_game(self, game_id: int) -> None:
        self._run("DELETE FROM games WHERE id = ?", (game_id,))
