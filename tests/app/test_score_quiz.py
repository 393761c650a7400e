"""The score quiz page run headless: each mode answered right and wrong, with the matching
explanation; the seed in the URL; the streak saved in the database."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tutor.engine.cards import card_name, format_half, half_points, mask_of
from tutor.engine.contracts import ChienFate
from tutor.progress.store import LearnerStore
from tutor.scorequiz.generator import Question, find_seed, generate
from tutor.scorequiz.mistakes import match_step, poignee_multiplied, right_steps
from tutor.scorequiz.quiz import QuizStep, case_of, first_blank, quiz_steps
from tutor.ui.i18n import t
from tutor.ui.score_quiz import STATE, ScoreQuizState
from tutor.ui.views import score_lines

ROOT = Path(__file__).resolve().parents[2]
PAGE = str(ROOT / "tutor/ui/pages/score_quiz.py")


@pytest.fixture
def db(mine: LearnerStore) -> LearnerStore:
    """The test visitor's own store (tests/app/conftest.py sets it up and clears caches)."""
    return mine


def open_quiz(**params: object) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=30)
    for key, value in params.items():
        at.query_params[key] = str(value)
    at.run()
    assert not at.exception, at.exception
    return at


def current(at: AppTest) -> Question:
    return generate(at.session_state["score-quiz-level"], at.session_state["score-quiz-state"].seed)



def after_ten_steps() -> ScoreQuizState:
    """The quiz of ?level=1&seed=0&mode=steps, ten questions already done in steps mode."""
    return ScoreQuizState(find_seed(1, 0), last_level=1, last_mode="steps", steps_done=10)

def texts(at: AppTest) -> str:
    parts = [e.value for e in at.markdown] + [e.value for e in at.caption]
    parts += [e.value for e in at.success] + [e.value for e in at.error]
    parts += [e.value for e in at.warning] + [e.value for e in at.info]
    return "\n".join(str(p) for p in parts)


def answer_full(at: AppTest, value: object) -> None:
    q = current(at)
    key = f"full-{q.level}-{q.seed}"
    at.text_input(key=f"score-quiz-taker-{key}").input(str(value))
    at.button(key=f"score-quiz-check-{key}").click().run()
    assert not at.exception, at.exception


# --- the question and its URL ------------------------------------------------------------
def test_the_seed_in_the_url_gives_the_same_question(db: LearnerStore) -> None:
    seed = find_seed(2, 500)
    at = open_quiz(level=2, seed=seed)
    assert at.session_state["score-quiz-state"].seed == seed
    assert at.query_params["seed"] in (str(seed), [str(seed)])
    q = current(at)
    shown = texts(at)
    assert t("en", f"contracts.{q.contract.code}") in shown
    assert f"The attack's cards ({len(q.pile)})" in [s.value for s in at.subheader]
    again = open_quiz(level=2, seed=seed)
    assert texts(again) == shown


def test_a_seed_that_does_not_fit_the_level_moves_on_and_the_url_follows(db: LearnerStore) -> None:
    misfit = next(s for s in range(100) if find_seed(2, s) != s)
    at = open_quiz(level=2, seed=misfit)
    assert at.session_state["score-quiz-state"].seed == find_seed(2, misfit)
    assert at.query_params["seed"] in (str(find_seed(2, misfit)), [str(find_seed(2, misfit))])


def test_new_question_and_level_change(db: LearnerStore) -> None:
    at = open_quiz(level=1, seed=0)
    first = at.session_state["score-quiz-state"].seed
    at.button(key="score-quiz-new").click().run()
    assert at.session_state["score-quiz-state"].seed != first
    at.segmented_control(key="score-quiz-level").set_value(3).run()
    assert not at.exception
    q = current(at)
    assert q.level == 3 and q.players in (3, 5)
    assert f"{q.players} players" in texts(at)


def test_the_pile_shows_as_a_list_on_demand(db: LearnerStore) -> None:
    at = open_quiz(level=1, seed=0)
    assert 'class="hand"' in texts(at)
    at.toggle(key="score-quiz-as-list").set_value(True).run()
    shown = texts(at)
    assert 'class="hand"' not in shown
    assert "**Spades**" in shown or "**Hearts**" in shown
    assert " of spades" not in shown and " of hearts" not in shown  # grouped: short names


