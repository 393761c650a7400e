"""Rule variants and shared positions in a real browser: a score sheet created under the web
game's rules (its bid names, its "first to 100" reached), and a position opened from a
``?pos=`` link with a card clicked and judged. Screenshots under tests/output/screenshots/."""

from __future__ import annotations

from urllib.parse import quote

import pytest

from tests.app.test_position_link import mid_trick
from tests.browser.conftest import shot
from tests.browser.test_browser import wait_ready
from tutor.engine.cards import card_name, cards_of, format_card
from tutor.engine.position import format_position

pytestmark = pytest.mark.browser


def test_a_score_sheet_under_the_web_game_rules(page, server):
    page.goto(f"{server}/score-sheet?lang=en")
    page.get_by_text("Start a new game").first.wait_for()
    wait_ready(page)
    page.get_by_label("Name of the game").fill("Web game table")
    for i, name in enumerate(["Anna", "Bruno", "Carla", "Dario"], start=1):
        page.get_by_label(f"Player {i}", exact=True).fill(name)
    page.get_by_label("Rules", exact=True).click()
    page.get_by_role("option", name="Web game, first to 100 (house rule)").click()
    wait_ready(page)
    page.get_by_text("4 players only; bids Petite").wait_for()
    page.get_by_role("button", name="Start the game").click()
    page.get_by_text("Add a deal").wait_for()
    wait_ready(page)
    page.get_by_text("Petite", exact=True).first.wait_for()  # the bids as the rules name them
    points = page.get_by_role("spinbutton", name="Points", exact=True)
    points.fill("49")
    points.press("Enter")
    oudlers = page.get_by_role("spinbutton", name="Oudlers", exact=True)
    oudlers.fill("2")
    oudlers.press("Enter")
    wait_ready(page)
    page.get_by_role("button", name="Add the deal").click()
    page.get_by_text("Deal 1 added").wait_for()
    page.get_by_text("Anna reached 100").wait_for()
    wait_ready(page)
    assert page.get_by_text("Rules: Web game, first to 100 (house rule)").count() == 1
    page.wait_for_timeout(1500)
    shot(page, "score-sheet-web-game-rules-en")


def test_a_position_link_opens_and_judges_a_card(page, server):
    deal = mid_trick()
    text = format_position(deal.position())
    page.goto(f"{server}/puzzles?lang=en&pos={quote(text, safe='')}")
    page.get_by_text(f"Player {deal.to_play + 1} to play").wait_for()
    wait_ready(page)
    shot(page, "position-link-opened-en")
    legal = deal.legal_plays()
    hand = cards_of(deal.hands[deal.to_play])
    illegal = [c for c in hand if not legal >> c & 1]
    card = illegal[0] if illegal else hand[0]
    widget = page.locator('[data-testid="tarot-hand"]')
    widget.locator(f'div[data-card="{format_card(card)}"]').click()
    verdict = "may not be played here" if illegal else "may be played here"
    page.get_by_text(f"{card_name(card)} {verdict}").wait_for()
    wait_ready(page)
    shot(page, "position-link-en")


def test_a_broken_position_link_says_what_is_wrong(page, server):
    page.goto(f"{server}/puzzles?lang=en&pos={quote('tarot1 4 <b>x</b>', safe='')}")
    page.get_by_text("The position in this link cannot be read").wait_for()
    wait_ready(page)
    assert page.locator('[data-testid="stException"]').count() == 0
    assert page.locator("b", has_text="x").count() == 0  # the link's text shown literally


def test_the_practice_game_under_the_web_game_rules(page, server):
    page.goto(f"{server}/practice?lang=en&seed=3&players=4&rules=online-first-to-100")
    page.get_by_text("Rules: Web game, first to 100 (house rule)").wait_for()
    wait_ready(page)
    page.get_by_role("button", name="Petite").first.wait_for()
    assert page.get_by_role("button", name="Petite").count() == 1
    shot(page, "practice-web-game-rules-en")
