"""The learning path in a real browser: the puzzle page's numbers in one row on a phone, and
Streamlit's English hint under a text box said in Italian on an Italian page."""

from __future__ import annotations

import pytest

from tests.bank import bank
from tests.browser.conftest import shot
from tests.browser.test_browser import wait_ready
from tutor.ui.i18n import t

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


def test_the_hint_under_a_number_box_is_in_italian(page, server):
    puzzle = next(p for p in bank().puzzles if p.exercise.kind == "count")
    page.goto(f"{server}/puzzles?lang=it&puzzle={puzzle.id}")
    field = page.locator(f".st-key-puzzle-{puzzle.id}-number input")
    field.wait_for()
    wait_ready(page)
    field.fill("12")  # Streamlit shows its hint while a value waits to be sent
    hint = page.locator('[data-testid="InputInstructions"]').first
    hint.wait_for()
    shown = hint.evaluate("el => getComputedStyle(el, '::after').content")
    assert t("it", "exercise.enter_hint") in shown
    assert hint.evaluate("el => getComputedStyle(el).fontSize") == "0px"  # English hidden
