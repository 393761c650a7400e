"""A link to one game's review in a real browser: ``/review?game=<id>&deal=1`` opens that game,
not the first one in the list, and a deal where the learner took and made a bad écart shows
the écart's panel, at a desktop and a phone size in both languages (screenshots in
tests/output/screenshots/review/)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.app.test_review_choices import bad_ecart_game
from tests.app.test_review_page import game_data
from tests.browser.conftest import OUTPUT, signed_in_page, streamlit_server
from tests.review.test_review_deal import PAGE_SAMPLES
from tutor.progress.store import Database
from tutor.service.jobs import REVIEW_SAMPLES_SETTING
from tutor.ui.learner import signed

pytestmark = pytest.mark.browser

SHOTS = OUTPUT / "review"
FIRST = "First game"
SECOND = "Practice (4 players)"  # the name bad_ecart_game gives


@pytest.fixture(scope="module")
def two_games(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, int]]:
    """A server, the signed cookie of a learner with two saved games (the second one the bad
    écart's), and the second game's id; its reviews draw ``PAGE_SAMPLES`` deals per decision."""
    folder = tmp_path_factory.mktemp("review-link")
    path = folder / "progress.sqlite3"
    db = Database(f"sqlite:///{path}")
    learner = db.new_learner()
    mine = db.learner(learner)
    mine.create_game(FIRST, "practice", game_data())
    second = bad_ecart_game(mine)
    cookie = signed(db.secret(), learner)
    db.engine.dispose()
    env = {"TAROT_TUTOR_DB": str(path), "TAROT_TUTOR_DB_URL": "",
           REVIEW_SAMPLES_SETTING: str(PAGE_SAMPLES)}  # as the AppTests' reviews
    with streamlit_server(folder, env) as url:
        yield url, cookie, second


@pytest.mark.parametrize(("lang", "size", "panel", "inside"), [
    ("en", (1280, 720), "Your écart", "the best of these candidates"),
    ("it", (390, 844), "Il tuo scarto", "il migliore di questi candidati"),
])
def test_a_link_to_the_second_game_opens_it_with_its_ecart_panel(
    tabs: Any, two_games: tuple[str, str, int], lang: str, size: tuple[int, int],
    panel: str, inside: str,
) -> None:
    from playwright.sync_api import expect

    url, cookie, second = two_games
    with signed_in_page(tabs, url, cookie, size) as page:
        page.goto(f"{url}/review?lang={lang}&game={second}&deal=1")
        chosen = page.locator(".st-key-review-game input")  # the select box's shown value
        expect(chosen).to_have_value(re.compile(f"^{re.escape(SECOND)} "), timeout=60_000)
        expander = page.locator("[data-testid='stExpander']", has_text=panel).first
        expect(expander).to_be_visible(timeout=90_000)  # once the workers' review is in
        chart = page.locator("[data-testid='stVegaLiteChart']").first
        expect(chart.locator("canvas, svg").first).to_be_visible(timeout=60_000)  # drawn
        opened = expander.get_by_text(inside).first  # a labelled decision's panel is open
        expect(opened).to_be_visible()
        opened.scroll_into_view_if_needed()
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"ecart-{lang}-{size[0]}.png"))
        assert f"game={second}" in page.url
