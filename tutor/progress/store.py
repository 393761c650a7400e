"""The learners' saved progress: one store, SQLite (embedded default) or PostgreSQL (hosting).

Every row belongs to a learner and every query is filtered by the learner, so one visitor never
sees, changes or deletes another's data; a game id of another learner is "not found".

Each call runs in its own short transaction. A transient failure (a locked SQLite file, a
PostgreSQL serialization failure or dropped connection) is retried a few times; any other failure
raises ``StoreError`` for that call only, with a one-line reason a learner can read. Nothing
switches the store off, and a failed read raises instead of looking empty.

Concurrent edits never lose data: adding a deal is an INSERT, and an edit carries the version the
learner saw; an edit of a stale version is refused (``StaleEditError``).

Which database: ``Database(url)``, else ``$TAROT_TUTOR_DB_URL``, else the SQLite file
``$TAROT_TUTOR_DB``, else ``$XDG_DATA_HOME/tarot-tutor/progress.sqlite3``. The schema is
migrated (Alembic) when a ``Database`` starts; a file from before learners existed is migrated
in place to one "legacy" profile that the first visitor can claim.
"""

from __future__ import annotations

import json
import logging
import os
import re
import secrets as secrets_module
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator, Sequence, Set
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any, TypeVar

import psycopg
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import event
from sqlalchemy.dialects import postgresql as pg_dialect
from sqlalchemy.dialects import sqlite as sqlite_dialect
from sqlalchemy.engine import Connection, Engine

from tutor.progress import schema as t
from tutor.progress.glicko import Game, Rating, idle, periods_between, play, rate
from tutor.progress.ratings import LEARNER_START, first_try_score
from tutor.progress.schema import (
    GAME_KINDS,
    JSON_MAX,
    KEY_MAX,
    LEARNER_ID_MAX,
    NAME_MAX,
    NOTE_MAX,
    OVERALL,
    SUBJECT_MAX,
    TOKEN_MAX,
)

URL_VAR = "TAROT_TUTOR_DB_URL"
ENV_VAR = "TAROT_TUTOR_DB"  # a SQLite file path (kept from before the URL setting)
MIGRATIONS = Path(__file__).parent / "migrations"
MIGRATION_LOCK = 7_305_120_310  # PostgreSQL advisory lock: one migrating process at a time
DIFFICULTY = (1, 5)  # a puzzle's difficulty runs from 1 to 5 stars
TABLES = (3, 4, 5)  # the table sizes a puzzle may be for
# The attempts that are puzzles (authored, generated): their themes are puzzle themes, unlike
# the score quiz's, which records its level in the theme column.
PUZZLE_SOURCES = ("puzzle", "generated")
FILTER_THEMES_MAX = 64  # more themes than the bank has: a bound on what a filter row holds

log = logging.getLogger(__name__)
R = TypeVar("R")


# --- errors --------------------------------------------------------------------------------


class StoreError(Exception):
    """A store call failed; ``str(error)`` is one line, safe to show to the learner."""


class StaleEditError(StoreError):
    """The edit was based on a version that has changed since."""

    def __init__(self, what: str = "game") -> None:
        super().__init__(
            f"This {what} was changed elsewhere since you opened it; reload it and try again."
        )


class NotFoundError(StoreError):
    """Unknown id, or one that belongs to another learner (the same message for both)."""

    def __init__(self, what: str = "game") -> None:
        super().__init__(f"This {what} was not found.")


class _Transient(Exception):
    """A failure worth retrying (the cause is kept for the final message)."""


# --- settings and values -------------------------------------------------------------------


def default_path() -> Path:
    if os.environ.get(ENV_VAR):
        return Path(os.environ[ENV_VAR])
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "tarot-tutor" / "progress.sqlite3"


def database_url(url: str | None = None) -> str:
    """The argument, else ``$TAROT_TUTOR_DB_URL``, else ``$TAROT_TUTOR_DB`` (a SQLite file),
    else the default SQLite file."""
    if url:
        return url
    if os.environ.get(URL_VAR):
        return os.environ[URL_VAR]
    return f"sqlite:///{default_path()}"


def now() -> datetime:
    return datetime.now(UTC)


def _bounded(value: str, limit: int, what: str) -> str:
    if not isinstance(value, str):
        raise StoreError(f"The {what} must be text.")
    if len(value) > limit:
        raise StoreError(f"The {what} is too long (at most {limit:,} characters).")
    return value


