"""Every refusal of the engine carries a stable code and the cards it concerns (issue #11)."""

import pytest

from tutor.engine.announcements import Chelem, Poignee, check_poignee
from tutor.engine.cards import mask_of, parse_card, parse_cards
from tutor.engine.contracts import Contract, check_bid, check_call
from tutor.engine.dealing import deal
from tutor.engine.ecart import check_ecart
from tutor.engine.errors import TarotError
from tutor.engine.play import check_play, validate_hand_and_trick
from tutor.engine.scoring import ScoreInput, Side, validate_score_input
from tutor.engine.variants import rules_named

C = parse_card


@pytest.mark.parametrize(
    "call, code, cards",
    [
        (lambda: parse_card("ZZ"), "bad_card", ()),
        (lambda: parse_cards("KH KH"), "duplicate_card", ("KH",)),
        (lambda: Contract.from_code("misere"), "unknown_contract", ()),
        (lambda: Poignee.from_code("quadruple"), "unknown_poignee", ()),
        (lambda: Chelem.from_code("half"), "unknown_chelem", ()),
        (lambda: Side.from_code("middle"), "unknown_side", ()),
        (lambda: rules_named("belote"), "unknown_rules", ()),
        (lambda: deal(6, 0), "players_count", ()),
        (lambda: check_bid(Contract.PRISE, Contract.GARDE), "bid_not_higher", ()),
        (lambda: check_call(0, C("QS")), "card_not_callable", ("QS",)),
        (lambda: check_play(mask_of(parse_cards("2H T5")), [C("KH")], C("T5")),
         "must_follow_suit", ("T5", "2H")),
        (lambda: validate_hand_and_trick(mask_of(parse_cards("2H")), [C("2H")]),
         "card_in_hand_and_trick", ("2H",)),
        (lambda: check_ecart(mask_of(parse_cards("KH 2H 3H")), mask_of(parse_cards("KH 2H 3H")),
                             3), "king_in_ecart", ("KH",)),
        (lambda: check_poignee(mask_of(parse_cards("T1 T2 KH")), mask_of(parse_cards("T1 KH")), 4),
         "poignee_card_not_a_trump", ("KH",)),
        (lambda: validate_score_input(ScoreInput(4, Contract.GARDE, 20, 3)), "oudlers_worth", ()),
    ],
)
def test_a_refusal_has_its_code_and_cards(call, code, cards):
    with pytest.raises(TarotError) as refused:
        call()
    assert refused.value.code == code
    assert set(refused.value.cards) == {C(c) for c in cards}
    assert isinstance(refused.value, ValueError)  # callers catching ValueError keep working


def test_score_refusals_carry_the_values_their_sentence_needs():
    with pytest.raises(TarotError) as refused:
        validate_score_input(ScoreInput(4, Contract.GARDE, 20, 3))
    assert refused.value.values == {"n": "3", "points": "10"}
