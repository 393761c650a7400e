"""A legal écart is judged by the principles lesson 6 teaches, computed from the hand: the
voids it makes against those within reach, the queens and cavaliers it leaves loose. It is
never called the best: the verdict is "right" when it misses none of them, else "legal, to
improve" (newcomer review 2, item 17: any legal écart was "Right!")."""

from __future__ import annotations

from tests.bank import bank
from tutor.content.kinds import EcartExercise
from tutor.content.kinds.ecart import LEGAL_TO_IMPROVE, judge_ecart
from tutor.content.verdict import RIGHT
from tutor.engine import Suit, mask_of, parse_card, parse_cards


def ecart_puzzle(puzzle_id: str) -> EcartExercise:
    ex = bank().puzzle(puzzle_id).exercise
    assert isinstance(ex, EcartExercise)
    return ex


def test_two_voids_and_the_cavalier_banked_meet_every_principle() -> None:
    ex = ecart_puzzle("ecart-01")  # the review's écart: the four diamonds and two clubs
    ecart = frozenset(parse_cards("ND 8D 5D 1D JC 6C"))
    judged = ex.judgement(ecart)
    assert set(judged.voids) == {Suit.DIAMONDS, Suit.CLUBS}
    assert judged.saved == (parse_card("ND"),) and judged.meets_every_principle
    assert judged.is_example  # the puzzle's own example since this fix
    assert ex.judge(ecart).code == RIGHT


def test_a_legal_ecart_with_one_void_where_two_were_within_reach_is_legal_to_improve() -> None:
    ex = ecart_puzzle("ecart-01")
    ecart = frozenset(parse_cards("JC 6C 9S 4S 3S 2H"))  # the puzzle's example before
    verdict = ex.judge(ecart)
    assert verdict.correct and verdict.code == LEGAL_TO_IMPROVE
    judged = ex.judgement(ecart)
    assert judged.voids == (Suit.CLUBS,) and judged.void_missed
    assert set(judged.voids_possible) == {Suit.DIAMONDS, Suit.CLUBS}
    assert not judged.is_example


def test_a_queen_kept_without_her_king_in_a_short_suit_is_named_loose() -> None:
    hand = mask_of(parse_cards(
        "QS 9S 7S 2S KH NH 5H 4H KD 10D 8D 6D 3D 9C 1C T20 T18 T16 T13 T11 T7 T6 T4 T1"))
    keeps_the_queen = mask_of(parse_cards("9C 1C 2S 7S 3D 6D"))
    judged = judge_ecart(hand, keeps_the_queen)
    assert judged.loose == (parse_card("QS"),) and judged.loose_avoidable
    banks_her = judge_ecart(hand, mask_of(parse_cards("9C 1C QS 9S 7S 2S")))
    assert banks_her.loose == () and banks_her.meets_every_principle


def test_the_called_kings_suit_is_no_void_to_aim_for_at_five_players() -> None:
    ex = ecart_puzzle("ecart-18")  # keeps the 10 of clubs to reach the king of clubs called
    judged = ex.judgement(frozenset(ex.expected()))
    assert Suit.CLUBS not in judged.voids_possible and judged.meets_every_principle


def test_every_authored_example_ecart_meets_every_principle() -> None:
    """An example shown as the solution must not be one the page calls "to improve"."""
    checks = [p.exercise for p in bank().puzzles if isinstance(p.exercise, EcartExercise)]
    checks += [s.check for lesson in bank().lessons for s in lesson.steps
               if isinstance(s.check, EcartExercise)]
    missed = [ex.answer for ex in checks if ex.answer is not None
              and not ex.judgement(frozenset(ex.answer)).meets_every_principle]
    assert missed == []
