"""The analysis service's admission: computed once, one job per learner, bounded, limited."""

from __future__ import annotations

import sys
from concurrent.futures import Executor, Future
from typing import Any

from tutor.service import (
    AnalysisService,
    Limits,
    Refusal,
    Requester,
    State,
    mine_puzzle,
    solve_best_card,
    warm_up,
)
from tutor.service.jobs import SEARCH_MODULES, Budget, Job, JobKind, compute


class HeldExecutor(Executor):
    """Futures that finish only when the test says so (a worker that has not started yet)."""

    def __init__(self) -> None:
        self.submitted: list[tuple[Job, Future[Any]]] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.submitted.append((args[0], future))
        return future

    def finish(self, index: int, value: object) -> None:
        future = self.submitted[index][1]
        future.set_running_or_notify_cancel()
        future.set_result(value)


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


ANNA = Requester("anna", "10.0.0.1")
BRUNO = Requester("bruno", "10.0.0.2")


def service(limits: Limits | None = None) -> tuple[AnalysisService, HeldExecutor, Clock]:
    executor, clock = HeldExecutor(), Clock()
    return AnalysisService(executor, limits, clock), executor, clock


def test_identical_requests_are_computed_once() -> None:
    analysis, executor, _ = service()
    job = mine_puzzle(4, 7)
    assert analysis.ask(ANNA, job).state is State.PENDING
    assert analysis.ask(BRUNO, job).state is State.PENDING
    assert len(executor.submitted) == 1
    executor.finish(0, "the puzzle")
    assert analysis.ask(ANNA, job).value == "the puzzle"
    assert analysis.ask(BRUNO, job).value == "the puzzle"
    assert len(executor.submitted) == 1


def test_a_finished_result_is_a_read_the_second_time() -> None:
    analysis, executor, _ = service(Limits(new_per_minute_learner=1, burst=1))
    job = mine_puzzle(4, 7)
    analysis.ask(ANNA, job)
    executor.finish(0, "the puzzle")
    for _ in range(5):  # reads spend no rate limit
        assert analysis.ask(ANNA, job).state is State.DONE
    assert len(executor.submitted) == 1


def test_a_newer_request_replaces_the_older_one_the_learner_no_longer_waits_for() -> None:
    analysis, executor, _ = service()
    analysis.ask(ANNA, mine_puzzle(4, 1))
    analysis.ask(ANNA, mine_puzzle(4, 2))
    first, second = (future for _, future in executor.submitted)
    assert first.cancelled() and not second.cancelled()
    assert analysis.in_flight() == 1


def test_an_older_request_another_learner_waits_for_is_kept() -> None:
    analysis, executor, _ = service()
    shared = mine_puzzle(4, 1)
    analysis.ask(ANNA, shared)
    analysis.ask(BRUNO, shared)
    analysis.ask(ANNA, mine_puzzle(4, 2))
    assert not executor.submitted[0][1].cancelled()
    executor.finish(0, "shared")
    assert analysis.ask(BRUNO, shared).value == "shared"


def test_a_full_queue_refuses_at_once() -> None:
    analysis, executor, _ = service(Limits(in_flight=2))
    assert analysis.ask(Requester("a", "1"), mine_puzzle(4, 1)).state is State.PENDING
    assert analysis.ask(Requester("b", "2"), mine_puzzle(4, 2)).state is State.PENDING
    refused = analysis.ask(Requester("c", "3"), mine_puzzle(4, 3))
    assert (refused.state, refused.reason) == (State.REFUSED, Refusal.QUEUE_FULL)
    executor.finish(0, "done")
    assert analysis.ask(Requester("c", "3"), mine_puzzle(4, 3)).state is State.PENDING


