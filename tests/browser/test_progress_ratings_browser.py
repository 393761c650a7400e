""""My progress" in a real browser after a few rated answers: the rating's chart and the
table by theme, at a desktop and a phone size, in English and Italian (screenshots in
tests/output/screenshots/ratings/, looked at by hand)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from tests.bank import bank
from tests.browser.conftest import OUTPUT, signed_in_page, streamlit_server
from tutor.progress import store as store_module
from tutor.progress.ratings import puzzle_start
from tutor.progress.store import Database
from tutor.ui.i18n import t
from tutor.ui.learner import signed

pytestmark = pytest.mark.browser

SHOTS = OUTPUT / "ratings"
SIZES = {"desktop": (1280, 720), "phone": (390, 844)}
ANSWERS = (  # a week of first tries, some right, some not
    ("overtrump-01", True), ("counting-01", False), ("follow-suit-01", True),
    ("overtrump-02", True), ("counting-02", True), ("scoring-01", False),
    ("follow-suit-02", True), ("trumping-01", True), ("scoring-02", False),
    ("ecart-01", True),
)


@pytest.fixture(scope="module")
def rated(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[str, str]]:
    """A server, and the signed cookie of a learner with a week of rated answers."""
    folder = tmp_path_factory.mktemp("ratings")
    path = folder / "progress.sqlite3"
    db = Database(f"sqlite:///{path}")
    learner = db.learner(db.new_learner())
    start = datetime(2026, 11, 25, 18, 0, tzinfo=UTC)
    with pytest.MonkeyPatch.context() as patch:
        for n, (puzzle_id, right) in enumerate(ANSWERS):
            # the answers spread over the week, as the chart would show them
            patch.setattr(store_module, "now", lambda n=n: start + timedelta(hours=17 * n))
            puzzle = bank().puzzle(puzzle_id)
            learner.record_puzzle_answer("puzzle", puzzle.id, puzzle.theme.value, right, 0, "",
                                         puzzle_start(puzzle.difficulty))
    cookie = signed(db.secret(), learner.learner_id)
    db.engine.dispose()
    with streamlit_server(folder, {"TAROT_TUTOR_DB": str(path), "TAROT_TUTOR_DB_URL": ""}) as url:
        yield url, cookie


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", list(SIZES))
def test_the_rating_chart_and_the_table_by_theme_are_drawn(
    tabs: Any, rated: tuple[str, str], size: str, lang: str,
) -> None:
    from playwright.sync_api import expect

    url, cookie = rated
    width = SIZES[size][0]
    with signed_in_page(tabs, url, cookie, SIZES[size]) as page:
        page.goto(f"{url}/progress?lang={lang}")
        heading = page.get_by_text(t(lang, "dashboard.ratings"), exact=True)
        expect(heading).to_be_visible(timeout=60_000)
        chart = page.locator("[data-testid='stVegaLiteChart']").last
        expect(chart.locator("canvas, svg").first).to_be_visible(timeout=30_000)
        table = page.locator("[data-testid='stDataFrame']").last
        expect(table).to_be_visible(timeout=30_000)
        SHOTS.mkdir(parents=True, exist_ok=True)
        # the section whole, and the screen as the learner sees it with the chart in view
        page.locator(".st-key-dashboard-ratings").screenshot(
            path=str(SHOTS / f"ratings-{lang}-{size}-section.png")
        )
        chart.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"ratings-{lang}-{size}.png"))
        box = chart.bounding_box()
        assert box is not None and box["width"] <= width and box["height"] > 100


@pytest.mark.parametrize("size", list(SIZES))
def test_at_my_level_offers_a_puzzle_with_the_learners_chance(
    tabs: Any, rated: tuple[str, str], size: str,
) -> None:
    from playwright.sync_api import expect

    url, cookie = rated
    with signed_in_page(tabs, url, cookie, SIZES[size]) as page:
        page.goto(f"{url}/puzzles?lang=en")
        page.get_by_text(t("en", "trainer.source_level"), exact=True).click(timeout=60_000)
        expect(page.get_by_text("your chance to solve it")).to_be_visible(timeout=60_000)
        expect(page.get_by_text("Your rating:")).to_be_visible()
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"at-my-level-{size}.png"))
