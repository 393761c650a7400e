"""AppTest runs of the real app: a fresh progress database and fresh caches for each test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def fresh_state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    db = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("TAROT_TUTOR_DB", str(db))
    monkeypatch.chdir(ROOT)
    st.cache_resource.clear()
    st.cache_data.clear()
    yield db
    st.cache_resource.clear()
    st.cache_data.clear()


def open_app(page: str | None = None, **params: str) -> AppTest:
    """The whole app (app.py) at ``page`` with query parameters, run once."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    if page is not None:
        at.switch_page(f"tutor/ui/pages/{page}.py")
        at.run()
    assert not at.exception, at.exception
    return at


def texts(at: AppTest) -> str:
    """Every text the page shows, joined: markdown, captions, alerts, headers."""
    parts = [e.value for e in at.markdown] + [e.value for e in at.caption]
    parts += [e.value for e in at.success] + [e.value for e in at.error]
    parts += [e.value for e in at.warning] + [e.value for e in at.info]
    parts += [e.value for e in at.title] + [e.value for e in at.header]
    return "\n".join(str(p) for p in parts)
