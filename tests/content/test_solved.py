"""A solved best-card position: one line per legal card, the "why" of each wrong card the
puzzle's explanation does not name, and a memory that hands its proof to the judge."""

from __future__ import annotations

import pickle

import pytest

import tutor.analysis.bestcard as bestcard_module
from tests.bank import bank
from tutor.content.bestcard import explanation_for
from tutor.content.kinds import BestCardExercise
from tutor.content.solved import forget, legal_cards, remember, solve, solved

PUZZLE = "proven-overtrump-high-or-low-10"  # a wrong group of several equivalent trumps


def _exercise() -> BestCardExercise:
    ex = bank().puzzle(PUZZLE).exercise
    assert isinstance(ex, BestCardExercise)
    return ex


def test_every_legal_card_has_the_solvers_line_starting_with_it() -> None:
    ex = _exercise()
    solution = solve(ex.notation, ex.idea)
    cards = legal_cards(solution.proof)
    assert set(solution.lines) == set(cards)
    assert all(solution.line_after(card)[0] == card for card in cards)


def test_only_the_wrong_cards_the_explanation_does_not_name_get_their_own_why() -> None:
    ex = _exercise()
    solution = solve(ex.notation, ex.idea)
    proof = solution.proof
    named = proof.wrong[0][0]
    assert solution.why(proof.best[0], "en") is None and solution.why(named, "en") is None
    other = proof.wrong[0][1]  # equivalent to the named card, yet a card of its own
    for lang in ("en", "it"):
        assert solution.why(other, lang) == explanation_for(proof, other, ex.idea, lang)


def test_a_remembered_solution_is_read_and_judged_without_a_search(
        monkeypatch: pytest.MonkeyPatch) -> None:
    ex = _exercise()
    solution = pickle.loads(pickle.dumps(solve(ex.notation, ex.idea)))  # as a worker sends it
    forget(ex.notation)
    assert solved(ex.notation, ex.idea) is None
    remember(solution)

    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("searched again")

    monkeypatch.setattr(bestcard_module, "prove", no_search)
    assert solved(ex.notation, ex.idea) is solution
    assert ex.expected() == frozenset(solution.proof.best)  # the judge reads the proof
