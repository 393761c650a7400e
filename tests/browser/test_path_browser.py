"""The learning path in a real browser: the puzzle page's numbers in one row on a phone, and
no Streamlit form hint ("Press Enter to submit form") under an answer box."""

from __future__ import annotations

import pytest

from tests.bank import bank
from tests.browser.conftest import shot
from tests.browser.test_browser import wait_ready

pytestmark = pytest.mark.browser


def test_the_puzzle_numbers_sit_in_one_row_on_a_phone(page, server):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{server}/puzzles?lang=en&puzzle=overtrump-01")
    page.locator('[data-testid="stMetric"]').nth(2).wait_for(timeout=60_000)
    wait_ready(page)
    boxes = [m.bounding_box() for m in page.locator('[data-testid="stMetric"]').all()]
    assert len(boxes) == 3
    tops = {round(box["y"]) for box in boxes if box is not None}
    assert len(tops) == 1, boxes  # side by side, not stacked
    shot(page, "puzzle-phone-header-en")


@pytest.mark.parametrize("lang", ["en", "it"])
def test_no_form_hint_shows_under_a_number_box(page, server, lang):
    puzzle = next(p for p in bank().puzzles if p.exercise.kind == "count")
    page.goto(f"{server}/puzzles?lang={lang}&puzzle={puzzle.id}")
    field = page.locator(f".st-key-puzzle-{puzzle.id}-number input")
    field.wait_for()
    wait_ready(page)
    field.fill("12")  # Streamlit shows its hint while a value waits to be sent
    hint = page.locator('[data-testid="InputInstructions"]').first
    hint.wait_for(state="attached")
    assert not hint.is_visible()
    assert page.get_by_text("Press Enter to submit form").count() == 0 or not page.get_by_text(
        "Press Enter to submit form").first.is_visible()
