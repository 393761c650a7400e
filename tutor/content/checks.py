"""Checks against the engine: positions must be possible, stated answers must be the engine's.

Each exercise kind checks itself (``check`` in its module of ``tutor.content.kinds``); this
module walks puzzles and lessons. Each check returns ``Issue``s located by field path (the
YAML path: a puzzle's exercise fields are at its top level, a lesson's check under
``steps.N.check``). The loader turns them into ``ContentError``s with line and column.
"""

from __future__ import annotations

from tutor.content.errors import FieldPath
from tutor.content.kinds.best_card import CHECK_ROBUSTNESS, PROVE_BEST_CARDS
from tutor.content.models import ExerciseModel, Lesson, Puzzle, Step
from tutor.content.position_checks import Issue, check_position, duplicate_cards

__all__ = [
    "CHECK_ROBUSTNESS",
    "PROVE_BEST_CARDS",
    "Issue",
    "check_exercise",
    "check_lesson",
    "check_puzzle",
    "check_step",
]


def check_exercise(ex: ExerciseModel, at: FieldPath = ()) -> list[Issue]:
    """Everything the engine can say about an exercise (a puzzle's at ``()``)."""
    return ex.check(at)


def check_puzzle(puzzle: Puzzle) -> list[Issue]:
    return check_exercise(puzzle.exercise, ())


def check_step(step: Step, index: int) -> list[Issue]:
    at: FieldPath = ("steps", index)
    issues: list[Issue] = []
    if step.cards is not None:
        issues += duplicate_cards(step.cards, (*at, "cards"), "cards shown")
    if step.position is not None:
        issues += check_position(step.position, (*at, "position"), "show")
    if step.check is not None:
        issues += check_exercise(step.check, (*at, "check"))
    return issues


def check_lesson(lesson: Lesson) -> list[Issue]:
    return [issue for i, step in enumerate(lesson.steps) for issue in check_step(step, i)]
