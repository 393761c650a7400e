"""Feedback that starts from the answer given (issue 14, m1-m4): a lesson check names the
mistake actually made, every wrong number gets a why (the Italian count answered the French
way included), the score quiz asks again before giving the answer away and deals anew per
mode, and the second hint narrows the cards without showing exactly the answer."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.app.conftest import open_app, texts
from tests.app.drivers import number_answer
from tests.bank import bank
from tutor.content.evaluate import expected_answer
from tutor.content.kinds.score import score_input
from tutor.engine.cards import parse_cards
from tutor.engine.scoring import score
from tutor.engine.tarocchi import count_in_pairs
from tutor.progress.store import LearnerStore
from tutor.ui.exercises.cards import narrowed
from tutor.ui.exercises.common import state_key
from tutor.ui.i18n import localized, t
from tutor.ui.puzzles import _candidates

BANK = bank()


def lesson_score_check():
    """The first lesson check asking for the taker's score, with where it is."""
    for lesson in BANK.lessons:
        for index, step in enumerate(lesson.steps):
            check = step.check
            if check is not None and check.kind == "score" and check.ask == "taker":
                return lesson, index, check
    raise AssertionError("no score check in the lessons")


def test_a_lesson_check_answered_with_the_wrong_sign_names_that_mistake_not_another():
    lesson, index, check = lesson_score_check()
    right = score(score_input(check)).taker
    at = open_app("lessons", lang="en", lesson=lesson.id, step=str(index + 1))
    number_answer(at, f"{lesson.id}-{index}", -right)
    shown = texts(at)
    assert at.error
    assert t("en", "score_quiz.mistakes.wrong_sign") in shown
    assert localized(check.feedback.wrong, "en")[:30] not in shown  # written for another slip


def test_a_lesson_check_with_an_unknown_wrong_number_keeps_the_authored_why_for_the_answer():
    lesson, index, check = lesson_score_check()
    right = score(score_input(check)).taker
    at = open_app("lessons", lang="en", lesson=lesson.id, step=str(index + 1))
    key = f"{lesson.id}-{index}"
    number_answer(at, key, right + 1)
    assert localized(check.feedback.wrong, "en")[:30] not in texts(at)  # it explains the answer
    at.button(key=f"{key}-reveal").click().run()
    assert localized(check.feedback.wrong, "en")[:30] in texts(at)


def italian_count_puzzle():
    return next(p for p in BANK.puzzles
                if p.exercise.kind == "count" and p.exercise.method == "italian"
                and count_in_pairs(list(p.exercise.pile)).total % 2 == 1)


def test_an_italian_count_answered_the_french_way_is_recognised_and_recorded(
    mine: LearnerStore,
):
    puzzle = italian_count_puzzle()
    french = Fraction(count_in_pairs(list(puzzle.exercise.pile)).total, 2)
    at = open_app("puzzles", lang="en", puzzle=puzzle.id)
    key = f"puzzle-{puzzle.id}"
    number_answer(at, key, str(float(french)))
    assert at.error and not at.warning  # an answer, not a refused number
    assert t("en", "score_quiz.count_mistakes.italian_french_way") in texts(at)
    assert at.session_state[state_key(key)]["attempts"] == 1
    stats = {s.theme: s for s in mine.theme_stats()}
    assert stats["italian-counting"].first_tries == 1
    assert stats["italian-counting"].first_try_right == 0


def test_every_wrong_count_gets_a_why_after_the_second_try():
    puzzle = next(p for p in BANK.puzzles
                  if p.exercise.kind == "count" and p.exercise.method == "french")
    right = expected_answer(puzzle)
    at = open_app("puzzles", lang="en", puzzle=puzzle.id)
    key = f"puzzle-{puzzle.id}"
    number_answer(at, key, str(float(right) + 30))
    assert "Total: **" not in texts(at)
    number_answer(at, key, str(float(right) + 31))
    assert "Total: **" in texts(at)


