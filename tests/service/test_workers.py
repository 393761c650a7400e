"""Jobs really run elsewhere: on the local pool's processes, and on a Dask cluster's workers."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.bank import bank
from tutor.content.generate import generate
from tutor.content.kinds import BestCardExercise
from tutor.content.solved import solve
from tutor.service import (
    AnalysisService,
    Requester,
    State,
    local_pool,
    mine_puzzle,
    solve_best_card,
)
from tutor.service.executors import WORKER_NICENESS, configured_executor, local_worker_count
from tutor.service.jobs import Budget, Job
from tutor.service.service import Outcome

ROOT = Path(__file__).resolve().parents[2]
WAIT = 120.0  # seconds a test waits for workers before it fails (a bound, not a timing)


def until_done(service: AnalysisService, asks: list[tuple[Requester, object]]) -> list[Outcome]:
    deadline = time.monotonic() + WAIT
    while True:
        outcomes = [service.ask(who, job) for who, job in asks]  # type: ignore[arg-type]
        if all(o.state is not State.PENDING for o in outcomes):
            return outcomes
        assert time.monotonic() < deadline, "the workers never answered"
        time.sleep(0.1)


def test_the_local_pool_mines_the_same_puzzle_as_the_engine_in_process() -> None:
    service = AnalysisService(local_pool(2))
    [outcome] = until_done(service, [(Requester("anna", "local"), mine_puzzle(4, 7))])
    assert outcome.state is State.DONE
    assert outcome.value.puzzle == generate("proven", 7, 4)
    assert set(outcome.value.solution.proof.best) == outcome.value.puzzle.exercise.expected()


def test_the_local_pool_size_is_the_setting_when_sane_else_cores_less_one() -> None:
    assert local_worker_count({"TAROT_TUTOR_WORKERS": "3"}) == 3
    fallback = max(1, (os.cpu_count() or 2) - 1)
    for bad in ("0", "-1", "²", "1e9", "100000", ""):
        assert local_worker_count({"TAROT_TUTOR_WORKERS": bad}) == fallback


def patient(job: Job) -> Job:
    """``job`` with the test's bound as its budget: on a loaded machine the page's budget may
    pass (the page then falls back), which is not what these tests are about."""
    return Job(job.kind, job.args, Budget(seconds=WAIT))


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def dask_cluster() -> Iterator[str]:
    """A Dask scheduler and two one-process workers on 127.0.0.1, started as a host would."""
    dask = shutil.which("dask") or str(Path(sys.executable).with_name("dask"))
    if not Path(dask).exists():
        pytest.fail("the dask command (Dask distributed) is not installed")
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    common = ["--no-dashboard"]
    processes = [subprocess.Popen([dask, "scheduler", "--host", "127.0.0.1", "--port", str(port),
                                   *common], env=env, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)]
    processes += [
        subprocess.Popen([dask, "worker", address, "--nworkers", "1", "--nthreads", "1",
                          "--host", "127.0.0.1", "--name", f"worker-{n}", *common],
                         env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for n in (1, 2)
    ]
    try:
        yield address
    finally:
        for process in reversed(processes):
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()


def test_a_dask_scheduler_named_in_the_setting_runs_the_jobs_on_its_workers(
        dask_cluster: str) -> None:
    from distributed import Client, get_task_stream

    with Client(dask_cluster, timeout=60) as watcher:
        watcher.wait_for_workers(2, timeout=60)
        executor = configured_executor({"TAROT_TUTOR_DASK_SCHEDULER": dask_cluster})
        service = AnalysisService(executor)
        seeds = (7, 8, 9, 10)
        asks = [(Requester(f"learner-{seed}", "10.0.0.1"), mine_puzzle(4, seed))
                for seed in seeds]
        with get_task_stream(client=watcher) as stream:
            outcomes = until_done(service, asks)  # type: ignore[arg-type]
        assert [o.state for o in outcomes] == [State.DONE] * 4, [o.reason for o in outcomes]
        assert [o.value.puzzle for o in outcomes] == [generate("proven", s, 4) for s in seeds]
        assert all(o.value.solution is not None for o in outcomes)  # each with its proof
        assert len({task["worker"] for task in stream.data}) == 2  # both workers computed
        executor.shutdown(wait=False)


def test_a_dask_clusters_capacity_is_its_workers_threads_not_this_machines_cores(
        dask_cluster: str) -> None:
    """Two one-thread workers: a review's parts go two at a time, whatever the cores here."""
    from distributed import Client

    from tutor.service.executors import capacity

    with Client(dask_cluster, timeout=60) as watcher:
        watcher.wait_for_workers(2, timeout=60)
        executor = configured_executor({"TAROT_TUTOR_DASK_SCHEDULER": dask_cluster})
        assert capacity(executor) == 2
        assert AnalysisService(executor).parts_at_once() == 2
        executor.shutdown(wait=False)
    pool = local_pool(3)  # no process is started before a job
    try:
        assert capacity(pool) == 3
    finally:
        pool.shutdown()


