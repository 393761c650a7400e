"""Issue 4's acceptance: AppTest walks every lesson to the end, answering each check wrong
once and right once, in English and in Italian."""

from __future__ import annotations

import pytest

from tests.app.conftest import open_app, texts
from tests.app.drivers import answer_exercise
from tests.bank import bank
from tutor.ui.i18n import t

BANK = bank()
ORDER = [lesson.id for lesson in BANK.lessons]


def test_the_course_has_every_lesson_in_order_with_five_checks_each():
    assert len(BANK.lessons) >= 21  # the 13 rules lessons and the 8 of the card-play course
    assert [lesson.number for lesson in BANK.lessons] == list(range(1, len(BANK.lessons) + 1))
    for lesson in BANK.lessons:
        checks = [s.check for s in lesson.steps if s.check is not None]
        assert len(checks) >= 5, f"{lesson.id} has {len(checks)} checks"
        assert all(c.feedback is not None for c in checks), lesson.id


@pytest.mark.parametrize("lesson_id", ORDER)
@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_lesson_walked_to_the_end_each_check_wrong_then_right(lesson_id, lang):
    lesson = BANK.lesson(lesson_id)
    at = open_app("lessons", lang=lang, lesson=lesson_id)
    for index, step in enumerate(lesson.steps):
        assert t(lang, "lesson.step_of", step=index + 1, total=len(lesson.steps)) in str(
            [p.text for p in at.get("progress")]), (lesson_id, index)
        if step.check is not None:
            key = f"{lesson_id}-{index}"
            answer_exercise(at, step.check, key, right=False)
            assert at.error, (lesson_id, index, "no verdict for a wrong answer")
            # a first wrong try: what is wrong, not the authored "wrong" text (it explains
            # the answer), and the answer offered on request
            assert step.check.feedback.wrong.__getattribute__(lang) not in texts(at)
            assert at.button(key=f"{key}-reveal").label == t(lang, "retry.show_answer")
            answer_exercise(at, step.check, key, right=True)
            assert at.success, (lesson_id, index, "no verdict for the right answer")
            # the authored "right" text alone, not doubled ("Right! Right: ...")
            assert step.check.feedback.right.__getattribute__(lang)[:20] in texts(at)
            assert f"{t(lang, 'verdict.right')} " not in texts(at)
        if index < len(lesson.steps) - 1:
            at.button(key="lessons-next").click().run()
            assert not at.exception, at.exception
    # every check was answered wrong first, then right: two stars, none at the first try
    assert t(lang, "lesson.finished", stars="★★☆", how=t(lang, "lesson.stars_2")) in texts(at)