def test_a_learner_asking_for_many_new_jobs_is_limited_then_let_in_again() -> None:
    analysis, _, clock = service(Limits(new_per_minute_learner=6, burst=2))
    for seed in (1, 2):
        assert analysis.ask(ANNA, mine_puzzle(4, seed)).state is State.PENDING
    refused = analysis.ask(ANNA, mine_puzzle(4, 3))
    assert (refused.state, refused.reason) == (State.REFUSED, Refusal.TOO_MANY_FOR_LEARNER)
    assert 0 < refused.retry_after <= 10
    assert analysis.ask(BRUNO, mine_puzzle(4, 3)).state is State.PENDING  # others are not
    clock.now += refused.retry_after
    assert analysis.ask(ANNA, mine_puzzle(4, 3)).state is State.PENDING


def test_many_learners_from_one_connection_share_its_limit() -> None:
    analysis, _, _ = service(Limits(new_per_minute_connection=6, burst=1))
    outcomes = [analysis.ask(Requester(f"session-{i}", "10.9.9.9"), mine_puzzle(4, i))
                for i in range(6)]
    assert [o.state for o in outcomes].count(State.PENDING) == 3  # the connection's burst
    assert outcomes[-1].reason == Refusal.TOO_MANY_FOR_CONNECTION


def test_a_job_past_its_budget_fails_and_frees_the_queue() -> None:
    analysis, executor, clock = service(Limits(in_flight=1))
    job = Job(JobKind.MINE_PUZZLE, (4, 1), Budget(seconds=5))
    analysis.ask(ANNA, job)
    clock.now = 6
    late = analysis.ask(ANNA, job)
    assert (late.state, late.reason) == (State.FAILED, "over-budget")
    assert analysis.ask(BRUNO, mine_puzzle(4, 2)).state is State.PENDING
    executor.finish(0, "too late")  # the worker's late answer changes nothing
    assert analysis.ask(ANNA, job).state is State.FAILED


def test_a_job_that_raises_is_failed_with_its_reason() -> None:
    analysis, executor, _ = service()
    job = mine_puzzle(4, 1)
    analysis.ask(ANNA, job)
    future = executor.submitted[0][1]
    future.set_running_or_notify_cancel()
    future.set_exception(RuntimeError("no proven position"))
    failed = analysis.ask(ANNA, job)
    assert failed.state is State.FAILED and "no proven position" in failed.reason


def test_results_kept_are_bounded() -> None:
    analysis, executor, _ = service(Limits(kept=2, new_per_minute_learner=600, burst=10))
    for seed in range(3):
        analysis.ask(ANNA, mine_puzzle(4, seed))
        executor.finish(seed, seed)
    assert analysis.ask(ANNA, mine_puzzle(4, 2)).state is State.DONE
    assert analysis.ask(ANNA, mine_puzzle(4, 0)).state is State.PENDING  # forgotten, asked again


def test_bot_cards_or_a_review_spend_no_rate_limit_only_the_queue() -> None:
    from tutor.engine import DealRecord
    from tutor.service import bot_cards, review

    analysis, _, _ = service(Limits(new_per_minute_learner=1, burst=1, in_flight=3))
    for seed in (1, 2, 3):  # a new card after each move: never limited by the rate
        assert analysis.ask(ANNA, bot_cards(DealRecord(4, seed, 3), 0)).state is State.PENDING
    assert analysis.ask(BRUNO, review(DealRecord(4, 1, 3), 0)).state is State.PENDING
    carla, dario = Requester("carla", "10.0.0.3"), Requester("dario", "10.0.0.4")
    assert analysis.ask(carla, bot_cards(DealRecord(4, 9, 3), 0)).state is State.PENDING
    full = analysis.ask(dario, bot_cards(DealRecord(4, 10, 3), 0))
    assert (full.state, full.reason) == (State.REFUSED, Refusal.QUEUE_FULL)


def test_a_deal_travels_as_its_records_text_poignee_included() -> None:
    from tutor.engine import DealRecord
    from tutor.service.jobs import record_args, record_of

    record = DealRecord.from_notation(4, 9, 3, ["bid:pass", "bid:garde", "bid:pass",
                                                "bid:pass"])
    shown = DealRecord(4, 9, 3, record.rules, (*record.moves,))
    assert record_of(record_args(shown)) == shown
    assert all(isinstance(arg, int | str) for arg in record_args(shown))
    from tutor.engine import ShowPoignee

    poignee = DealRecord(4, 9, 3, record.rules, (ShowPoignee(0b1110 << 56),))
    assert record_of(record_args(poignee)).notation == poignee.notation


