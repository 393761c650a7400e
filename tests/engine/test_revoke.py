"""The revoke (RULES §13.5): a card of one's own hand that the obligations of §6.2-§6.4
refuse. The positions are worked out by hand; the property holds the revoke to the engine's
one legality rule, so a card is a revoke exactly when it is held and not legal."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.profiles import examples
from tutor.engine import (
    Deal,
    Phase,
    cards_of,
    is_revoke,
    led_suit,
    legal_mask,
    mask_of,
    parse_card,
    parse_cards,
    top_trump,
)


def revoke(hand: str, trick: str, card: str, called: str | None = None,
           first_trick: bool = False) -> bool:
    return is_revoke(
        mask_of(parse_cards(hand)),
        parse_cards(trick) if trick else [],
        parse_card(card),
        parse_card(called) if called else None,
        first_trick,
    )


def test_discarding_while_holding_the_suit_led_is_a_revoke():
    assert revoke("QH 4H T17 KS", "10H KH", "KS")


def test_trumping_while_holding_the_suit_led_is_a_revoke():
    assert revoke("QH 4H T17 KS", "10H KH", "T17")


def test_any_card_of_the_suit_led_is_no_revoke():
    assert not revoke("QH 4H T17 KS", "10H KH", "4H")


def test_discarding_while_void_but_holding_a_trump_is_a_revoke():
    assert revoke("T12 T3 QH 9H", "5C KC", "QH")


def test_not_overtrumping_when_able_is_a_revoke():
    # the 18 is in the trick: the 3 is refused because the 20 could go over it
    assert revoke("T20 T3 QH", "JS T18", "T3")


def test_undertrumping_with_no_higher_trump_is_no_revoke():
    assert not revoke("T12 T3 QH", "JS T18", "T3")


def test_trump_led_a_lower_trump_while_holding_a_higher_one_is_a_revoke():
    assert revoke("T15 T2 9D", "T10", "T2")


def test_trump_led_discarding_with_no_trump_is_no_revoke():
    assert not revoke("9D 4S KC", "T10", "KC")


def test_the_excuse_is_never_a_revoke():
    assert not revoke("QH 4H T17 EX", "10H KH", "EX")
    assert not revoke("T15 T2 EX", "T10", "EX")


def test_a_card_not_in_hand_is_no_revoke():
    assert not revoke("QH 4H T17", "10H KH", "KS")


def test_leading_is_never_a_revoke():
    assert not revoke("QH 4H T17 KS", "", "KS")


def test_opening_the_called_suit_on_the_first_trick_is_a_wrong_lead_not_a_revoke():
    # five players, first trick: the 4 of hearts may not open the called king's suit (§4.3)
    assert not revoke("4H 7S T5", "", "4H", called="KH", first_trick=True)


@settings(max_examples=examples(300))
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_a_revoke_is_exactly_a_held_card_outside_the_legal_set(seed):
    """Along a random four-player deal, every card of every hand at every turn: a revoke
    when held and outside the engine's legal cards (four players: no called suit)."""
    rng = random.Random(seed)
    d = Deal.new(4, seed, dealer=seed % 4)
    while d.phase not in (Phase.FINISHED, Phase.REDEAL):
        if d.phase is Phase.PLAYING:
            hand = d.hands[d.current_seat]
            legal = legal_mask(hand, led_suit(d.trick), top_trump(d.trick))
            for card in range(78):
                held_and_refused = bool(hand >> card & 1 and not legal >> card & 1)
                assert is_revoke(hand, d.trick, card) == held_and_refused
            d.play(rng.choice(cards_of(legal)))
        else:
            d.push(rng.choice(d.legal_actions()))
