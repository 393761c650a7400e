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

    PYTHONPATH=. python tests/benchmarks/bench_table.py --browser [deals] [runs]

drives the real page instead: ``streamlit run app.py`` and Debian's chromium (Playwright), a
4-player deal at Normal speed, each card clicked at the first moment it is the learner's turn
(while the bots' cards are still landing). Timed in the page (``performance.now()``): from the
click to the frame where the table shows it (the card in the trick, or raised for the écart),
and from the click to the page's answer (the table drawn again with the new state); plus the
server process's CPU time per click (``/proc``), its share of the machine under load; and the
script runs each click caused, read from the server's messages on the websocket (each run
ends with ``script_finished``: a whole-page run, or a run of the practice fragment alone). A
card should rerun the fragment only: a whole-page run per card is reported as a failure.
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


def browser_main(deals: int, runs: int) -> None:
    """Click-to-acknowledge and click-to-answer in the real page (see the module's text)."""
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM, FLAGS, streamlit_server
    from tests.browser.test_table_browser import (
        WATCH,
        ScriptRuns,
        play_deal_clicking_at_once,
        settle,
    )

    folder = Path(tempfile.mkdtemp(prefix="bench-table-browser-"))
    env = {"TAROT_TUTOR_DB": str(folder / "progress.sqlite3"), "TAROT_TUTOR_DB_URL": ""}
    acks, answers, cpus, walls = [], [], [], []
    whole_runs = fragment_runs = cards = 0
    with streamlit_server(folder, env) as url, sync_playwright() as p:
        pid = _server_pid(url)
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        for run in range(runs):
            run_acks: list[float] = []
            run_answers: list[float] = []
            run_cpu: list[float] = []
            run_wall: list[float] = []
            seed, done = 100 * run, 0
            while done < deals:
                seed += 1
                context = browser.new_context(viewport={"width": 1280, "height": 720})
                page = context.new_page()
                page.set_default_timeout(60_000)
                runs_seen = ScriptRuns()
                page.on("websocket", runs_seen.watch)
                page.goto(f"{url}/practice?lang=en&seed={seed}&players=4"
                          "&speed=normal")
                page.locator(".tt .tt-card").first.wait_for()
                settle(page)
                page.evaluate(WATCH)
                page.evaluate(ANSWERS)
                runs_seen.wait_for_the_first(page)  # the page's load: a whole run
                runs_seen.reset()
                cpu, wall = _cpu_seconds(pid), time.perf_counter()
                met = play_deal_clicking_at_once(page, "pass")
                if not met["clicks"]:  # everybody passed: redealt, no card to click
                    context.close()
                    continue
                done += 1
                page.wait_for_timeout(500)  # the last answer's run has ended
                spent = _cpu_seconds(pid) - cpu
                actions = max(met["clicks"] + 1, 1)  # the cards and the bid
                run_wall.append((time.perf_counter() - wall) / actions)
                clicks = page.evaluate("() => window.__tt.clicks")
                run_acks += [c["acked"] for c in clicks if c["acked"] is not None]
                run_answers += page.evaluate("() => window.__ttAnswers")
                run_cpu.append(spent / actions)
                whole_runs += runs_seen.whole
                fragment_runs += runs_seen.fragment
                cards += met["clicks"]
                context.close()
            acks.append(statistics.median(run_acks))
            answers.append(statistics.median(run_answers))
            cpus.append(statistics.median(run_cpu))
            walls.append(statistics.median(run_wall))
            print(f"run {run + 1}: {len(run_acks)} clicks over {deals} deals — click to "
                  f"acknowledged on the table: median {acks[-1]:.1f} ms (max "
                  f"{max(run_acks):.1f} ms); click to the page's answer: median "
                  f"{answers[-1]:.0f} ms; server CPU per action {cpus[-1] * 1000:.1f} ms "
                  f"(the learner's wall time per action, animations cut short: "
                  f"{walls[-1] * 1000:.0f} ms)", flush=True)
        browser.close()
    print(f"median of {runs} runs: acknowledged {statistics.median(acks):.1f} ms, answer "
          f"{statistics.median(answers):.0f} ms, server CPU per action "
          f"{statistics.median(cpus) * 1000:.1f} ms")
    print(f"script runs over {cards} card clicks and the bids: {whole_runs} of the whole page, "
          f"{fragment_runs} of the practice fragment alone")
    if whole_runs:
        raise SystemExit("a card click reran the whole page")


# In the page: the time from each card click to the table drawn with another state.
ANSWERS = """() => {
  window.__ttAnswers = [];
  let clickedAt = null; let state = null;
  document.addEventListener('click', (event) => {
    if (!event.composedPath().some((n) => n.classList && n.classList.contains('tt-card'))) return;
    clickedAt = performance.now(); state = window.__tt.find().dataset.state;
  }, true);
  const frame = () => {
    const root = window.__tt.find();
    if (clickedAt !== null && root && root.dataset.state !== state) {
      window.__ttAnswers.push(performance.now() - clickedAt); clickedAt = null;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}"""


def _server_pid(url: str) -> int:
    """The pid of the streamlit process listening on ``url``'s port."""
    import subprocess

    port = url.rsplit(":", 1)[1]
    out = subprocess.run(["ss", "-Hltnp", f"sport = :{port}"], capture_output=True, text=True)
    return int(out.stdout.split("pid=")[1].split(",")[0])


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


if __name__ == "__main__":
    if "--browser" in sys.argv:
        args = [a for a in sys.argv[1:] if a != "--browser"]
        browser_main(int(args[0]) if args else 2, int(args[1]) if len(args) > 1 else 3)
    else:
        main()
