"""The UI side of the kinds' registry: every ``Kind`` has one widget and one test driver, and
the solution a kind writes reads in both catalogs."""

from __future__ import annotations

from tests.app.drivers import DRIVERS
from tests.bank import bank
from tutor.content.kinds import MODELS, Kind, ScoreExercise
from tutor.content.loader import load_all
from tutor.ui.exercises import WIDGETS, widget_of
from tutor.ui.exercises.common import say_in
from tutor.ui.exercises.numbers import score_mistakes
from tutor.ui.i18n import catalog, t


def test_every_kind_has_one_widget_and_one_driver() -> None:
    assert set(WIDGETS) == set(MODELS) == set(DRIVERS) == set(Kind)


def test_a_widget_is_found_for_every_authored_exercise() -> None:
    bank = load_all(prove=False)
    for puzzle in bank.puzzles:
        assert widget_of(puzzle.exercise) is WIDGETS[Kind(puzzle.kind)]


def test_the_bids_of_a_solution_are_named_from_both_catalogs_in_auction_order() -> None:
    bank = load_all(prove=False)
    bids = [p.exercise for p in bank.puzzles if p.kind == "bid" and p.exercise.ask != "needed"]
    assert bids
    order = ("pass", "prise", "garde", "garde-sans", "garde-contre")
    for lang in ("en", "it"):
        words = catalog(lang)
        for ex in bids:
            allowed = ex.expected()
            assert isinstance(allowed, frozenset)
            named = [words[f"contracts.{code}"] for code in order if code in allowed]
            assert ex.answer_text(lang, say_in(lang)) == ", ".join(named)


def test_lesson_5s_juste_fait_without_the_multiplier_is_diagnosed_on_its_own_numbers() -> None:
    """Lesson 5: a garde contre made exactly, each defender pays 150; "25" forgot the ×6.
    The sentence says so with this deal's numbers (newcomer review 2, item 9)."""
    lesson = next(lesson for lesson in bank().lessons if lesson.id == "bidding")
    check = next(step.check for step in lesson.steps if isinstance(step.check, ScoreExercise))
    assert check.expected() == 150 and check.deal.contract == "garde-contre"
    for lang in ("en", "it"):
        assert score_mistakes(check, 25, lang) == [
            t(lang, "score_quiz.mistakes.forgot_multiplier", diff=0, mult=6, right=150)
        ]
