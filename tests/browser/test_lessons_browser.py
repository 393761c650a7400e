"""One step of every lesson as a learner sees it, in English and Italian: screenshots under
tests/output/screenshots/lessons/ (looked at by hand), and the cards drawn as card images."""

from __future__ import annotations

import re

import pytest

from tests.bank import bank
from tests.browser.conftest import shot
from tests.browser.test_browser import wait_ready
from tutor.ui.i18n import localized, t

pytestmark = pytest.mark.browser
LESSONS = bank().lessons


def step_with_cards(lesson) -> int:
    """The first step that shows cards (as images), 1-based."""
    for index, step in enumerate(lesson.steps):
        position = step.position or getattr(step.check, "position", None)
        cards_in_position = position is not None and (position.hand or position.trick)
        shown = getattr(step.check, "pile", None) or getattr(step.check, "hand", None)
        if step.cards or cards_in_position or shown:  # a pile counted, a hand judged
            return index + 1
    return 1


def visit(page, url: str) -> None:
    """Open ``url`` in the page's own session, as the browser's Back and Forward do (Streamlit
    reruns the page on the history's new address): a full load of the app for each lesson
    costs the browser about a second of CPU more."""
    page.evaluate("(url) => { history.pushState(null, '', url);"
                  " dispatchEvent(new PopStateEvent('popstate')); }", url)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_one_step_of_every_lesson_shows_cards_and_text(page, server, lang):
    for number, lesson in enumerate(LESSONS):
        step = step_with_cards(lesson)
        url = f"{server}/lessons?lang={lang}&lesson={lesson.id}&step={step}"
        if number == 0:
            page.goto(url)
        else:
            visit(page, url)
        page.get_by_role("heading", name=localized(lesson.title, lang)).wait_for()
        progress = t(lang, "lesson.step_of", step=step, total=len(lesson.steps))
        page.get_by_text(progress, exact=True).wait_for()
        page.locator("svg.tarot-card").first.wait_for()  # the cards are drawn as cards
        wait_ready(page)
        shot(page, f"lessons/{lesson.number:02d}-{lesson.id}-{lang}")


def test_next_opens_the_new_step_at_its_top(page, server):
    """M4: a click on Next at the bottom of a long step lands on the new step's heading and
    step counter, not part-way down it."""
    from playwright.sync_api import expect

    lesson = next(les for les in LESSONS if les.id == "trick-obligations")
    title = page.get_by_role("heading", name=localized(lesson.title, "en"))
    page.set_viewport_size({"width": 1000, "height": 600})
    page.goto(f"{server}/lessons?lang=en&lesson={lesson.id}&step=2")
    title.wait_for()
    wait_ready(page)
    for step in (2, 3):
        next_button = page.locator(".st-key-lessons-next button")
        next_button.scroll_into_view_if_needed()
        expect(title).not_to_be_in_viewport()  # the learner is at the bottom of the step
        next_button.click()
        counter = t("en", "lesson.step_of", step=step + 1, total=len(lesson.steps))
        page.get_by_text(counter, exact=True).wait_for()
        expect(title).to_be_in_viewport()
        expect(page.get_by_text(counter, exact=True)).to_be_in_viewport()


def test_switching_to_italian_shows_the_chosen_lessons_italian_title_in_the_picker(page, server):
    """Newcomer review item 11: after the language switch the lesson picker showed the old
    language's label of the chosen lesson (its list had the new ones), and the check's answer
    was cleared while its feedback stayed."""
    from playwright.sync_api import expect

    lesson = next(les for les in LESSONS if les.id == "italian-tarocchi")

    def label(lang: str) -> re.Pattern[str]:  # the stars, if any, follow the title
        return re.compile("^" + re.escape(f"{lesson.number}. {localized(lesson.title, lang)}")
                          + "( |$)")

    page.goto(f"{server}/lessons?lang=en&lesson={lesson.id}&step=1")
    page.get_by_role("heading", name=localized(lesson.title, "en")).wait_for()
    wait_ready(page)
    picker = page.locator(".st-key-lessons-choice").get_by_role("combobox")
    expect(picker).to_have_value(label("en"))
    # the step's check answered wrong: after the switch its answer is still the one chosen
    # (its radio, in Italian), so the feedback shown still matches what is on the screen
    check = lesson.steps[0].check
    wrong = localized(check.options[1], "en")
    page.get_by_text(wrong, exact=True).click()
    wait_ready(page)
    page.get_by_role("button", name=t("en", "exercise.check"), exact=True).click()
    wait_ready(page)
    expect(page.get_by_role("radio", name=wrong)).to_be_checked()
    page.get_by_text("Italiano", exact=True).click()
    page.get_by_role("heading", name=localized(lesson.title, "it")).wait_for()
    wait_ready(page)
    expect(picker).to_have_value(label("it"))
    expect(page.get_by_role("radio", name=localized(check.options[1], "it"))).to_be_checked()
