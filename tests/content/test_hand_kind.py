"""``kind: hand``: a hand's count, the bid it gives and the card to call, each judged by the
bots' own count and call, and refused clearly when the exercise is wrong."""

from __future__ import annotations

from typing import Any

import pytest

from tutor.content.kinds import HandExercise
from tutor.content.verdict import NOT_ACCEPTED, RIGHT, WRONG_NUMBER
from tutor.engine import parse_card

GARDE = "T21 T18 T13 T11 T8 T5 T3 T1 KH QH NH 9H 7H 3H KS 4S 8D 2D"  # counts 70
FIVE = "T21 T17 T13 T10 T8 T5 KS 9S 8H 7H 6H 3H QD 6D 7C"  # calls the king of diamonds
QUESTION = {"en": "?", "it": "?"}


def hand(cards: str, ask: str, answer: Any = None, players: int = 4) -> HandExercise:
    return HandExercise.model_validate({"kind": "hand", "hand": cards, "ask": ask,
                                        "answer": answer, "players": players,
                                        "question": QUESTION})


def test_a_count_is_judged_by_the_bots_count() -> None:
    ex = hand(GARDE, "count", 70)
    assert ex.check() == []
    assert ex.judge(70).code == RIGHT and ex.judge("70").correct
    assert ex.judge(64).code == WRONG_NUMBER


def test_a_wrong_stated_count_is_refused_with_the_count() -> None:
    (issue,) = hand(GARDE, "count", 64).check()
    assert "counts 70, not 64" in issue.message


def test_the_bid_is_the_scales_for_the_count() -> None:
    ex = hand(GARDE, "bid", "garde")
    assert ex.check() == [] and ex.expected() == "garde"
    assert ex.judge("garde-sans").code == NOT_ACCEPTED
    (issue,) = hand(GARDE, "bid", "garde-sans").check()
    assert "(70) gives garde" in issue.message


def test_the_call_is_club_practice_and_only_at_five_players() -> None:
    ex = hand(FIVE, "call", "KD", players=5)
    assert ex.check() == []
    assert ex.judge(parse_card("KD")).correct and not ex.judge("KH").correct
    (issue,) = hand(FIVE, "call", "KH", players=5).check()
    assert "calls KD, not KH" in issue.message
    assert any("only at 5 players" in i.message
               for i in hand(GARDE, "call", "KC").check())


@pytest.mark.parametrize(("cards", "players"), [(GARDE, 5), (FIVE, 4)])
def test_a_hand_of_the_wrong_size_is_refused(cards: str, players: int) -> None:
    issues = hand(cards, "count", None, players=players).check()
    assert any("cards, not" in i.message for i in issues)


PETIT_SEC = "T1 KS QS 9S 4S KH NH 8H 3H QD 10D 6D 2D NC 9C 7C 5C 1C"
PETIT_AND_EXCUSE = "T1 EX QS 9S 4S KH NH 8H 3H QD 10D 6D 2D NC 9C 7C 5C 1C"


def test_a_petit_sec_hand_voids_the_deal_by_the_engines_rule() -> None:
    ex = hand(PETIT_SEC, "redeal", "redeal")
    assert ex.check() == [] and ex.expected() == "redeal"
    assert ex.judge("redeal").code == RIGHT and ex.judge("play").code == NOT_ACCEPTED


def test_the_petit_with_the_excuse_is_played() -> None:
    ex = hand(PETIT_AND_EXCUSE, "redeal", "play")
    assert ex.check() == [] and ex.expected() == "play"
    (issue,) = hand(PETIT_AND_EXCUSE, "redeal", "redeal").check()
    assert "no petit sec: the engine gives play, not redeal" in issue.message


def test_a_redeal_answer_is_play_or_redeal() -> None:
    (issue,) = hand(PETIT_SEC, "redeal", "pass").check()
    assert "play or redeal" in issue.message
