"""Two app processes against one database: progress written through one is read through the
other.

Both ``streamlit run app.py`` servers (127.0.0.1) get the same database: a scratch SQLite file,
and PostgreSQL (``$TAROT_TUTOR_TEST_PG_URL``; skipped locally when unset, a failure in CI). They
are driven over Streamlit's websocket by the load test's client (``tests/load/ws_load.py``), as
one learner: both connections carry the same signed learner cookie, as one browser would.
"""

from __future__ import annotations

import asyncio
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import parse_qs

import pytest
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "load"))
import ws_load

from tutor.progress.store import Database
from tutor.ui.learner import COOKIE, signed

LESSON = "the-bouts"


async def _open(url: str, cookie: str) -> websockets.ClientConnection:
    return await websockets.connect(ws_load._ws_url(url), subprotocols=["streamlit"],  # type: ignore[list-item]
                                    max_size=2**26, open_timeout=30,
                                    additional_headers={"Cookie": f"{COOKIE}={cookie}"})


async def _walk_then_read(first: str, second: str, cookie: str) -> tuple[str, str]:
    """Two steps forward in a lesson on ``first``; the same lesson opened anew on ``second``:
    the step each shows in its URL."""
    ws = await _open(first, cookie)
    try:
        walker = ws_load.Session(ws)
        await walker.rerun(page="lessons", query=f"lang=en&lesson={LESSON}&step=1")
        for _ in range(2):
            run = await walker.rerun(states=[walker.click("lessons-next")])
            assert not run.errors
    finally:
        await ws.close()
    ws = await _open(second, cookie)
    try:
        reader = ws_load.Session(ws)
        run = await reader.rerun(page="lessons", query=f"lang=en&lesson={LESSON}")
        assert not run.errors
    finally:
        await ws.close()
    return parse_qs(walker.query)["step"][0], parse_qs(reader.query)["step"][0]


def database_url(backend: str, tmp_path: Path) -> str:
    if backend == "sqlite":
        return f"sqlite:///{tmp_path / 'progress.sqlite3'}"
    url = os.environ.get("TAROT_TUTOR_TEST_PG_URL")
    if not url:
        if os.environ.get("CI"):
            pytest.fail("TAROT_TUTOR_TEST_PG_URL is not set: .ci/run starts PostgreSQL")
        pytest.skip("no PostgreSQL server (set TAROT_TUTOR_TEST_PG_URL)")
    return url


@pytest.mark.server
@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_lesson_progress_written_through_one_process_is_read_through_the_other(
    backend: str, tmp_path: Path,
) -> None:
    url = database_url(backend, tmp_path)
    db = Database(url)
    cookie = signed(db.secret(), db.new_learner())
    env = {"TAROT_TUTOR_DB_URL": url}
    # The walk runs in a thread of its own: the browser tests' sync Playwright may hold an
    # event loop running in this one, and asyncio.run() refuses to nest.
    with ws_load.servers(2, env, tmp_path) as (urls, _), ThreadPoolExecutor(1) as pool:
        walk = _walk_then_read(urls[0], urls[1], cookie)
        written, read = pool.submit(asyncio.run, walk).result()
    assert written == "3"
    assert read == "3"
