"""The lesson reader: one step at a time, back and next, checks evaluated in place.

The step reached and how each check ended are kept per lesson in the learner's store, so a
learner who comes back (even in a new session) lands in the lesson and at the step they were
last in. A lesson earns stars as lichess Learn gives them (3: every check right at the first
try, 2: right after retries, 1: answered with the answer shown) and is complete only when every
check is answered: a step may be skipped, but then the lesson is not. The last step offers the
next lesson and the puzzles of the lesson's themes.
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from tutor.content.models import Lesson, Theme
from tutor.inputs import PARAM_SHOWN, clip, plain
from tutor.progress.store import SavedLesson
from tutor.ui.exercise import Outcome, outcome, render_exercise, reset_exercise
from tutor.ui.glossary_terms import show_glossary_terms
from tutor.ui.i18n import localized, t
from tutor.ui.registry import page
from tutor.ui.safe import query_int
from tutor.ui.session import (
    SAVED_LESSONS,
    LessonProgress,
    bank,
    current_language,
    kept_state,
    lesson_progress,
    reported,
    reported_later,
    save_lesson_progress,
    show_store_problems,
    store,
)
from tutor.ui.trainer import puzzles_state
from tutor.ui.views import show_cards, show_trick
from tutor.ui.words import LessonStanding, check_steps

CHOICE = "lessons-choice"  # the lesson chooser's widget
STATE = "lessons-state"


@dataclass
class LessonsState:
    """What the page keeps between reruns (the lesson chosen is its widget's; each lesson's
    progress is the session's copy of the learner's, see tutor.ui.session)."""

    link: tuple[str | None, str | None] | None = None  # the URL's (lesson, step) last followed
    labels: tuple[str, ...] = ()  # the lesson choice's labels as last drawn (language, stars)


def lessons_state() -> LessonsState:
    return kept_state(STATE, LessonsState)
BACK, NEXT, RESTART = "lessons-back", "lessons-next", "lessons-restart"
NEXT_LESSON, PUZZLES = "lessons-next-lesson", "lessons-puzzles"
OPEN_CHECK = "lessons-open-check"  # + the step: back to a check still to answer

# The puzzle themes that practise what each lesson teaches, offered on its last step.
LESSON_THEMES: dict[str, tuple[Theme, ...]] = {
    "the-deck": (Theme.FOLLOW_SUIT,),
    "card-values": (Theme.COUNTING,),
    "the-bouts": (Theme.COUNTING,),
    "dealing": (),
    "bidding": (Theme.NEEDED_AND_BIDDING,),
    "the-ecart": (Theme.ECART,),
    "trick-obligations": (
        Theme.FOLLOW_SUIT, Theme.TRUMPING, Theme.OVERTRUMP, Theme.UNDERTRUMP,
        Theme.TRUMP_LED, Theme.DISCARD,
    ),
    "the-excuse": (Theme.EXCUSE,),
    "counting-a-deal": (Theme.COUNTING,),
    "the-score": (Theme.SCORING, Theme.NEEDED_AND_BIDDING),
    "bonuses": (Theme.SCORING,),
    "three-and-five-players": (Theme.FIVE_PLAYER_FIRST_TRICK,),
    "italian-tarocchi": (Theme.ITALIAN_COUNTING,),
    "card-play-basics": (Theme.BEST_CARD,),
    "defence": (Theme.BEST_CARD,),
    "the-takers-plan": (Theme.BEST_CARD,),
    "bidding-with-a-count": (Theme.NEEDED_AND_BIDDING,),
    "five-player-partnership": (Theme.FIVE_PLAYER_FIRST_TRICK, Theme.BEST_CARD),
    "counting-poignee-chelem": (Theme.BEST_CARD, Theme.SCORING),
    "playing-at-three": (Theme.BEST_CARD,),
    "irregularities": (Theme.ECART, Theme.FOLLOW_SUIT, Theme.OVERTRUMP, Theme.TRUMP_LED),
}

# Brings the step's top into view when the step changes (a Next or Back click keeps the
# browser's scroll position otherwise, landing the learner part-way down the new step).
_SCROLL_JS = """
export default function (component) {
  const { data, parentElement } = component;
  if (!data || typeof data.place !== 'string') {
    return;
  }
  const seen = (window.__tarotTutorPlaces = window.__tarotTutorPlaces || {});
  const before = seen[data.name];
  seen[data.name] = data.place;
  if (before === undefined || before === data.place) {
    return;  // a first draw is at the top already; a rerun of the same step stays put
  }
  const anchor = parentElement.host || parentElement;
  const margin = 80;  // Streamlit's header bar sits over the top of the page
  let node = anchor.parentElement;
  while (node) {
    if (node.scrollHeight > node.clientHeight + 1) {
      const gap = anchor.getBoundingClientRect().top - node.getBoundingClientRect().top;
      node.scrollTop = Math.max(0, node.scrollTop + gap - margin);
    }
    node = node.parentElement;
  }
  const top = anchor.getBoundingClientRect().top;
  if (top < 0 || top > window.innerHeight / 2) {
    window.scrollBy(0, top - margin);
  }
}
"""
_scroll_component = st.components.v2.component(
    "tarot_tutor_scroll_to_step", html="<span hidden></span>", js=_SCROLL_JS
)


def scroll_here_when_changed(name: str, place: str) -> None:
    """Scroll the page so that this point is at the top whenever ``place`` changes."""
    _scroll_component(key=f"lessons-scroll-{name}", data={"name": name, "place": place}, height=0)


def _title(lesson: Lesson, lang: str) -> str:
    return f"{lesson.number}. {localized(lesson.title, lang)}"


def _standing(lesson: Lesson, progress: LessonProgress) -> LessonStanding:
    return LessonStanding.of(lesson, progress)


def _choice_label(lesson: Lesson, lang: str) -> str:
    """The lesson in the picker: its number, its title and, once begun, its stars (no
    trailing space before then)."""
    mark = _standing(lesson, lesson_progress(lesson.id)).mark(lang)
    return f"{_title(lesson, lang)} {mark}".rstrip()


def _overview(lessons: list[Lesson], lang: str) -> None:
    """The course at a glance: each lesson with its stars, the steps seen and the checks
    answered."""
    with st.expander(t(lang, "lesson.overview"), expanded=False):
        for lesson in lessons:
            standing = _standing(lesson, lesson_progress(lesson.id))
            st.markdown(f"**{_title(lesson, lang)}** {standing.mark(lang)} — "
                        + standing.counts(lang))
            st.progress(min(standing.seen, standing.steps) / standing.steps)


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
    if wanted is not None and link != lessons_state().link:
        st.session_state[CHOICE] = wanted
        steps = len(next(lesson for lesson in lessons if lesson.id == wanted).steps)
        step = query_int("step", 1, steps, lang)
        if step is not None:
            lesson_progress(wanted).step = step - 1
    if CHOICE not in st.session_state:
        st.session_state[CHOICE] = where_left_off(ids) or ids[0]
    by_id = {lesson.id: lesson for lesson in lessons}
    labels = {lesson.id: _choice_label(lesson, lang) for lesson in lessons}
    state = lessons_state()
    if state.labels != tuple(labels.values()):
        # The browser keeps the label it showed for the choice (the old language's, the old
        # stars): set the value again, so that it is sent with its new label.
        st.session_state[CHOICE] = st.session_state[CHOICE]
        state.labels = tuple(labels.values())
    chosen = st.selectbox(
        t(lang, "lesson.choose"),
        ids,
        key=CHOICE,
        format_func=labels.__getitem__,
        on_change=_chosen,
    )
    _lesson_step(by_id[chosen], list(lessons), lang)


def _saved_lessons() -> dict[str, SavedLesson]:
    if SAVED_LESSONS not in st.session_state:  # one read per session (see lesson_progress)
        st.session_state[SAVED_LESSONS] = store().lessons()
    saved: dict[str, SavedLesson] = st.session_state[SAVED_LESSONS]
    return saved


def where_left_off(ids: list[str]) -> str | None:
    """The lesson the learner was last in (the last one saved), if any."""
    saved = _saved_lessons()
    moments = [
        (lesson.updated, lesson_id)
        for lesson_id in ids
        if (lesson := saved.get(lesson_id)) is not None and lesson.updated is not None
    ]
    return max(moments)[1] if moments else None


def _touch(lesson_id: str) -> None:
    """Save the lesson now, so that it is where the learner left off."""
    with reported_later():
        lesson_progress(lesson_id).saved = None
        save_lesson_progress(lesson_id)


def _chosen() -> None:
    """on_change of the lesson choice: the lesson chosen is where the learner now is."""
    _touch(str(st.session_state[CHOICE]))


@st.fragment
def _lesson_step(lesson: Lesson, lessons: list[Lesson], lang: str) -> None:
    """The step on screen, and where the learner is written into the URL. A fragment: Back,
    Next and the step's check rerun only this part, not the navigation. The course overview
    is part of it, drawn above the step but filled after it, so its counts include the answer
    just given."""
    overview = st.container()
    progress = lesson_progress(lesson.id)
    progress.step = min(progress.step, len(lesson.steps) - 1)
    st.query_params["lesson"] = lesson.id
    st.query_params["step"] = str(progress.step + 1)
    lessons_state().link = (lesson.id, str(progress.step + 1))
    _render_step(lesson, lessons, progress, lang)
    with overview:
        _overview(lessons, lang)


def _go_to(lesson_id: str, step: int) -> None:
    """on_click: move to ``step`` and save where the learner is (the step counts as seen, as
    it is drawn next: one write per click, not two; if saving fails, the move is kept in the
    session and saved with the next change)."""
    with reported_later():
        progress = lesson_progress(lesson_id)
        progress.step = step
        progress.seen.add(step)
        save_lesson_progress(lesson_id)


def _restart(lesson: Lesson) -> None:
    """on_click: back to step 1 with every check unanswered again."""
    for index in range(len(lesson.steps)):
        reset_exercise(_check_key(lesson, index))
    _go_to(lesson.id, 0)


def _check_key(lesson: Lesson, index: int) -> str:
    return f"{lesson.id}-{index}"


def _keep_outcome(progress: LessonProgress, index: int, key: str) -> None:
    """How the check of step ``index`` ended, kept at its best: a check answered right at the
    first try once stays so when the lesson is done again."""
    ended = outcome(key)
    if ended is None:
        return
    progress.answered.add(index)
    if ended is not Outcome.ANSWERED:
        progress.solved.add(index)
    if ended is Outcome.FIRST_TRY:
        progress.passed.add(index)


def _open_lesson(lesson_id: str) -> None:
    """on_click: the next lesson becomes the lesson chosen (where the learner now is)."""
    st.session_state[CHOICE] = lesson_id
    _touch(lesson_id)


def _open_puzzles(themes: tuple[Theme, ...]) -> None:
    """on_click: the puzzle page's theme filter set to the lesson's themes."""
    puzzles_state().themes_asked = [theme.value for theme in themes]


def _whats_next(lesson: Lesson, lessons: list[Lesson], lang: str) -> None:
    """The way on from a lesson's last step: the next lesson, and puzzles of its themes."""
    position = next(i for i, item in enumerate(lessons) if item.id == lesson.id)
    following = lessons[position + 1] if position + 1 < len(lessons) else None
    themes = LESSON_THEMES.get(lesson.id, ())
    if following is None:
        st.info(t(lang, "lesson.course_done"))
    else:
        if st.button(
            t(lang, "lesson.next_lesson", title=_title(following, lang)),
            key=NEXT_LESSON, type="primary", icon=":material/arrow_forward:",
            on_click=_open_lesson, args=(following.id,),
        ):
            st.rerun(scope="app")  # the lesson choice above the fragment changes too
    if themes:
        names = ", ".join(t(lang, f"themes.{theme.value}") for theme in themes)
        if st.button(
            t(lang, "lesson.practise_themes", themes=names), key=PUZZLES,
            icon=":material/extension:", on_click=_open_puzzles, args=(themes,),
        ):
            st.switch_page(page("puzzles").file)


