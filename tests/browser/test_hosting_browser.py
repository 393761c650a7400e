"""The hosted deployment in real browsers: Debian's nginx with the repository's site file in
front of two app processes on one store (PostgreSQL when $TAROT_TUTOR_TEST_PG_URL is set, else
one SQLite file); each browser stays on one process, both processes serve, and what one
writes the other reads. Then sign-in for real: Streamlit's OIDC flow (``st.login``) against a
local OpenID Connect provider, through the proxy and both processes."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest

from tests.browser.conftest import shot, streamlit_server
from tests.browser.test_browser import wait_ready
from tests.browser.test_learners_browser import solve_a_puzzle, solved
from tests.hosting import (
    BEHIND_PROXY,
    ROUTE_COOKIE,
    nginx_proxy,
    require_nginx,
    shared_store,
    upstreams,
)
from tutor.ui.learner import COOKIE

pytestmark = pytest.mark.browser
MAX_BROWSERS = 10  # fresh browsers opened to find one on each process (all on one: 2^-9)


def new_browser(browser) -> object:
    """A fresh visitor: a browser context of its own (no cookies), and its page."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(30_000)
    return page


def route_of(page) -> str:
    return next(c["value"] for c in page.context.cookies() if c["name"] == ROUTE_COOKIE)


def served_by(page, logs: Path) -> str:
    """The one app process that served every request of this browser so far."""
    [process] = upstreams(logs, route_of(page))  # more than one: the session was not sticky
    return process


def one_on_each_process(browser, proxy: str, logs: Path, stack: ExitStack) -> list:
    """Fresh browsers opened through the proxy until two sit on different processes."""
    by_process: dict[str, object] = {}
    for _ in range(MAX_BROWSERS):
        page = new_browser(browser)
        stack.callback(page.context.close)
        page.goto(f"{proxy}/?lang=en")
        wait_ready(page)
        by_process.setdefault(served_by(page, logs), page)
        if len(by_process) == 2:
            return list(by_process.values())
    pytest.fail(f"{MAX_BROWSERS} browsers all landed on {set(by_process)}")


@pytest.fixture()
def two_processes(tmp_path) -> Iterator[tuple[str, Path, list[str]]]:
    """Two app processes on one store behind nginx: (the proxy's URL, its folder, the apps)."""
    require_nginx()
    with shared_store(tmp_path) as store, ExitStack() as stack:
        env = {**store, **BEHIND_PROXY}
        apps = [stack.enter_context(streamlit_server(tmp_path, env)) for _ in range(2)]
        proxy = stack.enter_context(nginx_proxy(tmp_path / "nginx", apps))
        yield proxy, tmp_path / "nginx", apps


def test_the_proxy_keeps_each_browser_on_one_process_and_both_processes_share_progress(
    browser, two_processes
):
    proxy, logs, apps = two_processes
    with ExitStack() as stack:
        first, second = one_on_each_process(browser, proxy, logs, stack)
        solve_a_puzzle(first, proxy)
        assert solved(first, proxy) == "1"
        # the same learner in the browser on the other process: its cookie, its own route
        learner = next(c for c in first.context.cookies() if c["name"] == COOKIE)
        second.context.add_cookies([{"name": COOKIE, "value": learner["value"], "url": proxy}])
        assert solved(second, proxy) == "1"
        shot(second, "hosting-progress-read-through-the-other-process-en")
        # every request of each browser, websocket included, stayed on its process
        assert {served_by(first, logs), served_by(second, logs)} == {
            app.removeprefix("http://") for app in apps
        }
