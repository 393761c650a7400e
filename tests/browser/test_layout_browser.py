"""Controls and tables that must fit the screen they are drawn on, at 1280×720 and on a
390×844 phone, in both languages (newcomer review 2, items 12, 16, 18 and 24)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from tests.browser.conftest import shot
from tests.browser.test_browser import wait_ready

pytestmark = pytest.mark.browser

SIZES = {"laptop": (1280, 720), "phone": (390, 844)}


@pytest.fixture(params=sorted(SIZES))
def sized(request: pytest.FixtureRequest, browser: Any) -> Iterator[tuple[str, Any]]:
    """A page at a laptop's or a phone's size (the phone with touch, as the review had)."""
    name = request.param
    width, height = SIZES[name]
    phone = name == "phone"
    context = browser.new_context(
        viewport={"width": width, "height": height}, locale="en-GB",
        is_mobile=phone, has_touch=phone, device_scale_factor=2 if phone else 1,
    )
    page = context.new_page()
    page.set_default_timeout(30_000)
    yield name, page
    context.close()


def settle_on(page: Any, predicate: str, arg: object = None) -> None:
    """Give the layout up to 15 s to satisfy ``predicate`` (a rerun may still be drawing it);
    the assertion that follows reads the final state and says what is wrong if it is not."""
    guarded = f"(arg) => {{ try {{ return ({predicate})(arg); }} catch (e) {{ return false; }} }}"
    with contextlib.suppress(PlaywrightTimeoutError):
        page.wait_for_function(guarded, arg=arg, timeout=15_000)


CUT_OFF = """(label) => {
  const group = [...document.querySelectorAll('[data-testid="stButtonGroup"]')]
    .find(g => g.innerText.startsWith(label));
  const box = group.getBoundingClientRect();
  return [...group.querySelectorAll('button')]
    .filter(b => { const r = b.getBoundingClientRect();
                   return r.left < box.left - 1 || r.right > box.right + 1; })
    .map(b => b.innerText);
}"""


@pytest.mark.parametrize(("lang", "kind"), [("en", "Kind"), ("it", "Tipo")])
def test_the_endless_practice_kinds_are_all_in_view(sized, server, lang, kind):
    name, page = sized
    page.goto(f"{server}/puzzles?gen=counting&players=4&seed=7&lang={lang}")
    page.get_by_text(kind, exact=True).first.wait_for(timeout=90_000)  # a cold server
    wait_ready(page)
    shot(page, f"puzzles-endless-kinds-{lang}-{name}")
    settle_on(page, f"(label) => ({CUT_OFF})(label).length === 0", kind)
    assert page.evaluate(CUT_OFF, kind) == []


def _fill(page: Any, key: str, value: object) -> None:
    box = page.locator(f".st-key-{key} input")
    box.fill(str(value))
    box.press("Enter")
    wait_ready(page)


NAMES = ("Alessandra", "Bruno", "Carla", "Dario", "Emma")
FITS = """() => {
  const table = document.querySelector('table.sheet-compact');
  const metrics = [...document.querySelectorAll('[data-testid="stMetric"]')];
  return {
    page: document.documentElement.scrollWidth,
    cells: [...table.querySelectorAll('th, td')].map(c => c.getBoundingClientRect().right),
    rows: new Set(metrics.map(m => Math.round(m.getBoundingClientRect().top))).size,
    wide: document.querySelector('[data-testid="stDataFrame"]').offsetParent !== null,
  };
}"""


def _choose_partner(page: Any, name: str) -> None:
    """Open the partner's list and choose ``name``. Once (a fresh-clone CI run) the list's
    options never showed after the click: the box drawn again by a late rerun closes a list
    just opened. A learner opens it again; so does this test, twice at most."""
    option = page.get_by_role("option", name=name)
    for attempt in range(3):
        page.locator(".st-key-score-sheet-form-partner").click()
        try:
            option.click(timeout=10_000)
            break
        except PlaywrightTimeoutError:
            if attempt == 2:
                raise
            page.keyboard.press("Escape")
            wait_ready(page)
    wait_ready(page)


def _edit_filled(page: Any, edit: str, points: str) -> None:
    """Click Edit and wait until the rerun it causes has filled the form with ``points``.
    Once, under a load average of 10, the form stayed empty 30 s after the click (the click or
    its rerun lost on the way; the same steps pass otherwise). A learner clicks again; so does
    this test, twice at most (editing the same deal again fills the same values), and it fails
    if the form is never filled."""
    field = page.locator(".st-key-score-sheet-form-points input")
    for attempt in range(3):
        page.locator(edit).click()
        wait_ready(page)
        try:
            expect(field).to_have_value(points, timeout=20_000)
            return
        except AssertionError:
            if attempt == 2:
                raise


def test_the_score_sheet_fits_a_phone_and_its_edit_form_shows_points_as_written(browser, server):
    """A 5-player sheet of three deals: the edit form shows "60", not "60.0"; on a
    390×844 phone nothing scrolls sideways (every player's column on screen, the totals
    side by side); at 1280 px the full table is shown."""
    laptop = browser.new_context(viewport={"width": 1280, "height": 720}, locale="en-GB")
    page = laptop.new_page()
    page.set_default_timeout(30_000)
    page.goto(f"{server}/score-sheet?lang=en")
    page.locator(".st-key-score-sheet-new-name-3 input").wait_for(timeout=90_000)
    wait_ready(page)
    _fill(page, "score-sheet-new-game", "Friday")
    page.locator(".st-key-score-sheet-new-count label", has_text="5").click()
    wait_ready(page)
    for seat, name in enumerate(NAMES):
        _fill(page, f"score-sheet-new-name-{seat}", name)
    page.locator(".st-key-score-sheet-start button").click()
    wait_ready(page)
    for number, points in enumerate((52, 44, 60), start=1):
        _choose_partner(page, "Bruno")
        _fill(page, "score-sheet-form-points", points)
        _fill(page, "score-sheet-form-oudlers", 1)
        page.locator(".st-key-score-sheet-add button").click()
        page.get_by_text(f"Deal {number} added").wait_for()
        wait_ready(page)
    settle_on(page, f"() => ({FITS})().wide")
    assert page.evaluate(FITS)["wide"]
    shot(page, "score-sheet-laptop")
    page.locator("summary", has_text="Deal 3").click()
    _edit_filled(page, ".st-key-score-sheet-edit-2 button", "60")
    address, cookies = page.url, laptop.cookies()
    laptop.close()
    phone = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB",
                                is_mobile=True, has_touch=True, device_scale_factor=2)
    phone.add_cookies(cookies)
    page = phone.new_page()
    page.set_default_timeout(30_000)
    page.goto(address)
    page.locator("table.sheet-compact").wait_for()
    wait_ready(page)
    settle_on(page, f"() => {{ const f = ({FITS})(); return !f.wide && f.page <= 390; }}")
    shot(page, "score-sheet-phone")
    fits = page.evaluate(FITS)
    phone.close()
    assert fits["page"] <= 390 and max(fits["cells"]) <= 390
    assert fits["rows"] <= 2 and not fits["wide"]


def test_the_puzzle_filters_stay_open_after_a_theme_is_deselected(sized, server):
    name, page = sized
    page.goto(f"{server}/puzzles?lang=en")
    filters = page.locator('[data-testid="stExpander"] details').first
    page.get_by_text("Choose themes").first.wait_for(timeout=90_000)  # a cold server
    wait_ready(page)
    page.get_by_text("Choose themes").first.click()
    theme = page.get_by_role("button", name="Best card (proven)")
    theme.click()
    wait_ready(page)
    theme.click()  # deselected: every theme again
    wait_ready(page)
    shot(page, f"puzzles-filters-after-deselect-{name}")
    assert filters.get_attribute("open") is not None
