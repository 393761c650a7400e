"""The analysis service: heavy jobs run on worker processes; a page only asks and reads.

``AnalysisService.ask(who, job)`` never blocks. It answers at once with the job's outcome:
done (computed now or earlier: identical requests are computed once and kept), pending (the
page shows its fallback and asks again), failed (the job raised, or ran past its budget), or
refused (the queue is full, or this learner or connection asked for too many new jobs of a
kind a visitor can ask for at will: mined puzzles). Each learner has at most one job in
flight: asking for another lets go of the older one, which is cancelled if nobody else waits
for it and no worker has started it. A long job reports its progress (``progress``).

The executor is any ``concurrent.futures.Executor``: a local process pool by default, a Dask
cluster's client executor when hosting (``tutor.service.executors``).

A job that comes in parts (``tutor.service.jobs.split``: a deal's review) is still one request
for admission, but its parts go to the workers a few at a time (``Limits.parts_at_once``, by
default one per job the executor runs at once: a local pool's processes, a Dask cluster's
threads), each as the one before it finishes: the workers share it, and another learner's
job submitted meanwhile waits behind at most one part per worker, not behind the whole of it.
When every part is in, the service joins them into the job's result.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from enum import StrEnum
from functools import partial
from typing import Any

from tutor.analysis.deadline import OverBudget
from tutor.service.admission import RateLimit
from tutor.service.executors import capacity
from tutor.service.jobs import Job, Split, run, split, warm_up
from tutor.service.progress import Channel, FileChannel, Progress


class State(StrEnum):
    """Where a job stands for the learner who asked."""

    DONE = "done"
    PENDING = "pending"
    FAILED = "failed"
    REFUSED = "refused"


class Refusal(StrEnum):
    """Why a job was not admitted: the page says which and falls back."""

    QUEUE_FULL = "queue-full"
    TOO_MANY_FOR_LEARNER = "learner-rate"
    TOO_MANY_FOR_CONNECTION = "connection-rate"


OVER_BUDGET = "over-budget"  # a failed job's reason: it ran past its budget


def failure_reason(error: BaseException) -> str:
    """Why a job failed, as its outcome says: over budget when the worker stopped it at its
    deadline (as when the service gave up waiting), else the error raised."""
    if isinstance(error, OverBudget):
        return OVER_BUDGET
    return f"{type(error).__name__}: {error}"


@dataclass(frozen=True, slots=True)
class Outcome:
    """The answer to one ask: the state, the value when done, why when failed or refused."""

    state: State
    value: Any = None
    reason: str = ""
    retry_after: float = 0.0  # seconds, when refused by a rate limit


@dataclass(frozen=True, slots=True)
class Requester:
    """Who asks: the learner's id and the connection (the client's address), each limited."""

    learner: str
    connection: str


@dataclass(frozen=True, slots=True)
class Limits:
    """The service's bounds: jobs in flight for everyone, results kept, new jobs per minute."""

    in_flight: int = 16
    kept: int = 512
    # a failure (a job over its budget on a busy pool, a worker lost) is said for this long,
    # then asking again submits the job again
    failure_kept: float = 30.0
    new_per_minute_learner: float = 6.0
    new_per_minute_connection: float = 20.0
    burst: int = 3
    # the parts of one split job handed to the executor at once (None: the executor's
    # capacity, ``AnalysisService.capacity``): one per worker shares the workers without
    # queueing a whole review ahead of another learner's job
    parts_at_once: int | None = None
    # how long the executor's capacity is taken as known: a Dask cluster's workers come and go
    capacity_kept: float = 30.0


@dataclass(slots=True)
class _Flight:
    """A job in flight: its futures on the executor (one, or a split job's parts submitted so
    far), when it was admitted (monotonic and wall clock), who waits for it; a split job's
    parts and the values of those done."""

    job: Job
    futures: list[Future[Any]]
    started: float
    submitted: float
    waiting: set[str] = field(default_factory=set)
    split: Split | None = None
    values: dict[int, Any] = field(default_factory=dict)

    def busy(self) -> int:
        """Its futures submitted and not done: the executor's slots it holds."""
        return sum(1 for future in self.futures if not future.done())


