"""AppTest runs of the real app: a fresh progress database and fresh caches for each test, but
one content bank for the whole test process (it is read-only; loading it is most of a cold run).

Each test has one visitor, ``learner`` (a profile made in the fresh database): every AppTest the
test opens is that visitor's session (its learner preset in session state, as the app does once
it has read the cookie), so a second AppTest is "the same visitor after a reload". A test opens
another visitor's session with ``as_learner(at, other_id)`` before the first run."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from streamlit.runtime.caching.cache_utils import CachedFunc
from streamlit.testing.v1 import AppTest

from tests.bank import bank
from tests.review.test_review_deal import PAGE_SAMPLES
from tests.solved_cache import solution_of, worker_share
from tutor.content.kinds import BestCardExercise
from tutor.content.solved import Solution, forget, remember, solved
from tutor.progress.store import Database, LearnerStore
from tutor.service.jobs import REVIEW_SAMPLES_SETTING
from tutor.ui import analysis, session
from tutor.ui.learner import LEARNER

ROOT = Path(__file__).resolve().parents[2]
# What a test may inherit from the tests before it in the same process: read-only data, and
# the analysis service (its results are functions of the jobs' arguments; keeping its worker
# pool spares each test starting processes).
KEPT_CACHES = (session.bank, analysis.analysis)


def clear_caches() -> None:
    """Clear every ``st.cache_resource``/``st.cache_data`` function of ``tutor`` but the kept
    ones (found by scanning the loaded modules, so a cache added later is cleared too)."""
    for name, module in list(sys.modules.items()):
        if name != "tutor" and not name.startswith("tutor."):
            continue
        for value in list(vars(module).values()):
            if isinstance(value, CachedFunc) and all(value is not kept for kept in KEPT_CACHES):
                value.clear()


def authored_best_cards() -> list[BestCardExercise]:
    """Every best-card exercise of the bank: the puzzles' and the lessons' checks."""
    exercises = [p.exercise for p in bank().puzzles]
    exercises += [step.check for lesson in bank().lessons for step in lesson.steps]
    return [ex for ex in exercises if isinstance(ex, BestCardExercise)]


def known_solution(ex: BestCardExercise) -> Solution:
    """The solution of ``ex`` held by this process (when it is not: read from the solutions
    kept on disk for this version of the code, or solved here and kept there)."""
    held = solved(ex.notation, ex.idea)
    if held is None:
        held = solution_of(ex.notation, ex.idea)
        remember(held)
    return held


@pytest.fixture(scope="session", autouse=True)
def solved_bank() -> None:
    """Every authored best-card position solved for this process, as the workers would: a page
    reads each one at once instead of waiting for the pool. Solving them all costs about 5 s of
    CPU, once per version of the code (``tests.solved_cache``); each worker starts on its own
    share, so two workers with nothing on disk yet split the work."""
    for ex in worker_share(authored_best_cards()):
        known_solution(ex)


@contextmanager
def unknown_to_this_process(ex: BestCardExercise) -> Iterator[None]:
    """Within: this process holds no solution nor proof of ``ex`` (another test may have had
    one made), so a page must ask the workers; after, it holds it again for the next tests."""
    forget(ex.notation)
    try:
        yield
    finally:
        known_solution(ex)


@pytest.fixture(autouse=True)
def fresh_state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    db = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("TAROT_TUTOR_DB", str(db))
    monkeypatch.delenv("TAROT_TUTOR_DB_URL", raising=False)
    monkeypatch.setenv(REVIEW_SAMPLES_SETTING, str(PAGE_SAMPLES))
    monkeypatch.chdir(ROOT)
    clear_caches()
    yield db
    clear_caches()


@pytest.fixture
def database(fresh_state: Path) -> Iterator[Database]:
    """The test's progress database, as the app opens it."""
    opened = Database()
    yield opened
    opened.engine.dispose()


@pytest.fixture(autouse=True)
def learner(database: Database, monkeypatch: pytest.MonkeyPatch) -> str:
    """The test's visitor: every AppTest the test makes starts as this learner."""
    learner_id = database.new_learner()
    original = AppTest.from_file.__func__  # type: ignore[attr-defined]

    def from_file(cls: type[AppTest], *args: Any, **kwargs: Any) -> AppTest:
        at: AppTest = original(cls, *args, **kwargs)
        return as_learner(at, learner_id)

    monkeypatch.setattr(AppTest, "from_file", classmethod(from_file))
    return learner_id


@pytest.fixture
def mine(database: Database, learner: str) -> LearnerStore:
    """The test visitor's own store, to check what the app saved."""
    return database.learner(learner)


def as_learner(at: AppTest, learner_id: str) -> AppTest:
    """``at`` is the session of ``learner_id`` (set before its first run)."""
    at.session_state[LEARNER] = learner_id
    return at


# The app's page registry (what st.navigation registered), from its first run in this process:
# AppTest can only switch to a page registered with a URL path of its own (score-quiz, progress)
# once it knows the registry, so without it the app must run on the home page first.
_REGISTERED_PAGES: dict[str, Any] = {}


def open_app(page: str | None = None, **params: str) -> AppTest:
    """The whole app (app.py) at ``page`` with query parameters, run once: the session's first
    run is on that page, as when a visitor opens its link."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    for key, value in params.items():
        at.query_params[key] = value
    if page is not None and not _REGISTERED_PAGES:
        at.run()
        assert not at.exception, at.exception
        _REGISTERED_PAGES.update(at._registered_pages)
    if page is not None:
        at._registered_pages = dict(_REGISTERED_PAGES)
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
