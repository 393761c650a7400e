"""The evaluator: the engine's answer, and a verdict with a reason code for every kind."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from pydantic import TypeAdapter

from tutor.content import Exercise, evaluate, expected_answer, load_lesson, load_puzzle
from tutor.content.checks import check_exercise
from tutor.content.loader import REPO_ROOT
from tutor.engine.cards import parse_card, parse_cards

EXERCISE: TypeAdapter[Any] = TypeAdapter(Exercise)
Q = {"en": "?", "it": "?"}


def ex(kind: str, **fields: Any) -> Any:
    exercise = EXERCISE.validate_python({"kind": kind, "question": Q, **fields})
    assert check_exercise(exercise) == []
    return exercise


def cards(text: str) -> frozenset[int]:
    return frozenset(parse_cards(text))


def puzzle(rel: str) -> Any:
    return load_puzzle(REPO_ROOT / "puzzles" / f"{rel}.yaml")


# --- play --------------------------------------------------------------------------------------
def test_trump_led_must_overtrump_even_partner() -> None:
    p = puzzle("overtrump/overtrump-01")
    verdict = evaluate(p, parse_card("T9"))
    assert (verdict.correct, verdict.code) == (False, "must_play_higher_trump")
    assert set(verdict.cards) == cards("T17 T15")
    assert evaluate(p, "T15").correct and evaluate(p, "T17").code == "right"
    assert expected_answer(p) == cards("T17 T15")


def test_plain_card_when_trump_led_is_refused_with_the_forcing_trumps() -> None:
    verdict = evaluate(puzzle("overtrump/overtrump-01"), "KS")
    assert verdict.code == "must_play_higher_trump" and set(verdict.cards) == cards("T17 T15")


def test_legal_but_not_accepted_card_names_the_accepted_ones() -> None:
    p = puzzle("card-play/save-the-petit-01")
    verdict = evaluate(p, "T6")
    assert (verdict.correct, verdict.code, verdict.cards) == (False, "not_accepted",
                                                              (parse_card("T1"),))
    assert evaluate(p, "T1").correct
    assert evaluate(p, "KD").code == "must_play_trump"
    assert expected_answer(p) == cards("T1")


def test_must_follow_suit_and_the_excuse_always_legal() -> None:
    play = ex("play", position={"players": 4, "hand": "KD 3D T8 EX 5S", "trick": "9D"})
    verdict = evaluate(play, "T8")
    assert verdict.code == "must_follow_suit" and set(verdict.cards) == cards("KD 3D")
    assert evaluate(play, "EX").correct
    assert evaluate(play, "3D").correct  # no accept: every legal card is right


def test_void_must_trump_then_overtrump_or_undertrump() -> None:
    trump = ex("play", position={"players": 4, "hand": "T15 T3 5S", "trick": "9D"})
    assert evaluate(trump, "5S").code == "must_trump"
    over = ex("play", position={"players": 4, "hand": "T15 T3 5S", "trick": "9D T12"})
    assert evaluate(over, "T3").code == "must_overtrump"
    under = ex("play", position={"players": 4, "hand": "T10 T3 5S", "trick": "9D T12"})
    assert evaluate(under, "5S").code == "must_undertrump"
    assert evaluate(under, "T3").correct


def test_card_not_in_hand() -> None:
    play = ex("play", position={"players": 4, "hand": "KD 3D", "trick": "9D"})
    assert evaluate(play, "QD").code == "not_in_hand"


def test_five_player_called_suit_on_the_first_trick() -> None:
    p = puzzle("five-player-first-trick/called-suit-01")  # the queen of diamonds is called
    verdict = evaluate(p, "9D")
    assert verdict.code == "called_suit_first_trick" and verdict.cards == (parse_card("QD"),)
    assert evaluate(p, "NS").correct
    assert parse_card("JD") not in expected_answer(p)  # type: ignore[operator]


# --- legal set -------------------------------------------------------------------------------
def test_legal_set_right_and_wrong() -> None:
    p = puzzle("follow-suit/follow-suit-01")
    assert evaluate(p, {parse_card(c) for c in ("JC", "2C", "EX")}).correct
    verdict = evaluate(p, cards("JC 2C T15"))
    assert (verdict.correct, verdict.code) == (False, "wrong_set")
    assert set(verdict.cards) == cards("EX T15")  # the missing and the extra cards
    assert verdict.expected == cards("JC 2C EX")


# --- écart -------------------------------------------------------------------------------------
def test_ecart_any_legal_one_is_right() -> None:
    p = puzzle("ecart/ecart-01")
    assert evaluate(p, cards("ND 8D 5D 1D JC 6C")).correct
    assert evaluate(p, "JC 6C 9S 4S 3S 7H").correct  # not the example, yet legal
    assert expected_answer(p) == cards("ND 8D 5D 1D JC 6C")


@pytest.mark.parametrize("ecart, code, card", [
    ("JC 6C 9S 4S 3S KS", "king_in_ecart", "KS"),
    ("JC 6C 9S 4S 3S T1", "oudler_in_ecart", "T1"),
    ("JC 6C 9S 4S 3S T4", "trump_while_other_cards", "T4"),
    ("JC 6C 9S 4S 3S 10C", "not_in_hand", "10C"),
])
def test_ecart_refused_card_has_its_reason(ecart: str, code: str, card: str) -> None:
    verdict = evaluate(puzzle("ecart/ecart-01"), cards(ecart))
    assert (verdict.correct, verdict.code, verdict.cards) == (False, code, (parse_card(card),))


def test_ecart_of_the_wrong_size() -> None:
    verdict = evaluate(puzzle("ecart/ecart-01"), cards("JC 6C 9S"))
    assert (verdict.correct, verdict.code) == (False, "wrong_ecart_size")


def test_ecart_trumps_when_unavoidable() -> None:
    # 5 players: 15 + 3 cards, only two discardable plain cards: one trump must go.
    hand = "KS KH KD KC QS 2S T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T1 EX"
    ecart = ex("ecart", position={"players": 5, "hand": hand})
    assert evaluate(ecart, "QS 2S T12").correct
    assert evaluate(ecart, "QS 2S T1").code == "oudler_in_ecart"
    assert evaluate(ecart, "QS 2S KS").code == "king_in_ecart"


# --- numbers -----------------------------------------------------------------------------------
@pytest.mark.parametrize("answer", [19, "19", 19.0, Fraction(19), "19.0", " 19 "])
def test_french_count_right(answer: object) -> None:
    assert evaluate(puzzle("counting/counting-01"), answer).correct


def test_french_count_wrong_and_halves() -> None:
    p = puzzle("counting/counting-01")
    verdict = evaluate(p, 18.5)
    assert (verdict.correct, verdict.code, verdict.expected) == (False, "wrong_number",
                                                                 Fraction(19))
    assert evaluate(p, "abc").code == "not_a_number"
    king = ex("count", pile="KH")
    assert evaluate(king, "4.5").correct and evaluate(king, "4,5").correct
    assert evaluate(king, 5).code == "wrong_number"
    assert expected_answer(king) == Fraction(9, 2)


def test_italian_count() -> None:
    p = puzzle("italian-counting/italian-counting-01")
    assert evaluate(p, 17).correct
    assert evaluate(p, 23).code == "wrong_number"  # forgetting to subtract per group
    assert expected_answer(p) == 17


def test_score_right_and_wrong() -> None:
    p = puzzle("scoring/scoring-01")
    assert evaluate(p, 318).correct and evaluate(p, "+318").correct
    verdict = evaluate(p, 378)
    assert (verdict.correct, verdict.code, verdict.expected) == (False, "wrong_number", 318)


@pytest.mark.parametrize("ask, expected", [("taker", 318), ("defender", -106), ("unit", 106)])
def test_score_asks(ask: str, expected: int) -> None:
    deal = {"players": 4, "contract": "garde", "points": 49, "oudlers": 2,
            "petit_au_bout": "attack", "poignees": ["simple"]}
    assert expected_answer(ex("score", deal=deal, ask=ask)) == expected


def test_score_five_players_partner_and_half_points() -> None:
    deal = {"players": 5, "contract": "prise", "points": 41.5, "oudlers": 2}
    partner = ex("score", deal=deal, ask="partner", answer=26)
    assert evaluate(partner, 26).correct  # made by 1 (41.5 counts 42): 25 + 1 = 26
    assert expected_answer(ex("score", deal=deal)) == 52


def test_bid_needed() -> None:
    p = puzzle("needed-and-bidding/needed-01")
    assert evaluate(p, 41).correct
    assert evaluate(p, 36).code == "wrong_number"


def test_allowed_bids() -> None:
    p = puzzle("needed-and-bidding/allowed-bids-01")
    assert evaluate(p, {"pass", "garde-sans", "garde-contre"}).correct
    assert evaluate(p, "garde-contre pass garde-sans").correct
    verdict = evaluate(p, {"pass", "garde", "garde-sans", "garde-contre"})
    assert (verdict.correct, verdict.code) == (False, "wrong_set")
    assert verdict.expected == frozenset({"pass", "garde-sans", "garde-contre"})
    first = ex("bid", ask="allowed-bids", position={"players": 3, "bids": []})
    assert expected_answer(first) == frozenset({"pass", "prise", "garde", "garde-sans",
                                                "garde-contre"})


# --- choice and lesson checks --------------------------------------------------------------
def test_choice() -> None:
    lesson = load_lesson(REPO_ROOT / "lessons/01-the-deck.yaml")
    choice = next(s.check for s in lesson.steps
                  if s.check is not None and s.check.kind == "choice" and s.check.correct == 3)
    assert evaluate(choice, 3).correct
    verdict = evaluate(choice, 0)
    assert (verdict.correct, verdict.code, verdict.expected) == (False, "wrong_choice", 3)
    assert not evaluate(choice, True).correct


def test_lesson_checks_evaluate_like_puzzles() -> None:
    lesson = load_lesson(REPO_ROOT / "lessons/01-the-deck.yaml")
    checks = {s.check.kind: s.check for s in lesson.steps if s.check is not None}
    assert evaluate(checks["count"], 5).correct
    assert evaluate(checks["legal-set"], cards("KD 3D EX")).correct
    assert evaluate(checks["legal-set"], cards("KD 3D")).code == "wrong_set"
