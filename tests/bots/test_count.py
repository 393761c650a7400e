"""The count the bots bid with and the coach explains: Noël Chavey's point count, on its
published examples and item by item."""

from __future__ import annotations

import pytest

from tutor.bots.bidding import (
    SCALE,
    CountItem,
    contract_for_count,
    hand_count,
    major_run_cards,
    petit_points,
)
from tutor.engine import Contract, mask_of, parse_cards


def count(cards: str, players: int = 4) -> int:
    return hand_count(mask_of(parse_cards(cards)), players).total


def test_chaveys_first_example_counts_60_a_garde() -> None:
    hand = "T21 T19 T12 T6 T1 EX KH NH 10H 8H 1H JD 8D QC NC 7C 6S 4S"
    assert count(hand) == 60
    assert contract_for_count(60) is Contract.GARDE


def test_chaveys_second_example_counts_34_a_pass() -> None:
    assert count("T20 T18 T14 T13 T9 T8 T6 KH 10H 5H 4H KD QD 7C 8C 8S 7S 5S") == 34


def test_the_scale_is_40_56_71_81() -> None:
    assert [(least, c) for least, c in SCALE] == [
        (81, Contract.GARDE_CONTRE), (71, Contract.GARDE_SANS), (56, Contract.GARDE),
        (40, Contract.PRISE)]
    assert contract_for_count(39) is None
    assert contract_for_count(55) is Contract.PRISE
    assert contract_for_count(70) is Contract.GARDE
    assert contract_for_count(80) is Contract.GARDE_SANS


@pytest.mark.parametrize(("trumps", "points"), [(4, 0), (5, 5), (6, 7), (7, 9), (12, 9)])
def test_the_petit_is_worth_what_its_trumps_protect(trumps: int, points: int) -> None:
    assert petit_points(mask_of(parse_cards("T1")), trumps) == points


def test_trumps_score_only_from_five_the_excuse_counted_among_them() -> None:
    four = hand_count(mask_of(parse_cards("T2 T3 T4 T5 KH")), 4)
    assert four.points_of(CountItem.TRUMPS) == 0
    five = hand_count(mask_of(parse_cards("T2 T3 T4 T5 EX KH")), 4)
    assert five.points_of(CountItem.TRUMPS) == 10


def test_a_major_trump_scores_a_point_more_in_a_run() -> None:
    assert major_run_cards(mask_of(parse_cards("T21 T20 T19 T16"))) == 3
    assert major_run_cards(mask_of(parse_cards("T21 T19 T17"))) == 0


def test_a_king_with_its_queen_is_a_marriage_of_10() -> None:
    hand = hand_count(mask_of(parse_cards("KH QH KS QD")), 4)
    assert hand.points_of(CountItem.MARRIAGES) == 10
    assert hand.points_of(CountItem.KINGS) == 6
    assert hand.points_of(CountItem.QUEENS) == 3


def test_voids_and_singletons_count_only_on_top_of_a_prise() -> None:
    weak = hand_count(mask_of(parse_cards("2S 3S 4S 5S 6S 7S 2H 3H 4H 5H 6H 7H 8H 9H 2D T2 T3 "
                                          "T4")), 4)
    assert weak.points_of(CountItem.VOIDS) == weak.points_of(CountItem.SINGLETONS) == 0
    strong = hand_count(mask_of(parse_cards("T21 T20 T19 T16 T14 T12 T8 EX KH QH 8H 5H 2H 4H "
                                            "KD 8C 9C 3C")), 4)
    assert strong.points_of(CountItem.VOIDS) == 6 and strong.points_of(CountItem.SINGLETONS) == 3


def test_the_lines_add_up_to_the_total_at_four_players() -> None:
    hand = hand_count(mask_of(parse_cards("T21 T18 T13 T11 T8 T5 T3 T1 KH QH NH 9H 7H 3H KS "
                                          "4S 8D 2D")), 4)
    assert sum(line.points for line in hand.lines) == hand.total == 70
    assert hand.contract is Contract.GARDE and hand.next_step == (71, Contract.GARDE_SANS)


def test_at_five_players_the_count_is_brought_to_18_cards() -> None:
    hand = "T21 T20 T15 T9 T5 EX KH QH 4H KS 3S 7D 5D 2C 6C"
    five = hand_count(mask_of(parse_cards(hand)), 5)
    raw = sum(line.points for line in five.lines)
    assert five.total == round(raw * 18 / 15)
