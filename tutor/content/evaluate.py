"""The evaluator the UI calls: the engine's answer to an exercise, and a verdict with its reason.

``evaluate(exercise, answer)`` takes what the learner gave and asks the exercise's kind
(``judge`` in ``tutor.content.kinds``):

- ``play``, ``best-card``: a card (int, or a code such as ``"T15"``); a best card is judged
  by the solver's proof (``tutor.analysis.bestcard.proof_of``, computed once per process);
- ``legal-set``, ``ecart``: a set of cards;
- ``count``: points (int, float, Fraction or text such as ``"12.5"``; French in points with
  halves, Italian whole points);
- ``score``, ``bid`` with ``ask: needed``: a number;
- ``bid`` with ``ask: allowed-bids``: a set of codes (``"pass"``, ``"garde"``, ...) or one
  space-separated string;
- ``choice``: the 0-based index of an option.

A ``Puzzle`` may be passed for its exercise. Card codes that do not parse raise the engine's
``CardNotationError`` (a ValueError): the UI passes card ints. The verdict's codes are in
``tutor.content.verdict``.
"""

from __future__ import annotations

from tutor.content.models import ExerciseModel, Puzzle
from tutor.content.verdict import (
    NOT_A_NUMBER,
    NOT_ACCEPTED,
    RIGHT,
    WRONG_CHOICE,
    WRONG_NUMBER,
    WRONG_SET,
    Verdict,
)

__all__ = [
    "NOT_ACCEPTED",
    "NOT_A_NUMBER",
    "RIGHT",
    "WRONG_CHOICE",
    "WRONG_NUMBER",
    "WRONG_SET",
    "Verdict",
    "evaluate",
    "expected_answer",
]


def _exercise(ex: ExerciseModel | Puzzle) -> ExerciseModel:
    return ex.exercise if isinstance(ex, Puzzle) else ex


def expected_answer(ex: ExerciseModel | Puzzle) -> object:
    """The engine's answer: the accepted (or legal) cards for ``play``, the legal set, one legal
    écart (the stated example, else the engine's default), the points (a Fraction for French
    counting, an int for Italian), the score, the points needed, the allowed bids, the index
    of the correct option, or the solver's best card."""
    return _exercise(ex).expected()


def evaluate(ex: ExerciseModel | Puzzle, answer: object) -> Verdict:
    """Judge the learner's answer; a wrong one carries the engine's reason and cards."""
    return _exercise(ex).judge(answer)
