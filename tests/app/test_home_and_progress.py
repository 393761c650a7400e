"""The home page shows everything the tutor offers with where to start (m9), and "My progress"
shows lessons, puzzles by theme, the score quiz, practice deals and the review queue as named,
clickable items (m8)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from tests.app.conftest import open_app, texts
from tests.bank import bank
from tutor.progress.store import LearnerStore, now
from tutor.ui.dashboard import puzzle_name
from tutor.ui.i18n import localized, t
from tutor.ui.registry import offers
from tutor.ui.trainer import SOURCE, STATE

BANK = bank()


def links(at) -> list[tuple[str, str]]:
    """(page, label) of every page link on the page."""
    return [(str(link.proto.page), str(link.proto.label)) for link in at.get("page_link")]


@pytest.mark.parametrize("lang", ["en", "it"])
def test_home_links_every_part_of_the_tutor_with_what_it_offers(lang):
    at = open_app(lang=lang)
    labels = [label for _, label in links(at)]
    offered = offers()
    assert len(offered) == 7  # lessons, puzzles, score quiz, practice, score sheet, ...
    for page in offered:
        assert page.offer is not None
        assert f"**{t(lang, page.title)}**" in labels, page.name
        assert t(lang, page.offer) in texts(at)
    assert t(lang, "home.start_heading") in [h.value for h in at.subheader]


def test_progress_lists_lessons_quiz_practice_and_the_queue_by_name(mine: LearnerStore):
    lesson = BANK.lessons[1]
    mine.save_lesson(lesson.id, 2, {0, 1, 2}, {1})
    puzzle = next(p for p in BANK.puzzles if p.exercise.kind == "play")
    mine.record_attempt("puzzle", puzzle.id, puzzle.theme.value, False, True)
    mine.save_review(puzzle.id, "{}", now() - timedelta(minutes=5))
    mine.record_attempt("score-quiz", "full:7", "level-1", True, True)
    at = open_app("dashboard", lang="en")
    shown = texts(at)
    labels = [label for _, label in links(at)]
    assert f"{lesson.number}. {localized(lesson.title, 'en')} ☆☆☆" in labels  # begun, no stars
    assert t("en", "lesson.progress_label", done=3, total=len(lesson.steps)) in shown
    assert puzzle_name(puzzle, "en") in labels  # the review item named, not its id
    assert puzzle.id not in shown
    assert t("en", "dashboard.score_quiz_level", level=t("en", "score_quiz.levels.1"),
             right=1, tries=1) in shown
    assert t("en", "dashboard.practice_deals", deals=0) in shown
    assert at.button(key="dashboard-review").label == t("en", "dashboard.start_review", n=1)


def test_start_review_opens_the_puzzles_on_the_review_queue(mine: LearnerStore):
    puzzle = next(p for p in BANK.puzzles if p.exercise.kind == "play")
    mine.record_attempt("puzzle", puzzle.id, puzzle.theme.value, False, True)
    mine.save_review(puzzle.id, "{}", now() - timedelta(minutes=5))
    at = open_app("dashboard", lang="en")
    at.button(key="dashboard-review").click().run()
    assert not at.exception, at.exception
    assert at.session_state[SOURCE] == "review"
    assert at.session_state[STATE].current == puzzle.id


def test_progress_names_each_theme_and_keeps_quiz_levels_out_of_the_puzzle_themes(
    mine: LearnerStore,
):
    """A score-quiz answer records its level where a puzzle records its theme: the puzzles'
    "by theme" and "themes to work on" list puzzle themes only, each by its name."""
    puzzle = next(p for p in BANK.puzzles if p.exercise.kind == "play")
    mine.record_attempt("generated", "gen-obligations-4p-1", puzzle.theme.value, False, True)
    mine.record_attempt("score-quiz", "full:7", "level-1", False, True)
    at = open_app("dashboard", lang="en")
    shown = texts(at)
    assert "themes." not in shown and "level-1" not in shown
    heading = f"**{t('en', 'dashboard.weak')}**"
    weak = next(m.value for m in at.markdown if m.value.startswith(heading))
    assert weak.splitlines()[2:] == [f"- {t('en', f'themes.{puzzle.theme.value}')}"]


@pytest.mark.parametrize("lang", ["en", "it"])
def test_home_offers_the_first_lesson_as_the_primary_button_above_the_cards(lang):
    """Newcomer review item 20: 'Start the first lesson' and 'Open the puzzles' are buttons
    (the first one primary) right under the title, so a phone shows them on its first screen;
    the first opens the first lesson."""
    from tutor.ui.home import OPEN_PUZZLES, START_LESSONS

    at = open_app(lang=lang)
    start, puzzles = at.button(key=START_LESSONS), at.button(key=OPEN_PUZZLES)
    assert start.label == t(lang, "home.start_lessons") and start.proto.type == "primary"
    assert puzzles.label == t(lang, "home.open_puzzles") and puzzles.proto.type != "primary"
    # the buttons come before the offers, under the title
    offers_at = [h.value for h in at.subheader].index(t(lang, "home.offers_heading"))
    main = list(at.main)
    assert main.index(start) < main.index(at.subheader[offers_at])
    start.click().run()
    assert not at.exception, at.exception
    assert at.query_params["lesson"] == BANK.lessons[0].id
    assert localized(BANK.lessons[0].title, lang) in texts(at)
