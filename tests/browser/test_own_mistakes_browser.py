"""The learner's own mistake in the puzzle trainer, in a real browser: the seeded blunder kept
as the learner's puzzle, opened from its link, played wrong then right, at a desktop and a
phone size in both languages (screenshots in tests/output/screenshots/own/)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.app.test_review_page import game_data
from tests.browser.conftest import OUTPUT, signed_in_page, streamlit_server
from tests.browser.test_browser import RIGHT, wait_ready
from tests.review.test_review_deal import blunder_record, blunder_review
from tutor.engine import format_card
from tutor.progress.review import new_card
from tutor.progress.store import Database, OwnPuzzle
from tutor.review.mistakes import OwnMistake, own_mistakes
from tutor.ui.i18n import t
from tutor.ui.learner import signed

pytestmark = pytest.mark.browser

SHOTS = OUTPUT / "own"
SIZES = {"desktop": (1280, 720), "phone": (390, 844)}


@pytest.fixture(scope="module")
def learner_with_a_blunder(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[str, str, OwnMistake]]:
    """A server, a learner's signed cookie, and the blunder kept as their own puzzle."""
    folder = tmp_path_factory.mktemp("own")
    path = folder / "progress.sqlite3"
    db = Database(f"sqlite:///{path}")
    learner = db.learner(db.new_learner())
    game_id = learner.create_game("Practice (4 players)", "practice", game_data()).id
    [mistake] = own_mistakes(blunder_record(), blunder_review(), game_id, 1)
    learner.add_own_puzzles([OwnPuzzle(mistake.item, game_id, 1, mistake.to_data())],
                            *new_card())
    cookie = signed(db.secret(), learner.learner_id)
    db.engine.dispose()
    with streamlit_server(folder, {"TAROT_TUTOR_DB": str(path), "TAROT_TUTOR_DB_URL": ""}) as url:
        yield url, cookie, mistake


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", list(SIZES))
def test_an_own_mistake_is_played_wrong_then_right_in_the_trainer(
    tabs: Any, learner_with_a_blunder: tuple[str, str, OwnMistake], size: str, lang: str,
) -> None:
    from playwright.sync_api import expect

    url, cookie, mistake = learner_with_a_blunder
    SHOTS.mkdir(parents=True, exist_ok=True)
    with signed_in_page(tabs, url, cookie, SIZES[size]) as page:
        page.goto(f"{url}/puzzles?lang={lang}&puzzle={mistake.item}")
        hand = page.locator('[data-testid="tarot-hand"]')
        hand.wait_for()
        wait_ready(page)
        expect(page.get_by_text(t(lang, "own.question")).first).to_be_visible()
        page.screenshot(path=str(SHOTS / f"own-{size}-{lang}.png"), full_page=True)
        hand.locator(f'div[data-card="{format_card(mistake.played)}"]').click()
        expect(page.get_by_text(t(lang, "verdict.not_accepted_retry"))).to_be_visible()
        wait_ready(page)
        page.screenshot(path=str(SHOTS / f"own-{size}-{lang}-retry.png"), full_page=True)
        hand.locator(f'div[data-card="{format_card(mistake.best[0])}"]').click()
        page.locator(RIGHT).first.wait_for()
        expect(page.get_by_text(t(lang, "own.values_heading"))).to_be_visible()
        wait_ready(page)
        page.screenshot(path=str(SHOTS / f"own-{size}-{lang}-right.png"), full_page=True)
