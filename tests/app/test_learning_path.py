"""The learning path without friction (issue 14): the way on from a lesson's last step, the
counters showing the answer just given, a review item starting unsolved, a returning learner
landing where they left off, and only first tries counted as right."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import ROOT, as_learner, open_app, texts
from tests.app.drivers import answer_exercise
from tests.bank import bank
from tutor.content.models import Theme
from tutor.progress.store import Database, LearnerStore, PuzzleFilters
from tutor.ui.i18n import localized, t
from tutor.ui.lessons import LESSON_THEMES
from tutor.ui.puzzles import DIFFICULTY, PLAYERS, THEMES, WEAK
from tutor.ui.trainer import SOURCE, STATE

BANK = bank()
LESSONS = list(BANK.lessons)


def walk_to_last_step(at, lesson, *, right_first: bool) -> None:
    """Answer every check of ``lesson`` (right at once, or wrong then right) up to its end."""
    for index, step in enumerate(lesson.steps):
        if step.check is not None:
            key = f"{lesson.id}-{index}"
            if not right_first:
                answer_exercise(at, step.check, key, right=False)
            answer_exercise(at, step.check, key, right=True)
        if index < len(lesson.steps) - 1:
            at.button(key="lessons-next").click().run()
            assert not at.exception, at.exception


def overview_text(at) -> str:
    return "\n".join(str(m.value) for m in at.markdown if "—" in str(m.value))


def test_every_lesson_has_its_puzzle_themes_named_and_each_theme_has_puzzles():
    assert set(LESSON_THEMES) == {lesson.id for lesson in LESSONS}
    practised = {theme for themes in LESSON_THEMES.values() for theme in themes}
    for theme in practised:
        assert any(p.theme is theme for p in BANK.puzzles), theme
    # the best-card puzzles practise lesson 14; the generated card-play drills are for after
    assert practised == set(Theme) - {Theme.CARD_PLAY}


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_last_step_offers_the_next_lesson_and_it_opens(lang):
    first, second = LESSONS[0], LESSONS[1]
    at = open_app("lessons", lang=lang, lesson=first.id)
    walk_to_last_step(at, first, right_first=True)
    label = t(lang, "lesson.next_lesson", title=f"{second.number}. {localized(second.title, lang)}")
    button = at.button(key="lessons-next-lesson")
    assert button.label == label
    button.click().run()
    assert not at.exception, at.exception
    assert at.selectbox(key="lessons-choice").value == second.id
    assert localized(second.title, lang) in [h.value for h in at.header]
    assert t(lang, "lesson.step_of", step=1, total=len(second.steps)) in str(
        [p.text for p in at.get("progress")])


def test_the_last_step_offers_the_puzzles_of_the_lessons_themes_filtered():
    lesson = BANK.lesson("the-excuse")
    at = open_app("lessons", lang="en", lesson=lesson.id)
    walk_to_last_step(at, lesson, right_first=True)
    button = at.button(key="lessons-puzzles")
    assert t("en", "themes.excuse") in button.label
    button.click().run()
    assert not at.exception, at.exception
    assert at.session_state[THEMES] == ["excuse"]
    shown = at.session_state[STATE].current
    assert BANK.puzzle(shown).theme is Theme.EXCUSE


def test_the_last_lesson_says_the_course_is_done_instead_of_a_next_lesson():
    last = LESSONS[-1]
    at = open_app("lessons", lang="en", lesson=last.id)
    walk_to_last_step(at, last, right_first=True)
    assert not [b for b in at.button if b.key == "lessons-next-lesson"]
    assert t("en", "lesson.course_done") in texts(at)


def finished(stars: int) -> str:
    return t("en", "lesson.finished", stars="★" * stars + "☆" * (3 - stars),
             how=t("en", f"lesson.stars_{stars}"))


def test_retries_are_not_counted_as_right_at_the_first_try():
    lesson = LESSONS[0]
    at = open_app("lessons", lang="en", lesson=lesson.id)
    walk_to_last_step(at, lesson, right_first=False)
    assert finished(2) in texts(at)
    at.button(key="lessons-restart").click().run()  # start again: the checks are fresh
    walk_to_last_step(at, lesson, right_first=True)
    assert finished(3) in texts(at)


def test_the_lesson_banner_waits_for_the_last_steps_own_check():
    lesson = next(les for les in LESSONS if les.steps[-1].check is not None)
    last = len(lesson.steps)
    at = open_app("lessons", lang="en", lesson=lesson.id, step=str(last))
    assert not at.success
    assert not [b for b in at.button if b.key == "lessons-next-lesson"]


def test_the_course_overview_counts_the_answer_just_given():
    lesson = LESSONS[0]
    index = next(i for i, s in enumerate(lesson.steps) if s.check is not None)
    checks = sum(1 for s in lesson.steps if s.check is not None)
    at = open_app("lessons", lang="en", lesson=lesson.id, step=str(index + 1))
    right_label = t("en", "lesson.checks_label", answered=1, passed=1, total=checks)
    assert right_label not in overview_text(at)
    answer_exercise(at, lesson.steps[index].check, f"{lesson.id}-{index}", right=True)
    assert right_label in overview_text(at)


def metric(at, label_key: str) -> str:
    label = t("en", label_key)
    return str(next(m.value for m in at.metric if m.label == label))


def test_the_puzzle_counters_show_the_answer_just_given():
    puzzle = next(p for p in BANK.puzzles if p.exercise.kind == "play")
    at = open_app("puzzles", lang="en", puzzle=puzzle.id)
    assert metric(at, "trainer.streak") == "0"
    assert metric(at, "trainer.solved") == "0"
    answer_exercise(at, puzzle.exercise, f"puzzle-{puzzle.id}", right=True)
    assert at.success  # the verdict: right
    assert metric(at, "trainer.streak") == "1"
    assert metric(at, "trainer.solved") == "1"


def test_a_review_item_starts_unsolved_after_it_was_solved_in_the_same_session(
    mine: LearnerStore,
):
    puzzle = next(p for p in BANK.puzzles if p.exercise.kind == "legal-set")
    at = open_app("puzzles", lang="en", puzzle=puzzle.id)
    key = f"puzzle-{puzzle.id}"
    answer_exercise(at, puzzle.exercise, key, right=False)
    answer_exercise(at, puzzle.exercise, key, right=True)
    assert at.success
    # it falls due (a wrong first answer brings it back soon): due now
    card = mine.review_card(puzzle.id)
    assert card is not None
    from datetime import timedelta

    from tutor.progress.store import now

    mine.save_review(puzzle.id, card, now() - timedelta(minutes=1))
    at.segmented_control(key=SOURCE).set_value("review").run()
    assert not at.exception, at.exception
    assert at.session_state[STATE].current == puzzle.id
    assert not at.success and not at.error  # no verdict: nothing answered yet
    assert t("en", "exercise.selected") not in texts(at)  # no cards selected


def test_a_returning_learner_lands_in_the_lesson_and_at_the_step_they_left():
    lesson = LESSONS[2]
    at = open_app("lessons", lang="en", lesson=LESSONS[0].id)
    at.selectbox(key="lessons-choice").set_value(lesson.id).run()
    at.button(key="lessons-next").click().run()
    at.button(key="lessons-next").click().run()
    assert not at.exception, at.exception
    again = open_app("lessons", lang="en")  # a new session of the same learner
    assert again.selectbox(key="lessons-choice").value == lesson.id
    assert t("en", "lesson.step_of", step=3, total=len(lesson.steps)) in str(
        [p.text for p in again.get("progress")])


def test_puzzle_filters_are_kept_when_the_learner_leaves_the_page_and_comes_back():
    at = open_app("puzzles", lang="en")
    at.pills(key=THEMES).set_value(["excuse"]).run()
    at.switch_page("tutor/ui/pages/lessons.py").run()
    at.switch_page("tutor/ui/pages/puzzles.py").run()
    assert not at.exception, at.exception
    assert at.pills(key=THEMES).value == ["excuse"]
    assert BANK.puzzle(at.session_state[STATE].current).theme is Theme.EXCUSE


def test_a_returning_learner_finds_the_puzzle_filters_set_on_an_earlier_visit(
    mine: LearnerStore,
) -> None:
    at = open_app("puzzles", lang="en")
    assert mine.puzzle_filters() is None  # a visit that changes nothing writes nothing
    at.pills(key=THEMES).set_value(["excuse"]).run()
    at.pills(key=PLAYERS).set_value([4]).run()
    at.slider(key=DIFFICULTY).set_value((2, 4)).run()
    assert not at.exception, at.exception
    again = open_app("puzzles", lang="en")  # a new session of the same learner
    assert again.pills(key=THEMES).value == ["excuse"]
    assert again.pills(key=PLAYERS).value == [4]
    assert again.slider(key=DIFFICULTY).value == (2, 4)
    assert again.toggle(key=WEAK).value is False
    shown = BANK.puzzle(again.session_state[STATE].current)
    assert shown.theme is Theme.EXCUSE and 2 <= shown.difficulty <= 4


def test_another_learner_does_not_get_those_filters(
    database: Database, mine: LearnerStore,
) -> None:
    mine.save_puzzle_filters(PuzzleFilters(("excuse",), (2, 4), (4,), True))
    other = as_learner(AppTest.from_file(str(ROOT / "app.py"), default_timeout=30),
                       database.new_learner())
    other.query_params["lang"] = "en"
    other.run()
    other.switch_page("tutor/ui/pages/puzzles.py").run()
    assert not other.exception, other.exception
    assert other.pills(key=THEMES).value == []
    assert other.toggle(key=WEAK).value is False