# --- full mode ---------------------------------------------------------------------------
def test_full_mode_right_answer_is_praised_and_recorded(db: LearnerStore) -> None:
    at = open_quiz(level=1, seed=0, mode="full")
    q = current(at)
    answer_full(at, q.score.taker)
    assert (
        at.success[0].value == f"Right! The taker marks {q.score.taker:+d}".replace("-", "−") + "."
    )
    for line in score_lines(q.score, "en"):
        assert line in texts(at)
    store = db
    assert store.streak(sources=("score-quiz",)).current == 1
    assert [s.theme for s in store.theme_stats("score-quiz")] == ["level-1"]


def test_full_mode_wrong_answer_names_the_mistake_and_the_right_step_only_after_a_retry(
    db: LearnerStore,
) -> None:
    at = open_quiz(level=1, seed=0, mode="full")
    q = current(at)
    unit = q.score.unit
    answer_full(at, unit)  # the defender's share: forgot the ×3
    shown = texts(at)
    assert "Not quite." in shown
    assert t("en", "score_quiz.mistakes.forgot_taker_multiple", players=4, times=3) in shown
    assert "The right step:" not in shown and f"{q.score.taker:+d}" not in shown
    assert db.streak(sources=("score-quiz",)).current == 0
    answer_full(at, -q.score.taker)
    shown = texts(at)
    assert t("en", "score_quiz.mistakes.wrong_sign") in shown
    assert "The right step:" in shown and f"Taker: {q.score.taker:+d}" in shown


def test_full_mode_unknown_wrong_answer_asks_again_then_shows_the_calculation(
    db: LearnerStore,
) -> None:
    at = open_quiz(level=1, seed=0, mode="full")
    q = current(at)
    answer_full(at, q.score.taker + 1)
    shown = texts(at)
    assert t("en", "retry.try_again") in shown
    assert "Here is the whole calculation" not in shown  # one retry before the answer
    assert f"Taker: {q.score.taker:+d}" not in shown
    answer_full(at, q.score.taker + 2)
    shown = texts(at)
    assert "Here is the whole calculation" in shown
    for line in score_lines(q.score, "en"):
        assert line in shown


def test_full_mode_every_players_marks(db: LearnerStore) -> None:
    at = open_quiz(level=3, seed=find_seed(3, 40), mode="full")
    q = current(at)
    key = f"full-{q.level}-{q.seed}"
    at.toggle(key=f"score-quiz-all-{key}").set_value(True).run()
    at.text_input(key=f"score-quiz-taker-{key}").input(str(q.marks[q.taker]))
    for seat in range(q.players):
        if seat != q.taker:
            at.text_input(key=f"score-quiz-seat-{key}-{seat}").input(str(q.marks[seat]))
    at.button(key=f"score-quiz-check-{key}").click().run()
    assert at.success, texts(at)
    other = next(s for s in range(q.players) if s != q.taker)
    at.text_input(key=f"score-quiz-seat-{key}-{other}").input(str(q.marks[other] + 5))
    at.button(key=f"score-quiz-check-{key}").click().run()
    assert "always sum to zero" in texts(at)


def test_full_mode_level_2_poignee_multiplied(db: LearnerStore) -> None:
    start = 0
    while True:  # a level-2 deal with a poignée and a multiplier above 1
        q = generate(2, find_seed(2, start))
        if q.poignees and q.contract.multiplier > 1:
            break
        start = q.seed + 1
    at = open_quiz(level=2, seed=q.seed, mode="full")
    (wrong,) = poignee_multiplied(case_of(q))
    answer_full(at, wrong.taker)
    assert t("en", "score_quiz.mistakes.poignee_multiplied") in texts(at)


def test_full_mode_a_hint_breaks_the_streak(db: LearnerStore) -> None:
    at = open_quiz(level=1, seed=0, mode="full")
    q = current(at)
    key = f"full-{q.level}-{q.seed}"
    at.toggle(key=f"score-quiz-hint-{key}").set_value(True).run()
    assert f"The attack has {format_half(q.result.attack_half_points)} points" in texts(at)
    answer_full(at, q.score.taker)
    assert at.success
    assert db.streak(sources=("score-quiz",)).current == 0