def _json_value(value: Any, what: str) -> Any:
    """A JSON-serialisable value within the size bound (refused otherwise)."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError) as error:
        raise StoreError(f"The {what} cannot be saved ({error}).") from None
    if len(text) > JSON_MAX:
        raise StoreError(f"The {what} is too large to save.")
    return json.loads(text)  # what is stored is what a read gives back (tuples become lists)


def _kind(kind: str) -> str:
    if kind not in GAME_KINDS:
        raise StoreError(f"Unknown kind of game: {str(kind)[:20]!r}.")
    return kind


_TOKEN = re.compile(rf"[A-Za-z0-9_-]{{1,{TOKEN_MAX}}}")


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
class TrainerSummary:
    """What the puzzle trainer shows above the puzzles, read in one transaction."""

    streak: Streak
    due: tuple[tuple[str, datetime], ...]  # items due now, earliest first
    next_due: tuple[str, datetime] | None  # the earliest review, due or not
    solved: int  # distinct puzzles answered right at least once


STARS = 3  # a lesson's most stars: every check right at the first try


def lesson_stars(
    checks: Iterable[int], passed: Set[int], solved: Set[int], answered: Set[int]
) -> int:
    """A lesson's stars, as lichess Learn gives them: 3 when every check was right at the first
    try, 2 when every check was right (some after a retry), 1 when every check was answered
    (some answers shown), 0 while a check is unanswered or was skipped."""
    wanted = set(checks)
    if not wanted <= answered:
        return 0
    if wanted <= passed:
        return STARS
    return 2 if wanted <= solved else 1


@dataclass(frozen=True, slots=True)
class SavedLesson:
    """A lesson's saved progress: the step the learner is at, the steps seen, and the checks
    by how they ended (``passed`` ⊆ ``solved`` ⊆ ``answered``, see ``lesson_stars``)."""

    step: int
    seen: frozenset[int]
    passed: frozenset[int]
    updated: datetime | None = None  # when the learner was last in this lesson
    solved: frozenset[int] = frozenset()
    answered: frozenset[int] = frozenset()

    def stars(self, checks: Iterable[int]) -> int:
        return lesson_stars(checks, self.passed, self.solved, self.answered)


@dataclass(frozen=True, slots=True)
class GameRow:
    id: int
    position: int
    data: dict[str, Any]
    version: int


@dataclass(frozen=True, slots=True)
class SavedGame:
    id: int
    name: str
    kind: str
    meta: dict[str, Any]
    rows: tuple[GameRow, ...]
    version: int
    created: datetime
    updated: datetime
    share_token: str | None


@dataclass(frozen=True, slots=True)
class GameSummary:
    id: int
    name: str
    kind: str
    meta: dict[str, Any]
    rows: int
    created: datetime
    updated: datetime


@dataclass(frozen=True, slots=True)
class DealReviewSummary:
    """The verdicts of one reviewed deal (the solver's review of a saved practice deal)."""

    game_id: int
    game_name: str
    deal: int  # the deal's number in the game (1-based)
    reviewed: datetime
    judged: int  # cards the solver judged
    inaccuracies: int
    mistakes: int
    blunders: int


@dataclass(frozen=True, slots=True)
class OwnPuzzle:
    """One of the learner's own puzzles: its item, the game and deal it comes from, and its
    data (``review/mistakes.py`` writes and reads it; the store keeps it as JSON)."""

    item: str
    game_id: int
    deal: int
    data: dict[str, Any]


@dataclass(frozen=True, slots=True)
class LearnerRating:
    """A learner's Glicko-2 rating overall (theme ``OVERALL``) or in one theme, and the rated
    games it comes from."""

    theme: str
    rating: Rating
    games: int


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """The learner's overall rating just after one rated answer."""

    at: datetime
    rating: float
    deviation: float


@dataclass(frozen=True, slots=True)
class RatedAnswer:
    """The ratings after a rated first try: the learner's overall and in the puzzle's theme,
    and the puzzle's."""

    overall: Rating
    theme: Rating
    puzzle: Rating


@dataclass(frozen=True, slots=True)
class DayStanding:
    """Where the learner's mark on a day's deal stands among everyone's marks on it: how many
    were lower, how many equal (the learner's own among them), how many in all. Counts only:
    no other learner's row crosses."""

    mark: int
    below: int
    equal: int
    count: int


@dataclass(frozen=True, slots=True)
class PuzzleFilters:
    """The puzzle trainer's filters as a learner set them: the themes (none: every theme), the
    difficulty range, the table sizes, and "my weak themes only"."""

    themes: tuple[str, ...] = ()
    difficulty: tuple[int, int] = (1, 5)
    players: tuple[int, ...] = (3, 4, 5)
    weak_only: bool = False

    @classmethod
    def checked(
        cls, themes: Iterable[object], difficulty: tuple[object, object],
        players: Iterable[object], weak_only: object,
    ) -> PuzzleFilters:
        """Filters from values that may be anything (a widget's state, a row written by
        another version): what is not a theme name, a difficulty 1–5 or a table size 3–5 is
        dropped, a reversed range put in order."""
        kept = tuple(dict.fromkeys(
            theme for theme in themes if isinstance(theme, str) and 0 < len(theme) <= KEY_MAX
        ))[:FILTER_THEMES_MAX]
        bounds = [
            min(max(int(v), DIFFICULTY[0]), DIFFICULTY[1])
            if isinstance(v, int) and not isinstance(v, bool) else default
            for v, default in zip(difficulty, DIFFICULTY, strict=True)
        ]
        sizes = tuple(sorted({
            n for n in players if isinstance(n, int) and not isinstance(n, bool) and n in TABLES
        }))
        return cls(kept, (min(bounds), max(bounds)), sizes or TABLES, weak_only is True)


# --- failures: transient or reported -------------------------------------------------------

_SQLITE_BUSY = ("database is locked", "database table is locked", "database is busy")
_PG_TRANSIENT_CODES = {"40001", "40P01", "55P03", "57P01", "57P02", "57P03", "08000", "08003",
                       "08006", "08001", "08004"}


def _is_transient(error: sa.exc.DBAPIError) -> bool:
    if error.connection_invalidated:
        return True  # a dropped connection: the pool has discarded it, a retry reconnects
    original = error.orig
    if isinstance(original, sqlite3.OperationalError):
        return any(text in str(original).lower() for text in _SQLITE_BUSY)
    code = getattr(original, "sqlstate", None)
    if isinstance(original, psycopg.OperationalError) and code is None:
        return True  # the server could not be reached or the connection broke
    return isinstance(code, str) and code in _PG_TRANSIENT_CODES


def _reason(error: BaseException) -> str:
    """One line a learner can read; the details go to the log."""
    text = str(getattr(error, "orig", None) or error).lower()
    if any(busy in text for busy in (*_SQLITE_BUSY, "could not serialize", "lock timeout")):
        return "The progress database is busy right now; please try again in a moment."
    if "disk is full" in text or "no space" in text:
        return "Progress cannot be saved: the server's disk is full."
    if "readonly" in text or "read-only" in text:
        return "Progress cannot be saved: the progress database is read-only."
    if "unable to open" in text or "connection" in text or "connect" in text:
        return "The progress database cannot be reached right now; please try again later."
    if "malformed" in text or "not a database" in text:
        return "The progress database is damaged; please tell the person running this tutor."
    return "The progress database could not complete this; please try again later."


# --- the database --------------------------------------------------------------------------
# A stuck lock is said within about five seconds (3 s × 3 tries held a visitor 9.6 s). Not
# less: on a loaded 2-core machine six processes appending at once queued past 1 s × 2 tries,
# and a refused write is a write the learner has to make again.
BUSY_TIMEOUT = 2.5
ATTEMPTS = 2


def backoff(attempt: int) -> float:
    """Seconds to wait before try ``attempt + 1`` after a transient failure (with jitter)."""
    return 0.05 * float(1 << attempt) + secrets_module.randbelow(50) / 1000


def unmade_learner_id() -> str:
    """A new learner id (32 characters from ``secrets``): a profile that a write makes."""
    return secrets_module.token_urlsafe(24)



class Database:
    """One progress database (its engine, migrated at start) shared by every learner."""

    def __init__(
        self,
        url: str | None = None,
        *,
        busy_timeout: float = BUSY_TIMEOUT,
        attempts: int = ATTEMPTS,
    ) -> None:
        """``busy_timeout``: seconds a SQLite call waits on another writer's lock before it is
        retried; ``attempts``: tries per call on a transient failure (then ``StoreError``).
        A lock held elsewhere keeps a visitor waiting about ``busy_timeout × attempts``."""
        try:
            target = sa.make_url(database_url(url))
        except sa.exc.ArgumentError:
            raise StoreError("The progress database setting is not a valid database URL.") from None
        self.url = target.render_as_string(hide_password=True)
        self.attempts = max(1, attempts)
        self.busy_timeout = busy_timeout
        self.is_sqlite = target.get_backend_name() == "sqlite"
        if not self.is_sqlite and target.get_backend_name() != "postgresql":
            raise StoreError("The progress database must be SQLite or PostgreSQL.")
        if self.is_sqlite:
            self.engine = self._sqlite_engine(target)
        else:
            self.engine = self._postgres_engine(target)
        self._migrate()

    def __repr__(self) -> str:
        return f"Database({self.url!r})"

    def _sqlite_engine(self, target: sa.URL) -> Engine:
        uri_mode = str(target.query.get("uri", "")).lower() == "true"  # "file:...?mode=ro"
        if target.database and target.database != ":memory:" and not uri_mode:
            try:
                Path(target.database).parent.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise StoreError(_reason(error)) from None
        engine = sa.create_engine(target)
        busy_ms = int(self.busy_timeout * 1000)

        @event.listens_for(engine, "connect")
        def configure(dbapi_connection: sqlite3.Connection, _record: object) -> None:
            # Take transactions into our own hands (pysqlite would not BEGIN before DDL).
            dbapi_connection.isolation_level = None
            cursor = dbapi_connection.cursor()
            cursor.execute(f"PRAGMA busy_timeout={busy_ms}")
            cursor.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        @event.listens_for(engine, "begin")
        def begin(connection: Connection) -> None:
            # A writer takes the write lock at once: waiting for it is then covered by the
            # busy timeout (a deferred upgrade from a read lock would fail without waiting).
            write = connection.get_execution_options().get("tutor_write", False)
            connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

        return engine

    def _postgres_engine(self, target: sa.URL) -> Engine:
        # Waiting for a lock or a statement is bounded, so a stuck transaction elsewhere makes
        # one call fail (lock timeouts are retried) instead of hanging a page. Options already
        # in the URL (a search_path, say) are kept.
        wait_ms = int(self.busy_timeout * 1000)
        options = " ".join(
            part
            for part in (
                str(target.query.get("options", "")),
                f"-c lock_timeout={wait_ms}",
                f"-c statement_timeout={max(wait_ms * 5, 15_000)}",
            )
            if part
        )
        return sa.create_engine(
            target.difference_update_query(["options"]),
            connect_args={"options": options, "connect_timeout": 10},
            pool_pre_ping=True,  # a connection the server dropped is replaced, not used
            pool_recycle=1800,
            pool_timeout=10,
        )

    # --- transactions ----------------------------------------------------------------------

    @contextmanager
    def _transaction(self, write: bool) -> Iterator[Connection]:
        with self.engine.connect() as connection:
            if self.is_sqlite:
                connection.execution_options(tutor_write=write)
            elif not write:
                # one consistent snapshot for the several reads of a call (a game and its rows)
                connection.execution_options(isolation_level="REPEATABLE READ")
            with connection.begin():
                yield connection

    def run(self, work: Callable[[Connection], R], *, write: bool) -> R:
        """``work`` in one transaction, retried on a transient failure; ``StoreError`` else."""
        for attempt in range(1, self.attempts + 1):
            try:
                with self._transaction(write) as connection:
                    return work(connection)
            except StoreError:
                raise
            except sa.exc.DBAPIError as error:
                if _is_transient(error) and attempt < self.attempts:
                    log.info("progress store: retrying after a transient failure: %s", error)
                    time.sleep(backoff(attempt))
                    continue
                log.warning("progress store: %s failed: %s", self.url, error)
                raise StoreError(_reason(error)) from error
            except (sa.exc.SQLAlchemyError, OSError) as error:
                log.warning("progress store: %s failed: %s", self.url, error)
                raise StoreError(_reason(error)) from error
        raise AssertionError("unreachable: the last attempt returns or raises")

    def _migrate(self) -> None:
        """Alembic upgrade to head, in one transaction; idempotent and safe when two processes
        start together (SQLite: the write lock; PostgreSQL: an advisory lock). A database
        already at head is only read: starting needs no write lock (nor a writable file)."""
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        heads = set(ScriptDirectory.from_config(config).get_heads())

        def current(connection: Connection) -> set[str]:
            return set(MigrationContext.configure(connection).get_current_heads())

        if self.run(current, write=False) == heads:
            return

        def upgrade(connection: Connection) -> None:
            if not self.is_sqlite:
                # another process may be migrating: wait for it (longer than for a row lock)
                connection.exec_driver_sql("SET LOCAL lock_timeout = '120s'")
                connection.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"),
                                   {"key": MIGRATION_LOCK})
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

        self.run(upgrade, write=True)

    # --- learners --------------------------------------------------------------------------

    def new_learner(self) -> str:
        learner_id = unmade_learner_id()
        self.run(
            lambda c: c.execute(t.learners.insert().values(id=learner_id, created=now())),
            write=True,
        )
        return learner_id

    def remove_unused_profiles(self, made_before: datetime) -> int:
        """Delete the anonymous profiles made before ``made_before`` that hold nothing (made by
        visits before profiles were made on the first write, or emptied since); how many.
        A profile made on a first write holds that write from the same transaction."""
        learners = t.learners
        holds_something = [
            sa.exists().where(table.c.learner_id == learners.c.id) for table in t.LEARNER_TABLES
        ]
        unused = (
            learners.delete()
            .where(
                learners.c.created < made_before,
                learners.c.subject.is_(None),
                learners.c.legacy.is_(False),
                ~sa.or_(*holds_something),
            )
        )
        return int(self.run(lambda c: c.execute(unused).rowcount, write=True))

    def learner_exists(self, learner_id: str) -> bool:
        if not isinstance(learner_id, str) or not 0 < len(learner_id) <= LEARNER_ID_MAX:
            return False
        query = sa.select(t.learners.c.id).where(t.learners.c.id == learner_id)
        return self.run(lambda c: c.execute(query).first() is not None, write=False)

    def learner(
        self, learner_id: str, *, unmade: bool = False, on_made: Callable[[], None] | None = None
    ) -> LearnerStore:
        """The store of ``learner_id``. ``unmade``: an id from ``unmade_learner_id`` whose
        profile the first write makes (in that write's transaction), then calls ``on_made``."""
        return LearnerStore(self, learner_id, unmade=unmade, on_made=on_made)

    def account_learner(self, subject: str, anonymous_id: str | None) -> str:
        """The learner of a signed-in account. On the first sign-in the visitor's anonymous
        profile (if it exists and no account has it yet) becomes the account's profile."""
        _bounded(subject, SUBJECT_MAX, "account id")
        if not subject:
            raise StoreError("The account id is empty.")
        learners = t.learners

        def join(connection: Connection) -> str:
            found = connection.execute(
                sa.select(learners.c.id).where(learners.c.subject == subject)
            ).scalar()
            if found is not None:
                return str(found)
            if anonymous_id and len(anonymous_id) <= LEARNER_ID_MAX:
                joined = connection.execute(
                    learners.update()
                    .where(learners.c.id == anonymous_id, learners.c.subject.is_(None),
                           learners.c.legacy.is_(False))
                    .values(subject=subject)
                )
                if joined.rowcount == 1:
                    return anonymous_id
            learner_id = secrets_module.token_urlsafe(24)
            connection.execute(learners.insert().values(id=learner_id, created=now(),
                                                        subject=subject))
            return learner_id

        for _ in range(3):
            try:
                return self.run(join, write=True)
            except StoreError as error:
                # two first sign-ins of one account at once: the other one created the profile
                if isinstance(error.__cause__, sa.exc.IntegrityError):
                    continue
                raise
        raise StoreError("Signing in could not be completed; please try again.")

    def secret(self) -> bytes:
        """The server's secret for signing learner cookies: made once, shared by every process."""
        secrets_table = t.server_secrets
        fresh = secrets_module.token_hex(32)

        def get(connection: Connection) -> str:
            connection.execute(
                self._insert(secrets_table)
                .values(name="cookie", value=fresh)
                .on_conflict_do_nothing(index_elements=["name"])
            )
            return str(
                connection.execute(
                    sa.select(secrets_table.c.value).where(secrets_table.c.name == "cookie")
                ).scalar_one()
            )

        return bytes.fromhex(self.run(get, write=True))

    def shared_game(self, token: str) -> SavedGame | None:
        """The game shared under ``token`` (read-only), or None for an unknown token."""
        if not isinstance(token, str) or not _TOKEN.fullmatch(token):
            return None

        def read(connection: Connection) -> SavedGame | None:
            row = connection.execute(
                sa.select(t.games).where(t.games.c.share_token == token)
            ).first()
            return _saved_game(connection, row) if row is not None else None

        return self.run(read, write=False)

    def legacy_learner(self) -> str | None:
        """The profile holding rows migrated from a pre-learner file, until it is claimed."""
        query = sa.select(t.learners.c.id).where(t.learners.c.legacy.is_(True))
        found = self.run(lambda c: c.execute(query).scalar(), write=False)
        return None if found is None else str(found)

    def claim_legacy(self, learner_id: str) -> bool:
        """Move the legacy profile's rows to ``learner_id`` (once: False if already claimed).
        Where both have a row for one lesson, review or bookmark, the claimer's is kept."""
        learners = t.learners

        def claim(connection: Connection) -> bool:
            if connection.execute(
                sa.select(learners.c.id).where(learners.c.id == learner_id)
            ).first() is None:
                raise NotFoundError("learner")
            legacy = connection.execute(
                sa.select(learners.c.id).where(learners.c.legacy.is_(True))
            ).scalar()
            if legacy is None or legacy == learner_id:
                return False
            # the claim itself: only one caller turns the flag off (row lock on PostgreSQL)
            taken = connection.execute(
                learners.update()
                .where(learners.c.id == legacy, learners.c.legacy.is_(True))
                .values(legacy=False)
            )
            if taken.rowcount != 1:
                return False
            for table, key in ((t.lessons, "lesson"), (t.reviews, "item"), (t.bookmarks, "item"),
                               (t.learner_ratings, "theme"), (t.daily_deals, "day")):
                mine = sa.select(table.c[key]).where(table.c.learner_id == learner_id)
                connection.execute(
                    table.delete().where(table.c.learner_id == legacy, table.c[key].in_(mine))
                )
            filters = t.puzzle_filters  # one row per learner: the claimer's is kept
            if connection.execute(
                sa.select(filters.c.learner_id).where(filters.c.learner_id == learner_id)
            ).first() is not None:
                connection.execute(filters.delete().where(filters.c.learner_id == legacy))
            for table in t.LEARNER_TABLES:
                connection.execute(
                    table.update().where(table.c.learner_id == legacy).values(learner_id=learner_id)
                )
            connection.execute(learners.delete().where(learners.c.id == legacy))
            return True

        return self.run(claim, write=True)

    # --- shared content: mined puzzles ---------------------------------------------------
    def mined_puzzle(self, players: int, seed: int, version: int) -> dict[str, Any] | None:
        """The puzzle mined from ``seed`` at ``players`` players by miner ``version`` (None:
        not mined yet, or by another version)."""
        m = t.mined_puzzles
        query = sa.select(m.c.data).where(
            m.c.players == int(players), m.c.seed == int(seed), m.c.version == int(version)
        )
        found = self.run(lambda c: c.execute(query).scalar(), write=False)
        return dict(found) if isinstance(found, dict) else None

    def save_mined_puzzle(
        self, players: int, seed: int, version: int, data: dict[str, Any]
    ) -> None:
        """Keep a mined puzzle for everyone (replacing one an older miner made)."""
        values = {"version": int(version), "data": _json_value(data, "puzzle"), "created": now()}
        insert = self._insert(t.mined_puzzles).values(
            players=int(players), seed=int(seed), **values
        )
        upsert = insert.on_conflict_do_update(
            index_elements=["players", "seed"],
            set_={key: insert.excluded[key] for key in values},
        )
        self.run(lambda c: c.execute(upsert), write=True)

    # --- shared content: puzzle ratings ---------------------------------------------------
    def puzzle_ratings(self, items: Iterable[str]) -> dict[str, Rating]:
        """The ratings of those of ``items`` that some learner has tried (the others still
        have their starting rating, which the caller knows from the puzzle)."""
        wanted = sorted({item for item in items if isinstance(item, str)})
        p = t.puzzle_ratings
        found: dict[str, Rating] = {}

        def read(connection: Connection) -> None:
            for start in range(0, len(wanted), 500):  # bounded IN lists
                query = sa.select(p.c.item, p.c.rating, p.c.deviation, p.c.volatility).where(
                    p.c.item.in_(wanted[start:start + 500])
                )
                for item, rating, deviation, volatility in connection.execute(query):
                    found[item] = Rating(rating, deviation, volatility)

        self.run(read, write=False)
        return found

    def _insert(self, table: sa.Table) -> Any:
        """An INSERT with ``on_conflict_do_*`` (both dialects spell it the same way)."""
        return (sqlite_dialect.insert if self.is_sqlite else pg_dialect.insert)(table)


