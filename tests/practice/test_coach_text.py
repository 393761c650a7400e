"""Every coach item has its words in English and Italian, in plain text, and a refusal links
to its lesson step."""

from __future__ import annotations

import re
from itertools import product

import pytest

from tests.practice.coach_positions import bidding, taking
from tutor.bots import hand_count
from tutor.engine.cards import EXCUSE, PETIT, TRUMP_21, Suit, mask_of, parse_card, parse_cards
from tutor.engine.contracts import Contract
from tutor.engine.game import Phase
from tutor.practice.advice import (
    BidAdvice,
    BidRisk,
    BidRiskCode,
    BidWhy,
    CallAdvice,
    CallWhy,
    CoachLevel,
    EcartAdvice,
    EcartCard,
    EcartReview,
    EcartWhy,
    HandFacts,
    PetitGuard,
    bid_advice,
    call_advice,
    ecart_advice,
    ecart_review,
)
from tutor.practice.coach import Remark, RemarkCode, Side
from tutor.practice.deal import Refusal
from tutor.practice.explain import REFUSAL_LESSONS, explain_refusal
from tutor.ui.coach_text import (
    card_label,
    ecart_card_text,
    lesson_link,
    level_text,
    text,
)
from tutor.ui.i18n import catalog

C = parse_card
LANGS = ("en", "it")
MARKUP = re.compile(r"[*_`<>\[\]#|]|\{|\}")
FACTS = HandFacts(
    oudlers=(PETIT, TRUMP_21, EXCUSE),
    trumps=9,
    high_trumps=3,
    kings=tuple(parse_cards("KS KH")),
    long_suits=((Suit.SPADES, 6),),
    voids=(Suit.CLUBS,),
    singletons=(Suit.DIAMONDS,),
    petit=PetitGuard.GUARDED,
)

# A hand whose count has every item: oudlers, trumps, majors in a run, honours, shape.
COUNT = hand_count(mask_of(parse_cards("T21 T20 T19 T1 T5 T8 T10 EX KH QH NH JH 9H 8H KS 4S "
                                       "7D 5D")), 4)


def plain(sentence: str, lang: str) -> str:
    assert sentence.strip(), lang
    assert not MARKUP.search(sentence), sentence
    assert "coach." not in sentence, sentence  # a missing catalog key shows itself
    return sentence


def items() -> list[object]:
    out: list[object] = []
    for why in BidWhy:
        out.append(BidAdvice(FACTS, COUNT, Contract.GARDE, Contract.GARDE, why, Contract.PRISE))
    for code, unguarded in product(BidRiskCode, (False, True)):
        out.append(BidRisk(code, Contract.GARDE, Contract.PRISE, unguarded))
    for why in CallWhy:
        out.append(CallAdvice(tuple(parse_cards("KS KH KD KC")), C("KH"), why, 3, (C("QH"),)))
    cards = tuple(EcartCard(card, why) for card, why in zip(
        parse_cards("9D QC 2S JH T2"),
        (EcartWhy.MAKES_VOID, EcartWhy.SAVES_POINTS, EcartWhy.LOW_CARD, EcartWhy.SHORT_SUIT,
         EcartWhy.TRUMP_UNAVOIDABLE),
        strict=True,
    ))
    out.append(EcartAdvice(cards, (), (Suit.DIAMONDS,), 13, (C("T2"),)))
    out.append(
        EcartReview(
            (Suit.DIAMONDS,), (Suit.CLUBS,), 9, (C("T2"),), (C("QC"),), (C("KS"),), (), 9, False
        )
    )
    out.append(EcartReview((), (), 3, (), (), (), (Suit.HEARTS,), 5, False))
    out.append(EcartReview((), (), 3, (), (), (), (), 5, False))
    out.append(EcartReview((Suit.HEARTS,), (), 5, (), (), (), (Suit.HEARTS,), 5, True))
    for code in RemarkCode:
        for cheaper in (None, C("2H")):
            out.append(Remark(3, code, C("KH"), 1, Side.TAKER, 9, cheaper))
    out.append(Remark(3, RemarkCode.PETIT_SAVED, PETIT, 0, Side.DEFENCE, 9))
    for code in [*REFUSAL_LESSONS, "not_in_hand", "wrong_phase", "not_in_ecart",
                 "poignee_too_late"]:
        out.append(explain_refusal(Refusal(code, C("QH"), (C("2S"),), 0)))
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_every_coach_item_has_plain_words(lang):
    for item in items():
        for players in (3, 4, 5):
            plain(text(item, lang, players), lang)  # type: ignore[arg-type]


