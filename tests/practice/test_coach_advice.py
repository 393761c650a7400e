"""The coach before each decision: the bid (the hand in lesson 5's words, a computer player's
bid, the risk of another), the call at 5 players, the écart suggested and reviewed."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests.practice.coach_positions import bidding, taking
from tutor.engine.cards import PETIT, TRUMP_21, Suit, mask_of, parse_card, parse_cards
from tutor.engine.contracts import Contract, callable_cards
from tutor.engine.ecart import EcartReason
from tutor.engine.game import Bid, Call, Phase
from tutor.practice.advice import (
    BidRiskCode,
    BidWhy,
    CallWhy,
    EcartWhy,
    PetitGuard,
    bid_advice,
    bid_risk,
    call_advice,
    chien_face_up,
    ecart_advice,
    ecart_review,
    hand_facts,
    risk_of_bid_made,
    trumps_shown,
)

C = parse_card
LESSON_5 = Path(__file__).resolve().parents[2] / "lessons" / "05-bidding.yaml"
GARDE_HAND = "T21 T17 T15 T12 T10 T6 T3 T2 EX KH QH 7H 4H KS 9S 5D 2D 8C"  # lesson 5 step 8
PRISE_HAND = "T21 T17 T13 T10 T8 T5 T2 KS QS 9S 4S KH 8H 3H 10D 6D 7C 2C"
WEAK_PETIT = "T1 T19 T14 T8 KS QS 9S 4S 2S KH 8H 3H 10D 6D 5D 7C 2C 1C"


def lesson_5_hands() -> list[tuple[list[str], str]]:
    """The hands lesson 5 judges, with its verdict ('garde' in step 8, 'pass' in step 9)."""
    steps = yaml.safe_load(LESSON_5.read_text(encoding="utf-8"))["steps"]
    return [(steps[7]["cards"], "garde"), (steps[8]["cards"], "pass")]


# --- the bid ------------------------------------------------------------------------------
@pytest.mark.parametrize(("cards", "verdict"), lesson_5_hands())
def test_the_coach_agrees_with_lesson_5s_worked_hands_at_four_players(cards, verdict):
    advice = bid_advice(bidding(" ".join(cards)), 0)
    said = advice.advised.code if advice.advised is not None else "pass"
    assert said == verdict


def test_the_hand_is_described_in_lesson_5s_order_and_words():
    facts = hand_facts(mask_of(parse_cards(GARDE_HAND)), 4)
    assert set(facts.oudlers) == {TRUMP_21, C("EX")}
    assert facts.trumps == 8 and facts.high_trumps == 2  # the 21 and the 17
    assert set(facts.kings) == {C("KH"), C("KS")}
    assert facts.singletons == (Suit.CLUBS,) and facts.voids == ()
    assert facts.long_suits == () and facts.petit is PetitGuard.NONE


def test_a_long_suit_and_a_void_are_named():
    hand = "T21 T17 T13 T10 T8 T5 T2 KS QS 9S 8S 6S 4S 2S KH 8H 3H 10D"
    facts = hand_facts(mask_of(parse_cards(hand)), 4)
    assert facts.long_suits == ((Suit.SPADES, 7),)
    assert facts.voids == (Suit.CLUBS,)
    assert facts.singletons == (Suit.DIAMONDS,)


def test_a_petit_with_few_trumps_is_unguarded_and_with_many_guarded():
    assert hand_facts(mask_of(parse_cards(WEAK_PETIT)), 4).petit is PetitGuard.UNGUARDED
    many = "T1 T19 T14 T8 T7 T6 T5 QS 9S 4S 2S KH 8H 3H 10D 6D 5D 7C"
    assert hand_facts(mask_of(parse_cards(many)), 4).petit is PetitGuard.GUARDED


def test_the_advice_says_why_with_the_bid():
    assert bid_advice(bidding(GARDE_HAND), 0).why is BidWhy.STRONG
    prise = bid_advice(bidding(PRISE_HAND), 0)
    assert prise.advised is Contract.PRISE and prise.why is BidWhy.AVERAGE
    assert bid_advice(bidding(WEAK_PETIT), 0).why is BidWhy.WEAK


def test_a_hand_outbid_is_advised_to_pass_and_says_so():
    advice = bid_advice(bidding(GARDE_HAND, before=(Contract.GARDE,)), 0)
    assert advice.worth is Contract.GARDE and advice.advised is None
    assert advice.why is BidWhy.OUTBID and advice.highest is Contract.GARDE


def test_the_advised_bid_has_no_risk_note():
    assert bid_risk(bidding(GARDE_HAND), 0, Contract.GARDE) is None
    assert bid_risk(bidding(WEAK_PETIT), 0, None) is None


@pytest.mark.parametrize(
    ("hand", "bid", "code"),
    [
        (WEAK_PETIT, Contract.PRISE, BidRiskCode.TOO_WEAK),
        (PRISE_HAND, Contract.GARDE, BidRiskCode.HIGHER_STAKE),
        (GARDE_HAND, Contract.GARDE_SANS, BidRiskCode.WITHOUT_CHIEN),
        (GARDE_HAND, None, BidRiskCode.PASSED_STRONG),
        (GARDE_HAND, Contract.PRISE, BidRiskCode.LOWER_STAKE),
    ],
)
def test_bidding_otherwise_than_advised_gets_a_risk_note(hand, bid, code):
    risk = bid_risk(bidding(hand), 0, bid)
    assert risk is not None and risk.code is code and risk.bid == bid


def test_the_risk_note_names_an_unguarded_petit_only_when_taking():
    taken = bid_risk(bidding(WEAK_PETIT), 0, Contract.GARDE)
    assert taken is not None and taken.petit_unguarded
    guarded = bid_risk(bidding(GARDE_HAND), 0, None)
    assert guarded is not None and not guarded.petit_unguarded


def test_the_risk_of_a_bid_already_made_is_found_and_the_deal_left_as_it_was():
    deal = bidding(WEAK_PETIT)
    deal.push(Bid(Contract.PRISE))
    while deal.phase is Phase.BIDDING:
        deal.push(Bid(None))
    moves, phase = deal.moves, deal.phase
    risk = risk_of_bid_made(deal, 0)
    assert risk is not None and risk.code is BidRiskCode.TOO_WEAK
    assert deal.moves == moves and deal.phase is phase
    assert risk_of_bid_made(bidding(WEAK_PETIT), 0) is None  # not bid yet


def test_a_bid_made_as_advised_has_no_risk_afterwards():
    deal = bidding(GARDE_HAND)
    deal.push(Bid(Contract.GARDE))
    assert risk_of_bid_made(deal, 0) is None


# --- the call (5 players) -----------------------------------------------------------------
def calling(hand: str) -> tuple:
    deal = taking(hand, "", Contract.GARDE, players=5)
    assert deal.phase is Phase.CALLING
    return deal, call_advice(deal, 0)


def test_the_call_is_the_king_of_the_shortest_suit_the_taker_holds_without_its_king():
    # Hearts (4), diamonds (2) and clubs (1) lack their king: the two diamonds can be led to
    # the partner, and one is left to lead again.
    deal, advice = calling("T21 T17 T13 T10 T8 KS QS 9S 8H 7H 6H 3H 10D 6D 7C")
    assert advice.advised == C("KD") and advice.why is CallWhy.SHORT_SUIT
    assert advice.suit_length == 2 and advice.helpers == ()
    assert set(advice.allowed) == set(parse_cards("KS KH KD KC"))
    deal.push(Call(advice.advised))  # the engine accepts it


def test_the_call_prefers_a_short_suit_with_its_queen_or_cavalier():
    _, advice = calling("T21 T17 T13 T10 T8 KS 9S 8H 7H 6H 3H QD 6D 7C 2C")
    assert advice.advised == C("KD") and advice.why is CallWhy.SHORT_SUIT_HELPER
    assert advice.helpers == (C("QD"),)


def test_a_single_card_is_called_when_no_suit_of_two_or_three_lacks_its_king():
    _, advice = calling("T21 T17 T13 T10 T8 KS QS 9S KH 7H 6H 3H KD 6D 7C")
    assert advice.advised == C("KC") and advice.why is CallWhy.SINGLETON


def test_without_a_short_suit_the_call_is_the_king_of_the_shortest_one():
    _, advice = calling("T21 T17 T13 T10 KS KH KD 9C 8C 7C 6C 4S 3S 2S 5C")
    assert advice.advised == C("KC") and advice.why is CallWhy.KING_OF_YOUR_SUIT
    assert advice.suit_length == 5


def test_with_every_king_the_call_is_a_queen():
    _, advice = calling("T21 T17 T13 T10 T8 KS KH KD KC 9S 8H 7H 6H 3H 10D")
    assert advice.why is CallWhy.LOWER_RANK and advice.advised == C("QS")  # spades: two cards
    assert advice.advised in advice.allowed


def test_with_only_kings_of_held_suits_missing_in_voids_the_call_is_a_void_kings():
    # kings of spades and hearts held, no diamond nor club: a king of a void suit
    _, advice = calling("T21 T17 T13 T10 T8 T7 T6 KS QS 9S KH 8H 7H 6H 3H")
    assert advice.why is CallWhy.KING_OF_A_VOID and advice.suit_length == 0
    assert advice.advised in parse_cards("KD KC")


def test_every_call_advised_is_allowed_by_the_engine():
    for hand in (GARDE_HAND, PRISE_HAND):
        cards = parse_cards(hand)[:15]
        deal = taking(" ".join(map(_code, cards)), "", Contract.GARDE, players=5)
        advice = call_advice(deal, 0)
        assert callable_cards(deal.hands[0]) >> advice.advised & 1


def _code(card: int) -> str:
    from tutor.engine.cards import format_card

    return format_card(card)


# --- the chien and the écart --------------------------------------------------------------
# 18 cards: diamonds short and kingless (9D 5D), a loose queen of clubs, kings to keep.
ECART_HAND = "T21 EX T1 T15 T12 T9 T6 T3 KS 9S 7S 5S KH 8H 6H 9D 5D QC"
ECART_CHIEN = "3S 2S 4H 3H T2 T4"


def test_the_suggested_ecart_makes_a_void_and_saves_a_loose_queen():
    deal = taking(ECART_HAND, ECART_CHIEN)
    advice = ecart_advice(deal, 0)
    reasons = {c.card: c.why for c in advice.cards}
    assert len(advice.cards) == 6
    assert reasons[C("9D")] is EcartWhy.MAKES_VOID and reasons[C("5D")] is EcartWhy.MAKES_VOID
    assert Suit.DIAMONDS in advice.voids
    assert reasons[C("QC")] is EcartWhy.MAKES_VOID and Suit.CLUBS in advice.voids
    assert not any(c.why is EcartWhy.TRUMP_UNAVOIDABLE for c in advice.cards)
    assert advice.trumps_shown == ()


def test_a_queen_without_its_king_in_a_suit_too_long_to_empty_is_saved_for_her_points():
    hand = "T21 EX T1 T15 T12 T9 T6 T3 KS KH 8H 6H 9D 5D QC JC 10C 9C"
    deal = taking(hand, "8C 2S 4H 3H T2 T4")
    reasons = {c.card: c.why for c in ecart_advice(deal, 0).cards}
    assert reasons[C("QC")] is EcartWhy.SAVES_POINTS
    assert reasons[C("9D")] is EcartWhy.MAKES_VOID


def test_the_suggested_ecart_is_legal_and_keeps_kings_and_oudlers_with_the_engines_reason():
    deal = taking(ECART_HAND, ECART_CHIEN)
    advice = ecart_advice(deal, 0)
    kept = dict(advice.kept)
    assert kept[C("KS")] is EcartReason.KING and kept[C("KH")] is EcartReason.KING
    assert kept[TRUMP_21] is EcartReason.OUDLER and kept[PETIT] is EcartReason.OUDLER
    for item in advice.cards:
        deal.discard(item.card)  # the engine refuses an illegal card
    assert deal.phase is Phase.CHELEM


def test_trumps_go_to_the_ecart_only_when_unavoidable_and_are_shown():
    # four plain cards that may go (kings aside): two trumps must join them
    hand = "T21 EX T1 T20 T19 T18 T17 T16 T15 T14 T13 T12 KS KH KD KC 4S 9H"
    deal = taking(hand, "3D 7C T2 T3 T4 T5")
    advice = ecart_advice(deal, 0)
    trumps = [c.card for c in advice.cards if c.why is EcartWhy.TRUMP_UNAVOIDABLE]
    assert len(trumps) == 2 and set(advice.trumps_shown) == set(trumps)
    assert {c.card for c in advice.cards} >= set(parse_cards("4S 9H 3D 7C"))


def test_the_ecart_advice_counts_the_cards_already_put_aside():
    deal = taking(ECART_HAND, ECART_CHIEN)
    before = ecart_advice(deal, 0)
    deal.discard(C("9D"))
    assert ecart_advice(deal, 0) == before


def test_the_review_says_what_the_learners_ecart_changes():
    deal = taking(ECART_HAND, ECART_CHIEN)
    mine = mask_of(parse_cards("3S 2S 4H 3H 9S 7S"))  # low cards, no void, queen kept
    review = ecart_review(deal, 0, mine)
    assert review.voids == () and review.points == 6  # six low cards: half a point each
    assert review.loose_honours == (C("QC"),)
    assert review.trumps_shown == () and not review.same_as_advised
    assert Suit.DIAMONDS in review.advised_voids


def test_the_review_of_the_suggested_ecart_says_it_is_the_same():
    deal = taking(ECART_HAND, ECART_CHIEN)
    advice = ecart_advice(deal, 0)
    review = ecart_review(deal, 0, mask_of(c.card for c in advice.cards))
    assert review.same_as_advised and review.voids == advice.voids
    assert review.points == advice.points and review.loose_honours == ()


def test_the_review_names_trumps_shown_and_a_singleton_left():
    hand = "T21 EX T1 T20 T19 T18 T17 T16 T15 T14 T13 T12 KS KH KD KC 4S 9H"
    deal = taking(hand, "3D 7C 8C T3 T4 T5")
    # five plain cards that may go: one trump must join them
    review = ecart_review(deal, 0, mask_of(parse_cards("4S 9H 3D 7C 8C T3")))
    assert review.trumps_shown == (C("T3"),)
    assert review.voids == ()  # each suit keeps its king
    assert review.singletons == (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
    assert review.bare_kings == tuple(parse_cards("KS KH KD KC"))


def test_a_king_whose_suit_keeps_other_cards_is_not_bare():
    deal = taking(ECART_HAND, ECART_CHIEN)
    review = ecart_review(deal, 0, mask_of(parse_cards("3S 2S 4H 3H 9D 5D")))
    assert review.bare_kings == ()  # KS with 9S 7S 5S, KH with 8H 6H


def test_the_chien_is_face_up_at_prise_and_garde_only():
    assert chien_face_up(taking(ECART_HAND, ECART_CHIEN, Contract.GARDE))
    assert chien_face_up(taking(ECART_HAND, ECART_CHIEN, Contract.PRISE))
    assert not chien_face_up(taking(ECART_HAND, ECART_CHIEN, Contract.GARDE_SANS))
    assert not chien_face_up(bidding(ECART_HAND))


def test_trumps_shown_are_those_the_taker_put_aside():
    hand = "T21 EX T1 T20 T19 T18 T17 T16 T15 T14 T13 T12 KS KH KD KC 4S 9H"
    deal = taking(hand, "3D 7C T2 T3 T4 T5")
    for code in ("4S", "9H", "3D", "7C", "T2"):
        deal.discard(C(code))
    assert trumps_shown(deal) == (C("T2"),)


def test_ecart_advice_is_refused_outside_the_ecart():
    with pytest.raises(ValueError):
        ecart_advice(bidding(ECART_HAND), 0)
