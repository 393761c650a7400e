"""Opening the review of a saved 18-trick deal, run by hand (not collected by pytest):

    PYTHONPATH=. python tests/benchmarks/bench_review_page.py [runs]

Saves the 4-player game of ``tests/practice/fixtures/saved_games_c2c1f40.json`` (a practice
game as a learner's store keeps it) in a fresh database and drives the review page itself
(``streamlit.testing.v1.AppTest``, no browser) at ``?game=<id>&deal=1``: the first open (the
solver's review computed and stored), then a step to the next trick. For each it counts the
calls of ``Deal.push`` and ``Deal.pop`` and measures the process's CPU time; each run starts
with the server-wide caches cleared, and the medians of the runs are printed. Imports and
AppTest's scan of the installed packages for components (a server does it once) are paid
before the runs, as in bench_table.py.

The page and the fixture are the same before and after a change of the code under them, so
the figures compare two commits (run it in each).
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PAGE = str(ROOT / "tutor" / "ui" / "pages" / "review.py")
FIXTURE = ROOT / "tests" / "practice" / "fixtures" / "saved_games_c2c1f40.json"
CALLS: Counter[str] = Counter()


def _counted(name: str, method: Callable[..., Any]) -> Callable[..., Any]:
    def counted(*args: Any, **kwargs: Any) -> Any:
        CALLS[name] += 1
        return method(*args, **kwargs)

    return counted


def _count_push_and_pop() -> None:
    from tutor.engine.game import Deal

    Deal.push = _counted("push", Deal.push)  # type: ignore[method-assign]
    Deal.pop = _counted("pop", Deal.pop)  # type: ignore[method-assign]


def _saved_game() -> tuple[str, int]:
    """A fresh database with one learner and the fixture's 4-player game saved."""
    folder = tempfile.mkdtemp(prefix="bench-review-")
    os.environ["TAROT_TUTOR_DB"] = str(Path(folder) / "progress.sqlite3")
    os.environ.pop("TAROT_TUTOR_DB_URL", None)
    os.chdir(ROOT)
    from tutor.progress.store import Database

    database = Database()
    learner = database.new_learner()
    meta = next(g for g in json.loads(FIXTURE.read_text(encoding="utf-8")) if g["players"] == 4)
    saved = database.learner(learner).create_game("Practice (4 players)", "practice", meta)
    return learner, saved.id


def _measured(step: Callable[[], object]) -> tuple[float, int, int]:
    CALLS.clear()
    cpu = time.process_time()
    step()
    return time.process_time() - cpu, CALLS["push"], CALLS["pop"]


def run_once() -> tuple[tuple[float, int, int], tuple[float, int, int]]:
    import streamlit as st
    from streamlit.testing.v1 import AppTest

    from tutor.ui.learner import LEARNER

    st.cache_resource.clear()
    st.cache_data.clear()
    learner, game_id = _saved_game()
    at = AppTest.from_file(PAGE, default_timeout=120)
    at.session_state[LEARNER] = learner
    at.query_params["game"] = str(game_id)
    at.query_params["deal"] = "1"
    at.query_params["lang"] = "en"
    first = _measured(at.run)
    assert not at.exception, at.exception
    forward = next(b for b in at.button if b.key == "review-forward")
    step = _measured(forward.click().run)
    assert not at.exception, at.exception
    return first, step


def _caches_cleared() -> None:
    """Every lru_cache of the tutor's modules cleared: the review is opened as on a server
    that never showed this deal."""
    for module in [m for m in sys.modules if m.startswith("tutor.")]:
        for value in vars(sys.modules[module]).values():
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                clear()


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    _count_push_and_pop()
    run_once()  # imports, caches and the component scan paid once, as in a running server
    from streamlit.components.v2.component_manager import BidiComponentManager

    # AppTest scans the installed packages for components on every run (a server, once)
    BidiComponentManager.discover_and_register_components = (  # type: ignore[method-assign]
        lambda self, **kwargs: None
    )
    firsts, steps = [], []
    for _ in range(runs):
        _caches_cleared()
        first, step = run_once()
        firsts.append(first)
        steps.append(step)
    for name, rows in (("first open", firsts), ("a step", steps)):
        cpu = statistics.median(r[0] for r in rows)
        print(f"{name}: CPU median {cpu:.3f} s over {runs} runs "
              f"(min {min(r[0] for r in rows):.3f}, max {max(r[0] for r in rows):.3f}); "
              f"Deal.push {rows[0][1]}, Deal.pop {rows[0][2]}")


if __name__ == "__main__":
    main()
