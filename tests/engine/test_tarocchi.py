"""RULES §10: Italian counting in threes, next to the French count in pairs."""

import pytest

from tutor.engine.cards import half_points, mask_of, parse_cards
from tutor.engine.tarocchi import count_in_pairs, count_in_threes, italian_balance


@pytest.mark.parametrize(
    "pile,points",
    [
        ("KS 2S 3S", 5),  # a king with two scartine keeps its full value
        ("KS QS 3S", 8),  # each further counting card in the group loses 1
        ("KS QS NS", 10),
        ("QS NS 10S", 6),
        ("2S 3S 4S", 1),  # three scartine are worth 1
        ("2S 3S", 1),  # left over: two scartine count 1
        ("2S", 0),  # a single one 0
        ("T21 T1 EX", 12),  # Mondo 5, Bagatto 5, Matto 4
    ],
)
def test_italian_count_in_threes(pile, points):
    assert count_in_threes(parse_cards(pile)).total == points


def test_italian_total_does_not_depend_on_the_grouping():
    pile = parse_cards("KS QH 2S 3S 4S NS JD 5C 6C 7C T21")
    count = count_in_threes(pile)
    nominal = 5 + 4 + 3 + 2 + 5 + 6
    assert count.total == nominal - 2 * 3 - 1
    assert sum(len(g.cards) for g in count.groups) == len(pile)
    assert count.leftover and len(count.leftover) == 2


def test_french_count_in_pairs_equals_the_card_values():
    pile = parse_cards("KS QH 2S 3S 4S NS JD 5C 6C 7C T21")
    assert count_in_pairs(pile).total == half_points(mask_of(pile))
    assert count_in_pairs(parse_cards("KH 2S")).total == 10


def test_break_even_is_26_at_three_players():
    assert italian_balance(30) == 4 and italian_balance(20) == -6