def test_a_right_answer_is_not_said_twice():
    puzzle = next(p for p in BANK.puzzles
                  if p.exercise.kind == "count" and p.exercise.feedback is not None
                  and p.exercise.method == "french")
    at = open_app("puzzles", lang="en", puzzle=puzzle.id)
    number_answer(at, f"puzzle-{puzzle.id}", str(float(expected_answer(puzzle))))
    assert at.success
    assert not at.success[0].value.startswith("Right! Right")
    assert at.success[0].value == localized(puzzle.exercise.feedback.right, "en")


def test_a_wrong_set_does_not_list_an_empty_half():
    puzzle = next(p for p in BANK.puzzles if p.exercise.kind == "legal-set"
                  and len(expected_answer(p)) > 1)
    from tests.app.drivers import card_answer

    at = open_app("puzzles", lang="en", puzzle=puzzle.id)
    card_answer(at, f"puzzle-{puzzle.id}", sorted(expected_answer(puzzle))[:-1])
    message = at.error[0].value
    assert "Missing:" in message and "Not legal" not in message and "—" not in message


# --- the score quiz -------------------------------------------------------------------------
def quiz(**params):
    return open_app("score_quiz", lang="en", **{k: str(v) for k, v in params.items()})


def test_a_wrong_step_shows_that_steps_correction_not_the_whole_calculation():
    from tutor.scorequiz.generator import find_seed, generate
    from tutor.scorequiz.quiz import quiz_steps

    at = quiz(level=1, seed=find_seed(1, 0), mode="steps")
    q = generate(at.session_state["score-quiz-level"], at.session_state["score-quiz-state"].seed)
    steps = quiz_steps(q.score)
    index = at.session_state["score-quiz-state"].questions[f"steps-{q.level}-{q.seed}"].step
    wrong = steps[index].answer + 977  # no known mistake gives it
    for _ in range(2):  # the correction comes with the second wrong try
        at.text_input(key=f"score-quiz-step-steps-{q.level}-{q.seed}-{index}").input(str(wrong))
        next(b for b in at.button if b.label == "Check").click().run()
    shown = texts(at)
    assert "The right step:" in shown
    assert "Here is the whole calculation" not in shown
    if index < len(steps) - 1:  # the marks, still to be found, are not given
        assert f"Taker: {q.score.taker:+d}" not in shown


def test_changing_mode_deals_a_new_question():
    at = quiz(level=1, seed=0, mode="full")
    first = at.session_state["score-quiz-state"].seed
    at.segmented_control(key="score-quiz-mode").set_value("count").run()
    assert not at.exception, at.exception
    assert at.session_state["score-quiz-state"].seed != first


def test_the_quiz_streak_counts_the_answer_just_given():
    from tutor.scorequiz.generator import generate

    at = quiz(level=1, seed=0, mode="full")
    q = generate(at.session_state["score-quiz-level"], at.session_state["score-quiz-state"].seed)
    key = f"full-{q.level}-{q.seed}"
    at.text_input(key=f"score-quiz-taker-{key}").input(str(q.score.taker))
    at.button(key=f"score-quiz-check-{key}").click().run()
    assert t("en", "score_quiz.streak", current=1, best=1) in texts(at)


# --- hint 2 ---------------------------------------------------------------------------------
def test_narrowed_adds_a_suit_when_the_suits_family_is_exactly_the_answer():
    hand = set(parse_cards("T15 T11 EX KH 2H 5S"))
    answer = set(parse_cards("T15 T11 EX"))
    shown = narrowed(answer, hand)
    assert answer < shown <= hand
    partial = set(parse_cards("T15"))
    assert narrowed(partial, hand) == set(parse_cards("T15 T11"))


@pytest.mark.parametrize("kind", ["play", "legal-set"])
def test_hint_two_never_highlights_exactly_the_answer(kind):
    for puzzle in (p for p in BANK.puzzles if p.exercise.kind == kind):
        shown = _candidates(puzzle)
        assert shown is not None
        hand = set(puzzle.exercise.position.hand)
        accepted = getattr(puzzle.exercise, "accept", None)
        answer = set(accepted) if accepted else set(expected_answer(puzzle)) & hand
        assert answer <= shown, puzzle.id
        assert shown != answer or answer == hand, puzzle.id