# --- step by step ------------------------------------------------------------------------
def submit_step(at: AppTest, q: Question, index: int, text: str) -> None:
    key = f"steps-{q.level}-{q.seed}"
    at.text_input(key=f"score-quiz-step-{key}-{index}").input(text)
    form_button = next(b for b in at.button if b.label == "Check")
    form_button.click().run()
    assert not at.exception, at.exception


def step_text(step: QuizStep) -> str:
    return format_half(step.answer) if step.halves else str(step.answer)


def test_steps_mode_fading_then_each_step_checked(db: LearnerStore) -> None:
    at = open_quiz(level=1, seed=0, mode="steps")
    q = current(at)
    steps = quiz_steps(q.score)
    given = first_blank(len(steps), 0)
    assert f"{given} of {len(steps)} steps are filled in" in texts(at)
    # the last step (the marks) with the wrong sign: named, then the right value goes on
    for index in range(given, len(steps) - 1):
        submit_step(at, q, index, step_text(steps[index]))
    submit_step(at, q, len(steps) - 1, str(-q.score.taker))
    assert t("en", "score_quiz.mistakes.wrong_sign") in texts(at)
    submit_step(at, q, len(steps) - 1, str(q.score.taker))
    assert "Done!" in at.success[0].value
    assert at.session_state["score-quiz-state"].steps_done == 1
    # the next question leaves more steps blank
    at.button(key="score-quiz-new").click().run()
    q2 = current(at)
    n2 = len(quiz_steps(q2.score))
    assert f"{first_blank(n2, 1)} of {n2} steps are filled in" in texts(at)
    assert first_blank(n2, 1) < first_blank(n2, 0)
    stats = db.theme_stats("score-quiz")
    assert stats[0].first_tries == 1 and stats[0].first_try_right == 0


def test_steps_mode_wrong_threshold_is_named_at_its_step(db: LearnerStore) -> None:
    at = AppTest.from_file(PAGE, default_timeout=30)
    at.query_params["level"] = "1"
    at.query_params["seed"] = "0"
    at.query_params["mode"] = "steps"
    at.session_state[STATE] = after_ten_steps()  # nothing filled in any more
    at.run()
    q = current(at)
    steps = quiz_steps(q.score)
    assert "0 of" in texts(at)
    submit_step(at, q, 0, step_text(steps[0]))
    submit_step(at, q, 1, step_text(steps[1]))
    wrong = next(n for n in (56, 51, 41, 36) if n != steps[2].answer)
    submit_step(at, q, 2, str(wrong))
    shown = texts(at)
    assert "This looks like a known mistake" in shown
    assert f"You used **{wrong}** as the threshold" in shown
    assert "The right step:" not in shown  # the first wrong try: the mistake, not the answer
    # and a wrong value that is no known mistake: that step's correction, not the whole
    # calculation (the taker's marks are still to be found)
    submit_step(at, q, 2, "7")
    assert match_step(case_of(q), 1, 7) == [] and right_steps(case_of(q))[1][1] != 7
    assert f"The right step: Needed: {steps[2].answer}" in texts(at)
    assert "Here is the whole calculation" not in texts(at)
    at.button(key=f"score-quiz-skip-steps-1-{q.seed}-2").click().run()
    assert f"Points needed with that many oudlers: **{steps[2].answer}**" in texts(at)


def test_steps_mode_counting_mistake_on_the_points(db: LearnerStore) -> None:
    at = AppTest.from_file(PAGE, default_timeout=30)
    for key, value in {"level": "1", "seed": "0", "mode": "steps"}.items():
        at.query_params[key] = value
    at.session_state[STATE] = after_ten_steps()
    at.run()
    q = current(at)
    forgot = half_points(mask_of(q.pile) & ~mask_of(q.set_aside))
    submit_step(at, q, 0, format_half(forgot))
    # seed 0 is a garde sans: what was set aside is the chien, and the message names it
    assert q.contract.chien is ChienFate.TAKER_UNSEEN
    assert t("en", "score_quiz.count_mistakes.forgot_chien") in texts(at)


# --- counting only -----------------------------------------------------------------------
def answer_count(at: AppTest, text: str) -> None:
    q = current(at)
    at.text_input(key=f"score-quiz-count-count-{q.level}-{q.seed}").input(text)
    next(b for b in at.button if b.label == "Check").click().run()
    assert not at.exception, at.exception