def test_the_progress_a_worker_reports_is_read_while_the_job_is_in_flight(
        tmp_path: Any) -> None:
    from tutor.service.progress import FileChannel, Progress

    channel = FileChannel(tmp_path)
    executor, clock = HeldExecutor(), Clock()
    analysis = AnalysisService(executor, None, clock, channel)
    job = mine_puzzle(4, 7)
    analysis.ask(ANNA, job)
    assert analysis.progress(job) is None  # nothing reported yet
    channel.report(job.channel, 3, 18)
    assert analysis.progress(job) == Progress(3, 18)
    executor.finish(0, "the puzzle")
    assert analysis.progress(job) is None  # done: no bar
    channel.report(job.channel, 18, 18)
    channel.forget(job.channel)
    assert channel.read(job.channel) is None
    assert Progress.read("3 x") is None and Progress.read("²3 18") is None


def test_a_failure_is_said_for_a_while_then_the_job_is_submitted_again() -> None:
    analysis, executor, clock = service(Limits(failure_kept=30))
    job = Job(JobKind.REVIEW_DEAL, (4, 1, 3, "fft-2012", "", 0), Budget(seconds=5))
    analysis.ask(ANNA, job)
    clock.now = 6
    assert analysis.ask(ANNA, job).state is State.FAILED  # over budget: said
    clock.now = 20
    assert analysis.ask(ANNA, job).state is State.FAILED
    clock.now = 40
    assert analysis.ask(ANNA, job).state is State.PENDING  # asked again: a new try
    assert len(executor.submitted) == 2


def test_a_failure_forgotten_is_asked_afresh_at_once() -> None:
    analysis, executor, _ = service()
    job = solve_best_card("a position", "cash-the-king")
    analysis.ask(ANNA, job)
    future = executor.submitted[0][1]
    future.set_running_or_notify_cancel()
    future.set_exception(RuntimeError("a worker was lost"))
    assert analysis.ask(ANNA, job).state is State.FAILED
    analysis.forget(job)
    assert analysis.ask(ANNA, job).state is State.PENDING
    assert len(executor.submitted) == 2


def test_a_proof_spends_no_rate_limit_only_the_queue() -> None:
    analysis, executor, _ = service(Limits(new_per_minute_learner=1, burst=1))
    for n in range(4):
        assert analysis.ask(ANNA, solve_best_card(f"position {n}", "cash-the-king")).state \
            is State.PENDING
    assert len(executor.submitted) == 4


def test_the_warm_up_reaches_each_worker_outside_admission() -> None:
    analysis, executor, _ = service(Limits(in_flight=1))
    analysis.warm_up(3)
    assert [job.kind for job, _ in executor.submitted] == [JobKind.WARM_UP] * 3
    assert analysis.in_flight() == 0  # nobody waits for it: a learner's job is admitted
    assert analysis.ask(ANNA, mine_puzzle(4, 1)).state is State.PENDING


def test_a_warm_up_imports_the_searches_and_proves_nothing() -> None:
    assert compute(warm_up(), lambda done, total: None) == SEARCH_MODULES
    assert all(name in sys.modules for name in SEARCH_MODULES)


def test_a_job_that_can_wait_is_admitted_only_while_a_worker_is_spare() -> None:
    analysis, executor, _ = service()
    assert analysis.ask(ANNA, mine_puzzle(4, 1)).state is State.PENDING  # the one worker busy
    refused = analysis.ask(BRUNO, warm_up(), spare=1)
    assert refused.state is State.REFUSED and refused.reason == Refusal.QUEUE_FULL
    assert len(executor.submitted) == 1
    assert analysis.ask(BRUNO, warm_up(), spare=2).state is State.PENDING  # one spare
    assert analysis.ask(BRUNO, warm_up(), spare=1).state is State.PENDING  # in flight: asked
    executor.finish(0, "mined")
    executor.finish(1, ("tutor.analysis",))
    assert analysis.ask(BRUNO, warm_up(), spare=0).value == ("tutor.analysis",)  # kept


