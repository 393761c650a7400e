"""Each visitor's own data in real browsers: two browser contexts (two visitors) see none of each
other's progress or games, a third cannot open or delete either's game by URL, a reload keeps a
visitor's progress (the signed cookie), and two app processes on one PostgreSQL share it."""

from __future__ import annotations

import os
import re
import secrets
from collections.abc import Iterator

import pytest

from tests.browser.conftest import shot, streamlit_server
from tests.browser.test_browser import wait_ready
from tutor.ui.learner import COOKIE

pytestmark = pytest.mark.browser
PG_VAR = "TAROT_TUTOR_TEST_PG_URL"


@pytest.fixture()
def visitors(browser) -> Iterator[list]:
    """Three visitors: three browser contexts (no shared cookies)."""
    contexts = [
        browser.new_context(viewport={"width": 1400, "height": 1000}, locale="en-GB")
        for _ in range(3)
    ]
    pages = [context.new_page() for context in contexts]
    for pg in pages:
        pg.set_default_timeout(20_000)
    yield pages
    for context in contexts:
        context.close()


def metric(page, label: str) -> str:
    box = page.locator('[data-testid="stMetric"]').filter(has_text=label).first
    return box.locator('[data-testid="stMetricValue"]').inner_text().strip()


def solve_a_puzzle(page, server: str) -> None:
    page.goto(f"{server}/puzzles?lang=en&puzzle=overtrump-01")
    hand = page.locator('[data-testid="tarot-hand"]')
    hand.wait_for()
    wait_ready(page)
    hand.locator('div[data-card="T17"]').click()
    page.locator('[data-testid="stAlertContentSuccess"]').first.wait_for()
    wait_ready(page)


def solved(page, server: str) -> str:
    page.goto(f"{server}/progress?lang=en")
    page.get_by_text("Your data").wait_for()
    wait_ready(page)
    return metric(page, "Puzzles solved")


def make_share_link(page):
    """Open "Share with the table" and make a link; returns the code block that shows it.
    Each step waits for the page's run to end first (a click made during a rerun of a loaded
    CI machine once left no link after 20 s)."""
    wait_ready(page)
    page.get_by_text("Share with the table").click()
    wait_ready(page)
    page.get_by_role("button", name="Make a share link").click()
    link = page.locator('[data-testid="stCode"]').filter(has_text="?share=")
    link.wait_for(timeout=60_000)
    wait_ready(page)
    return link


def start_a_sheet_with_a_deal(
    page, server: str, game: str = "Private table",
    names: tuple[str, ...] = ("Anna", "Bruno", "Carla", "Dario"),
) -> int:
    page.goto(f"{server}/score-sheet?lang=en")
    page.get_by_text("Start a new game").first.wait_for()
    wait_ready(page)
    page.get_by_label("Name of the game").fill(game)
    for i, name in enumerate(names, start=1):
        # each fill blurs the last box, which reruns the page: let that run end first (a CI
        # run under load once waited 30 s for "Player 4" in the middle of one)
        wait_ready(page)
        page.get_by_label(f"Player {i}", exact=True).fill(name, timeout=60_000)
    wait_ready(page)
    page.get_by_role("button", name="Start the game").click()
    page.get_by_text("Add a deal").wait_for()
    wait_ready(page)
    points = page.get_by_role("spinbutton", name="Points", exact=True)
    points.fill("50")
    points.press("Enter")
    wait_ready(page)
    page.get_by_role("button", name="Add the deal").click()
    page.get_by_text("Deal 1 added").wait_for()
    wait_ready(page)
    found = re.search(r"[?&]game=(\d+)", page.url)
    assert found, page.url
    return int(found.group(1))


