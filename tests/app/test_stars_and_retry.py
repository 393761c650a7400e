"""Issue 19's learning path: a lesson earns stars and counts as complete only when its checks
are answered, and a first wrong answer says what is wrong before the answer is shown, in the
lessons, the puzzles and the score quiz alike."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.app.conftest import open_app, texts
from tests.app.drivers import answer_exercise
from tests.bank import bank
from tutor.content.kinds import ChoiceExercise
from tutor.progress.store import LearnerStore
from tutor.scorequiz.generator import generate
from tutor.ui.exercises.common import say_in
from tutor.ui.i18n import localized, t
from tutor.ui.words import check_steps

BANK = bank()
DECK = BANK.lesson("the-deck")


def finished(stars: int, lang: str = "en") -> str:
    return t(lang, "lesson.finished", stars="★" * stars + "☆" * (3 - stars),
             how=t(lang, f"lesson.stars_{stars}"))


def overview_line(at: AppTest, lesson) -> str:
    title = f"**{lesson.number}. {localized(lesson.title, 'en')}**"
    return next(str(m.value) for m in at.markdown if str(m.value).startswith(title))


def walk(at: AppTest, lesson, answer) -> None:
    """Through ``lesson`` to its last step, ``answer(index, key)`` on each check's step."""
    for index, step in enumerate(lesson.steps):
        if step.check is not None:
            answer(index, f"{lesson.id}-{index}")
        if index < len(lesson.steps) - 1:
            at.button(key="lessons-next").click().run()
            assert not at.exception, at.exception


def test_a_skipped_check_leaves_the_lesson_without_its_check_mark_or_banner(
    mine: LearnerStore,
) -> None:
    at = open_app("lessons", lang="en", lesson=DECK.id)
    last = len(DECK.steps) - 1
    skipped = check_steps(DECK)[0]

    def answer(index: int, key: str) -> None:
        if index != skipped:
            answer_exercise(at, DECK.steps[index].check, key, right=True)

    walk(at, DECK, answer)
    shown = texts(at)
    assert "Lesson complete" not in shown
    assert t("en", "lesson.open_checks", n=1) in shown
    assert at.button(key=f"lessons-open-check-{skipped}").label == t(
        "en", "lesson.go_to_check", n=skipped + 1)
    line = overview_line(at, DECK)
    assert "☆☆☆" in line and t("en", "lesson.done_mark") not in line
    saved = mine.lessons()[DECK.id]
    assert skipped not in saved.answered and saved.stars(check_steps(DECK)) == 0
    assert last in saved.answered
    at.button(key=f"lessons-open-check-{skipped}").click().run()  # back to the check skipped
    assert t("en", "lesson.step_of", step=skipped + 1, total=len(DECK.steps)) in str(
        [p.text for p in at.get("progress")])


def test_every_check_right_at_the_first_try_earns_three_stars(mine: LearnerStore) -> None:
    at = open_app("lessons", lang="en", lesson=DECK.id)
    walk(at, DECK, lambda index, key: answer_exercise(at, DECK.steps[index].check, key, True))
    assert finished(3) in texts(at)
    assert overview_line(at, DECK).startswith(
        f"**1. {localized(DECK.title, 'en')}** ★★★ {t('en', 'lesson.done_mark')}")
    assert mine.lessons()[DECK.id].stars(check_steps(DECK)) == 3
    # the picker shows the stars once the page is drawn again (a new session here)
    again = open_app("lessons", lang="en", lesson=DECK.id)
    labels = again.selectbox(key="lessons-choice").options
    assert f"1. {localized(DECK.title, 'en')} ★★★ ✓" in labels


def test_a_wrong_final_check_shows_no_completion_banner() -> None:
    at = open_app("lessons", lang="en", lesson=DECK.id)
    last = len(DECK.steps) - 1

    def answer(index: int, key: str) -> None:
        answer_exercise(at, DECK.steps[index].check, key, right=index != last)

    walk(at, DECK, answer)
    assert at.error  # the last check answered wrong once: it waits for a retry
    assert "Lesson complete" not in texts(at)
    assert not [b for b in at.button if b.key == "lessons-next-lesson"]


def test_next_is_the_primary_button_only_once_the_steps_check_is_answered() -> None:
    index = check_steps(DECK)[0]
    at = open_app("lessons", lang="en", lesson=DECK.id, step=str(index + 1))
    key = f"{DECK.id}-{index}"
    assert at.button(key="lessons-next").proto.type == "secondary"
    assert at.button(key=f"{key}-check").proto.type == "primary"
    answer_exercise(at, DECK.steps[index].check, key, right=True)
    assert at.button(key="lessons-next").proto.type == "primary"