def taken_deal() -> Any:
    """A seeded deal the learner (seat 0) took: a bid, an écart, a chelem question, 18 cards."""
    from tutor.bots import play_deal
    from tutor.engine import DealRecord

    return DealRecord.of(play_deal(4, 0, 3))


def test_a_reviews_parts_go_to_the_workers_one_per_worker_and_another_learner_goes_ahead(
) -> None:
    from tutor.engine import DealRecord
    from tutor.review import review_deal
    from tutor.review.expected import more_samples
    from tutor.service import bot_cards, review

    analysis, executor, _ = service(Limits(parts_at_once=2))
    job = review(taken_deal(), 0, samples=3)
    assert analysis.ask(ANNA, job).state is State.PENDING
    kinds = [kind.kind for kind, _ in executor.submitted]
    assert kinds == [JobKind.REVIEW_PART] * 2  # the first part for each worker, no more
    assert executor.submitted[0][0].args[-1] == "open-card"  # the longest, unshared, first
    cards = bot_cards(DealRecord(4, 1, 3), 0)
    analysis.ask(BRUNO, cards)  # another learner's job waits behind two parts, not twenty
    index = 0
    while index < len(executor.submitted):
        asked, _ = executor.submitted[index]
        if asked.kind is JobKind.REVIEW_PART:
            executor.finish(index, compute(asked, lambda done, total: None))
        index += 1
        if index == 1:
            assert executor.submitted[2][0] == cards  # ahead of the review's third part
    parts = [asked for asked, _ in executor.submitted if asked.kind is JobKind.REVIEW_PART]
    assert len(parts) == len({part.args[-1] for part in parts}) > 20  # each part once
    done = analysis.ask(ANNA, job)
    assert done.state is State.DONE
    assert done.value == review_deal(taken_deal(), 0, samples=3, more=more_samples(3)).to_data()


def test_a_split_jobs_progress_counts_its_parts_steps_done_and_reported(tmp_path: Any) -> None:
    from tutor.service import review
    from tutor.service.jobs import split
    from tutor.service.progress import FileChannel, Progress

    channel = FileChannel(tmp_path)
    executor, clock = HeldExecutor(), Clock()
    analysis = AnalysisService(executor, Limits(parts_at_once=2), clock, channel)
    job = review(taken_deal(), 0, samples=3)
    parts = split(job)
    assert parts is not None
    total = sum(parts.steps)
    assert total == 1 + 2 + 2 * 18  # the bid, the écart and the chelem, 18 cards twice
    analysis.ask(ANNA, job)
    assert analysis.progress(job) == Progress(0, total)
    channel.report(parts.parts[0].channel, 5, 0)  # the open-card part: 5 cards judged
    assert analysis.progress(job) == Progress(5, total)
    executor.finish(1, None)  # the second part (the bid) is in: the third is handed on
    assert analysis.progress(job) == Progress(5 + 1, total)
    assert len(executor.submitted) == 3


def test_a_split_job_fails_with_its_first_part_that_fails_and_hands_on_no_other() -> None:
    from tutor.service import review

    analysis, executor, _ = service(Limits(parts_at_once=2))
    job = review(taken_deal(), 0, samples=3)
    analysis.ask(ANNA, job)
    future = executor.submitted[0][1]
    future.set_running_or_notify_cancel()
    future.set_exception(RuntimeError("a worker lost"))
    failed = analysis.ask(ANNA, job)
    assert failed.state is State.FAILED and "a worker lost" in failed.reason
    executor.finish(1, None)  # the other part running ends unheard
    assert len(executor.submitted) == 2
    assert analysis.ask(ANNA, job).state is State.FAILED


