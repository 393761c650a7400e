"""RULES §1: the cards, their points and their notation (§1.4)."""

import pytest

from tutor.engine.cards import (
    DECK_SIZE,
    EXCUSE,
    FULL_DECK,
    OUDLERS_MASK,
    PETIT,
    TOTAL_HALF_POINTS,
    TRUMP_21,
    CardSet,
    Suit,
    card_name,
    display_order,
    format_card,
    half_points,
    parse_card,
    parse_cards,
    rank_of,
    suit_of,
)
from tutor.engine.errors import CardNotationError, DuplicateCardError


def test_the_deck_has_78_cards_four_suits_of_14_21_trumps_and_the_excuse():
    suits = [suit_of(c) for c in range(DECK_SIZE)]
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        assert suits.count(suit) == 14
    assert suits.count(Suit.TRUMPS) == 21
    assert suits.count(Suit.EXCUSE) == 1


def test_every_code_round_trips_exactly():
    for card in range(DECK_SIZE):
        assert parse_card(format_card(card)) == card
    for code in ["KH", "10S", "NC", "1D", "T21", "T1", "EX", "JS", "QD"]:
        assert format_card(parse_card(code)) == code


@pytest.mark.parametrize(
    "text,code",
    [
        ("kh", "KH"),
        ("K♥", "KH"),
        ("10♠", "10S"),
        ("n♣", "NC"),
        ("q♦", "QD"),
        ("t21", "T21"),
        ("ex", "EX"),
    ],
)
def test_lower_case_and_suit_symbols_are_accepted(text, code):
    assert format_card(parse_card(text)) == code


@pytest.mark.parametrize("bad", ["ZZ", "11H", "T22", "T0", "0S", "", "KX", "E"])
def test_unknown_codes_are_refused_with_the_code_named(bad):
    with pytest.raises(CardNotationError, match="unknown card"):
        parse_card(bad)


def test_a_duplicate_in_a_list_is_refused():
    with pytest.raises(DuplicateCardError, match="KH appears twice"):
        parse_cards("KH 2S kh")


def test_order_of_strength_king_queen_cavalier_jack_then_ten_down_to_one():
    order = [
        parse_card(c)
        for c in [
            "KS",
            "QS",
            "NS",
            "JS",
            "10S",
            "9S",
            "8S",
            "7S",
            "6S",
            "5S",
            "4S",
            "3S",
            "2S",
            "1S",
        ]
    ]
    assert order == sorted(order, reverse=True)
    assert [rank_of(parse_card(c)) for c in ("T21", "T1", "EX")] == [21, 1, 0]


def test_the_pack_is_worth_91_points():
    assert half_points(FULL_DECK) == TOTAL_HALF_POINTS == 182


@pytest.mark.parametrize(
    "code,half",
    [
        ("T21", 9),
        ("T1", 9),
        ("EX", 9),
        ("KS", 9),
        ("QH", 7),
        ("ND", 5),
        ("JC", 3),
        ("10S", 1),
        ("T20", 1),
        ("1H", 1),
    ],
)
def test_card_values_in_half_points(code, half):
    assert half_points(1 << parse_card(code)) == half


def test_counting_in_pairs_king_and_low_card_make_five():
    assert half_points(CardSet.parse("KH 2S").mask) == 10


def test_the_three_oudlers_are_the_21_the_petit_and_the_excuse():
    assert CardSet(OUDLERS_MASK) == CardSet.of([PETIT, TRUMP_21, EXCUSE])


def test_cardset_behaves_like_a_set():
    hand = CardSet.parse("KH 10S T21 EX")
    assert len(hand) == 4 and parse_card("KH") in hand and parse_card("QH") not in hand
    assert str(hand) == "10S KH T21 EX"
    assert hand.oudlers == 2 and hand.half_points == 28


def test_names_in_english_and_italian():
    assert card_name(parse_card("KH"), "en") == "King of hearts"
    assert card_name(parse_card("KH"), "it") == "Re di cuori"
    assert card_name(parse_card("NC"), "it") == "Cavallo di fiori"
    assert card_name(parse_card("T1"), "en").startswith("Petit")
    assert card_name(EXCUSE, "it") == "Excuse"


def test_display_order_groups_suits_high_to_low_then_trumps_then_excuse():
    cards = parse_cards("EX 2S T3 KS T21 1H")
    assert [format_card(c) for c in display_order(cards)] == ["KS", "2S", "1H", "T21", "T3", "EX"]


def test_the_written_out_shuffle_draws_the_same_pack_as_random_shuffle():
    import random

    from tutor.engine.dealing import shuffled_pack

    for seed in range(300):
        pack = list(range(78))
        random.Random(seed).shuffle(pack)
        assert shuffled_pack(random.Random(seed)) == pack