def test_an_answer_shown_on_request_earns_one_star_not_two(mine: LearnerStore) -> None:
    at = open_app("lessons", lang="en", lesson=DECK.id)
    first = check_steps(DECK)[0]

    def answer(index: int, key: str) -> None:
        check = DECK.steps[index].check
        if index == first:
            answer_exercise(at, check, key, right=False)
            at.button(key=f"{key}-reveal").click().run()
        answer_exercise(at, check, key, right=True)

    walk(at, DECK, answer)
    assert finished(1) in texts(at)
    saved = mine.lessons()[DECK.id]
    assert first in saved.answered and first not in saved.solved


# --- retry before reveal -------------------------------------------------------------------
def choice_step() -> tuple[int, ChoiceExercise]:
    for index, step in enumerate(DECK.steps):
        if isinstance(step.check, ChoiceExercise) and step.check.why:
            return index, step.check
    raise AssertionError("the deck has a choice check")


def test_a_lesson_check_says_what_is_wrong_then_gives_the_answer_at_the_second_try() -> None:
    index, check = choice_step()
    key = f"{DECK.id}-{index}"
    at = open_app("lessons", lang="en", lesson=DECK.id, step=str(index + 1))
    answer_exercise(at, check, key, right=False)
    answer = check.answer_text("en", say_in("en"))
    wrong_why = localized(check.why[(check.correct + 1) % len(check.options)], "en")
    shown = texts(at)
    assert at.error[0].value == t("en", "verdict.wrong_choice")
    assert t("en", "exercise.answer_was", answer=answer) not in shown
    assert localized(check.feedback.wrong, "en") not in shown and wrong_why not in shown
    assert t("en", "retry.try_again") in shown
    answer_exercise(at, check, key, right=False)  # the second wrong try: the solution
    shown = texts(at)
    assert t("en", "exercise.answer_was", answer=answer) in shown
    assert localized(check.feedback.wrong, "en") in shown
    assert not [b for b in at.button if b.key == f"{key}-reveal"]


def test_a_puzzle_answer_shown_on_request_is_recorded_as_not_right_at_the_first_try(
    mine: LearnerStore,
) -> None:
    puzzle = next(p for p in BANK.puzzles if p.exercise.kind == "legal-set")
    key = f"puzzle-{puzzle.id}"
    at = open_app("puzzles", lang="en", puzzle=puzzle.id)
    answer_exercise(at, puzzle.exercise, key, right=False)
    answer = t("en", "exercise.answer_was", answer=puzzle.exercise.answer_text("en", say_in("en")))
    assert answer not in texts(at)
    assert t("en", "puzzle.explanation") not in [e.label for e in at.expander]
    at.button(key=f"{key}-reveal").click().run()
    assert not at.exception, at.exception
    assert answer in texts(at)
    assert t("en", "puzzle.explanation") in [e.label for e in at.expander]
    answer_exercise(at, puzzle.exercise, key, right=True)  # copied: still not a first try
    stats = {s.theme: s for s in mine.theme_stats()}[puzzle.theme.value]
    assert stats.first_tries == 1 and stats.first_try_right == 0
    assert mine.review_card(puzzle.id) is not None  # it comes back for review


def test_a_best_card_puzzle_names_the_best_card_only_with_the_solution() -> None:
    from tutor.analysis.bestcard import proof_of
    from tutor.engine import card_name

    puzzle = next(p for p in BANK.puzzles if p.exercise.kind == "best-card")
    proof = proof_of(puzzle.exercise.notation)
    key = f"puzzle-{puzzle.id}"
    at = open_app("puzzles", lang="en", puzzle=puzzle.id)
    at.pills(key=f"{key}-hand-fallback").set_value(proof.wrong[0][0]).run()
    best = card_name(proof.best[0], "en")
    labels = [e.label for e in at.expander]
    assert t("en", "bestcard.best_line", card=best) not in labels
    assert f"after the {best}" not in texts(at)
    assert any(label.startswith("What happens after the") for label in labels)
    at.button(key=f"{key}-reveal").click().run()
    assert t("en", "bestcard.best_line", card=best) in [e.label for e in at.expander]


def test_the_score_quiz_shows_the_calculation_only_on_request_or_after_two_tries() -> None:
    at = open_app("score_quiz", lang="en", level="1", seed="0", mode="full")
    state = at.session_state["score-quiz-state"]
    q = generate(1, state.seed)
    key = f"full-{q.level}-{q.seed}"
    at.text_input(key=f"score-quiz-taker-{key}").input(str(q.score.unit))  # forgot the ×3
    at.button(key=f"score-quiz-check-{key}").click().run()
    shown = texts(at)
    assert t("en", "score_quiz.mistakes.forgot_taker_multiple", players=4, times=3) in shown
    assert t("en", "score_quiz.calculation") not in [e.label for e in at.expander]
    assert "The right step:" not in shown
    at.button(key=f"score-quiz-{key}-reveal").click().run()
    assert not at.exception, at.exception
    assert t("en", "score_quiz.calculation") in [e.label for e in at.expander]
    assert "The right step:" in texts(at)