def test_a_review_and_a_strong_game_run_on_the_dask_workers(dask_cluster: str) -> None:
    """A deal's review (its progress read from the scheduler meanwhile) and every search of a
    Strong game, through the service as the pages ask: the same review and the same deal as
    computed in place."""
    from distributed import Client, get_task_stream

    from tests.practice.test_thinking import awaiting_search, page_deal
    from tests.review.test_review_deal import blunder_record
    from tutor.bots import SimpleBot, decision_rng
    from tutor.bots.levels import BotLevel
    from tutor.engine import Play
    from tutor.practice import LEARNER, PracticeDeal
    from tutor.practice.game import bots_of
    from tutor.review import review_deal
    from tutor.service import bot_cards, channel_for, review
    from tutor.service.jobs import split

    with Client(dask_cluster, timeout=60) as watcher:
        watcher.wait_for_workers(2, timeout=60)
        executor = configured_executor({"TAROT_TUTOR_DASK_SCHEDULER": dask_cluster})
        service = AnalysisService(executor, channel=channel_for(executor))
        anna = Requester("anna", "10.0.0.1")
        with get_task_stream(client=watcher) as stream:
            job = patient(review(blunder_record(), 0))
            seen = []
            deadline = time.monotonic() + WAIT
            while (outcome := service.ask(anna, job)).state is State.PENDING:
                assert time.monotonic() < deadline, "the workers never answered"
                seen.append(service.progress(job))
                time.sleep(0.05)
            assert outcome.state is State.DONE
            assert outcome.value == review_deal(blunder_record(), 0).to_data()
            shared = split(job)
            assert shared is not None  # the review ran as its parts
            reports = [p for p in seen if p is not None]
            # the bid and the learner's 18 cards by what the learner knew, then the 18 cards
            # with all hands visible
            assert reports and all(p.total == 1 + 2 * 18 for p in reports)

            record = awaiting_search()
            here = PracticeDeal.from_record(record, bots=bots_of(BotLevel.EXPERT, 4))
            there = page_deal(record)
            bruno = Requester("bruno", "10.0.0.2")
            searches = 0
            for deal in (here, there):
                while not deal.finished:
                    if deal.thinking is not None:  # asked of the workers, as the page does
                        job = patient(bot_cards(deal.record, LEARNER))
                        [asked] = until_done(service, [(bruno, job)])
                        assert asked.state is State.DONE
                        assert deal.answer(len(deal.deal.moves), asked.value)
                        searches += 1
                        continue
                    board = deal.deal
                    action = SimpleBot().choose(board, LEARNER,
                                                decision_rng(board.seed, len(board.moves)))
                    assert isinstance(action, Play) and deal.play(action.card) is None
            assert here.moves == there.moves
            assert searches >= 1
        # every part of the review and every search ran on a worker of the cluster
        assert len(stream.data) == len(shared.parts) + searches
        executor.shutdown(wait=False)