def test_the_two_languages_say_each_item_differently():
    for item in items():
        english = text(item, "en", 4)  # type: ignore[arg-type]
        italian = text(item, "it", 4)  # type: ignore[arg-type]
        assert english != italian, english


def test_both_catalogs_have_the_same_coach_keys():
    keys = {lang: {k for k in catalog(lang) if k.startswith("coach.")} for lang in LANGS}
    assert keys["en"] == keys["it"]
    for why in EcartWhy:
        assert f"coach.ecart.{why.value}" in keys["en"]
    for level in CoachLevel:
        assert level_text(level, "it") != level_text(level, "en")


def test_every_remark_code_has_its_own_sentence():
    # a code falling back to the key would show "coach.remark..." and fail plain()
    for code in RemarkCode:
        assert f"coach.remark.{code.value}" in catalog("en")
        assert f"coach.remark.{code.value}" in catalog("it")


def test_a_refusal_links_to_its_lesson_step_with_a_readable_label():
    item = explain_refusal(Refusal("must_overtrump", C("T3"), (C("T15"),), 3))
    link = lesson_link(item, "it")
    assert link is not None
    assert link.path == "lessons?lesson=trick-obligations&step=3&lang=it"
    assert link.label.startswith("Lezione 7, passo 3")
    assert lesson_link(explain_refusal(Refusal("wrong_phase")), "en") is None


def test_a_refused_card_is_named_with_the_rule():
    item = explain_refusal(Refusal("must_follow_suit", C("QH"), (C("2S"),), 0))
    sentence = text(item, "en", 4)
    assert sentence.startswith("Queen of hearts — ") and "2 of spades" in sentence
    assert card_label(C("QH"), item, "en") == "Queen of hearts, not playable: you must follow suit."
    assert card_label(C("2S"), None, "it") == "2 di picche, giocabile"


def test_real_advice_reads_in_both_languages():
    deal = taking("T21 EX T1 T15 T12 T9 T6 T3 KS 9S 7S 5S KH 8H 6H 9D 5D QC", "3S 2S 4H 3H T2 T4")
    advice = ecart_advice(deal, 0)
    review = ecart_review(deal, 0, 0)
    five = taking("T21 T17 T13 T10 T8 KS QS 9S 8H 7H 6H 3H 10D 6D 7C", "", players=5)
    assert five.phase is Phase.CALLING
    for lang in LANGS:
        for item in (bid_advice(bidding("T21 T17 T13 T10 T8 T5 T2 KS QS 9S 4S KH 8H 3H 10D 6D "
                                        "7C 2C"), 0), advice, review, call_advice(five, 0)):
            plain(text(item, lang, 4), lang)
        for card in advice.cards:
            plain(ecart_card_text(card, lang), lang)
    english = text(bid_advice(bidding("T15 T11 T7 T4 QD JD 9D 6D 2D NS 8S 5S 3S 10H 7H 4H 9C "
                                      "6C"), 0), "en", 4)
    assert english.startswith("Your hand counts 11 (lesson 17's count): a queen without its "
                              "king +3,")
    assert "Under 40 the count says pass" in english


def test_advice_and_remarks_link_to_their_lesson():
    bid = lesson_link(bid_advice(bidding("T21 T17 T13 T10 T8 T5 T2 KS QS 9S 4S KH 8H 3H 10D 6D "
                                         "7C 2C"), 0), "en")
    assert bid is not None and bid.path == "lessons?lesson=bidding-with-a-count&step=4&lang=en"
    kept = Remark(16, RemarkCode.EXCUSE_KEPT, EXCUSE, 1, Side.TAKER, 9)
    link = lesson_link(kept, "en")
    assert link is not None and link.label == "Lesson 8, step 7: The Excuse"
    assert lesson_link(Remark(3, RemarkCode.CHARGED, C("KH"), 1, Side.TAKER, 9), "en") is None


@pytest.mark.parametrize("lang", LANGS)
def test_a_prise_too_weak_to_take_names_no_multiplier(lang):
    """A loss at a prise is multiplied by 1: the risk says only that the hand likely loses,
    while at a garde it says the loss is doubled."""
    prise = text(BidRisk(BidRiskCode.TOO_WEAK, Contract.PRISE, None, False), lang, 4)
    garde = text(BidRisk(BidRiskCode.TOO_WEAK, Contract.GARDE, None, False), lang, 4)
    assert prise == catalog(lang)["coach.risk.too_weak_prise"]
    assert "1" not in prise
    assert "2" in garde
