"""The coach during the play: each card's verdict, a refusal with the lesson step that teaches
its rule (checked against the lesson files), and the remarks after a trick: a king trumped,
the Excuse kept too long."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
import yaml

from tests.practice.coach_positions import endgame
from tutor.engine.cards import EXCUSE, parse_card
from tutor.engine.ecart import EcartReason
from tutor.engine.game import Deal
from tutor.engine.play import Reason
from tutor.practice.coach import RemarkCode, trick_remarks
from tutor.practice.deal import Refusal
from tutor.practice.explain import (
    ADVICE_LESSONS,
    REFUSAL_LESSONS,
    REMARK_LESSONS,
    AdviceTopic,
    RefusalKind,
    card_verdicts,
    explain_refusal,
    refusal_kind,
)

C = parse_card
LESSONS = Path(__file__).resolve().parents[2] / "lessons"

# What the step must say for each rule, in each language (lowercase).
RULE_WORDS: dict[str, tuple[str, str]] = {
    "must_follow_suit": ("follow suit", "fournir"),
    "must_trump": ("couper", "couper"),
    "must_overtrump": ("surcouper", "surcouper"),
    "must_undertrump": ("sous-couper", "sous-couper"),
    "must_play_higher_trump": ("go higher", "sali"),
    "must_play_trump": ("any trump", "un atout qualsiasi"),
    "called_suit_first_trick": ("called suit", "seme chiamato"),
    "king_in_ecart": ("king", "re**"),
    "oudler_in_ecart": ("oudler", "bout"),
    "trump_while_other_cards": ("unavoidable", "inevitabile"),
    "wrong_ecart_size": ("six cards", "sei carte"),
    "poignee_wrong_count": ("exactly", "se ne mostrano"),
    "poignee_card_not_a_trump": ("trumps", "atout"),
    "poignee_excuse_while_trump_hidden": ("hidden", "nascosto"),
}


@cache
def lesson_files() -> dict[str, dict]:
    out = {}
    for path in LESSONS.glob("[0-9]*.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        out[data["id"]] = data
    return out


def test_every_rule_the_engine_refuses_with_has_a_lesson_step():
    rules = {r.value for r in Reason} - {"not_in_hand"}
    rules |= {r.value for r in EcartReason} - {"not_in_hand"}
    assert rules <= set(REFUSAL_LESSONS)
    assert set(REFUSAL_LESSONS) == set(RULE_WORDS)


@pytest.mark.parametrize("code", sorted(REFUSAL_LESSONS))
def test_the_lesson_step_of_a_refusal_exists_and_teaches_the_rule(code):
    step = REFUSAL_LESSONS[code]
    lesson = lesson_files()[step.lesson]
    assert lesson["number"] == step.number
    assert 1 <= step.step <= len(lesson["steps"])
    text = lesson["steps"][step.step - 1]["text"]
    for lang, words in zip(("en", "it"), RULE_WORDS[code], strict=True):
        assert words in text[lang].lower(), (code, lang)


def test_refusals_are_sorted_by_the_kind_of_rule():
    assert refusal_kind("must_overtrump") is RefusalKind.PLAY
    assert refusal_kind("king_in_ecart") is RefusalKind.ECART
    assert refusal_kind("poignee_wrong_count") is RefusalKind.POIGNEE
    assert refusal_kind("wrong_phase") is RefusalKind.OTHER
    assert refusal_kind("not_in_hand") is RefusalKind.PLAY


def test_a_refused_card_is_explained_with_its_lesson_step():
    item = explain_refusal(Refusal("must_follow_suit", C("T5"), (C("2H"),), 1))
    assert item.kind is RefusalKind.PLAY and item.forcing == (C("2H"),)
    assert item.lesson is not None and item.lesson.lesson == "trick-obligations"
    assert explain_refusal(Refusal("wrong_phase")).lesson is None


def hearts_led() -> Deal:
    """Seat 0 to play on a heart led by seat 3, holding a heart, a trump and a club."""
    return endgame(
        {0: "2H T5 3C", 1: "4H 5H T20", 2: "6H 7H 4C", 3: "9H 5C"},
        taker=1,
        leader=3,
        attack_tricks=5,
        trick="8H",
    )


def test_each_card_to_play_has_its_verdict():
    verdicts = card_verdicts(hearts_led(), 0)
    assert verdicts[C("2H")] is None
    refused = verdicts[C("T5")]
    assert refused is not None and refused.code == Reason.MUST_FOLLOW_SUIT.value
    assert refused.forcing == (C("2H"),) and refused.led == 1
    assert verdicts[C("3C")] is not None


def test_no_verdicts_when_it_is_not_the_seats_turn():
    assert card_verdicts(hearts_led(), 1) == {}


def test_cards_for_the_ecart_have_the_engines_verdict():
    from tests.practice.coach_positions import taking

    deal = taking("T21 EX T1 T15 T12 T9 T6 T3 KS 9S 7S 5S KH 8H 6H 9D 5D QC", "3S 2S 4H 3H T2 T4")
    verdicts = card_verdicts(deal, 0)
    king = verdicts[C("KS")]
    assert king is not None and king.code == "king_in_ecart" and king.kind is RefusalKind.ECART
    assert verdicts[C("T2")] is not None and verdicts[C("T2")].code == "trump_while_other_cards"
    assert verdicts[C("9D")] is None


# --- remarks after a trick ----------------------------------------------------------------
def play_trick(deal: Deal, *codes: str) -> int:
    for code in codes:
        deal.play(C(code))
    return len(deal.tricks) - 1


def king_position() -> Deal:
    """Seat 0 (defence) leads; seat 1 (the taker) has one heart, then trumps."""
    return endgame(
        {0: "10H KH 2C", 1: "3H T20 T19", 2: "4H 6H 3C", 3: "5H 7H 4C"},
        taker=1,
        leader=0,
        attack_tricks=5,
    )


def codes(deal: Deal, index: int) -> list[RemarkCode]:
    return [r.code for r in trick_remarks(deal, index, 0, deal.legal_plays())]


def test_a_king_cashed_after_its_suit_went_round_and_trumped_is_late():
    deal = king_position()
    play_trick(deal, "10H", "3H", "4H", "5H")  # hearts go round, seat 0 wins
    index = play_trick(deal, "KH", "T20", "6H", "7H")
    assert codes(deal, index) == [RemarkCode.KING_CUT_LATE]


def test_a_king_led_the_first_time_and_trumped_is_cut_not_late():
    deal = endgame(
        {0: "KH 10H 2C", 1: "T18 T20 T19", 2: "4H 6H 3C", 3: "5H 7H 4C"},
        taker=1,
        leader=0,
        attack_tricks=5,
    )
    index = play_trick(deal, "KH", "T18", "4H", "5H")
    assert codes(deal, index) == [RemarkCode.KING_CUT]


def test_a_king_that_wins_gets_no_remark():
    deal = king_position()
    index = play_trick(deal, "KH", "3H", "4H", "5H")
    assert codes(deal, index) == []


def excuse_endgame(*, taker: int, attack_tricks: int) -> Deal:
    """Two cards each, seat 0 holding the Excuse and leads the second-to-last trick."""
    return endgame(
        {0: "EX 2C", 1: "3C 4C", 2: "5C 6C", 3: "7C 8C"},
        taker=taker,
        leader=0,
        attack_tricks=attack_tricks,
    )


def test_the_excuse_kept_with_two_cards_left_is_pointed_out():
    deal = excuse_endgame(taker=1, attack_tricks=10)
    index = play_trick(deal, "2C", "3C", "5C", "7C")
    assert codes(deal, index) == [RemarkCode.EXCUSE_KEPT]


def test_the_excuse_played_with_two_cards_left_gets_no_remark():
    deal = excuse_endgame(taker=1, attack_tricks=10)
    index = play_trick(deal, "EX", "3C", "5C", "7C")
    assert RemarkCode.EXCUSE_KEPT not in codes(deal, index)


def test_the_excuse_kept_by_a_side_that_won_every_trick_is_right_for_the_chelem():
    deal = excuse_endgame(taker=0, attack_tricks=16)
    index = play_trick(deal, "2C", "3C", "5C", "7C")  # the 7 of clubs wins: seat 3
    # seat 3 is a defender: the attack no longer has every trick, so the remark comes
    assert codes(deal, index) == [RemarkCode.EXCUSE_KEPT]
    won = endgame(
        {0: "EX 9C", 1: "3C 4C", 2: "5C 6C", 3: "7C 8C"}, taker=0, leader=0, attack_tricks=16
    )
    index = play_trick(won, "9C", "3C", "5C", "7C")
    assert codes(won, index) == []
    assert won.hands[0] >> EXCUSE & 1


# --- the lessons behind advice and remarks ------------------------------------------------
ADVICE_WORDS = {
    AdviceTopic.BID: ("the scale", "la scala"),
    AdviceTopic.CALL: ("short suit they hold", "seme corto che hanno"),
    AdviceTopic.ECART: ("make a void", "fai un vuoto"),
}
REMARK_WORDS = {
    RemarkCode.EXCUSE_LAST: ("last trick", "ultima presa"),
    RemarkCode.EXCUSE_LAST_TO_WINNER: ("house rule", "regola della casa"),
    RemarkCode.EXCUSE_KEPT: ("play the excuse **now**", "gioca ora l'excuse"),
    RemarkCode.PETIT_AU_BOUT: ("petit au bout", "petit au bout"),
    RemarkCode.PETIT_AU_BOUT_STAKE: ("10 × the multiplier", "10 × il moltiplicatore"),
}


@pytest.mark.parametrize(
    ("step", "words"),
    [(ADVICE_LESSONS[k], w) for k, w in ADVICE_WORDS.items()]
    + [(REMARK_LESSONS[k], w) for k, w in REMARK_WORDS.items()],
)
def test_advice_and_remarks_link_to_a_step_that_teaches_them(step, words):
    lesson = lesson_files()[step.lesson]
    assert lesson["number"] == step.number
    text = lesson["steps"][step.step - 1]["text"]
    for lang, expected in zip(("en", "it"), words, strict=True):
        assert expected in text[lang].lower(), (step, lang)
    assert set(REMARK_LESSONS) == set(REMARK_WORDS)


def test_a_king_trumped_by_a_player_whose_side_is_unknown_gets_no_remark():
    # 5 players: the taker (seat 1) called the king of diamonds, still unplayed (seat 3
    # holds it); seat 2 trumps the learner's king: a defender, but the learner cannot know.
    deal = endgame(
        {0: "KH 2C", 1: "3C T20", 2: "T18 4C", 3: "KD 5C", 4: "4H 6C"},
        taker=1,
        leader=0,
        attack_tricks=4,
        players=5,
        called=C("KD"),
        partner=3,
    )
    index = play_trick(deal, "KH", "T20", "T18", "KD", "4H")
    assert deal.tricks[index].winner == 1
    assert codes(deal, index) == [RemarkCode.KING_CUT]  # the taker is known to be a foe
    deal = endgame(
        {0: "KH 2C", 1: "3C 2D", 2: "T18 4C", 3: "KD 5C", 4: "4H 6C"},
        taker=1,
        leader=0,
        attack_tricks=4,
        players=5,
        called=C("KD"),
        partner=3,
    )
    index = play_trick(deal, "KH", "3C", "T18", "5C", "4H")
    assert deal.tricks[index].winner == 2
    assert codes(deal, index) == []
