"""The hosted deployment in real browsers: Debian's nginx with the repository's site file in
front of two app processes on one store (PostgreSQL when $TAROT_TUTOR_TEST_PG_URL is set, else
one SQLite file); each browser stays on one process, both processes serve, and what one
writes the other reads. Then sign-in for real: Streamlit's OIDC flow (``st.login``) against a
local OpenID Connect provider, through the proxy and both processes."""

from __future__ import annotations

import secrets
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
    free_port,
    nginx_proxy,
    require_module,
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


# --- sign-in for real: Streamlit's OIDC flow against a local OpenID Connect provider ------------
ACCOUNT = "ada"  # the subject the provider signs in (and its e-mail claim, shown as the name)


@pytest.fixture()
def provider(monkeypatch) -> Iterator[str]:
    """A local OpenID Connect provider (oidc-provider-mock, on Authlib): its issuer URL."""
    mock = require_module("oidc_provider_mock", '-e ".[test]"')
    monkeypatch.setenv("AUTHLIB_INSECURE_TRANSPORT", "1")  # plain http on the loopback only
    with mock.run_server_in_thread() as server:
        yield f"http://localhost:{server.server_port}"


def secrets_file(folder: Path, proxy: str, issuer: str) -> Path:
    """Streamlit's [auth] for this test only (made fresh in its temp folder, never committed):
    both processes read the same one, so either can finish a sign-in the other began."""
    path = folder / "secrets.toml"
    path.write_text(
        "[auth]\n"
        f'redirect_uri = "{proxy}/oauth2callback"\n'
        f'cookie_secret = "{secrets.token_urlsafe(32)}"\n'
        'client_id = "tarot-tutor"\n'
        f'client_secret = "{secrets.token_urlsafe(16)}"\n'
        f'server_metadata_url = "{issuer}/.well-known/openid-configuration"\n',
        encoding="utf-8",
    )
    return path


@pytest.fixture()
def two_processes_with_sign_in(tmp_path, provider) -> Iterator[tuple[str, Path]]:
    """Two app processes with sign-in behind nginx: (the proxy's URL, its folder)."""
    require_module("authlib", '"streamlit[auth]"')
    require_nginx()
    listen = free_port()
    proxy = f"http://127.0.0.1:{listen}"
    secret = secrets_file(tmp_path, proxy, provider)
    with shared_store(tmp_path) as store, ExitStack() as stack:
        env = {**store, **BEHIND_PROXY, "STREAMLIT_SECRETS_FILES": str(secret),
               "AUTHLIB_INSECURE_TRANSPORT": "1"}
        apps = [stack.enter_context(streamlit_server(tmp_path, env)) for _ in range(2)]
        stack.enter_context(nginx_proxy(tmp_path / "nginx", apps, listen))
        yield proxy, tmp_path / "nginx"


def progress_page(page, proxy: str) -> None:
    page.goto(f"{proxy}/progress?lang=en")
    page.get_by_text("Your data").wait_for()
    wait_ready(page)


def sign_in(page, proxy: str) -> None:
    """Sign in from My progress: the provider's page, its subject, back to the tutor."""
    progress_page(page, proxy)
    page.get_by_role("button", name="Sign in").click()
    page.locator('input[name="sub"]').fill(ACCOUNT)
    page.get_by_role("button", name="Authorize").click()
    page.wait_for_url(f"{proxy}/**")
    wait_ready(page)
    progress_page(page, proxy)
    page.get_by_text(f"Signed in as {ACCOUNT}").wait_for()


def sign_out(page, proxy: str) -> None:
    """Sign out from My progress: Streamlit ends the provider's session too (its page)."""
    progress_page(page, proxy)
    page.get_by_role("button", name="Sign out").click()
    page.get_by_role("button", name="End session").click()
    page.wait_for_url(f"{proxy}/**")
    wait_ready(page)


def test_sign_in_through_the_proxy_joins_the_anonymous_profile_and_follows_the_account(
    browser, two_processes_with_sign_in
):
    proxy, logs = two_processes_with_sign_in
    with ExitStack() as stack:
        first, second = one_on_each_process(browser, proxy, logs, stack)
        solve_a_puzzle(first, proxy)  # anonymous progress, before any account
        assert solved(first, proxy) == "1"

        sign_in(first, proxy)  # the first sign-in: the anonymous profile becomes the account's
        assert solved(first, proxy) == "1"
        assert COOKIE not in {c["name"] for c in first.context.cookies()}
        shot(first, "hosting-signed-in-en")

        sign_in(second, proxy)  # another browser, on the other process: the same progress
        assert solved(second, proxy) == "1"

        sign_out(first, proxy)  # back to a fresh anonymous profile, offered sign-in again
        assert solved(first, proxy) == "0"
        first.get_by_role("button", name="Sign in").wait_for()
        assert solved(second, proxy) == "1"  # the other browser is still signed in
        assert served_by(first, logs) != served_by(second, logs)
