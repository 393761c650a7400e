""""Play again from here" in a real browser: from the review of a saved deal, the link of a
trick opens the practice table at that trick, the learner to act, at a desktop and a phone
size in both languages (screenshots in tests/output/screenshots/retry/)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.app.test_review_page import game_data
from tests.browser.conftest import OUTPUT, signed_in_page, streamlit_server
from tests.browser.test_browser import wait_ready
from tests.browser.test_table_browser import settle
from tutor.progress.store import Database
from tutor.ui.i18n import t
from tutor.ui.learner import signed

pytestmark = pytest.mark.browser

SHOTS = OUTPUT / "retry"
SIZES = {"desktop": (1280, 720), "phone": (390, 844)}


@pytest.fixture(scope="module")
def learner_with_a_game(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, int]]:
    """A server, a learner's signed cookie, and the id of their saved game."""
    folder = tmp_path_factory.mktemp("retry")
    path = folder / "progress.sqlite3"
    db = Database(f"sqlite:///{path}")
    learner = db.learner(db.new_learner())
    game_id = learner.create_game("Practice (4 players)", "practice", game_data()).id
    cookie = signed(db.secret(), learner.learner_id)
    db.engine.dispose()
    with streamlit_server(folder, {"TAROT_TUTOR_DB": str(path), "TAROT_TUTOR_DB_URL": ""}) as url:
        yield url, cookie, game_id


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", list(SIZES))
def test_the_review_pages_link_opens_the_table_at_that_trick(
    tabs: Any, learner_with_a_game: tuple[str, str, int], size: str, lang: str,
) -> None:
    from playwright.sync_api import expect

    url, cookie, game_id = learner_with_a_game
    SHOTS.mkdir(parents=True, exist_ok=True)
    with signed_in_page(tabs, url, cookie, SIZES[size]) as opened:
        page: Any = opened
        page.goto(f"{url}/review?lang={lang}&game={game_id}&deal=1")
        link = page.get_by_role("link", name=t(lang, "game.retry.from_here"))
        link.first.wait_for()
        wait_ready(page)
        page.screenshot(path=str(SHOTS / f"review-{size}-{lang}.png"), full_page=True)
        link.first.click()
        page.locator(".st-key-practice-table").wait_for()
        settle(page)
        wait_ready(page)
        started = page.get_by_text(t(lang, "game.retry.started_trick", deal=1, n=1)).first
        expect(started).to_be_visible()
        assert f"retry={game_id}" in page.url and "trick=1" in page.url
        page.screenshot(path=str(SHOTS / f"table-{size}-{lang}.png"))
