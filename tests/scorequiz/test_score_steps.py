"""Step-by-step mode: the steps read from the engine, fading, and each step's check."""

from __future__ import annotations

from fractions import Fraction

from tutor.engine.scoring import StepKind
from tutor.scorequiz.generator import question
from tutor.scorequiz.quiz import (
    check_count,
    check_marks,
    check_step,
    first_blank,
    quiz_steps,
    to_int,
)


def test_steps_follow_the_teachers_order_and_the_engine_values() -> None:
    q = question(2, 0)
    steps = quiz_steps(q.score)
    kinds = [s.kind for s in steps]
    assert kinds[:5] == ["points", "oudlers", "needed", "difference", "base"]
    assert kinds[-1] == "marks"
    assert "multiplier" in kinds
    by_kind = {s.kind: s for s in steps}
    engine = {step.kind: step for step in q.score.steps}
    assert by_kind["points"].answer == q.result.attack_half_points
    assert by_kind["oudlers"].answer == q.result.oudlers
    assert by_kind["needed"].answer == engine[StepKind.NEEDED].value
    assert by_kind["difference"].answer == q.score.difference
    assert by_kind["multiplier"].answer == engine[StepKind.MULTIPLIER].total
    assert by_kind["marks"].answer == q.score.taker


def test_bonus_steps_appear_only_when_the_deal_has_them() -> None:
    plain = quiz_steps(question(1, 0).score)
    assert not {s.kind for s in plain} & {"petit_au_bout", "poignee", "chelem"}
    with_bonus = [question(2, start) for start in range(0, 3000, 101)]
    kinds = {s.kind for q in with_bonus for s in quiz_steps(q.score)}
    assert {"petit_au_bout", "poignee"} <= kinds


def test_fading_gives_fewer_steps_each_question() -> None:
    given = [first_blank(9, done) for done in range(6)]
    assert given == [7, 5, 3, 1, 0, 0]
    assert first_blank(3, 0) == 1


def test_each_step_is_checked_with_the_mistake_named() -> None:
    q = question(1, 0)
    steps = quiz_steps(q.score)
    for index, step in enumerate(steps):
        value = Fraction(step.answer, 2 if step.halves else 1)
        assert check_step(q, steps, index, value).correct
    needed = next(i for i, s in enumerate(steps) if s.kind == "needed")
    wrong = next(n for n in (56, 51, 41, 36) if n != steps[needed].answer)
    check = check_step(q, steps, needed, Fraction(wrong))
    assert not check.correct
    assert [w.code for w in check.wrongs] == ["wrong_threshold"]


def test_points_step_takes_halves_and_other_steps_whole_numbers() -> None:
    assert to_int(Fraction(91, 2), halves=True) == 91
    assert to_int(Fraction(91, 2), halves=False) is None
    assert to_int(Fraction(1, 4), halves=True) is None
    q = question(1, 0)
    steps = quiz_steps(q.score)
    assert check_step(q, steps, 2, Fraction(1, 2)).invalid


def test_full_answer_right_wrong_and_invalid() -> None:
    q = question(1, 0)
    assert check_marks(q, {q.taker: Fraction(q.score.taker)}).correct
    wrong = check_marks(q, {q.taker: Fraction(q.score.taker // 3)})
    assert not wrong.correct and "forgot_taker_multiple" in {w.code for w in wrong.wrongs}
    assert check_marks(q, {q.taker: None}).invalid


def test_counting_answer() -> None:
    q = question(1, 0)
    assert check_count(q, Fraction(q.result.attack_half_points, 2)).correct
    assert not check_count(q, Fraction(q.result.attack_half_points + 1, 2)).correct