def test_two_visitors_see_none_of_each_others_data_and_a_third_cannot_open_a_game(
    visitors, server
):
    first, second, third = visitors
    solve_a_puzzle(first, server)
    assert solved(first, server) == "1"
    game_id = start_a_sheet_with_a_deal(first, server)

    assert solved(second, server) == "0"
    shot(second, "progress-second-visitor-en")
    second.goto(f"{server}/score-sheet?lang=en")
    second.get_by_text("No saved game yet.").wait_for()
    wait_ready(second)
    assert second.get_by_text("Private table").count() == 0

    third.goto(f"{server}/score-sheet?lang=en&game={game_id}")
    third.get_by_text(f"No saved game has the number {game_id}.").wait_for()
    wait_ready(third)
    assert third.get_by_text("Delete this game").count() == 0
    assert third.get_by_text("Private table").count() == 0
    shot(third, "score-sheet-other-visitors-game-en")

    first.goto(f"{server}/score-sheet?lang=en&game={game_id}")
    first.get_by_text("Private table").first.wait_for()  # still there for its owner


def test_a_reload_and_a_return_visit_keep_the_visitors_progress(visitors, server):
    page = visitors[0]
    solve_a_puzzle(page, server)
    cookie = next(c for c in page.context.cookies() if c["name"] == COOKIE)
    assert cookie["domain"] == "127.0.0.1" and cookie["path"] == "/"
    assert cookie["expires"] > 300 * 24 * 3600  # about a year from now (epoch seconds)
    assert cookie["sameSite"] == "Lax"
    learner_id, mac = cookie["value"].split(".")
    assert len(learner_id) >= 32 and len(mac) == 64
    page.reload()
    wait_ready(page)
    assert solved(page, server) == "1"
    shot(page, "progress-page-en")
    again = page.context.new_page()  # a return visit: a new tab, a new session
    assert solved(again, server) == "1"


def test_a_forged_cookie_gets_a_new_empty_profile(visitors, server):
    first, forger = visitors[0], visitors[1]
    solve_a_puzzle(first, server)
    value = next(c for c in first.context.cookies() if c["name"] == COOKIE)["value"]
    learner_id, _ = value.split(".")
    forger.context.add_cookies(
        [{"name": COOKIE, "value": f"{learner_id}.{'0' * 64}", "url": server}]
    )
    assert solved(forger, server) == "0"


def test_two_app_processes_on_one_postgresql_share_progress(browser, tmp_path):
    url = os.environ.get(PG_VAR)
    if not url:
        if os.environ.get("CI"):
            pytest.fail(f"CI runs the two-server test on PostgreSQL: set ${PG_VAR}")
        pytest.skip(f"two app processes need PostgreSQL: set ${PG_VAR}")
    import sqlalchemy as sa

    admin_url = sa.make_url(url)
    name = f"tutor_two_{secrets.token_hex(6)}"
    admin = sa.create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
    database = admin_url.set(database=name).render_as_string(hide_password=False)
    env = {"TAROT_TUTOR_DB_URL": database}
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="en-GB")
    try:
        with (
            streamlit_server(tmp_path, env) as one,
            streamlit_server(tmp_path, env) as two,
        ):
            page = context.new_page()
            page.set_default_timeout(30_000)
            solve_a_puzzle(page, one)
            # cookies belong to the host, not the port: the same visitor on the other process
            assert solved(page, two) == "1"
            game_id = start_a_sheet_with_a_deal(page, two)
            page.goto(f"{one}/score-sheet?lang=en&game={game_id}")
            page.get_by_text("Private table").first.wait_for()
    finally:
        context.close()
        with admin.connect() as connection:
            connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.dispose()


def test_a_shared_sheet_opens_read_only_for_another_visitor(visitors, server):
    owner, guest = visitors[0], visitors[1]
    start_a_sheet_with_a_deal(owner, server)
    link = make_share_link(owner)
    url = link.inner_text().strip()
    assert url.startswith(f"{server}/score-sheet?share="), url
    shot(owner, "score-sheet-share-link-en")
    guest.goto(url + "&lang=en")
    guest.get_by_text("only its owner can change it").wait_for()
    wait_ready(guest)
    guest.get_by_text("Private table").first.wait_for()
    assert guest.get_by_role("button", name="Add the deal").count() == 0
    assert guest.get_by_text("Delete this game").count() == 0
    shot(guest, "score-sheet-shared-read-only-en")