def test_counting_mode_right_and_wrong(db: LearnerStore) -> None:
    at = open_quiz(level=1, seed=0, mode="count")
    q = current(at)
    answer_count(at, str(len(q.pile) * 10))  # nonsense: no known mistake
    assert "Not quite." in texts(at)
    assert "Total: **" not in texts(at)  # asked again before the total is revealed
    assert t("en", "retry.try_again") in texts(at)
    honours = half_points(mask_of(q.pile)) + sum(1 for c in q.pile if half_points(1 << c) > 1)
    answer_count(at, format_half(honours))
    assert t("en", "score_quiz.count_mistakes.honour_alone_as_pair") in texts(at)
    assert "Total: **" in texts(at)  # a second wrong answer: the breakdown
    answer_count(at, format_half(q.result.attack_half_points).replace(".", ","))
    assert at.success[0].value == (
        f"Right! The attack has {format_half(q.result.attack_half_points)} points."
    )


def test_not_a_number_is_explained(db: LearnerStore) -> None:
    at = open_quiz(level=1, seed=0, mode="count")
    answer_count(at, "lots")
    assert "Enter a number" in at.warning[0].value


# --- Italian -----------------------------------------------------------------------------
def test_the_quiz_in_italian(db: LearnerStore) -> None:
    at = open_quiz(level=1, seed=0, mode="full", lang="it")
    assert at.title[0].value == "Quiz sul punteggio"
    q = current(at)
    answer_full(at, q.score.unit)
    assert t("it", "score_quiz.mistakes.forgot_taker_multiple", players=4, times=3) in texts(at)


def test_steps_mode_the_multiplier_row_asks_for_the_product_and_says_so(
    db: LearnerStore,
) -> None:
    """The row "× the multiplier" checks the total times the multiplier: its label asks for
    the product, and typing the multiplier alone is named as such."""
    seed = 0
    while True:  # a level-1 deal whose contract multiplies (not a prise)
        q = generate(1, find_seed(1, seed))
        if q.contract.multiplier > 1:
            break
        seed = q.seed + 1
    at = AppTest.from_file(PAGE, default_timeout=30)
    for key, value in {"level": "1", "seed": str(q.seed), "mode": "steps"}.items():
        at.query_params[key] = value
    at.session_state[STATE] = ScoreQuizState(q.seed, last_level=1, last_mode="steps",
                                             steps_done=10)
    at.run()
    steps = quiz_steps(q.score)
    row = next(i for i, step in enumerate(steps) if step.kind == "multiplier")
    for index in range(row):
        submit_step(at, q, index, step_text(steps[index]))
    label = at.text_input(key=f"score-quiz-step-steps-1-{q.seed}-{row}").label
    contract = t("en", f"contracts.{q.contract.code}")
    assert label == t("en", "score_quiz.steps.multiplier", contract=contract)
    multiplier = q.contract.multiplier
    submit_step(at, q, row, str(multiplier))
    assert t("en", "score_quiz.multiplier_not_product", value=multiplier) in texts(at)
    submit_step(at, q, row, str(steps[row].answer))
    assert steps[row].answer == steps[row - 1].answer * multiplier  # the product it asks for
    assert at.text_input(key=f"score-quiz-step-steps-1-{q.seed}-{row + 1}")


def test_a_pile_with_an_excuse_exchange_says_why_it_is_not_whole_tricks(db: LearnerStore) -> None:
    """Level 2: the taker's side played the Excuse in a trick the defence won and gave a low
    card of the écart for it; the page says so beside the 5-card écart, EN and IT."""
    seed = 0
    while True:
        q = generate(2, find_seed(2, seed))
        if q.excuse_exchange is not None and q.excuse_exchange.from_set_aside:
            break
        seed = q.seed + 1
    for lang in ("en", "it"):
        at = open_quiz(level=2, seed=q.seed, mode="full", lang=lang)
        assert current(at) == q
        info = [i.value for i in at.info]
        name = card_name(q.excuse_exchange.card, lang)
        side = t(lang, "score.attack")
        where = t(lang, "score_quiz.excuse_from_ecart")
        assert t(lang, "score_quiz.excuse_exchange_attack",
                 name=t(lang, "exercise.seat_player", n=q.excuse_exchange.owner + 1), side=side,
                 card=name[:1].lower() + name[1:], where=where) in info