def _render_step(
    lesson: Lesson, lessons: list[Lesson], progress: LessonProgress, lang: str
) -> None:
    steps = lesson.steps
    total = len(steps)
    index = min(progress.step, total - 1)
    progress.seen.add(index)
    step = steps[index]
    scroll_here_when_changed("lesson-step", f"{lesson.id}-{index}")
    st.header(localized(lesson.title, lang))
    st.progress((index + 1) / total, text=t(lang, "lesson.step_of", step=index + 1, total=total))
    st.markdown(localized(step.text, lang))
    if step.cards:
        show_cards(step.cards, lang, width=60)
    if step.position is not None:
        if step.position.trick:
            show_trick(step.position, lang)
            st.space("small")  # the players' names under the trick never touch the hand
        if step.position.hand:
            show_cards(step.position.hand, lang, width=52)
    if step.glossary:
        show_glossary_terms(step.glossary, lang)
    if step.check is not None:
        st.subheader(t(lang, "lesson.check_heading"))
        key = _check_key(lesson, index)
        render_exercise(step.check, key, lang)
        _keep_outcome(progress, index, key)
    with reported(lang):  # a failed save is said here; the next change saves it again
        save_lesson_progress(lesson.id)
    # Skipping is allowed, but the check is the way on: "Next" is not the primary button
    # while the step's check is unanswered.
    answered = step.check is None or index in progress.answered
    back, _, forward = st.columns([1, 2, 1])
    back.button(t(lang, "lesson.back"), disabled=index == 0, key=BACK,
                use_container_width=True, on_click=_go_to, args=(lesson.id, index - 1))
    if index < total - 1:
        forward.button(t(lang, "lesson.next"), key=NEXT,
                       type="primary" if answered else "secondary",
                       use_container_width=True, on_click=_go_to, args=(lesson.id, index + 1))
    else:
        forward.button(t(lang, "lesson.restart"), key=RESTART,
                       use_container_width=True, on_click=_restart, args=(lesson,))
        if answered:  # the way on waits for the last step's own check
            _lesson_end(lesson, lessons, progress, lang)


def _lesson_end(
    lesson: Lesson, lessons: list[Lesson], progress: LessonProgress, lang: str
) -> None:
    """The lesson's end: complete with its stars once every check is answered, else the checks
    still open, each with a way back to it; then the way on."""
    standing = _standing(lesson, progress)
    if standing.complete:
        st.success(t(lang, "lesson.finished", stars=standing.star_text(),
                     how=t(lang, f"lesson.stars_{standing.stars}")),
                   icon=":material/military_tech:")
    else:
        open_steps = [i for i in check_steps(lesson) if i not in progress.answered]
        st.warning(t(lang, "lesson.open_checks", n=len(open_steps)),
                   icon=":material/pending_actions:")
        row = st.container(horizontal=True)
        for index in open_steps:
            row.button(t(lang, "lesson.go_to_check", n=index + 1), key=f"{OPEN_CHECK}-{index}",
                       on_click=_go_to, args=(lesson.id, index))
    _whats_next(lesson, lessons, lang)
