"""Two app processes against one database: progress written through one is read through the
other.

Both ``streamlit run app.py`` servers (127.0.0.1) get the same ``TAROT_TUTOR_DB``: a scratch
SQLite file today; the same test runs against PostgreSQL by giving that database instead. They
are driven over Streamlit's websocket by the load test's client (``tests/load/ws_load.py``).
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from urllib.parse import parse_qs

import pytest
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "load"))
import ws_load

LESSON = "the-bouts"


async def _open(url: str) -> websockets.ClientConnection:
    return await websockets.connect(ws_load._ws_url(url), subprotocols=["streamlit"],  # type: ignore[list-item]
                                    max_size=2**26, open_timeout=30)


async def _walk_then_read(first: str, second: str) -> tuple[str, str]:
    """Two steps forward in a lesson on ``first``; the same lesson opened anew on ``second``:
    the step each shows in its URL."""
    ws = await _open(first)
    try:
        walker = ws_load.Session(ws)
        await walker.rerun(page="lessons", query=f"lang=en&lesson={LESSON}&step=1")
        for _ in range(2):
            run = await walker.rerun(states=[walker.click("lesson-next")])
            assert not run.errors
    finally:
        await ws.close()
    ws = await _open(second)
    try:
        reader = ws_load.Session(ws)
        run = await reader.rerun(page="lessons", query=f"lang=en&lesson={LESSON}")
        assert not run.errors
    finally:
        await ws.close()
    return parse_qs(walker.query)["step"][0], parse_qs(reader.query)["step"][0]


@pytest.mark.server
def test_lesson_progress_written_through_one_process_is_read_through_the_other(
    tmp_path: Path,
) -> None:
    env = {"TAROT_TUTOR_DB": str(tmp_path / "progress.sqlite3")}
    with ws_load.servers(2, env, tmp_path) as (urls, _):
        written, read = asyncio.run(_walk_then_read(urls[0], urls[1]))
    assert written == "3"
    assert read == "3"
