"""The lesson reader: one step at a time, back and next, checks evaluated in place.

The step reached and the checks passed are kept per lesson for the session, so a learner can
leave for the puzzles and come back where they were.
"""

from __future__ import annotations

import streamlit as st

from tutor.content.models import Lesson
from tutor.inputs import PARAM_SHOWN, clip, plain
from tutor.ui.exercise import render_exercise
from tutor.ui.glossary import show_glossary_terms
from tutor.ui.i18n import localized, t
from tutor.ui.safe import query_int
from tutor.ui.session import (
    LessonProgress,
    bank,
    current_language,
    lesson_progress,
    reported,
    reported_later,
    save_lesson_progress,
    show_store_problems,
)
from tutor.ui.views import show_cards, show_trick


def _title(lesson: Lesson, lang: str) -> str:
    return f"{lesson.number}. {localized(lesson.title, lang)}"


def _overview(lessons: list[Lesson], lang: str) -> None:
    """The course at a glance: each lesson with the steps seen and checks passed."""
    with st.expander(t(lang, "lesson.overview"), expanded=False):
        for lesson in lessons:
            progress = lesson_progress(lesson.id)
            steps = len(lesson.steps)
            checks = sum(1 for s in lesson.steps if s.check is not None)
            done = len(progress.seen)
            mark = f" {t(lang, 'lesson.done_mark')}" if done >= steps else ""
            st.markdown(
                f"**{_title(lesson, lang)}**{mark} — "
                + t(lang, "lesson.progress_label", done=done, total=steps)
                + " · "
                + t(lang, "lesson.checks_label", passed=len(progress.passed), total=checks)
            )
            st.progress(done / steps)


def render() -> None:
    lang = current_language()
    show_store_problems(lang)
    # the saved progress is read once per session; if that fails the page says so in place
    # (it never starts a learner again from step 1 over their saved progress)
    with reported(lang):
        _render(lang)


def _render(lang: str) -> None:
    lessons = bank().lessons
    if not lessons:
        st.info(t(lang, "lesson.none"))
        return
    ids = [lesson.id for lesson in lessons]
    wanted = st.query_params.get("lesson")
    if wanted is not None and wanted not in ids:
        st.warning(t(lang, "lesson.not_found", id=plain(clip(wanted, PARAM_SHOWN))))
        wanted = None
    # A link (?lesson=&step=) is followed once; afterwards the page writes where the learner
    # is back into the URL, so following it again would undo their own navigation.
    link = (wanted, st.query_params.get("step"))
    if wanted is not None and link != st.session_state.get("lesson_link"):
        st.session_state["lesson_choice"] = wanted
        steps = len(next(lesson for lesson in lessons if lesson.id == wanted).steps)
        step = query_int("step", 1, steps, lang)
        if step is not None:
            lesson_progress(wanted).step = step - 1
    st.session_state.setdefault("lesson_choice", ids[0])
    by_id = {lesson.id: lesson for lesson in lessons}
    chosen = st.selectbox(
        t(lang, "lesson.choose"),
        ids,
        key="lesson_choice",
        format_func=lambda i: _title(by_id[i], lang),
    )
    _overview(list(lessons), lang)
    _lesson_step(by_id[chosen], lang)


@st.fragment
def _lesson_step(lesson: Lesson, lang: str) -> None:
    """The step on screen, and where the learner is written into the URL. A fragment: Back,
    Next and the step's check rerun only this part, not the navigation and the course
    overview (whose counts catch up on the next full run)."""
    progress = lesson_progress(lesson.id)
    progress.step = min(progress.step, len(lesson.steps) - 1)
    st.query_params["lesson"] = lesson.id
    st.query_params["step"] = str(progress.step + 1)
    st.session_state["lesson_link"] = (lesson.id, str(progress.step + 1))
    _render_step(lesson, progress, lang)


def _go_to(lesson_id: str, step: int) -> None:
    """on_click: move to ``step`` and save where the learner is (the step counts as seen, as
    it is drawn next: one write per click, not two; if saving fails, the move is kept in the
    session and saved with the next change)."""
    with reported_later():
        progress = lesson_progress(lesson_id)
        progress.step = step
        progress.seen.add(step)
        save_lesson_progress(lesson_id)


def _render_step(lesson: Lesson, progress: LessonProgress, lang: str) -> None:
    steps = lesson.steps
    total = len(steps)
    index = min(progress.step, total - 1)
    progress.seen.add(index)
    step = steps[index]
    st.header(localized(lesson.title, lang))
    st.progress((index + 1) / total, text=t(lang, "lesson.step_of", step=index + 1, total=total))
    st.markdown(localized(step.text, lang))
    if step.cards:
        show_cards(step.cards, lang, width=60)
    if step.position is not None:
        if step.position.trick:
            show_trick(step.position, lang)
        if step.position.hand:
            show_cards(step.position.hand, lang, width=52)
    if step.glossary:
        show_glossary_terms(step.glossary, lang)
    if step.check is not None:
        st.subheader(t(lang, "lesson.check_heading"))
        verdict = render_exercise(step.check, f"{lesson.id}-{index}", lang)
        if verdict is not None and verdict.correct:
            progress.passed.add(index)
    with reported(lang):  # a failed save is said here; the next change saves it again
        save_lesson_progress(lesson.id)
    back, _, forward = st.columns([1, 2, 1])
    back.button(t(lang, "lesson.back"), disabled=index == 0, key="lesson-back",
                use_container_width=True, on_click=_go_to, args=(lesson.id, index - 1))
    if index < total - 1:
        forward.button(t(lang, "lesson.next"), key="lesson-next", type="primary",
                       use_container_width=True, on_click=_go_to, args=(lesson.id, index + 1))
    else:
        checks = sum(1 for s in steps if s.check is not None)
        st.success(t(lang, "lesson.finished", passed=len(progress.passed), checks=checks))
        forward.button(t(lang, "lesson.restart"), key="lesson-restart",
                       use_container_width=True, on_click=_go_to, args=(lesson.id, 0))