def test_jobs_past_their_budget_stop_on_the_dask_workers_which_take_the_next_job(
        dask_cluster: str) -> None:
    """Two reviews of 120 deals per decision, one second of budget each, hold both workers;
    the service's own clock stands still, so only the workers can end them: each stops over
    budget at its deadline, and a hint asked after them is computed on a freed worker."""
    from distributed import Client, get_task_stream

    from tests.review.test_review_deal import blunder_record
    from tutor.engine import Deal, DealRecord
    from tutor.service import channel_for, hint, review
    from tutor.service.jobs import MAX_REVIEW_SAMPLES
    from tutor.service.service import OVER_BUDGET

    with Client(dask_cluster, timeout=60) as watcher:
        watcher.wait_for_workers(2, timeout=60)
        executor = configured_executor({"TAROT_TUTOR_DASK_SCHEDULER": dask_cluster})
        service = AnalysisService(executor, clock=lambda: 0.0, channel=channel_for(executor))
        reviews = [review(blunder_record(), seat, samples=MAX_REVIEW_SAMPLES) for seat in (0, 2)]
        held = [Job(job.kind, job.args, Budget(seconds=1.0)) for job in reviews]
        asks: list[tuple[Requester, object]] = [
            (Requester(f"learner-{n}", "10.0.0.1"), job) for n, job in enumerate(held)]
        with get_task_stream(client=watcher) as stream:
            for who, job in asks:
                assert service.ask(who, job).state is State.PENDING  # type: ignore[arg-type]
            after = patient(hint(DealRecord.of(Deal.new(4, 3, 3)), 0))
            asks.append((Requester("learner-2", "10.0.0.1"), after))
            *stopped, hinted = until_done(service, asks)
        assert [(o.state, o.reason) for o in stopped] == [(State.FAILED, OVER_BUDGET)] * 2
        assert hinted.state is State.DONE and hinted.value is not None
        # the reviews' parts handed out before their budget passed, then the hint: all on the
        # cluster's two workers
        assert len(stream.data) >= 3
        executor.shutdown(wait=False)


def test_the_local_pool_runs_its_workers_at_a_lower_priority_than_the_web_process() -> None:
    pool = local_pool(1)
    try:
        niceness = pool.submit(os.nice, 0).result(timeout=WAIT)
    finally:
        pool.shutdown()
    assert niceness == min(19, os.nice(0) + WORKER_NICENESS)


def test_a_local_worker_does_not_run_the_page_script_that_started_its_pool(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Under `streamlit run`, __main__ is the page script while a page starts the pool.
    ran = tmp_path / "ran"
    script = tmp_path / "page.py"
    script.write_text(f"open({str(ran)!r}, 'w').close()\n")
    page = types.ModuleType("__main__")
    page.__file__ = str(script)
    monkeypatch.setitem(sys.modules, "__main__", page)
    pool = local_pool(1)
    try:
        assert pool.submit(os.getpid).result(timeout=WAIT) != os.getpid()
    finally:
        pool.shutdown()
    assert not ran.exists()
    assert sys.modules["__main__"] is page  # given back once the worker is launched


def test_the_local_pool_solves_a_best_card_position_as_this_process_does() -> None:
    ex = next(p.exercise for p in bank().puzzles if isinstance(p.exercise, BestCardExercise))
    service = AnalysisService(local_pool(1))
    job = patient(solve_best_card(ex.notation, ex.idea.value))
    [outcome] = until_done(service, [(Requester("anna", "local"), job)])
    assert outcome.state is State.DONE, outcome.reason
    here = solve(ex.notation, ex.idea)
    assert outcome.value.proof.best == here.proof.best
    assert outcome.value.lines == here.lines and outcome.value.whys == here.whys


def test_a_review_shared_by_two_workers_is_the_review_computed_whole() -> None:
    """A seeded deal where the learner took (a bid, an écart, a chelem question and 18 cards):
    its review through a local pool of two workers, in parts, has every label and value of
    the review computed whole in one process."""
    from tutor.bots import play_deal
    from tutor.engine import DealRecord
    from tutor.review import review_deal
    from tutor.review.expected import more_samples
    from tutor.service import review
    from tutor.service.jobs import split

    record = DealRecord.of(play_deal(4, 0, 3))
    job = patient(review(record, 0, samples=3))
    parts = split(job)
    assert parts is not None
    assert {part.args[-1] for part in parts.parts} >= {"bid", "ecart", "chelem", "open-card"}
    service = AnalysisService(local_pool(2))
    [outcome] = until_done(service, [(Requester("anna", "local"), job)])
    assert outcome.state is State.DONE, outcome.reason
    assert outcome.value == review_deal(record, 0, samples=3, more=more_samples(3)).to_data()
