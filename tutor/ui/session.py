"""What the app keeps for the learner during a session: language, content, the learner's
store (and how a failed store call is reported), lesson progress."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import TypeVar

import streamlit as st

from tutor.content.loader import Bank, load_all
from tutor.inputs import plain
from tutor.progress.store import (
    Database,
    LearnerStore,
    NotFoundError,
    StaleEditError,
    StoreError,
    lesson_stars,
    now,
)
from tutor.ui.i18n import LANGUAGES, language_from_locale, t
from tutor.ui.learner import current_learner, profile_made, profile_unmade

ROOT = Path(__file__).resolve().parent.parent.parent
# A profile left empty this long is removed (younger ones may be between two calls of a visit).
UNUSED_PROFILE_AGE = timedelta(days=1)
log = logging.getLogger(__name__)


LANGUAGE = "app-lang"  # the language chosen in this session
DUE_PREFIX = "puzzles-due-"  # + an exercise's key: when its puzzle comes back for review


def due_key(key: str) -> str:
    """When the puzzle answered in the exercise ``key`` comes back for review."""
    return f"{DUE_PREFIX}{key}"


def current_language() -> str:
    """?lang= in the URL, else the language chosen earlier, else the browser's locale."""
    lang = st.query_params.get("lang")
    if lang not in LANGUAGES:
        lang = st.session_state.get(LANGUAGE) or language_from_locale(_browser_locale())
    st.session_state[LANGUAGE] = lang
    return lang


def set_language(lang: str) -> None:
    st.session_state[LANGUAGE] = lang
    st.query_params["lang"] = lang


def _browser_locale() -> str | None:
    try:
        return st.context.locale
    except AttributeError:  # older Streamlit, or no browser (AppTest)
        return None


@st.cache_resource(show_spinner=False)
def bank() -> Bank:
    """Every lesson and puzzle, loaded and checked once per server; the best-card puzzles'
    solver proofs are made by `tutor check` and, in the app, when a puzzle is first shown."""
    return load_all(ROOT / "lessons", ROOT / "puzzles", prove=False)


@st.cache_resource(show_spinner=False)
def database() -> Database:
    """The progress database of this server process (its engine and pool), shared by every
    session; which database: see tutor.progress.store. Not cached when it fails to open, so
    the next call tries again."""
    db = Database()
    try:  # once per server process: profiles that never saved anything are removed
        db.remove_unused_profiles(now() - UNUSED_PROFILE_AGE)
    except StoreError as error:  # a read-only file, say: the app still serves what it can
        log.warning("progress store: unused profiles not removed: %s", error)
    return db


@st.cache_resource(show_spinner=False)
def _cookie_secret(url: str) -> bytes:
    return database().secret()


def store() -> LearnerStore:
    """This session's learner's own store: every read and write is scoped to the learner (see
    tutor.ui.learner for who that is). Raises ``StoreError`` when the store cannot be reached;
    wrap calls in ``reported`` / ``reported_later``."""
    db = database()
    learner_id = current_learner(db, _cookie_secret(db.url))
    return db.learner(learner_id, unmade=profile_unmade(learner_id), on_made=profile_made)


# --- a failed store call is reported for that call ----------------------------------------
PROBLEMS = "app-store-problems"


def store_problem_text(error: StoreError, lang: str) -> str:
    """What the learner reads when one store call failed."""
    if isinstance(error, StaleEditError):
        return t(lang, "store.stale")
    if isinstance(error, NotFoundError):
        return t(lang, "store.not_found")
    return t(lang, "store.failed", problem=plain(str(error)))


@contextmanager
def reported(lang: str) -> Iterator[None]:
    """Store calls while the page is drawn: a ``StoreError`` becomes a warning in place of what
    the block would have drawn (never an empty "nothing saved"), and the page goes on."""
    try:
        yield
    except StoreError as error:
        st.warning(store_problem_text(error, lang), icon=":material/cloud_off:")


