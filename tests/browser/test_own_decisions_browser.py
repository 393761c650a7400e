"""The learner's own bid and écart mistakes in the puzzle trainer, in a real browser: the
planted garde contre and bad écart kept as the learner's puzzles, opened from their links,
chosen wrong then right among the review's options only, at a desktop and a phone size in both
languages (screenshots in tests/output/screenshots/own-decision/)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import OUTPUT, signed_in_page, streamlit_server
from tests.browser.test_browser import RIGHT, wait_ready
from tests.review.test_kept_decisions import PLANTED, exercise, kept_decision
from tutor.engine.variants import FFT_2012
from tutor.progress.review import new_card
from tutor.progress.store import Database, OwnPuzzle
from tutor.review.expected import Decision
from tutor.review.mistakes import OwnDecision
from tutor.ui.exercises.common import say_in
from tutor.ui.i18n import t
from tutor.ui.learner import signed

pytestmark = pytest.mark.browser

SHOTS = OUTPUT / "own-decision"
SIZES = {"desktop": (1280, 720), "phone": (390, 844)}
SHOWN = (Decision.BID, Decision.ECART)


@pytest.fixture(scope="module")
def learner_with_decisions(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[str, str, dict[Decision, OwnDecision]]]:
    """A server, a learner's signed cookie, and the planted bid and écart kept as theirs."""
    folder = tmp_path_factory.mktemp("own-decision")
    path = folder / "progress.sqlite3"
    db = Database(f"sqlite:///{path}")
    learner = db.learner(db.new_learner())
    game_id = learner.create_game("Practice (4 players)", "practice", {
        "version": 1, "players": 4, "rules": FFT_2012.name, "seed": 1, "first_dealer": 3,
        "target": None, "coach": True, "rows": [],
        "current": {"number": 1, "seed": 1, "dealer": 3, "moves": []},
    }).id
    kept = {}
    for number, decision in enumerate(SHOWN, start=1):
        made = kept_decision(PLANTED[decision](), decision)
        own = OwnDecision(game_id, number, decision, made.record, made.seat, made.options,
                          made.chosen, made.verdict, made.loss, made.samples, made.why,
                          made.facts)
        learner.add_own_puzzles([OwnPuzzle(own.item, game_id, number, own.to_data())],
                                *new_card())
        kept[decision] = own
    cookie = signed(db.secret(), learner.learner_id)
    db.engine.dispose()
    with streamlit_server(folder, {"TAROT_TUTOR_DB": str(path), "TAROT_TUTOR_DB_URL": ""}) as url:
        yield url, cookie, kept


@pytest.mark.parametrize("decision", SHOWN, ids=str)
@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", list(SIZES))
def test_an_own_decision_is_chosen_wrong_then_right_in_the_trainer(
    tabs: Any, learner_with_decisions: tuple[str, str, dict[Decision, OwnDecision]],
    size: str, lang: str, decision: Decision,
) -> None:
    from playwright.sync_api import expect

    url, cookie, kept = learner_with_decisions
    own = kept[decision]
    ex = exercise(own)
    say = say_in(lang)
    SHOTS.mkdir(parents=True, exist_ok=True)
    name = f"{decision.value}-{size}-{lang}"
    with signed_in_page(tabs, url, cookie, SIZES[size]) as page:
        page.goto(f"{url}/puzzles?lang={lang}&puzzle={own.item}")
        radios = page.get_by_test_id("stRadio")
        radios.wait_for()
        wait_ready(page)
        expect(page.get_by_text(t(lang, f"own_decision.question.{decision.value}")).first
               ).to_be_visible()
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
        check = page.get_by_role("button", name=t(lang, "exercise.check"))
        radios.get_by_text(ex.option_words(ex.chosen, lang, say), exact=True).click()
        wait_ready(page)
        check.click()
        expect(page.get_by_text(t(lang, "own_decision.not_best_retry"))).to_be_visible()
        wait_ready(page)
        page.screenshot(path=str(SHOTS / f"{name}-retry.png"), full_page=True)
        best = min(ex.expected())
        radios.get_by_text(ex.option_words(best, lang, say), exact=True).click()
        wait_ready(page)
        check.click()
        page.locator(RIGHT).first.wait_for()
        expect(page.get_by_text(t(lang, "own_decision.values_heading"))).to_be_visible()
        wait_ready(page)
        page.screenshot(path=str(SHOTS / f"{name}-right.png"), full_page=True)
