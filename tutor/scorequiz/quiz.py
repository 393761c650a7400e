"""The three ways to answer a question: full, step by step (with fading), counting only.

Every expected answer is read from the engine's result (``Question.result``); the learner's
wrong answers are matched against ``mistakes``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from tutor.engine import ChienFate, Score, StepKind, mask_of
from tutor.scorequiz.generator import Question
from tutor.scorequiz.mistakes import (
    Case,
    CountCase,
    Wrong,
    WrongCount,
    match_count,
    match_marks,
    match_step,
)

MODES = ("full", "steps", "count")

# Step-mode steps, in the order a teacher writes them (RULES §9.4).
STEP_KINDS = (
    "points",
    "oudlers",
    "needed",
    "difference",
    "base",
    "petit_au_bout",
    "multiplier",
    "poignee",
    "chelem",
    "marks",
)
_ENGINE_KINDS = {
    StepKind.POINTS: "points",
    StepKind.NEEDED: "needed",
    StepKind.DIFFERENCE: "difference",
    StepKind.BASE: "base",
    StepKind.PETIT_AU_BOUT: "petit_au_bout",
    StepKind.MULTIPLIER: "multiplier",
    StepKind.POIGNEE: "poignee",
    StepKind.CHELEM: "chelem",
    StepKind.MARKS: "marks",
}


def case_of(q: Question) -> Case:
    return Case(q.score_input, tuple(p.side for p in q.poignees))


def count_case_of(q: Question) -> CountCase:
    return CountCase(mask_of(q.pile), mask_of(q.set_aside), mask_of(q.defence_chien),
                     chien_set_aside=q.contract.chien is ChienFate.TAKER_UNSEEN)


@dataclass(frozen=True, slots=True)
class QuizStep:
    kind: str  # one of STEP_KINDS
    answer: int  # half-points for "points", whole numbers otherwise
    engine_index: int | None  # the engine step it reads (None: the oudlers)
    detail: str = ""  # the engine step's detail (contract code, poignée level, ...)

    @property
    def halves(self) -> bool:
        return self.kind == "points"


def quiz_steps(score: Score) -> list[QuizStep]:
    """The steps of the engine's calculation the learner fills in (UNIT is folded into the
    marks), with the oudlers after the points."""
    out: list[QuizStep] = []
    for index, step in enumerate(score.steps):
        kind = _ENGINE_KINDS.get(step.kind)
        if kind is None:
            continue
        if step.kind in (StepKind.POINTS, StepKind.NEEDED, StepKind.DIFFERENCE, StepKind.MARKS):
            answer = step.value
        else:
            answer = step.total
        out.append(QuizStep(kind, answer, index, step.detail))
        if step.kind is StepKind.POINTS:
            out.append(QuizStep("oudlers", int(step.detail), None, step.detail))
    return out


def first_blank(total: int, questions_done: int) -> int:
    """Fading: how many steps are given (filled in) on the learner's next question. The
    first question leaves the last 2 steps blank, each finished question 2 more."""
    return max(0, total - (2 + 2 * questions_done))


@dataclass(frozen=True, slots=True)
class Check:
    correct: bool
    wrongs: tuple[Wrong, ...] = ()
    count_wrongs: tuple[WrongCount, ...] = ()
    invalid: bool = False  # not a number (or a half point where none is allowed)
    multiplier_alone: bool = False  # the multiplier typed where its product is asked


def to_int(value: Fraction | None, *, halves: bool) -> int | None:
    """The learner's number as the engine's integer (half-points when ``halves``)."""
    if value is None:
        return None
    scaled = value * 2 if halves else value
    return int(scaled) if scaled.denominator == 1 else None


def check_step(q: Question, steps: list[QuizStep], index: int, value: Fraction | None) -> Check:
    step = steps[index]
    number = to_int(value, halves=step.halves)
    if number is None:
        return Check(False, invalid=True)
    if number == step.answer:
        return Check(True)
    if step.engine_index is None:
        return Check(False)
    if step.kind == "points":
        return Check(False, count_wrongs=tuple(match_count(count_case_of(q), number)))
    engine_index = step.engine_index
    wrongs = tuple(match_step(case_of(q), engine_index, number))
    multiplier = q.score.steps[engine_index].value
    alone = step.kind == "multiplier" and number == multiplier and not wrongs
    return Check(False, wrongs, multiplier_alone=alone)


def check_marks(q: Question, values: dict[int, Fraction | None]) -> Check:
    """Full mode: ``values`` maps seats to the marks entered; the taker's is required."""
    numbers = {seat: to_int(v, halves=False) for seat, v in values.items()}
    if numbers.get(q.taker) is None or any(n is None for n in numbers.values()):
        return Check(False, invalid=True)
    right = q.marks
    if all(numbers[seat] == right[seat] for seat in numbers):
        return Check(True)
    taker = numbers[q.taker]
    assert taker is not None
    others = None
    if len(numbers) == q.players:
        order = [s for s in range(q.players) if s == q.partner] + [
            s for s in range(q.players) if s not in (q.taker, q.partner)
        ]
        others = [numbers[s] or 0 for s in order]
    return Check(False, tuple(match_marks(case_of(q), taker, others)))


def check_count(q: Question, value: Fraction | None) -> Check:
    number = to_int(value, halves=True)
    if number is None:
        return Check(False, invalid=True)
    if number == q.result.attack_half_points:
        return Check(True)
    return Check(False, count_wrongs=tuple(match_count(count_case_of(q), number)))
