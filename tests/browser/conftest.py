"""A real ``streamlit run app.py`` server and Debian's chromium driven by Playwright.

Outside CI, a machine without chromium skips these tests; in CI (CI=true) a missing browser
is an error, so the browser tests can never silently stop running.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.hosting import free_port

ROOT = Path(__file__).resolve().parents[2]
OUTPUT = ROOT / "tests" / "output" / "screenshots"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


# Counts, in the page, the messages the browser sends the server (a click's or a widget's
# rerun is one) and the runs of the script that started after them: installed before the
# page's own scripts (a context's init script), so the first rerun of a page load is counted.
RUN_TRACKER = """(() => {
  if (window.__ttRuns) return;
  const runs = {sent: 0, sentAt: 0, answered: 0};
  window.__ttRuns = runs;
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    runs.sent += 1;
    runs.sentAt = performance.now();
    return send.call(this, data);
  };
  new MutationObserver((records) => {
    // the run state after each change: the next record's old value, then the current one
    records.forEach((record, i) => {
      const after = i + 1 < records.length ? records[i + 1].oldValue
        : record.target.getAttribute('data-test-script-state');
      if (after === 'running' && record.oldValue !== 'running') runs.answered = runs.sent;
    });
  }).observe(document, {subtree: true, attributes: true, attributeOldValue: true,
                        attributeFilter: ['data-test-script-state']});
})()"""


def _require_browser() -> None:
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed: .ci/run must install Debian's chromium")
        pytest.skip("chromium is not installed (apt-get install chromium)")


@contextmanager
def streamlit_server(folder: Path, env: dict[str, str]) -> Iterator[str]:
    """``streamlit run app.py`` on a free port with ``env`` added; yields its URL."""
    port = free_port()
    log = folder / f"server-{port}.log"
    env = {**os.environ, "STREAMLIT_BROWSER_GATHER_USAGE_STATS": "false", **env}
    with log.open("w") as out:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "streamlit",
                "run",
                "app.py",
                "--server.headless=true",
                f"--server.port={port}",
                "--server.address=127.0.0.1",
                "--server.fileWatcherType=none",
            ],
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as reply:
                    if reply.status == 200:
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"streamlit did not start:\n{log.read_text()}")
            time.sleep(0.3)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    _require_browser()
    folder = tmp_path_factory.mktemp("streamlit")
    env = {"TAROT_TUTOR_DB": str(folder / "progress.sqlite3"), "TAROT_TUTOR_DB_URL": ""}
    with streamlit_server(folder, env) as url:
        yield url


@pytest.fixture(scope="session")
def reviewer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """A server, and the signed cookie of a learner with one saved practice game (the Petit
    thrown away as a defender: a blunder, shown how to do better), for the review page's
    browser tests; its reviews draw ``PAGE_SAMPLES`` deals per decision, as the AppTests'."""
    from tests.app.test_review_page import game_data
    from tests.review.test_review_deal import PAGE_SAMPLES
    from tutor.progress.store import Database
    from tutor.service.jobs import REVIEW_SAMPLES_SETTING
    from tutor.ui.learner import signed

    _require_browser()
    folder = tmp_path_factory.mktemp("review")
    path = folder / "progress.sqlite3"
    db = Database(f"sqlite:///{path}")
    learner = db.new_learner()
    db.learner(learner).create_game("Practice (4 players)", "practice", game_data())
    cookie = signed(db.secret(), learner)
    db.engine.dispose()
    env = {"TAROT_TUTOR_DB": str(path), "TAROT_TUTOR_DB_URL": "",
           REVIEW_SAMPLES_SETTING: str(PAGE_SAMPLES)}
    with streamlit_server(folder, env) as url:
        yield url, cookie


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    _require_browser()
    from playwright.sync_api import expect, sync_playwright

    # A rerun on a busy 2-core machine can take longer than expect()'s own 5 s (the score
    # sheet's edit form once failed so): the same bound as a page's default timeout.
    expect.set_options(timeout=30_000)
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        make_context = chromium.new_context

        def new_context(**options: object) -> object:
            """A context whose pages count their reruns from the start (``RUN_TRACKER``)."""
            context = make_context(**options)  # type: ignore[arg-type]
            context.add_init_script(RUN_TRACKER)
            return context

        chromium.new_context = new_context  # type: ignore[method-assign]
        yield chromium
        chromium.close()


class KeptTabs:
    """One browser tab per locale that a worker's browser tests take in turn, each test as a
    new visitor.

    A test's page load in a tab already open costs about 0.8 s of CPU; in a new tab about 1.9 s
    (a renderer started, Streamlit's scripts compiled again), in a new context 2.2 s (measured
    with /proc/stat, the lessons page, six loads each). A test that takes the tab finds it on
    an empty page with no cookie and no storage of the tests before it, its other tabs closed,
    its viewport and timeout set. A test that adds routes or listeners to its page opens a
    context of its own instead, so nothing of it stays for the next test."""

    def __init__(self, browser: object) -> None:
        self._browser = browser
        self._tabs: dict[str, Any] = {}

    def take(self, viewport: tuple[int, int], *, locale: str = "en-GB",
             timeout: int = 20_000) -> Any:
        tab = self._tabs.get(locale)
        if tab is None or tab.is_closed():
            tab = self._browser.new_context(locale=locale).new_page()  # type: ignore[attr-defined]
            self._tabs[locale] = tab
        else:
            for other in tab.context.pages:
                if other is not tab:
                    other.close()
            if tab.url.startswith("http"):
                tab.evaluate("() => { sessionStorage.clear(); localStorage.clear(); }")
            tab.goto("about:blank")  # the last test's page ends: its scripts set no cookie again
            tab.context.clear_cookies()
        width, height = viewport
        tab.set_viewport_size({"width": width, "height": height})
        tab.set_default_timeout(timeout)
        return tab


@pytest.fixture(scope="session")
def tabs(browser: object) -> KeptTabs:
    return KeptTabs(browser)


@pytest.fixture()
def page(tabs: KeptTabs, server: str) -> object:
    return tabs.take((1400, 1000))


@contextmanager
def signed_in_page(tabs: KeptTabs, url: str, cookie: str, viewport: tuple[int, int], *,
                   locale: str = "en-GB", timeout: int = 60_000) -> Iterator[object]:
    """The kept tab of ``locale`` (``tabs``), holding the learner cookie ``cookie`` for
    ``url``."""
    from tutor.ui.learner import COOKIE

    page = tabs.take(viewport, locale=locale, timeout=timeout)
    page.context.add_cookies([{"name": COOKIE, "value": cookie, "url": url}])
    yield page


def shot(page: object, name: str) -> Path:
    """Save a full-page screenshot under tests/output/screenshots/ and return its path."""
    OUTPUT.mkdir(parents=True, exist_ok=True)
    path = OUTPUT / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)  # type: ignore[attr-defined]
    return path
