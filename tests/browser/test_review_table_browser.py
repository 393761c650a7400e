"""The deal review page in a real browser: a saved deal shown on the practice table in its
review mode, stepped with the keyboard's → and ← (the component's keys) and with the page's
buttons, at a desktop and a phone size (screenshots in tests/output/screenshots/review/)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import OUTPUT, signed_in_page

pytestmark = pytest.mark.browser

SHOTS = OUTPUT / "review"
SIZES = {"desktop": (1280, 720), "phone": (390, 844)}


def wait_prompt(page: Any, start: str) -> None:
    """Wait for the table's prompt to name the trick (locators reach into the component)."""
    from playwright.sync_api import expect

    expect(page.locator(".st-key-review-table .tt-prompt").first).to_contain_text(
        start, timeout=60_000
    )


@pytest.mark.parametrize("size", list(SIZES))
def test_the_review_is_stepped_on_the_table_with_the_keyboard(
    tabs: Any, reviewer: tuple[str, str], size: str,
) -> None:
    url, cookie = reviewer
    with signed_in_page(tabs, url, cookie, SIZES[size]) as page:
        page.goto(f"{url}/review?lang=en")
        wait_prompt(page, "Trick 1 of 18")
        from playwright.sync_api import expect

        expect(page.locator(".st-key-review-table .tt-played")).to_have_count(4)  # whole trick
        page.keyboard.press("ArrowRight")
        wait_prompt(page, "Trick 2 of 18")
        page.keyboard.press("ArrowRight")
        wait_prompt(page, "Trick 3 of 18")
        page.keyboard.press("ArrowLeft")
        wait_prompt(page, "Trick 2 of 18")
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"review-{size}.png"))
        page.locator(".st-key-review-back button").click()  # the page's own buttons too
        wait_prompt(page, "Trick 1 of 18")
