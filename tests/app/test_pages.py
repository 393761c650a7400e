"""Every page of the platform loads, a lesson can be walked, puzzles give verdicts, and the
language switch changes the texts (AppTest: headless, no rendering)."""

from __future__ import annotations

from tests.app.conftest import open_app, texts
from tests.app.drivers import answer_exercise
from tests.bank import bank
from tutor.engine.cards import parse_card
from tutor.ui.i18n import catalog


def test_home_page_says_what_the_tutor_offers():
    at = open_app(lang="en")
    assert "Learn French Tarot, one rule at a time" in texts(at)
    assert "lessons and" in texts(at)


def test_the_first_lesson_can_be_walked_to_the_end_answering_its_checks():
    at = open_app("lessons", lang="en")
    assert "The deck" in texts(at)
    lesson = bank().lessons[0]
    last = len(lesson.steps) - 1
    for index, step in enumerate(lesson.steps[:-1]):
        if step.check is not None:
            answer_exercise(at, step.check, f"{lesson.id}-{index}", right=True)
        at.button(key="lessons-next").click().run()
        assert not at.exception, at.exception
    # the last step's own check comes before the lesson's closing banner
    assert "Lesson complete" not in texts(at)
    answer_exercise(at, lesson.steps[last].check, f"{lesson.id}-{last}", right=True)
    assert "Lesson complete" in texts(at)


def test_a_wrong_then_a_right_puzzle_answer_each_give_their_verdict():
    at = open_app("puzzles", lang="en", puzzle="overtrump-01")
    pills = at.pills(key="puzzle-overtrump-01-hand-fallback")
    pills.set_value(parse_card("T9")).run()
    shown = texts(at)
    assert "you must play higher" in shown and "Trump 17" in shown
    at.pills(key="puzzle-overtrump-01-hand-fallback").set_value(parse_card("T17")).run()
    assert at.success


def test_a_legal_set_puzzle_is_checked_as_a_whole():
    at = open_app("puzzles", lang="en", puzzle="follow-suit-01")
    assert not at.exception
    at.button(key="puzzle-follow-suit-01-check").click().run()
    assert "Not the right set" in texts(at)


def test_an_unknown_puzzle_link_explains_itself_and_shows_the_first():
    at = open_app("puzzles", lang="en", puzzle="no-such-puzzle")
    assert "No puzzle is called" in texts(at)


def test_italian_from_the_url_and_the_switch_back_to_english():
    at = open_app(lang="it")
    assert "Impara il tarot francese" in texts(at)
    at.segmented_control(key="app-language").set_value("en").run()
    assert "Learn French Tarot" in texts(at)
    assert at.query_params["lang"] == ["en"] or at.query_params["lang"] == "en"


def test_both_catalogs_have_the_same_keys():
    assert set(catalog("en")) == set(catalog("it"))
    assert all(catalog("it")[key].strip() for key in catalog("it"))


def test_the_lesson_choice_and_the_step_follow_the_learner_not_the_old_link():
    at = open_app("lessons", lang="en", lesson="the-deck")
    at.selectbox(key="lessons-choice").set_value("card-values").run()
    assert at.query_params["lesson"] in ("card-values", ["card-values"])
    at.button(key="lessons-next").click().run()
    assert "Step 2 of" in str([p.text for p in at.get("progress")])


def test_a_link_to_a_lesson_step_opens_that_step():
    at = open_app("lessons", lang="en", lesson="the-score", step="3")
    assert "Step 3 of" in str([p.text for p in at.get("progress")])
