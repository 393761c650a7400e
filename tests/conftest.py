"""Shared test settings.

- Hypothesis profiles (tests/profiles.py): CI runs more examples than a quick local run.
- Temporary files (``tmp_path``: every test's SQLite database, the servers' logs) live on tmpfs
  (``/dev/shm``) when the machine has one: the store's commits then wait for no disk.
- pytest-xdist runs the suite on three workers (``-n 3 --dist loadgroup`` in pyproject's
  addopts, one more than the two cores: the served tests mostly wait; ``-n 0`` runs it in one
  process). Every test is xdist-safe: its files are under its own ``tmp_path``, servers take
  free ports, each worker starts its own streamlit server and chromium,
  PostgreSQL tests make their own schema or database. Tests that must not overlap would share a
  group, ``@pytest.mark.xdist_group("name")``; none needs one today. The browser and server
  tests (mostly waiting) are handed out first, so their waits overlap the CPU-bound tests, and
  the long CPU-bound tests (``@pytest.mark.long``) next, so that none is left to run alone.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import tests.profiles  # noqa: F401  (registers and loads the hypothesis profiles)

SHM = Path("/dev/shm")
if SHM.is_dir() and os.access(SHM, os.W_OK):
    # pytest's own root for tmp_path (documented; it keeps its usual 3-run retention there).
    os.environ.setdefault("PYTEST_DEBUG_TEMPROOT", str(SHM))

TESTS = Path(__file__).resolve().parent
SERVED = {TESTS / "browser", TESTS / "server"}  # tests that drive real streamlit servers


def handed_out(item: pytest.Item) -> tuple[bool, bool]:
    """The order the scheduler hands tests out: the served tests first (their waits overlap
    the rest), then the long CPU-bound ones (``@pytest.mark.long``: started last, one of them
    would keep its worker busy alone at the end), then the rest."""
    return Path(str(item.fspath)).parent not in SERVED, item.get_closest_marker("long") is None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if hasattr(config, "workerinput"):  # an xdist worker: the scheduler follows this order
        items.sort(key=handed_out)


@pytest.fixture(autouse=True)
def _main_module_kept() -> Iterator[None]:
    """Each test ends with the test runner's own ``__main__``: an AppTest runs its script as
    ``__main__`` and leaves it there, and a worker pool started later in the same process runs
    that script again in each new worker (an ``AppTest.from_function`` script then fails, its
    arguments gone, and the pool breaks: seen as BrokenProcessPool in tests/service)."""
    main = sys.modules["__main__"]
    yield
    sys.modules["__main__"] = main
