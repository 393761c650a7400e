"""The registry of exercise kinds: one model per ``Kind``, and on every authored exercise the
kind's ``check``, ``expected``, ``judge`` and ``answer_text`` agree with each other."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, get_args

import pytest

from tests.review.test_kept_decisions import PLANTED, planted_review
from tests.review.test_review_deal import blunder_record, blunder_review
from tutor.content.evaluate import evaluate, expected_answer
from tutor.content.kinds import LEARNER_MADE, MODELS, ExerciseModel, Kind, kind_of
from tutor.content.kinds.cards import card_words
from tutor.content.loader import load_all
from tutor.content.verdict import RIGHT
from tutor.engine.cards import display_order
from tutor.progress.store import OwnPuzzle
from tutor.review.expected import Decision
from tutor.review.mistakes import decision_item, is_own, item_of, own_decisions, own_mistakes
from tutor.ui.trainer import own_puzzle

BANK = load_all()


def authored() -> Iterator[tuple[str, ExerciseModel]]:
    """Every exercise of the bank: puzzles and lesson checks, named where they are."""
    for puzzle in BANK.puzzles:
        yield puzzle.id, puzzle.exercise
    for lesson in BANK.lessons:
        for i, step in enumerate(lesson.steps):
            if step.check is not None:
                yield f"{lesson.id}.steps.{i}.check", step.check


EXERCISES = list(authored())


def _one_of(expected: Any) -> Any:
    return next(iter(display_order(expected)))


# A right answer built from the engine's expected one, and a wrong one, per kind.
RIGHT_ANSWER: dict[Kind, Callable[[Any], object]] = {
    Kind.PLAY: lambda ex: _one_of(ex.expected()),
    Kind.LEGAL_SET: lambda ex: ex.expected(),
    Kind.ECART: lambda ex: ex.expected(),
    Kind.COUNT: lambda ex: ex.expected(),
    Kind.SCORE: lambda ex: ex.expected(),
    Kind.BID: lambda ex: ex.expected(),
    Kind.CHOICE: lambda ex: ex.expected(),
    Kind.BEST_CARD: lambda ex: _one_of(ex.expected()),
    Kind.HAND: lambda ex: ex.expected(),
    Kind.CARDS_OUT: lambda ex: ex.expected(),
    Kind.OWN_MISTAKE: lambda ex: _one_of(ex.expected()),
    Kind.OWN_DECISION: lambda ex: min(ex.expected()),
}


def _other_card(ex: Any) -> object:
    return next(c for c in display_order(ex.position.hand) if c not in ex.expected())


def _wrong_bids(ex: Any) -> object:
    expected = ex.expected()
    return expected + 1 if isinstance(expected, int) else expected - {"pass"}


def _wrong_hand(ex: Any) -> object:
    expected = ex.expected()
    if ex.ask == "count":
        return expected + 1
    if ex.ask == "bid":
        return "garde" if expected in ("pass", "prise") else "prise"
    if ex.ask == "redeal":
        return "play" if expected == "redeal" else "redeal"
    return next(c for c in ex.callable() if c != expected)


WRONG_ANSWER: dict[Kind, Callable[[Any], object]] = {
    Kind.PLAY: _other_card,
    Kind.LEGAL_SET: lambda ex: ex.expected() ^ {_one_of(ex.position.hand)},
    Kind.ECART: lambda ex: frozenset(display_order(ex.position.hand)[:ex.size - 1]),
    Kind.COUNT: lambda ex: ex.expected() + 1,
    Kind.SCORE: lambda ex: ex.expected() + 1,
    Kind.BID: _wrong_bids,
    Kind.CHOICE: lambda ex: (ex.correct + 1) % len(ex.options),
    Kind.BEST_CARD: _other_card,
    Kind.HAND: _wrong_hand,
    Kind.CARDS_OUT: lambda ex: ex.expected() + 1,
    Kind.OWN_MISTAKE: lambda ex: ex.played,  # the card the review labelled a mistake
    Kind.OWN_DECISION: lambda ex: ex.chosen,  # the option the review labelled a mistake
}


def test_every_kind_has_one_model_and_the_model_names_its_kind() -> None:
    assert set(MODELS) == set(Kind)
    assert len(get_args(ExerciseModel)) == len(Kind)
    for kind, model in MODELS.items():
        assert kind_of(model) is kind


def test_the_content_tables_of_this_test_cover_every_kind() -> None:
    assert set(RIGHT_ANSWER) == set(WRONG_ANSWER) == set(Kind)


def test_every_kind_is_authored_in_the_bank_but_those_made_from_a_learners_play() -> None:
    assert {Kind(ex.kind) for _, ex in EXERCISES} == set(Kind) - LEARNER_MADE
    assert not any(Kind(ex.kind) in LEARNER_MADE for _, ex in EXERCISES)


def learner_made() -> list[tuple[str, ExerciseModel]]:
    """The learner-made exercises of a seeded reviewed deal, as the trainer builds them."""
    out: list[tuple[str, ExerciseModel]] = []
    made = [*own_mistakes(blunder_record(), blunder_review(), 7, 1),
            *(d for record in PLANTED.values()
              for d in own_decisions(record(), planted_review(record()), 7, 1))]
    for m in made:
        puzzle = own_puzzle(OwnPuzzle(m.item, 7, 1, m.to_data()))
        assert puzzle is not None, m
        out.append((puzzle.id, puzzle.exercise))
    return out


def own_cards() -> list[tuple[str, ExerciseModel]]:
    return [(where, ex) for where, ex in learner_made() if ex.kind == Kind.OWN_MISTAKE]


@pytest.mark.parametrize("kind", list(Kind))
def test_check_expected_judge_and_answer_text_agree(kind: Kind) -> None:
    made = learner_made() if kind in LEARNER_MADE else EXERCISES
    exercises = [(where, ex) for where, ex in made if ex.kind == kind]
    assert exercises
    for where, ex in exercises:
        _agree(ex, kind, where)


def _agree(ex: ExerciseModel, kind: Kind, where: str) -> None:
    assert ex.check() == [], where  # the stated answer is the engine's (tutor check)
    expected = ex.expected()
    assert expected_answer(ex) == expected, where
    right = ex.judge(RIGHT_ANSWER[kind](ex))
    assert right.correct and right.code == RIGHT, (where, right)
    assert right.expected == expected, where
    assert evaluate(ex, RIGHT_ANSWER[kind](ex)) == right, where
    wrong = ex.judge(WRONG_ANSWER[kind](ex))
    assert not wrong.correct and wrong.code != RIGHT, (where, wrong)
    stated = getattr(ex, "answer", None)
    if stated is not None and kind is not Kind.BEST_CARD:
        assert ex.judge(stated).correct, where  # the authored answer is judged right
    for lang in ("en", "it"):
        text = ex.answer_text(lang, lambda key: f"<{key}>")
        assert text.strip(), where
        if (isinstance(expected, frozenset) and all(isinstance(c, int) for c in expected)
                and kind is not Kind.OWN_DECISION):  # its answer is options, not cards
            assert text == card_words(expected, lang), where


def _revalued(ex: ExerciseModel, second: float) -> ExerciseModel:
    """The learner-made exercise with its second option valued ``second`` below the best."""
    data = ex.model_dump(mode="json")
    best = data["options"][0]["value"]
    data["options"][1]["value"] = best - second
    return type(ex).model_validate(data)


def test_a_card_the_review_valued_as_good_as_the_best_is_right_not_only_the_best_card() -> None:
    [(_, ex)] = own_cards()
    other = ex.options[1].cards[0]  # type: ignore[union-attr]
    assert not ex.judge(other).correct  # as the review valued it: far below the best
    close = _revalued(ex, 2.9)  # below the inaccuracy cut-off: the review calls it no loss
    assert close.judge(other).correct and close.check() == []
    assert not _revalued(ex, 3.0).judge(other).correct


def test_an_own_mistake_whose_values_are_not_the_legal_cards_fails_its_check() -> None:
    [(_, ex)] = own_cards()
    data = ex.model_dump(mode="json")
    data["options"] = data["options"][:-1]  # a legal card left unvalued
    issues = type(ex).model_validate(data).check()
    assert issues and "legal cards" in issues[0].message


def test_an_own_puzzles_id_is_read_only_when_well_formed_and_bounded() -> None:
    assert is_own(item_of(12, 3, 14))
    assert is_own(decision_item(12, 3, Decision.ECART)) and not is_own("own-12-3-card")
    assert not is_own("own-12-3-trick")
    assert not is_own("own-12-3") and not is_own("own-a-3-14") and not is_own("gen-1-2-3")
    assert not is_own("own-" + "9" * 300 + "-1-1")
