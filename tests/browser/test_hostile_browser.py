"""Issue #10 in a real browser against a real server: the number that froze the server is
refused at once, and the server goes on answering other visitors; a crafted link's text
shows literally and fetches nothing."""

from __future__ import annotations

import urllib.request
from urllib.parse import quote

import pytest

from tests.browser.conftest import shot
from tests.browser.test_browser import wait_ready
from tests.browser.test_learners_browser import make_share_link, start_a_sheet_with_a_deal, visitors

__all__ = ["visitors"]  # the fixture, used below

pytestmark = pytest.mark.browser

FREEZE = "1e100000000"


def test_the_freeze_number_is_refused_and_a_second_visitor_is_served(browser, server):
    first = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="en-GB")
    second = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="en-GB")
    try:
        page = first.new_page()
        page.set_default_timeout(20_000)
        page.goto(f"{server}/puzzles?lang=en&puzzle=counting-01")
        field = page.locator(".st-key-puzzle-counting-01-number input")
        field.wait_for()
        wait_ready(page)
        field.fill(FREEZE)
        page.get_by_role("button", name="Check").first.click()
        page.get_by_text("Type digits only, such as 45, 45.5 or −126").wait_for()
        wait_ready(page)
        shot(page, "freeze-number-refused-en")
        # The server still answers: its health check, and a whole page for another visitor.
        with urllib.request.urlopen(f"{server}/_stcore/health", timeout=20) as reply:
            assert reply.status == 200
        other = second.new_page()
        other.set_default_timeout(20_000)
        other.goto(f"{server}/?lang=en")
        other.get_by_text("Learn French Tarot, one rule at a time").wait_for()
        wait_ready(other)
    finally:
        first.close()
        second.close()


def test_a_crafted_puzzle_link_shows_its_text_and_fetches_nothing(page, server):
    crafted = "![x](http://127.0.0.1:9/x.png) **bold** <img src=x>"
    fetched: list[str] = []

    def record(request) -> None:
        fetched.append(request.url)

    page.on("request", record)
    try:
        page.goto(f"{server}/puzzles?lang=en&puzzle={quote(crafted)}")
        alert = page.locator('[data-testid="stAlert"]').filter(has_text="No puzzle is called")
        alert.wait_for()
        wait_ready(page)
    finally:
        page.remove_listener("request", record)  # the tab is kept for the next test
    assert crafted in alert.inner_text().replace("\u2060", "")  # literally, markup and all
    assert alert.locator("img, strong, b").count() == 0
    assert not [url for url in fetched if "127.0.0.1:9/" in url]
    shot(page, "crafted-puzzle-link-en")


# --- bare URLs from a visitor are never links (issue 20) -------------------------------------
EVIL = "evil.example"


def links_to_evil(page) -> list[str]:
    hrefs = page.locator("a").evaluate_all("links => links.map(a => a.href)")
    return [href for href in hrefs if EVIL in href or "mailto:" in href]


def test_a_bare_url_in_a_puzzle_link_is_not_made_a_link(page, server):
    crafted = f"https://{EVIL}/reset www.{EVIL} win@{EVIL}"
    page.goto(f"{server}/puzzles?lang=en&puzzle={quote(crafted)}")
    alert = page.locator('[data-testid="stAlert"]').filter(has_text="No puzzle is called")
    alert.wait_for()
    wait_ready(page)
    assert crafted in alert.inner_text().replace("\u2060", "")
    assert links_to_evil(page) == []
    shot(page, "bare-url-puzzle-link-en")


def test_bare_urls_in_names_on_a_shared_sheet_are_not_made_links(visitors, server):
    owner, guest = visitors[0], visitors[1]
    game = f"Win a prize: https://{EVIL}/login"
    names = (f"Ann https://{EVIL}/a", f"www.{EVIL}", f"bob@{EVIL}", "Dee")
    start_a_sheet_with_a_deal(owner, server, game=game, names=names)
    assert links_to_evil(owner) == []
    link = make_share_link(owner)
    guest.goto(link.inner_text().strip() + "&lang=en")
    guest.get_by_text("only its owner can change it").wait_for()
    wait_ready(guest)
    shown = guest.locator("body").inner_text().replace("\u2060", "")
    assert game in shown and all(name in shown for name in names)
    assert links_to_evil(guest) == []
    shot(guest, "bare-urls-shared-sheet-en")