# --- reading games -------------------------------------------------------------------------


def _game_rows(connection: Connection, game_id: int) -> tuple[GameRow, ...]:
    rows = connection.execute(
        sa.select(t.game_rows)
        .where(t.game_rows.c.game_id == game_id)
        .order_by(t.game_rows.c.position)
    )
    return tuple(GameRow(r.id, r.position, r.data, r.version) for r in rows)


def _saved_game(connection: Connection, row: sa.Row[Any]) -> SavedGame:
    return SavedGame(
        id=row.id,
        name=row.name,
        kind=row.kind,
        meta=row.meta,
        rows=_game_rows(connection, row.id),
        version=row.version,
        created=row.created,
        updated=row.updated,
        share_token=row.share_token,
    )


# --- one learner's view --------------------------------------------------------------------


class LearnerStore:
    """Everything one learner stores; every query is filtered by ``learner_id``."""

    def __init__(
        self,
        database: Database,
        learner_id: str,
        *,
        unmade: bool = False,
        on_made: Callable[[], None] | None = None,
    ) -> None:
        self.db = database
        self.learner_id = learner_id
        self.unmade = unmade  # the profile is made by the first write (a visit makes none)
        self.on_made = on_made

    def __repr__(self) -> str:
        return f"LearnerStore({self.db.url!r}, {self.learner_id[:6]}…)"

    def _make_profile(self, connection: Connection) -> None:
        connection.execute(
            self.db._insert(t.learners)
            .values(id=self.learner_id, created=now())
            .on_conflict_do_nothing(index_elements=["id"])
        )

    def _write(self, work: Callable[[Connection], R]) -> R:
        if self.unmade:
            return self._first_write(work)
        try:
            return self.db.run(work, write=True)
        except StoreError as error:
            # the learner's profile was deleted (or never made): a foreign key refuses the row
            if isinstance(error.__cause__, sa.exc.IntegrityError) and not self.db.learner_exists(
                self.learner_id
            ):
                raise NotFoundError("profile") from error
            raise

    def _first_write(self, work: Callable[[Connection], R]) -> R:
        """The profile made and ``work`` done in one transaction: both or neither."""

        def made_then(connection: Connection) -> R:
            self._make_profile(connection)
            return work(connection)

        result = self.db.run(made_then, write=True)
        self.unmade = False
        if self.on_made is not None:
            self.on_made()
        return result

    def make_profile(self) -> None:
        """Make the profile now if it is not made yet (before a call that needs it to exist,
        such as ``Database.claim_legacy``)."""
        if self.unmade:
            self._first_write(lambda _connection: None)

    def _read(self, work: Callable[[Connection], R]) -> R:
        return self.db.run(work, write=False)

    # --- attempts --------------------------------------------------------------------------

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
        values = self._attempt(source, item, theme, correct, first_try, hints, answer)
        self._write(lambda c: c.execute(t.attempts.insert().values(**values)))

    def _attempt(
        self, source: str, item: str, theme: str, correct: bool, first_try: bool, hints: int,
        answer: str,
    ) -> dict[str, Any]:
        return {
            "learner_id": self.learner_id,
            "at": now(),
            "source": _bounded(source, KEY_MAX, "source"),
            "item": _bounded(item, KEY_MAX, "item"),
            "theme": _bounded(theme, KEY_MAX, "theme"),
            "correct": bool(correct),
            "first_try": bool(first_try),
            "hints": int(hints),
            "answer": _bounded(answer, NOTE_MAX, "answer"),
        }

    # --- ratings ---------------------------------------------------------------------------

    def record_puzzle_answer(
        self,
        source: str,
        item: str,
        theme: str,
        correct: bool,
        hints: int,
        answer: str,
        start: Rating,
    ) -> RatedAnswer | None:
        """A first answer to a puzzle, saved as an attempt and, when the learner never tried
        this puzzle before, rated as one game between the learner and the puzzle (which starts
        from ``start`` if nobody tried it yet): the learner's overall and theme ratings, the
        puzzle's, and a point of the learner's history, all in the attempt's transaction.
        None: an earlier try of this puzzle exists, nothing was rated."""
        values = self._attempt(source, item, theme, correct, True, hints, answer)
        if not theme or theme == OVERALL:
            raise StoreError("A rated answer needs the puzzle's theme.")
        score = first_try_score(correct, hints)
        a = t.attempts

        def record(connection: Connection) -> RatedAnswer | None:
            # the learner's overall row is locked first: one learner's answers are rated in
            # turn, and the check for an earlier try below sees the one that went before
            overall = self._locked_rating(connection, OVERALL)
            tried = connection.execute(
                sa.select(a.c.id).where(a.c.learner_id == self.learner_id, a.c.item == item)
                .limit(1)
            ).first()
            connection.execute(a.insert().values(**values))
            if tried is not None:
                return None
            in_theme = self._locked_rating(connection, theme)
            puzzle, puzzle_games = self._locked_puzzle(connection, item, start)
            learner_after, puzzle_after = play(overall[0], puzzle, score)
            theme_after = rate(in_theme[0], [Game(puzzle, score)])
            stamp = now()
            self._save_rating(connection, OVERALL, learner_after, overall[1] + 1, stamp)
            self._save_rating(connection, theme, theme_after, in_theme[1] + 1, stamp)
            p = t.puzzle_ratings
            connection.execute(
                p.update().where(p.c.item == item)
                .values(**_glicko_values(puzzle_after), games=puzzle_games + 1, updated=stamp)
            )
            connection.execute(t.rating_history.insert().values(
                learner_id=self.learner_id, at=stamp, rating=learner_after.rating,
                deviation=learner_after.deviation,
            ))
            return RatedAnswer(learner_after, theme_after, puzzle_after)

        return self._write(record)

    def _locked_rating(self, connection: Connection, theme: str) -> tuple[Rating, int]:
        """This learner's rating in ``theme`` (made at the start rating if new) and its games,
        its row locked until the transaction ends (PostgreSQL; SQLite's writer holds the
        database)."""
        r = t.learner_ratings
        connection.execute(
            self.db._insert(r)
            .values(learner_id=self.learner_id, theme=theme, **_glicko_values(LEARNER_START),
                    games=0, updated=now())
            .on_conflict_do_nothing(index_elements=["learner_id", "theme"])
        )
        row = connection.execute(
            sa.select(r.c.rating, r.c.deviation, r.c.volatility, r.c.games, r.c.updated)
            .where(r.c.learner_id == self.learner_id, r.c.theme == theme)
            .with_for_update()
        ).one()
        return _aged(Rating(row[0], row[1], row[2]), row[4], now()), int(row[3])

    def _locked_puzzle(
        self, connection: Connection, item: str, start: Rating
    ) -> tuple[Rating, int]:
        p = t.puzzle_ratings
        connection.execute(
            self.db._insert(p)
            .values(item=item, **_glicko_values(start), games=0, updated=now())
            .on_conflict_do_nothing(index_elements=["item"])
        )
        row = connection.execute(
            sa.select(p.c.rating, p.c.deviation, p.c.volatility, p.c.games)
            .where(p.c.item == item)
            .with_for_update()
        ).one()
        return Rating(row[0], row[1], row[2]), int(row[3])

    def _save_rating(
        self, connection: Connection, theme: str, rating: Rating, games: int, stamp: datetime
    ) -> None:
        r = t.learner_ratings
        connection.execute(
            r.update().where(r.c.learner_id == self.learner_id, r.c.theme == theme)
            .values(**_glicko_values(rating), games=games, updated=stamp)
        )

    def ratings(self, at: datetime | None = None) -> dict[str, LearnerRating]:
        """This learner's ratings by theme (``OVERALL``: overall) as they stand ``at`` (default
        now: each deviation grown by the rating periods without play since its last game);
        empty before a rated answer."""
        r = t.learner_ratings
        query = sa.select(
            r.c.theme, r.c.rating, r.c.deviation, r.c.volatility, r.c.games, r.c.updated
        ).where(r.c.learner_id == self.learner_id, r.c.games > 0)
        rows = self._read(lambda c: c.execute(query).all())
        when = at or now()
        return {
            row[0]: LearnerRating(row[0], _aged(Rating(row[1], row[2], row[3]), row[5], when),
                                  int(row[4]))
            for row in rows
        }

    def rating_history(self, limit: int = 1_000) -> list[RatingPoint]:
        """This learner's overall rating after each rated answer, oldest first (the last
        ``limit``)."""
        h = t.rating_history
        query = (
            sa.select(h.c.at, h.c.rating, h.c.deviation)
            .where(h.c.learner_id == self.learner_id)
            .order_by(h.c.id.desc())
            .limit(limit)
        )
        rows = self._read(lambda c: c.execute(query).all())
        return [RatingPoint(*row) for row in reversed(rows)]

    def tried_items(self, sources: tuple[str, ...] = PUZZLE_SOURCES) -> set[str]:
        """Every item this learner has answered at least once (of ``sources``)."""
        a = t.attempts
        query = sa.select(a.c.item).distinct().where(
            a.c.learner_id == self.learner_id, a.c.source.in_(sources)
        )
        return set(self._read(lambda c: c.execute(query).scalars().all()))

    def theme_stats(self, source: str | tuple[str, ...] | None = None) -> list[ThemeStats]:
        """Each theme's attempts, of one source or of several (None: every source)."""
        a = t.attempts
        first = sa.cast(a.c.first_try, sa.Integer)
        right = sa.cast(sa.and_(a.c.first_try, a.c.correct), sa.Integer)
        query = (
            sa.select(a.c.theme, sa.func.count(), sa.func.sum(first), sa.func.sum(right))
            .where(a.c.learner_id == self.learner_id)
            .group_by(a.c.theme)
            .order_by(a.c.theme)
        )
        if source:
            sources = (source,) if isinstance(source, str) else source
            query = query.where(a.c.source.in_(sources))
        rows = self._read(lambda c: c.execute(query).all())
        return [ThemeStats(r[0], int(r[1]), int(r[2] or 0), int(r[3] or 0)) for r in rows]

    def _streak_query(self, sources: tuple[str, ...]) -> sa.Select[Any]:
        a = t.attempts
        return (
            sa.select(a.c.correct, a.c.hints)
            .where(a.c.learner_id == self.learner_id, a.c.first_try.is_(True),
                   a.c.source.in_(sources))
            .order_by(a.c.id)
        )

    @staticmethod
    def _streak_of(rows: Iterable[Any]) -> Streak:
        current = best = 0
        for correct, hints in rows:
            current = current + 1 if correct and not hints else 0
            best = max(best, current)
        return Streak(current, best)

    def streak(self, sources: tuple[str, ...] = PUZZLE_SOURCES) -> Streak:
        """Consecutive items right at the first try (a hint breaks the streak)."""
        query = self._streak_query(sources)
        return self._streak_of(self._read(lambda c: c.execute(query).all()))

    def _solved_query(self, source: str) -> sa.Select[Any]:
        a = t.attempts
        return (
            sa.select(a.c.item)
            .distinct()
            .where(a.c.learner_id == self.learner_id, a.c.source == source, a.c.correct.is_(True))
        )

    def solved_items(self, source: str = "puzzle") -> set[str]:
        query = self._solved_query(source)
        return set(self._read(lambda c: c.execute(query).scalars().all()))

    def trainer_summary(self, at: datetime | None = None) -> TrainerSummary:
        """The streak (puzzles and generated ones), the items due at ``at`` (default now), the
        next review and the number of puzzles solved: the same answers as ``streak()``,
        ``due_items()``, ``next_due()`` and ``len(solved_items())``, in one transaction (one
        connection from the pool, one snapshot) instead of four."""
        solved = sa.select(sa.func.count()).select_from(self._solved_query("puzzle").subquery())
        streak = self._streak_query(PUZZLE_SOURCES)
        due = self._due_query(at or now())

        def read(c: Connection) -> TrainerSummary:
            due_rows = tuple((item, when) for item, when in c.execute(due).all())
            first = due_rows[0] if due_rows else c.execute(self._next_due_query()).first()
            return TrainerSummary(
                streak=self._streak_of(c.execute(streak).all()),
                due=due_rows,
                next_due=None if first is None else (first[0], first[1]),
                solved=int(c.execute(solved).scalar() or 0),
            )

        return self._read(read)

    # --- lessons ---------------------------------------------------------------------------

    def save_lesson(
        self,
        lesson: str,
        step: int,
        seen: Set[int],
        passed: Set[int],
        *,
        solved: Set[int] = frozenset(),
        answered: Set[int] = frozenset(),
    ) -> None:
        """The lesson's progress; each set of checks is kept with the ones before it (a check
        right at the first try is solved, a solved one answered)."""
        solved = set(solved) | set(passed)
        answered = set(answered) | solved
        values = {
            "learner_id": self.learner_id,
            "lesson": _bounded(lesson, KEY_MAX, "lesson"),
            "step": int(step),
            "seen": sorted(int(s) for s in seen),
            "passed": sorted(int(p) for p in passed),
            "solved": sorted(int(p) for p in solved),
            "answered": sorted(int(p) for p in answered),
            "updated": now(),
        }
        insert = self.db._insert(t.lessons).values(**values)
        kept = ("step", "seen", "passed", "solved", "answered", "updated")
        upsert = insert.on_conflict_do_update(
            index_elements=["learner_id", "lesson"],
            set_={k: insert.excluded[k] for k in kept},
        )
        self._write(lambda c: c.execute(upsert))

    def lessons(self) -> dict[str, SavedLesson]:
        query = sa.select(t.lessons).where(t.lessons.c.learner_id == self.learner_id)
        rows = self._read(lambda c: c.execute(query).all())
        return {
            r.lesson: SavedLesson(
                r.step, frozenset(r.seen), frozenset(r.passed), r.updated,
                frozenset(r.solved), frozenset(r.answered),
            )
            for r in rows
        }

    # --- the puzzle trainer's filters ------------------------------------------------------

    def save_puzzle_filters(self, filters: PuzzleFilters) -> None:
        """Keep ``filters`` as this learner's (replacing the ones kept before)."""
        f = PuzzleFilters.checked(filters.themes, filters.difficulty, filters.players,
                                  filters.weak_only)
        values = {
            "learner_id": self.learner_id,
            "themes": list(f.themes),
            "low": f.difficulty[0],
            "high": f.difficulty[1],
            "players": list(f.players),
            "weak_only": f.weak_only,
            "updated": now(),
        }
        insert = self.db._insert(t.puzzle_filters).values(**values)
        upsert = insert.on_conflict_do_update(
            index_elements=["learner_id"],
            set_={k: insert.excluded[k] for k in values if k != "learner_id"},
        )
        self._write(lambda c: c.execute(upsert))

    def puzzle_filters(self) -> PuzzleFilters | None:
        """The filters this learner set last (None: never set)."""
        pf = t.puzzle_filters
        query = sa.select(pf).where(pf.c.learner_id == self.learner_id)
        row = self._read(lambda c: c.execute(query).first())
        if row is None:
            return None
        themes = row.themes if isinstance(row.themes, list) else []
        players = row.players if isinstance(row.players, list) else []
        return PuzzleFilters.checked(themes, (row.low, row.high), players, row.weak_only)

    # --- review queue ----------------------------------------------------------------------

    def review_card(self, item: str) -> str | None:
        r = t.reviews
        query = sa.select(r.c.card).where(r.c.learner_id == self.learner_id, r.c.item == item)
        found = self._read(lambda c: c.execute(query).scalar())
        return None if found is None else str(found)

    def save_review(self, item: str, card_json: str, due: datetime) -> None:
        insert = self.db._insert(t.reviews).values(
            learner_id=self.learner_id,
            item=_bounded(item, KEY_MAX, "item"),
            card=_bounded(card_json, JSON_MAX, "review card"),
            due=due,
        )
        upsert = insert.on_conflict_do_update(
            index_elements=["learner_id", "item"],
            set_={"card": insert.excluded.card, "due": insert.excluded.due},
        )
        self._write(lambda c: c.execute(upsert))

    def _due_query(self, at: datetime) -> sa.Select[Any]:
        r = t.reviews
        return (
            sa.select(r.c.item, r.c.due)
            .where(r.c.learner_id == self.learner_id, r.c.due <= at)
            .order_by(r.c.due, r.c.item)
        )

    def due_items(self, at: datetime | None = None) -> list[tuple[str, datetime]]:
        """Items due for review at ``at`` (default now), earliest first."""
        query = self._due_query(at or now())
        return [(item, due) for item, due in self._read(lambda c: c.execute(query).all())]

    def _next_due_query(self) -> sa.Select[Any]:
        r = t.reviews
        return (
            sa.select(r.c.item, r.c.due)
            .where(r.c.learner_id == self.learner_id)
            .order_by(r.c.due, r.c.item)
            .limit(1)
        )

    def next_due(self) -> tuple[str, datetime] | None:
        query = self._next_due_query()
        row = self._read(lambda c: c.execute(query).first())
        return None if row is None else (row[0], row[1])

    def reviews(self) -> dict[str, datetime]:
        r = t.reviews
        query = sa.select(r.c.item, r.c.due).where(r.c.learner_id == self.learner_id)
        return {item: due for item, due in self._read(lambda c: c.execute(query).all())}

    # --- bookmarks and reports -------------------------------------------------------------

    def set_bookmark(self, item: str, on: bool) -> None:
        b = t.bookmarks
        _bounded(item, KEY_MAX, "item")
        if on:
            statement: Any = (
                self.db._insert(b)
                .values(learner_id=self.learner_id, item=item, at=now())
                .on_conflict_do_nothing(index_elements=["learner_id", "item"])
            )
        else:
            statement = b.delete().where(b.c.learner_id == self.learner_id, b.c.item == item)
        self._write(lambda c: c.execute(statement))

    def bookmarks(self) -> set[str]:
        b = t.bookmarks
        query = sa.select(b.c.item).where(b.c.learner_id == self.learner_id)
        return set(self._read(lambda c: c.execute(query).scalars().all()))

    def report(self, item: str, note: str) -> None:
        values = {
            "learner_id": self.learner_id,
            "at": now(),
            "item": _bounded(item, KEY_MAX, "item"),
            "note": _bounded(note, NOTE_MAX, "note"),
        }
        self._write(lambda c: c.execute(t.reports.insert().values(**values)))

    def reports(self) -> list[tuple[str, str]]:
        r = t.reports
        query = (
            sa.select(r.c.item, r.c.note)
            .where(r.c.learner_id == self.learner_id)
            .order_by(r.c.id)
        )
        return [(item, note) for item, note in self._read(lambda c: c.execute(query).all())]

    # --- the deal of the day ---------------------------------------------------------------

    def record_daily(self, day: date, mark: int) -> bool:
        """The learner's mark on ``day``'s deal, if it is their first finished play of the day
        (True); a later play does not count (False) and changes nothing."""
        if not isinstance(mark, int) or isinstance(mark, bool) or abs(mark) > 100_000:
            raise ValueError(f"not a mark: {mark!r}")
        d = t.daily_deals
        insert = self.db._insert(d).values(
            learner_id=self.learner_id, day=day, mark=mark, played=now()
        ).on_conflict_do_nothing(index_elements=["learner_id", "day"]).returning(d.c.day)
        # the row returned only when inserted (a rowcount is not reliable on both drivers)
        return bool(self._write(lambda c: c.execute(insert).first() is not None))

    def daily_days(self) -> list[date]:
        """The days the learner played the deal of the day, oldest first (for the streak)."""
        d = t.daily_deals
        query = sa.select(d.c.day).where(d.c.learner_id == self.learner_id).order_by(d.c.day)
        return [day for (day,) in self._read(lambda c: c.execute(query).all())]

    def daily_standing(self, day: date) -> DayStanding | None:
        """Where the learner's mark on ``day`` stands among everyone's (None: not played):
        counts of lower, equal and all marks of the day, never another learner's row."""
        d = t.daily_deals

        def read(connection: Connection) -> DayStanding | None:
            mark = connection.execute(
                sa.select(d.c.mark).where(d.c.learner_id == self.learner_id, d.c.day == day)
            ).scalar()
            if mark is None:
                return None
            below, equal, count = connection.execute(
                sa.select(
                    sa.func.count().filter(d.c.mark < mark),
                    sa.func.count().filter(d.c.mark == mark),
                    sa.func.count(),
                ).where(d.c.day == day)
            ).one()
            return DayStanding(int(mark), int(below), int(equal), int(count))

        return self._read(read)

    # --- games -----------------------------------------------------------------------------

    def _mine(self, game_id: int) -> sa.ColumnElement[bool]:
        return sa.and_(t.games.c.id == game_id, t.games.c.learner_id == self.learner_id)

    @staticmethod
    def _game_id(game_id: Any) -> int:
        # an id from a URL: anything that is not a plausible id is simply not found
        if isinstance(game_id, bool) or not isinstance(game_id, int) or not 0 < game_id < 2**31:
            raise NotFoundError()
        return game_id

    def _touch(self, connection: Connection, game_id: int) -> int:
        """Bump this learner's game's version (locking it for the rest of the transaction on
        PostgreSQL, so appends to one game take turns); NotFoundError if not this learner's."""
        version = connection.execute(
            t.games.update()
            .where(self._mine(game_id))
            .values(version=t.games.c.version + 1, updated=now())
            .returning(t.games.c.version)
        ).scalar()
        if version is None:
            raise NotFoundError()
        return int(version)

    def create_game(self, name: str, kind: str, meta: dict[str, Any]) -> SavedGame:
        stamp = now()
        values = {
            "learner_id": self.learner_id,
            "name": _bounded(name, NAME_MAX, "name"),
            "kind": _kind(kind),
            "meta": _json_value(meta, "game"),
            "version": 1,
            "created": stamp,
            "updated": stamp,
        }

        def create(connection: Connection) -> SavedGame:
            game_id = connection.execute(
                t.games.insert().values(**values).returning(t.games.c.id)
            ).scalar_one()
            row = connection.execute(sa.select(t.games).where(t.games.c.id == game_id)).one()
            return _saved_game(connection, row)

        return self._write(create)

    def games(self, kind: str | None = None) -> list[GameSummary]:
        """This learner's games, last changed first, with their number of rows (not the rows)."""
        g, r = t.games, t.game_rows
        count = sa.select(sa.func.count(r.c.id)).where(r.c.game_id == g.c.id).scalar_subquery()
        query = (
            sa.select(g.c.id, g.c.name, g.c.kind, g.c.meta, count, g.c.created, g.c.updated)
            .where(g.c.learner_id == self.learner_id)
            .order_by(g.c.updated.desc(), g.c.id.desc())
        )
        if kind:
            query = query.where(g.c.kind == kind)
        rows = self._read(lambda c: c.execute(query).all())
        return [GameSummary(r[0], r[1], r[2], r[3], int(r[4]), r[5], r[6]) for r in rows]

    def game(self, game_id: int) -> SavedGame:
        game_id = self._game_id(game_id)

        def read(connection: Connection) -> SavedGame:
            row = connection.execute(sa.select(t.games).where(self._mine(game_id))).first()
            if row is None:
                raise NotFoundError()
            return _saved_game(connection, row)

        return self._read(read)

    def update_game(
        self,
        game_id: int,
        version: int,
        *,
        name: str | None = None,
        meta: dict[str, Any] | None = None,
    ) -> SavedGame:
        """Rename the game or replace its meta; refused if it changed since ``version``."""
        game_id = self._game_id(game_id)
        values: dict[str, Any] = {"version": t.games.c.version + 1, "updated": now()}
        if name is not None:
            values["name"] = _bounded(name, NAME_MAX, "name")
        if meta is not None:
            values["meta"] = _json_value(meta, "game")

        def update(connection: Connection) -> SavedGame:
            changed = connection.execute(
                t.games.update().where(self._mine(game_id), t.games.c.version == version)
                .values(**values)
            )
            if changed.rowcount != 1:
                self._refuse(connection, game_id)
            row = connection.execute(sa.select(t.games).where(self._mine(game_id))).one()
            return _saved_game(connection, row)

        return self._write(update)

    def _refuse(self, connection: Connection, game_id: int) -> None:
        exists = connection.execute(sa.select(t.games.c.id).where(self._mine(game_id))).first()
        raise StaleEditError() if exists is not None else NotFoundError()

    def add_row(self, game_id: int, data: dict[str, Any]) -> GameRow:
        """Append a row: an INSERT, so concurrent appends all land (they never conflict)."""
        game_id = self._game_id(game_id)
        value = _json_value(data, "row")
        r = t.game_rows

        def add(connection: Connection) -> GameRow:
            self._touch(connection, game_id)  # also: appends to one game take turns
            position = connection.execute(
                sa.select(sa.func.coalesce(sa.func.max(r.c.position), 0) + 1)
                .where(r.c.game_id == game_id)
            ).scalar_one()
            row_id = connection.execute(
                r.insert().values(game_id=game_id, position=position, data=value, version=1)
                .returning(r.c.id)
            ).scalar_one()
            return GameRow(int(row_id), int(position), value, 1)

        return self._write(add)

    def update_row(
        self, game_id: int, row_id: int, version: int, data: dict[str, Any]
    ) -> GameRow:
        """Replace a row's data; refused if someone changed that row since ``version``."""
        game_id = self._game_id(game_id)
        value = _json_value(data, "row")
        r = t.game_rows

        def update(connection: Connection) -> GameRow:
            self._touch(connection, game_id)
            changed = connection.execute(
                r.update()
                .where(r.c.id == row_id, r.c.game_id == game_id, r.c.version == version)
                .values(data=value, version=r.c.version + 1)
                .returning(r.c.position, r.c.version)
            ).first()
            if changed is None:
                self._refuse_row(connection, game_id, row_id)
            assert changed is not None
            return GameRow(int(row_id), int(changed[0]), value, int(changed[1]))

        return self._write(update)

    def delete_row(self, game_id: int, row_id: int, version: int) -> None:
        """Delete a row; refused if someone changed that row since ``version``."""
        game_id = self._game_id(game_id)
        r = t.game_rows

        def delete(connection: Connection) -> None:
            self._touch(connection, game_id)
            gone = connection.execute(
                r.delete().where(r.c.id == row_id, r.c.game_id == game_id, r.c.version == version)
            )
            if gone.rowcount != 1:
                self._refuse_row(connection, game_id, row_id)

        self._write(delete)

    @staticmethod
    def _refuse_row(connection: Connection, game_id: int, row_id: int) -> None:
        r = t.game_rows
        exists = connection.execute(
            sa.select(r.c.id).where(r.c.id == row_id, r.c.game_id == game_id)
        ).first()
        # raising rolls back the game's version bump too
        raise StaleEditError("deal") if exists is not None else NotFoundError("deal")

    def delete_game(self, game_id: int) -> None:
        game_id = self._game_id(game_id)

        def delete(connection: Connection) -> None:
            if connection.execute(t.games.delete().where(self._mine(game_id))).rowcount != 1:
                raise NotFoundError()

        self._write(delete)

    def share_token(self, game_id: int) -> str:
        """The game's read-only share token, made on first use (sharing is not an edit)."""
        game_id = self._game_id(game_id)
        fresh = secrets_module.token_urlsafe(24)
        g = t.games

        def share(connection: Connection) -> str:
            connection.execute(
                g.update().where(self._mine(game_id), g.c.share_token.is_(None))
                .values(share_token=fresh)
            )
            query = sa.select(g.c.share_token).where(self._mine(game_id))
            token = connection.execute(query).first()
            if token is None:
                raise NotFoundError()
            return str(token[0])

        return self._write(share)

    # --- deal reviews ----------------------------------------------------------------------

    @staticmethod
    def _deal_number(deal: Any) -> int:
        if isinstance(deal, bool) or not isinstance(deal, int) or not 0 < deal < 2**31:
            raise NotFoundError("deal")
        return deal

    def save_deal_review(
        self,
        game_id: int,
        deal: int,
        *,
        judged: int,
        inaccuracies: int,
        mistakes: int,
        blunders: int,
        data: dict[str, Any],
    ) -> None:
        """Keep the review of deal ``deal`` of this learner's game (replacing an earlier one);
        NotFoundError when the game is not this learner's."""
        game_id = self._game_id(game_id)
        deal = self._deal_number(deal)
        counts = {
            "judged": int(judged),
            "inaccuracies": int(inaccuracies),
            "mistakes": int(mistakes),
            "blunders": int(blunders),
        }
        values = {"reviewed": now(), "data": _json_value(data, "review"), **counts}
        insert = self.db._insert(t.deal_reviews).values(
            learner_id=self.learner_id, game_id=game_id, deal=deal, **values
        )
        upsert = insert.on_conflict_do_update(
            index_elements=["learner_id", "game_id", "deal"],
            set_={key: insert.excluded[key] for key in values},
        )

        def save(connection: Connection) -> None:
            mine = connection.execute(sa.select(t.games.c.id).where(self._mine(game_id))).first()
            if mine is None:
                raise NotFoundError()
            connection.execute(upsert)

        self._write(save)

    def deal_review(self, game_id: int, deal: int) -> dict[str, Any] | None:
        """The stored review of a deal of this learner's game, None if it was not reviewed."""
        game_id = self._game_id(game_id)
        deal = self._deal_number(deal)
        r = t.deal_reviews
        query = sa.select(r.c.data).where(
            r.c.learner_id == self.learner_id, r.c.game_id == game_id, r.c.deal == deal
        )
        found = self._read(lambda c: c.execute(query).scalar())
        return None if found is None else dict(found)

    def deal_reviews(self, limit: int = 500) -> list[DealReviewSummary]:
        """This learner's reviewed deals, the earliest review first (the last ``limit``)."""
        r, g = t.deal_reviews, t.games
        query = (
            sa.select(
                r.c.game_id, g.c.name, r.c.deal, r.c.reviewed, r.c.judged,
                r.c.inaccuracies, r.c.mistakes, r.c.blunders,
            )
            .join(g, g.c.id == r.c.game_id)
            .where(r.c.learner_id == self.learner_id, g.c.learner_id == self.learner_id)
            .order_by(r.c.reviewed.desc(), r.c.game_id.desc(), r.c.deal.desc())
            .limit(limit)
        )
        rows = self._read(lambda c: c.execute(query).all())
        return [DealReviewSummary(*row) for row in reversed(rows)]

    # --- the learner's own puzzles ---------------------------------------------------------

    def add_own_puzzles(
        self, puzzles: Sequence[OwnPuzzle], card_json: str, due: datetime
    ) -> list[str]:
        """Keep the learner's own puzzles of one of their games, each once (one already kept,
        from an earlier review of the same deal, is left as it is), and put every new one in
        the review queue (``card_json``, due at ``due``) unless that item is scheduled
        already; all in one transaction. The items added; NotFoundError when a game is not
        this learner's."""
        rows = [
            {
                "learner_id": self.learner_id,
                "item": _bounded(p.item, KEY_MAX, "item"),
                "game_id": self._game_id(p.game_id),
                "deal": self._deal_number(p.deal),
                "data": _json_value(p.data, "own puzzle"),
                "created": now(),
            }
            for p in puzzles
        ]
        card = _bounded(card_json, JSON_MAX, "review card")
        o = t.own_puzzles

        def add(connection: Connection) -> list[str]:
            added = []
            for game_id in sorted({row["game_id"] for row in rows}):
                if connection.execute(
                    sa.select(t.games.c.id).where(self._mine(game_id))
                ).first() is None:
                    raise NotFoundError()
            for row in rows:
                inserted = connection.execute(
                    self.db._insert(o).values(**row)
                    .on_conflict_do_nothing(index_elements=["learner_id", "item"])
                    .returning(o.c.item)
                ).first()
                if inserted is None:
                    continue  # kept by an earlier review of the deal, or another tab's
                connection.execute(
                    self.db._insert(t.reviews)
                    .values(learner_id=self.learner_id, item=row["item"], card=card, due=due)
                    .on_conflict_do_nothing(index_elements=["learner_id", "item"])
                )
                added.append(row["item"])
            return added

        return self._write(add)

    def own_puzzles(self, limit: int = 500) -> list[OwnPuzzle]:
        """This learner's own puzzles, the latest first (the last ``limit``)."""
        o = t.own_puzzles
        query = (
            sa.select(o.c.item, o.c.game_id, o.c.deal, o.c.data)
            .where(o.c.learner_id == self.learner_id)
            .order_by(o.c.created.desc(), o.c.item)
            .limit(limit)
        )
        rows = self._read(lambda c: c.execute(query).all())
        return [OwnPuzzle(row[0], row[1], row[2], dict(row[3])) for row in rows]

    def own_puzzle(self, item: str) -> OwnPuzzle | None:
        """One of this learner's own puzzles (None: not one of theirs)."""
        o = t.own_puzzles
        query = sa.select(o.c.item, o.c.game_id, o.c.deal, o.c.data).where(
            o.c.learner_id == self.learner_id, o.c.item == _bounded(item, KEY_MAX, "item")
        )
        row = self._read(lambda c: c.execute(query).first())
        return None if row is None else OwnPuzzle(row[0], row[1], row[2], dict(row[3]))

    def own_puzzles_of(self, game_id: int, deal: int) -> set[str]:
        """The items of this learner's own puzzles made from deal ``deal`` of ``game_id``."""
        o = t.own_puzzles
        query = sa.select(o.c.item).where(
            o.c.learner_id == self.learner_id, o.c.game_id == self._game_id(game_id),
            o.c.deal == self._deal_number(deal),
        )
        return set(self._read(lambda c: c.execute(query).scalars().all()))

    # --- the learner's own data ------------------------------------------------------------

    def export(self) -> dict[str, Any]:
        """Everything this learner has stored, JSON-serialisable (moments as ISO text)."""
        mine = self.learner_id

        def dump(connection: Connection) -> dict[str, Any]:
            def rows(table: sa.Table, *order: Any) -> list[dict[str, Any]]:
                query = sa.select(table).where(table.c.learner_id == mine).order_by(*order)
                return [
                    {k: _plain(v) for k, v in row._mapping.items() if k != "learner_id"}
                    for row in connection.execute(query)
                ]

            learner = connection.execute(
                sa.select(t.learners.c.created, t.learners.c.subject)
                .where(t.learners.c.id == mine)
            ).first()
            games = rows(t.games, t.games.c.id)
            for game in games:
                game["rows"] = [
                    {"id": r.id, "position": r.position, "data": r.data, "version": r.version}
                    for r in _game_rows(connection, game["id"])
                ]
            return {
                "learner": {
                    "id": mine,
                    "created": _plain(learner.created) if learner else None,
                    "account": bool(learner and learner.subject),
                },
                "attempts": rows(t.attempts, t.attempts.c.id),
                "lessons": rows(t.lessons, t.lessons.c.lesson),
                "reviews": rows(t.reviews, t.reviews.c.item),
                "bookmarks": rows(t.bookmarks, t.bookmarks.c.item),
                "reports": rows(t.reports, t.reports.c.id),
                "games": games,
                "deal_reviews": rows(
                    t.deal_reviews, t.deal_reviews.c.game_id, t.deal_reviews.c.deal
                ),
                "puzzle_filters": rows(t.puzzle_filters),
                "ratings": rows(t.learner_ratings, t.learner_ratings.c.theme),
                "rating_history": rows(t.rating_history, t.rating_history.c.id),
                "daily_deals": rows(t.daily_deals, t.daily_deals.c.day),
                "own_puzzles": rows(t.own_puzzles, t.own_puzzles.c.item),
            }

        return self._read(dump)

    def start_afresh(self) -> None:
        """Forget attempts, lessons, reviews, bookmarks, the puzzle filters and the ratings
        (they come from the attempts); games and reports stay, and so do the puzzles' ratings
        (shared, and no longer linked to anyone)."""

        def forget(connection: Connection) -> None:
            for table in (t.attempts, t.lessons, t.reviews, t.bookmarks, t.puzzle_filters,
                          t.learner_ratings, t.rating_history):
                connection.execute(table.delete().where(table.c.learner_id == self.learner_id))

        self._write(forget)

    def delete_everything(self) -> None:
        """Every row of this learner, and the learner itself."""

        def delete(connection: Connection) -> None:
            mine = sa.select(t.games.c.id).where(t.games.c.learner_id == self.learner_id)
            connection.execute(t.game_rows.delete().where(t.game_rows.c.game_id.in_(mine)))
            for table in t.LEARNER_TABLES:
                connection.execute(table.delete().where(table.c.learner_id == self.learner_id))
            connection.execute(t.learners.delete().where(t.learners.c.id == self.learner_id))

        self._write(delete)


def _aged(rating: Rating, updated: datetime, at: datetime) -> Rating:
    """A learner's stored rating as it stands ``at``: its deviation grown by the rating
    periods without play since it was last rated (``updated``)."""
    return idle(rating, periods_between(updated, at))


def _glicko_values(rating: Rating) -> dict[str, float]:
    return {
        "rating": rating.rating, "deviation": rating.deviation, "volatility": rating.volatility
    }


def _plain(value: Any) -> Any:
    return value.isoformat() if isinstance(value, datetime | date) else value
