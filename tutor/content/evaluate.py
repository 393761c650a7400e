"""The evaluator the UI calls: the engine's answer to an exercise, and a verdict with its reason.

``evaluate(exercise, answer)`` takes what the learner gave:

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
``CardNotationError`` (a ValueError): the UI passes card ints.

The verdict's ``code`` is ``"right"`` or a reason: the engine's (``must_follow_suit``,
``king_in_ecart``, ...) or ``not_accepted``, ``wrong_number``, ``wrong_set``, ``wrong_choice``,
``not_a_number``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from tutor.analysis.bestcard import proof_of
from tutor.content.checks import (
    allowed_bids,
    count_expected,
    legal_set,
    score_answer,
    score_input,
)
from tutor.content.models import (
    BestCardExercise,
    BidExercise,
    ChoiceExercise,
    CountExercise,
    EcartExercise,
    ExerciseModel,
    LegalSetExercise,
    PlayExercise,
    Puzzle,
    ScoreExercise,
)
from tutor.engine.cards import Card, cards_of, mask_of, parse_card
from tutor.engine.ecart import CHIEN_SIZE, EcartReason, default_ecart, ecart_refusals
from tutor.engine.play import illegal_play
from tutor.engine.scoring import needed, score

RIGHT = "right"
NOT_ACCEPTED = "not_accepted"
WRONG_NUMBER = "wrong_number"
WRONG_SET = "wrong_set"
WRONG_CHOICE = "wrong_choice"
NOT_A_NUMBER = "not_a_number"


@dataclass(frozen=True)
class Verdict:
    correct: bool
    code: str  # "right", or a reason code
    cards: tuple[int, ...] = ()  # cards involved (forcing cards, missing/extra cards)
    expected: object = None  # the engine's answer (card set, number, index)


def _exercise(ex: ExerciseModel | Puzzle) -> ExerciseModel:
    return ex.exercise if isinstance(ex, Puzzle) else ex


def _card(value: Any) -> Card:
    return parse_card(value) if isinstance(value, str) else int(value)


def _cards(values: Iterable[Any] | str) -> frozenset[Card]:
    if isinstance(values, str):
        values = values.replace(",", " ").split()
    return frozenset(_card(v) for v in values)


def _number(value: Any) -> Fraction | None:
    if isinstance(value, bool):
        return None
    try:
        if isinstance(value, str):
            return Fraction(value.strip().replace(",", ".").replace("+", "", 1))
        return Fraction(value)
    except (TypeError, ValueError, ZeroDivisionError):
        return None


def expected_answer(ex: ExerciseModel | Puzzle) -> object:
    """The engine's answer: the accepted (or legal) cards for ``play``, the legal set, one legal
    écart (the stated example, else the engine's default), the points (a Fraction for French
    counting, an int for Italian), the score, the points needed, the allowed bids, or the index
    of the correct option."""
    ex = _exercise(ex)
    if isinstance(ex, PlayExercise):
        return frozenset(ex.accept) if ex.accept is not None else frozenset(legal_set(ex.position))
    if isinstance(ex, LegalSetExercise):
        return frozenset(legal_set(ex.position))
    if isinstance(ex, EcartExercise):
        if ex.answer is not None:
            return frozenset(ex.answer)
        size = CHIEN_SIZE[ex.position.players]
        return frozenset(cards_of(default_ecart(ex.position.hand_mask, size)))
    if isinstance(ex, CountExercise):
        value = count_expected(ex)
        return value if ex.method == "italian" else Fraction(value, 2)
    if isinstance(ex, ScoreExercise):
        return score_answer(score(score_input(ex)), ex.ask)
    if isinstance(ex, BestCardExercise):
        return frozenset(proof_of(ex.notation).best)
    if isinstance(ex, BidExercise):
        if ex.ask == "needed":
            assert ex.oudlers is not None
            return needed(ex.oudlers)
        assert ex.position is not None
        return allowed_bids(ex.position.bids)
    assert isinstance(ex, ChoiceExercise)
    return ex.correct


def evaluate(ex: ExerciseModel | Puzzle, answer: Any) -> Verdict:
    """Judge the learner's answer; a wrong one carries the engine's reason and cards."""
    ex = _exercise(ex)
    expected = expected_answer(ex)
    if isinstance(ex, (PlayExercise, BestCardExercise)):
        return _evaluate_play(ex, _card(answer), expected)
    if isinstance(ex, LegalSetExercise):
        return _compare_sets(_cards(answer), expected)
    if isinstance(ex, EcartExercise):
        return _evaluate_ecart(ex, _cards(answer), expected)
    if isinstance(ex, (CountExercise, ScoreExercise)) or (
        isinstance(ex, BidExercise) and ex.ask == "needed"
    ):
        number = _number(answer)
        if number is None:
            return Verdict(False, NOT_A_NUMBER, (), expected)
        ok = number == expected
        return Verdict(ok, RIGHT if ok else WRONG_NUMBER, (), expected)
    if isinstance(ex, BidExercise):
        codes = answer.replace(",", " ").split() if isinstance(answer, str) else answer
        stated = frozenset(str(code).strip().lower() for code in codes)
        ok = stated == expected
        return Verdict(ok, RIGHT if ok else WRONG_SET, (), expected)
    assert isinstance(ex, ChoiceExercise)
    ok = not isinstance(answer, bool) and answer == ex.correct
    return Verdict(ok, RIGHT if ok else WRONG_CHOICE, (), expected)


def _evaluate_play(ex: PlayExercise | BestCardExercise, card: Card, expected: Any) -> Verdict:
    pos = ex.position
    illegal = illegal_play(pos.hand_mask, pos.trick_cards, card, pos.called, pos.first_trick)
    if illegal is not None:
        return Verdict(False, illegal.reason.value, illegal.forcing, expected)
    if card not in expected:
        return Verdict(False, NOT_ACCEPTED, tuple(sorted(expected, reverse=True)), expected)
    return Verdict(True, RIGHT, (card,), expected)


def _compare_sets(stated: frozenset[Card], expected: Any) -> Verdict:
    if stated == expected:
        return Verdict(True, RIGHT, (), expected)
    differ = tuple(sorted(stated ^ expected, reverse=True))
    return Verdict(False, WRONG_SET, differ, expected)


def _evaluate_ecart(ex: EcartExercise, stated: frozenset[Card], expected: Any) -> Verdict:
    pos = ex.position
    size = CHIEN_SIZE[pos.players]
    if len(stated) != size:
        return Verdict(False, EcartReason.WRONG_SIZE.value, (), expected)
    refused = ecart_refusals(pos.hand_mask, mask_of(stated), size)
    if refused:
        card, reason = min(refused.items())
        return Verdict(False, reason.value, (card,), expected)
    return Verdict(True, RIGHT, tuple(sorted(stated, reverse=True)), expected)