class AnalysisService:
    """Admission, deduplication and results in front of an executor (thread-safe)."""

    def __init__(self, executor: Executor, limits: Limits | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 channel: Channel | None = None) -> None:
        self._executor = executor
        self._channel = channel or FileChannel()
        self.limits = limits or Limits()
        self._clock = clock
        self._lock = threading.Lock()
        self._flights: dict[tuple[object, ...], _Flight] = {}
        self._results: OrderedDict[tuple[object, ...], Outcome] = OrderedDict()
        self._failed_at: dict[tuple[object, ...], float] = {}
        self._wanted: dict[str, tuple[object, ...]] = {}
        per_learner = self.limits.new_per_minute_learner / 60
        per_connection = self.limits.new_per_minute_connection / 60
        self._learner_rate = RateLimit(per_learner, self.limits.burst, clock)
        self._connection_rate = RateLimit(per_connection, self.limits.burst * 3, clock)
        self._capacity_lock = threading.Lock()
        self._capacity: tuple[int, float] | None = None  # the count, and when it was asked

    def capacity(self) -> int:
        """The jobs the executor runs at once (``executors.capacity``: a Dask cluster's
        threads, a local pool's processes), asked again once it is ``Limits.capacity_kept``
        seconds old (of a Dask scheduler, a network call); the last count known while the
        executor cannot say, 1 before any."""
        with self._capacity_lock:
            now = self._clock()
            if self._capacity is None or now - self._capacity[1] > self.limits.capacity_kept:
                try:
                    self._capacity = (capacity(self._executor), now)
                except Exception:  # whatever a lost scheduler raises: asked again later
                    self._capacity = (1 if self._capacity is None else self._capacity[0], now)
            return self._capacity[0]

    def parts_at_once(self) -> int:
        """How many parts of a split job go to the executor at once: ``Limits.parts_at_once``
        when set, else one per job the executor runs at once."""
        at_once = self.limits.parts_at_once
        return self.capacity() if at_once is None else at_once

    def ask(self, who: Requester, job: Job, *, spare: int | None = None) -> Outcome:
        """The job's outcome now; admits it (once for all who ask) when it is new. ``spare``:
        a job that can wait (the review valued during play) is admitted only while fewer than
        that many jobs are in flight, so it never queues ahead of a learner's wait; refused
        (queue full) otherwise, and asked again later."""
        key = job.key
        at_once = self.parts_at_once()  # outside the lock: it may ask a Dask scheduler
        with self._lock:
            kept = self._results.get(key)
            if kept is not None and self._stale_failure(key, kept):
                del self._results[key]
                kept = None
            if kept is not None:
                self._results.move_to_end(key)
                return kept
            flight = self._flights.get(key)
            if flight is not None:
                return self._pending_or_late(who, key, flight)
            if spare is not None and self._busy() >= spare:
                return Outcome(State.REFUSED, reason=Refusal.QUEUE_FULL)
            refused = self._refusal(who, job)
            if refused is not None:
                return refused
            self._let_go(who.learner)
            flight = _Flight(job, [], self._clock(), time.time(), {who.learner}, split(job))
            self._flights[key] = flight
            self._wanted[who.learner] = key
            if flight.split is None:
                flight.futures.append(self._executor.submit(run, job, flight.submitted))
                submitted = [(flight.futures[0], -1)]
            else:
                submitted = [self._next_part(flight)
                             for _ in range(min(at_once, len(flight.split.parts)))]
        self._watch(key, submitted)
        return Outcome(State.PENDING)

    def _next_part(self, flight: _Flight) -> tuple[Future[Any], int]:
        """Hand the split job's next part to the executor (under the lock), with its index."""
        assert flight.split is not None
        index = len(flight.futures)
        future = self._executor.submit(run, flight.split.parts[index], flight.submitted)
        flight.futures.append(future)
        return future, index

    def _watch(self, key: tuple[object, ...], submitted: list[tuple[Future[Any], int]]) -> None:
        """Hear of each future's end (outside the lock: a future already done calls back at
        once). Index -1: a whole job; else the index of a split job's part."""
        for future, index in submitted:
            if index < 0:
                future.add_done_callback(lambda done: self._finished(key, done))
            else:
                future.add_done_callback(partial(self._part_finished, key, index))

    def forget(self, job: Job) -> None:
        """Drop what is kept of ``job`` (its failure, when a learner asks to try again): the
        next ask submits it afresh. A job in flight is left to finish."""
        with self._lock:
            self._results.pop(job.key, None)
            self._failed_at.pop(job.key, None)

    def warm_up(self, workers: int) -> None:
        """One warm-up job for each of ``workers`` (outside admission: nobody waits for it),
        so a new worker's first search does not wait for its imports. Only imports: proving
        the bank at start-up held every worker and made the first pages' jobs miss their
        budget."""
        for _ in range(workers):
            self._executor.submit(run, warm_up())

    def in_flight(self) -> int:
        with self._lock:
            return len(self._flights)

    def _busy(self) -> int:
        """The executor's slots held: jobs and parts submitted and not done (under the lock)."""
        return sum(flight.busy() for flight in self._flights.values())

    def progress(self, job: Job) -> Progress | None:
        """How far ``job`` has come on its workers, while it is in flight (None: no report);
        a split job's is the steps of its parts done and of those its workers report."""
        with self._lock:
            flight = self._flights.get(job.key)
            if flight is None:
                return None
            parts = flight.split
            running = ([] if parts is None else
                       [parts.parts[i] for i, f in enumerate(flight.futures) if not f.done()])
            done = 0 if parts is None else sum(parts.steps[i] for i in flight.values)
        if parts is None:
            return self._channel.read(job.channel)
        reported = (self._channel.read(part.channel) for part in running)
        return Progress(done + sum(p.done for p in reported if p is not None),
                        sum(parts.steps))

    def _pending_or_late(self, who: Requester, key: tuple[object, ...],
                         flight: _Flight) -> Outcome:
        if self._clock() - flight.started > flight.job.budget.seconds:
            # Past its budget the job is given up for everyone; the worker that runs it stops
            # at its next step (the job's deadline, ``run``) and takes the next job.
            del self._flights[key]
            late = Outcome(State.FAILED, reason=OVER_BUDGET)
            self._keep(key, late)
            return late
        if self._wanted.get(who.learner) != key:
            self._let_go(who.learner)
            flight.waiting.add(who.learner)
            self._wanted[who.learner] = key
        return Outcome(State.PENDING)

    def _refusal(self, who: Requester, job: Job) -> Outcome | None:
        if len(self._flights) >= self.limits.in_flight:
            return Outcome(State.REFUSED, reason=Refusal.QUEUE_FULL)
        if not job.kind.rate_limited:
            return None
        wait = self._learner_rate.wait(who.learner)
        if wait > 0:
            return Outcome(State.REFUSED, reason=Refusal.TOO_MANY_FOR_LEARNER, retry_after=wait)
        wait = self._connection_rate.wait(who.connection)
        if wait > 0:
            return Outcome(State.REFUSED, reason=Refusal.TOO_MANY_FOR_CONNECTION,
                           retry_after=wait)
        self._learner_rate.take(who.learner)
        self._connection_rate.take(who.connection)
        return None

    def _let_go(self, learner: str) -> None:
        """The learner no longer waits for their older job: cancel it if nobody else does."""
        old = self._wanted.pop(learner, None)
        flight = self._flights.get(old) if old is not None else None
        if flight is None:
            return
        flight.waiting.discard(learner)
        if not flight.waiting and self._cancelled(flight):
            del self._flights[old]  # type: ignore[arg-type]  # old is a key when flight is set

    @staticmethod
    def _cancelled(flight: _Flight) -> bool:
        """Cancel a job nobody waits for: True when it is gone (a split job always is: its
        parts not started are cancelled, those running finish unheard, none is handed on);
        False when a whole job has started, which then finishes and is kept."""
        if flight.split is None:
            return flight.futures[0].cancel()
        for future in flight.futures:
            future.cancel()
        return True

    def _finished(self, key: tuple[object, ...], future: Future[Any]) -> None:
        if future.cancelled():
            return
        error = future.exception()
        outcome = (Outcome(State.DONE, future.result()) if error is None
                   else Outcome(State.FAILED, reason=failure_reason(error)))
        with self._lock:
            flight = self._flights.pop(key, None)
            if flight is None:
                return  # given up past its budget
            self._keep(key, outcome)

    def _part_finished(self, key: tuple[object, ...], index: int, future: Future[Any]) -> None:
        """A split job's part is in: keep its value and hand on the next part; the job fails
        with its first part that fails (the parts running then end unheard: cancelling a
        running Dask task makes its client log an error), and is joined once every part is in."""
        if future.cancelled():
            return
        error = future.exception()
        submitted: list[tuple[Future[Any], int]] = []
        joining: Split | None = None
        with self._lock:
            flight = self._flights.get(key)
            if flight is None or flight.split is None or flight.futures[index] is not future:
                return  # given up past its budget, or cancelled: nobody waits
            if error is not None:  # no part is handed on; those running stop at the deadline
                del self._flights[key]
                self._keep(key, Outcome(State.FAILED, reason=failure_reason(error)))
                return
            flight.values[index] = future.result()
            parts = flight.split.parts
            if len(flight.futures) < len(parts):
                try:
                    submitted.append(self._next_part(flight))
                except RuntimeError:  # the pool shut down (the app stopping): nobody waits
                    del self._flights[key]
                    return
            elif len(flight.values) == len(parts):
                joining = flight.split
        self._watch(key, submitted)
        if joining is not None:  # joined outside the lock (a replay): the flight stays meanwhile
            outcome = self._joined(joining, flight.values)
            with self._lock:
                if self._flights.get(key) is flight:
                    del self._flights[key]
                    self._keep(key, outcome)

    @staticmethod
    def _joined(parts: Split, values: dict[int, Any]) -> Outcome:
        """A split job's outcome from its parts' values (failed if they do not join)."""
        try:
            return Outcome(State.DONE, parts.join([values[i] for i in range(len(values))]))
        except Exception as error:  # a part from a worker of another version, say
            return Outcome(State.FAILED, reason=failure_reason(error))

    def _stale_failure(self, key: tuple[object, ...], kept: Outcome) -> bool:
        failed = self._failed_at.get(key)
        return (kept.state is State.FAILED and failed is not None
                and self._clock() - failed > self.limits.failure_kept)

    def _keep(self, key: tuple[object, ...], outcome: Outcome) -> None:
        if outcome.state is State.FAILED:
            self._failed_at[key] = self._clock()
            if len(self._failed_at) > self.limits.kept:  # a bound: the oldest are long stale
                self._failed_at.pop(next(iter(self._failed_at)))
        self._results[key] = outcome
        self._results.move_to_end(key)
        while len(self._results) > self.limits.kept:
            self._results.popitem(last=False)