@contextmanager
def reported_later() -> Iterator[None]:
    """Store calls in a widget callback: a ``StoreError`` is kept and shown at the top of the
    page by ``show_store_problems`` (what the learner typed stays in its widgets)."""
    try:
        yield
    except StoreError as error:
        problems: list[StoreError] = st.session_state.setdefault(PROBLEMS, [])
        problems.append(error)


def show_store_problems(lang: str) -> None:
    """The store calls that failed in this run's callbacks, once each."""
    for error in st.session_state.pop(PROBLEMS, []):
        st.warning(store_problem_text(error, lang), icon=":material/cloud_off:")


# a lesson's progress as written: the step, the steps seen, passed, solved and answered checks
Written = tuple[int, frozenset[int], frozenset[int], frozenset[int], frozenset[int]]


@dataclass
class LessonProgress:
    """A lesson's progress in this session: the step, the steps seen, and the checks by how
    they ended (``passed`` ⊆ ``solved`` ⊆ ``answered``, see ``lesson_stars``)."""

    step: int = 0
    seen: set[int] = field(default_factory=set)
    passed: set[int] = field(default_factory=set)  # right at the first try
    saved: Written | None = None  # as last written
    solved: set[int] = field(default_factory=set)  # right, the answer never shown
    answered: set[int] = field(default_factory=set)  # right, or the answer shown

    def stars(self, checks: Iterable[int]) -> int:
        return lesson_stars(checks, self.passed, self.solved, self.answered)

    def written(self) -> Written:
        """What a save writes, to tell whether anything changed since the last one."""
        return (self.step, frozenset(self.seen), frozenset(self.passed),
                frozenset(self.solved), frozenset(self.answered))


LESSON_PROGRESS = "lessons-progress"  # session state: LessonProgress per lesson id
SAVED_LESSONS = "lessons-saved"  # session state: the learner's saved lessons, read once


def lesson_progress(lesson_id: str) -> LessonProgress:
    """This session's progress in a lesson, first read from the saved progress."""
    known: dict[str, LessonProgress] = st.session_state.setdefault(LESSON_PROGRESS, {})
    if lesson_id not in known:
        if SAVED_LESSONS not in st.session_state:  # one read per session, not per lesson
            st.session_state[SAVED_LESSONS] = store().lessons()
        saved = st.session_state[SAVED_LESSONS].get(lesson_id)
        progress = LessonProgress()
        if saved is not None:
            progress = LessonProgress(saved.step, set(saved.seen), set(saved.passed),
                                      solved=set(saved.solved), answered=set(saved.answered))
            progress.saved = progress.written()
        known[lesson_id] = progress
    return known[lesson_id]


def save_lesson_progress(lesson_id: str) -> None:
    """Write the lesson's progress when it changed since it was last written."""
    progress = lesson_progress(lesson_id)
    now = progress.written()
    if now != progress.saved:
        store().save_lesson(lesson_id, progress.step, progress.seen, progress.passed,
                            solved=progress.solved, answered=progress.answered)
        progress.saved = now


# What this session remembers of the learner's saved data: dropped when that data changes
# underneath (start afresh, delete my data, a claimed legacy profile), so nothing stale is
# shown or written back.
# The pages' states are named here, not imported: their modules import this one.
SCORE_SHEET_STATE = "score-sheet-state"  # tutor.ui.score_sheet_state.STATE
PRACTICE_STATE = "practice-state"  # tutor.ui.practice.saving.STATE
_SESSION_COPIES = (SAVED_LESSONS, LESSON_PROGRESS, SCORE_SHEET_STATE, PRACTICE_STATE)


PageState = TypeVar("PageState")


def kept_state(key: str, kind: type[PageState]) -> PageState:
    """A page's one state object under ``key``, made (``kind()``) on the session's first run."""
    state = st.session_state.get(key)
    if not isinstance(state, kind):
        state = kind()
        st.session_state[key] = state
    return state


def forget_session_copies() -> None:
    for key in _SESSION_COPIES:
        st.session_state.pop(key, None)
    for key in [k for k in st.session_state if isinstance(k, str) and k.startswith(DUE_PREFIX)]:
        st.session_state.pop(key, None)