def test_a_review_the_learner_no_longer_waits_for_hands_on_no_more_parts() -> None:
    from tutor.service import review

    analysis, executor, _ = service(Limits(parts_at_once=2))
    analysis.ask(ANNA, review(taken_deal(), 0, samples=3))
    executor.submitted[0][1].set_running_or_notify_cancel()  # a worker has started it
    analysis.ask(ANNA, mine_puzzle(4, 1))  # Anna now waits for something else
    assert executor.submitted[1][1].cancelled()  # not started: cancelled
    executor.submitted[0][1].set_result(None)  # the started part ends unheard
    assert [asked.kind for asked, _ in executor.submitted] == [
        JobKind.REVIEW_PART, JobKind.REVIEW_PART, JobKind.MINE_PUZZLE]
    assert analysis.in_flight() == 1


def test_a_review_in_parts_takes_the_decisions_valued_during_the_deal_as_they_are() -> None:
    from tutor.review import review_deal
    from tutor.review.deal import value_decisions
    from tutor.review.expected import more_samples
    from tutor.service import known_text, review
    from tutor.service.jobs import split

    record = taken_deal()
    valued = value_decisions(record, 0, samples=3, more=more_samples(3), wanted="trick 0")
    job = review(record, 0, known_text({k: v.to_data() for k, v in valued.items()}), samples=3)
    parts = split(job)
    assert parts is not None
    names = [str(part.args[-1]) for part in parts.parts]
    assert "trick 0" not in names and "trick 1" in names  # only what was not valued
    joined = parts.join([compute(part, lambda done, total: None) for part in parts.parts])
    assert joined == review_deal(record, 0, samples=3, more=more_samples(3),
                                 known=valued).to_data()


class Cluster:
    """A Dask client as the service sees it: the threads of each worker its scheduler
    counts now (``nthreads``), or the scheduler out of reach."""

    def __init__(self, threads: dict[str, int]) -> None:
        self.threads = threads
        self.reachable = True

    def nthreads(self) -> dict[str, int]:
        if not self.reachable:
            raise OSError("the scheduler is out of reach")
        return dict(self.threads)


class ClusterExecutor(HeldExecutor):
    """distributed's ClientExecutor keeps its client as ``_client``."""

    def __init__(self, client: Cluster) -> None:
        super().__init__()
        self._client = client


def test_a_reviews_parts_at_once_are_a_local_pools_processes_by_default() -> None:
    from tutor.service import review

    executor, clock = HeldExecutor(), Clock()
    executor._max_workers = 3  # type: ignore[attr-defined]  # as a ProcessPoolExecutor keeps it
    analysis = AnalysisService(executor, None, clock)
    assert analysis.capacity() == 3
    analysis.ask(ANNA, review(taken_deal(), 0, samples=3))
    assert [job.kind for job, _ in executor.submitted] == [JobKind.REVIEW_PART] * 3


def test_a_dask_clusters_capacity_is_its_workers_threads_asked_again_as_they_change() -> None:
    from tutor.service import review

    cluster = Cluster({"tcp://10.0.0.5:1": 4, "tcp://10.0.0.6:1": 2})
    executor, clock = ClusterExecutor(cluster), Clock()
    analysis = AnalysisService(executor, Limits(capacity_kept=30), clock)
    analysis.ask(ANNA, review(taken_deal(), 0, samples=3))
    assert len(executor.submitted) == 6  # a part for each thread of the cluster
    cluster.threads["tcp://10.0.0.7:1"] = 2  # a worker joins
    assert analysis.capacity() == 6  # the count is kept for a while
    clock.now = 31
    assert analysis.capacity() == 8
    cluster.reachable = False
    clock.now = 62
    assert analysis.capacity() == 8  # the last count known while the scheduler is away
    cluster.reachable, cluster.threads = True, {}
    clock.now = 93
    assert analysis.capacity() == 1  # no worker yet: still one part at a time
