"""How the review page and the trainer write a number of points in a sentence."""

from __future__ import annotations

from tutor.ui.reviews import deal_score, points
from tutor.ui.words import MINUS


def test_a_deal_score_below_zero_is_written_with_the_typographic_minus() -> None:
    assert deal_score(-32) == f"{MINUS}32"
    assert deal_score(45) == "45"
    assert deal_score(0) == "0"


def test_an_average_below_zero_keeps_one_decimal_and_the_typographic_minus() -> None:
    assert points(-3.25) == f"{MINUS}3.2"
    assert points(12.0) == "12.0"
    assert "-" not in points(-0.5)
