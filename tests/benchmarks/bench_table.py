"""Server time of the practice table, run by hand (not collected by pytest):

    PYTHONPATH=. python tests/benchmarks/bench_table.py [deals] [runs]

Drives the practice page itself (``streamlit.testing.v1.AppTest``: the page script runs as the
server runs it, no browser) through whole seeded 4-player deals, acting through the page's
choose-by-name panel as a learner would on the table (pass or take, discard, play the first
legal card). It times each rerun a learner action causes, from its start to its end (the
table's animation runs in the browser afterwards and is not counted), and the first load of the
page (a new session: the page built from the URL, the deal dealt, the table drawn). Imports are
made before timing (a server process has them loaded).

AppTest scans the installed packages for v2 component manifests on every run (a server does it
once, at start): that scan is made once, then skipped, so it does not count as page time.

Prints, per run, the median and p95 of the time per action over all deals (wall time, and the
process's CPU time, which a busy shared machine inflates less) and the median first load; then
the median of the runs.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGE = str(ROOT / "tutor" / "ui" / "pages" / "practice.py")


def _setup() -> str:
    folder = tempfile.mkdtemp(prefix="bench-table-")
    os.environ["TAROT_TUTOR_DB"] = str(Path(folder) / "progress.sqlite3")
    os.environ.pop("TAROT_TUTOR_DB_URL", None)
    os.chdir(ROOT)
    from tutor.progress.store import Database

    return Database().new_learner()


def _page(learner: str, seed: int) -> tuple[object, float]:
    from streamlit.testing.v1 import AppTest

    from tutor.ui.learner import LEARNER

    at = AppTest.from_file(PAGE, default_timeout=60)
    at.session_state[LEARNER] = learner
    at.query_params["seed"] = str(seed)
    at.query_params["players"] = "4"
    at.query_params["lang"] = "en"
    start = time.perf_counter()
    at.run()
    return at, time.perf_counter() - start


CPU: list[float] = []  # the process's CPU seconds of each timed action (beside wall time)


def _timed(step: object) -> float:
    start, cpu = time.perf_counter(), time.process_time()
    step.run()  # type: ignore[attr-defined]
    CPU.append(time.process_time() - cpu)
    return time.perf_counter() - start


def play(at: object, seed: int) -> list[float]:
    """One deal through the page; the seconds of each action's rerun."""
    from tutor.engine.cards import cards_of
    from tutor.practice import Stage

    times: list[float] = []
    take = seed % 3 == 0  # a third of the deals taken (a garde): the écart is timed too
    for _ in range(200):
        assert not at.exception, at.exception  # type: ignore[attr-defined]
        game = at.session_state["practice-state"].game  # type: ignore[attr-defined]
        deal = game.deal
        stage = deal.stage
        if stage in (Stage.FINISHED, Stage.REDEAL):
            return times
        if stage is Stage.BID:
            keys = {b.key for b in at.button}  # type: ignore[attr-defined]
            key = "practice-bid-garde" if take and "practice-bid-garde" in keys else (
                "practice-bid-pass")
            times.append(_timed(at.button(key=key).click()))  # type: ignore[attr-defined]
        elif stage is Stage.CALL:
            pills = at.pills(key="practice-call-fallback")  # type: ignore[attr-defined]
            times.append(_timed(pills.set_value(deal.callable()[0])))
        elif stage is Stage.ECART:
            refused = deal.discard_refusals()
            card = next(c for c in cards_of(deal.hand) if c not in refused)
            pills = at.pills(key="practice-ecart-fallback")  # type: ignore[attr-defined]
            times.append(_timed(pills.set_value(card)))
        elif stage is Stage.CHELEM:
            times.append(_timed(at.button(key="practice-chelem-no").click()))  # type: ignore[attr-defined]
        elif stage is Stage.POIGNEE:
            times.append(_timed(at.button(key="practice-poignee-no").click()))  # type: ignore[attr-defined]
        else:
            card = cards_of(deal.legal_plays())[0]
            pills = at.pills(key="practice-hand-fallback")  # type: ignore[attr-defined]
            times.append(_timed(pills.set_value(card)))
    raise AssertionError("the deal did not end")


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    learner = _setup()
    start = time.perf_counter()
    _page(learner, 0)  # imports, caches and the component scan, as in a running server
    print(f"first load in a fresh process (imports and the component scan included): "
          f"{(time.perf_counter() - start) * 1000:.0f} ms")
    from streamlit.components.v2.component_manager import BidiComponentManager

    BidiComponentManager.discover_and_register_components = (  # type: ignore[method-assign]
        lambda self, **kwargs: None
    )
    medians, p95s, loads, cpu_medians, cpu_p95s = [], [], [], [], []
    for run in range(runs):
        CPU.clear()
        times: list[float] = []
        firsts: list[float] = []
        for seed in range(1, deals + 1):
            at, first = _page(learner, 1000 * run + seed)
            firsts.append(first)
            times += play(at, seed)
        medians.append(statistics.median(times))
        p95s.append(p95(times))
        loads.append(statistics.median(firsts))
        cpu_medians.append(statistics.median(CPU))
        cpu_p95s.append(p95(CPU))
        print(
            f"run {run + 1}: {len(times)} actions over {deals} deals — median "
            f"{medians[-1] * 1000:.1f} ms, p95 {p95s[-1] * 1000:.1f} ms (CPU: median "
            f"{cpu_medians[-1] * 1000:.1f} ms, p95 {cpu_p95s[-1] * 1000:.1f} ms); first load "
            f"median {loads[-1] * 1000:.0f} ms (max {max(firsts) * 1000:.0f} ms)",
            flush=True,
        )
    print(
        f"median of {runs} runs: per action median {statistics.median(medians) * 1000:.1f} ms, "
        f"p95 {statistics.median(p95s) * 1000:.1f} ms (CPU: median "
        f"{statistics.median(cpu_medians) * 1000:.1f} ms, p95 "
        f"{statistics.median(cpu_p95s) * 1000:.1f} ms); first load "
        f"{statistics.median(loads) * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
