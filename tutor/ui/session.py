"""What the app keeps for the learner during a session: language, content, lesson progress."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import streamlit as st

from tutor.content.loader import Bank, load_all
from tutor.progress.store import ProgressStore
from tutor.ui.i18n import LANGUAGES, language_from_locale

ROOT = Path(__file__).resolve().parent.parent.parent


def current_language() -> str:
    """?lang= in the URL, else the language chosen earlier, else the browser's locale."""
    lang = st.query_params.get("lang")
    if lang not in LANGUAGES:
        lang = st.session_state.get("lang") or language_from_locale(_browser_locale())
    st.session_state["lang"] = lang
    return lang


def set_language(lang: str) -> None:
    st.session_state["lang"] = lang
    st.query_params["lang"] = lang


def _browser_locale() -> str | None:
    try:
        return st.context.locale
    except AttributeError:  # older Streamlit, or no browser (AppTest)
        return None


@st.cache_resource(show_spinner=False)
def bank() -> Bank:
    """Every lesson and puzzle, loaded and checked once per server."""
    return load_all(ROOT / "lessons", ROOT / "puzzles")


@st.cache_resource(show_spinner=False)
def store() -> ProgressStore:
    """The progress database shared by every session of this server (one short connection
    per call, WAL): see tutor.progress.store. If it cannot be used, ``store().problem`` says
    why and the app keeps working without saving."""
    return ProgressStore()


def show_saving_problem(lang: str) -> None:
    """A clear, non-blocking message when progress cannot be saved."""
    problem = store().problem
    if problem:
        from tutor.ui.i18n import t

        st.warning(t(lang, "app.not_saving", problem=problem), icon=":material/warning:")


@dataclass
class LessonProgress:
    step: int = 0
    seen: set[int] = field(default_factory=set)
    passed: set[int] = field(default_factory=set)  # steps whose check was answered right
    saved: tuple[int, frozenset[int], frozenset[int]] | None = None  # as last written


def lesson_progress(lesson_id: str) -> LessonProgress:
    """This session's progress in a lesson, first read from the saved progress."""
    known: dict[str, LessonProgress] = st.session_state.setdefault("lesson_progress", {})
    if lesson_id not in known:
        if "saved_lessons" not in st.session_state:  # one read per session, not per lesson
            st.session_state["saved_lessons"] = store().lessons()
        saved = st.session_state["saved_lessons"].get(lesson_id)
        progress = LessonProgress()
        if saved is not None:
            progress = LessonProgress(saved.step, set(saved.seen), set(saved.passed))
            progress.saved = (saved.step, saved.seen, saved.passed)
        known[lesson_id] = progress
    return known[lesson_id]


def save_lesson_progress(lesson_id: str) -> None:
    """Write the lesson's progress when it changed since it was last written."""
    progress = lesson_progress(lesson_id)
    now = (progress.step, frozenset(progress.seen), frozenset(progress.passed))
    if now != progress.saved:
        store().save_lesson(lesson_id, progress.step, progress.seen, progress.passed)
        progress.saved = now
