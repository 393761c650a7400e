"""Best-card puzzles: the check proves each one with the solver, the miner finds ideas on fixed
seeds, and every authored explanation names the card the solver proves."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tests.bank import bank
from tutor.analysis import analyse
from tutor.analysis.bestcard import (
    MARGIN,
    Idea,
    NotProven,
    difficulty,
    proof_of,
    prove,
    read_lines,
    recognise,
    ruffed_by_them,
)
from tutor.content import check_paths
from tutor.content.errors import ContentErrors
from tutor.content.evaluate import evaluate, expected_answer
from tutor.content.generate import generate
from tutor.content.loader import load_all
from tutor.content.mine import mine
from tutor.content.models import BestCardExercise, Theme
from tutor.engine.cards import EXCUSE, PETIT, card_name, parse_card

HERE = Path(__file__).resolve().parents[1]
BROKEN = HERE / "content" / "broken_bestcard" / "puzzles" / "best-card"
BANK = bank()
PUZZLES = [p for p in BANK.puzzles if p.theme is Theme.BEST_CARD]


def _best_card(puzzle_id: str) -> BestCardExercise:
    ex = BANK.puzzle(puzzle_id).exercise
    assert isinstance(ex, BestCardExercise)
    return ex


def _errors(name: str) -> list[str]:
    return [f"{e.field}: {e.message}" for e in check_paths([BROKEN / name])]


def test_the_check_fails_on_a_position_with_two_best_cards() -> None:
    errors = _errors("two-best-cards.yaml")
    assert len(errors) == 1
    assert errors[0].startswith("answer: not a best-card puzzle (not_unique)")
    assert "10H and T7 T13 both keep the value -156" in errors[0]


def test_the_check_names_the_proven_card_when_the_stated_answer_is_wrong() -> None:
    assert _errors("wrong-answer.yaml") == [
        "answer: the solver's only best card is KS (the taker's mark +432), not T19"
    ]


def test_the_check_refuses_an_idea_the_solver_lines_do_not_show() -> None:
    assert _errors("wrong-idea.yaml") == [
        "idea: the solver's lines do not show 'save-the-petit' (they show cash-the-king)"
    ]


def test_the_check_error_names_the_file_and_line() -> None:
    error, = check_paths([BROKEN / "wrong-answer.yaml"])
    assert error.path.endswith("wrong-answer.yaml") and error.line == 8


def test_a_wrong_card_that_loses_less_than_the_margin_is_no_puzzle() -> None:
    notation = _best_card("proven-cash-the-king-01").notation
    loss = proof_of(notation).loss
    with pytest.raises(NotProven) as refused:
        prove(notation, margin=loss + 1)
    assert refused.value.code == "small_margin"


def test_every_other_card_loses_at_least_the_margin() -> None:
    for puzzle in PUZZLES:
        ex = puzzle.exercise
        assert isinstance(ex, BestCardExercise)
        a = analyse(ex.notation)
        assert a.exact
        best = a.cards[0].value
        assert best is not None
        for other in a.cards[1:]:
            assert other.value is not None
            assert abs(best - other.value) >= MARGIN, puzzle.id


def test_every_explanation_names_the_proven_best_card_in_both_languages() -> None:
    for puzzle in PUZZLES:
        ex = puzzle.exercise
        assert isinstance(ex, BestCardExercise)
        best = proof_of(ex.notation).best
        for lang in ("en", "it"):
            text = puzzle.explanation.get(lang).lower()
            bold = text.split("**")[1]  # the first card in bold is the answer
            assert any(card_name(c, lang).lower() in bold for c in best), (puzzle.id, lang)


def test_the_curated_set_covers_every_idea_at_three_four_and_five_players() -> None:
    assert len(PUZZLES) >= 80
    ideas = Counter(p.exercise.idea for p in PUZZLES if isinstance(p.exercise, BestCardExercise))
    assert all(ideas[idea] >= 6 for idea in Idea), ideas
    players = {p.exercise.position.players for p in PUZZLES if hasattr(p.exercise, "position")}
    assert players == {3, 4, 5}


def test_the_stated_idea_is_one_the_lines_show_and_the_difficulty_follows_the_proof() -> None:
    for puzzle in PUZZLES:
        ex = puzzle.exercise
        assert isinstance(ex, BestCardExercise)
        proof = proof_of(ex.notation)
        assert ex.idea in recognise(proof, read_lines(proof)), puzzle.id
        assert puzzle.difficulty == difficulty(proof.tricks_left, proof.loss), puzzle.id


def test_the_best_card_is_judged_by_the_proof_and_a_wrong_one_names_it() -> None:
    ex = _best_card("proven-cash-the-king-01")
    king = parse_card("KC")
    assert ex.answer == (king,) and proof_of(ex.notation).best == (king,)
    assert evaluate(ex, "KC").correct
    legal_wrong = [c for c in ex.position.hand if evaluate(ex, c).code == "not_accepted"]
    assert legal_wrong
    wrong = evaluate(ex, legal_wrong[0])
    assert not wrong.correct and wrong.cards == (king,)
    assert expected_answer(ex) == frozenset({king})


# The taker leads with one trump out (the 12, Player 4's last): leading the 9 of diamonds
# instead lets Player 4 trump it.
LAST_TRUMP_OUT = (
    "tarot1 4 fft-2012 0 garde-sans:1 - 3H.NH.6C.10C/9D.T3.T7.T17/10H.7C.8C.9C/JS.8H.9H.T12 1:- "
    "1S.2S.5S.7S.8S.9S.10S.QS.2H.4H.7H.QH.1D.3D.8D.QD.1C.3C.5C.T1.T8.T9.T10.T14.T15.T16.T19."
    "T21/3S.4S.6S.NS.1H.5H.KH.2D.4D.5D.6D.7D.JD.ND.KD.4C.NC.QC.KC.T2.T4.T5.T6.T11.T13.T18.T20 "
    "KS.6H.JH.10D.2C.JC 1>0 4@1 -"
)
# The taker leads a trump, but the defence trumps a plain-suit trick in the best line anyway.
STILL_TRUMPED = (
    "tarot1 4 fft-2012 0 prise:3 - JS.QS.9H.NH/NS.7H.T8.T10/KH.10C.T15.T21/T18.T19.T20.EX 3:- "
    "1S.2S.3S.6S.8S.9S.10S.KS.1H.3H.4H.5H.8H.10H.JH.1D.6D.JD.KD.2C.5C.6C.9C.JC.KC.T3.T4.T5.T9."
    "T11.T12.T16/4S.7S.6H.2D.3D.4D.5D.7D.8D.9D.10D.ND.QD.3C.8C.NC.QC.T1.T2.T6.T7.T13.T14.T17 "
    "5S.2H.QH.1C.4C.7C - 8@1 3=T3.T4.T5.T9.T12.T16.T18.T19.T20.EX"
)


def test_a_trump_lead_that_keeps_the_defence_from_trumping_is_draw_trumps() -> None:
    proof = proof_of(LAST_TRUMP_OUT)
    assert proof.best == (parse_card("T17"),)
    reading = read_lines(proof)
    assert Idea.DRAW_TRUMPS in recognise(proof, reading)
    ruff = ruffed_by_them(proof.position, reading.wrong_tricks)
    assert ruff is not None and ruff.winner == 3 and parse_card("T12") in ruff.cards
    assert ruffed_by_them(proof.position, reading.best_tricks) is None


def test_a_trump_lead_after_which_the_defence_still_trumps_is_not_draw_trumps() -> None:
    proof = proof_of(STILL_TRUMPED)
    assert all(card_name(c, "en").startswith("Trump") for c in proof.best)
    reading = read_lines(proof)
    assert ruffed_by_them(proof.position, reading.best_tricks) is not None
    assert Idea.DRAW_TRUMPS not in recognise(proof, reading)


def test_the_miner_finds_the_excuse_played_early_on_a_fixed_seed() -> None:
    find = next(mine(4, range(1, 2), ideas=[Idea.EXCUSE_EARLY], limit=1))
    assert find.proof.best == (EXCUSE,)
    assert find.ideas[0] is Idea.EXCUSE_EARLY
    assert find.seed == 1 and find.difficulty == 1


def test_the_miner_finds_a_petit_hunt_on_a_fixed_seed() -> None:
    find = next(mine(4, range(2026, 2027), ideas=[Idea.HUNT_THE_PETIT], limit=1))
    assert Idea.HUNT_THE_PETIT in find.ideas
    reading = read_lines(find.proof)
    assert any(PETIT in trick.cards for trick in reading.best_tricks)


def test_the_miner_is_the_same_for_the_same_seeds() -> None:
    first = [f.notation for f in mine(3, range(0, 2))]
    assert first == [f.notation for f in mine(3, range(0, 2))]


def test_a_generated_best_card_puzzle_is_proven_and_reproduced_by_its_seed() -> None:
    puzzle = generate("proven", 7, 4)
    again = generate("proven", 7, 4)
    assert puzzle == again and puzzle.id == "gen-proven-4p-7"
    ex = puzzle.exercise
    assert isinstance(ex, BestCardExercise)
    assert set(ex.answer or ()) == set(proof_of(ex.notation).best)


def test_the_app_loads_the_bank_without_proofs_and_tutor_check_still_proves_them(
    tmp_path: Path,
) -> None:
    """The app's bank leaves the solver's proofs to `tutor check` (and to the first display):
    a puzzle the solver refutes loads with prove=False and is refused with the default."""
    puzzles = tmp_path / "puzzles" / "best-card"
    puzzles.mkdir(parents=True)
    (puzzles / "wrong-answer.yaml").write_text((BROKEN / "wrong-answer.yaml").read_text())
    lessons = tmp_path / "lessons"
    lessons.mkdir()
    bank = load_all(lessons, tmp_path / "puzzles", prove=False)
    assert [p.id for p in bank.puzzles] == ["wrong-answer"]
    with pytest.raises(ContentErrors, match="answer"):
        load_all(lessons, tmp_path / "puzzles")
