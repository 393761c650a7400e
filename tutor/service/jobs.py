"""What the analysis workers compute: a job is a frozen request, its key says when two are the same.

A job names a function by its kind (an enum, so a worker only ever runs the project's own
functions) and carries plain, picklable arguments and a budget. Two jobs with the same kind,
arguments and budget are the same request: the service computes it once. ``run`` is what a
worker process executes; it imports the heavy modules there, not in the web process.

A deal travels as its record's text form (``record_args``: players, seed, dealer, the rules'
name and the moves in the engine's notation), so a job is a few hundred bytes whichever
machine runs it, and the worker replays it through the engine.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from tutor.engine import DealRecord, rules_named

if TYPE_CHECKING:  # the worker imports them; the web process only reads the results
    from tutor.analysis.deadline import Deadline
    from tutor.content.models import Puzzle
    from tutor.content.solved import Solution
    from tutor.review.expected import Expectation


class JobKind(StrEnum):
    """The heavy work the app hands to the workers."""

    MINE_PUZZLE = "mine-puzzle"  # a proven best-card position from a seeded computer deal
    BOT_CARDS = "bot-cards"  # the Strong computer players' moves until the learner's turn
    REVIEW_DEAL = "review-deal"  # the learner's bid and cards valued, and the solver's verdicts
    SOLVE_BEST_CARD = "solve-best-card"  # a best-card position's proof and line after each card
    WARM_UP = "warm-up"  # a new worker imports the searches before a learner's job needs them
    HINT = "hint"  # the learner's options at their decision in play, valued by what they know
    VALUE_DECISIONS = "value-decisions"  # a decision of the deal in play valued for its review
    REVIEW_PART = "review-part"  # one part of a review, which several workers share (``split``)

    @property
    def rate_limited(self) -> bool:
        """New jobs a visitor can ask for at will (a new seed each click) are rate-limited; a
        bot's card or a deal's review comes once per move or deal played, bounded by the
        queue and by one job per learner."""
        return self is JobKind.MINE_PUZZLE


@dataclass(frozen=True, slots=True)
class Budget:
    """How long the service waits for one job; past it the job is reported as failed and the
    learner's slot is free again, and the worker stops it at its next step (``run`` hands the
    job its ``Deadline``) and is free for the next. (The searches inside a job have node
    limits of their own: the miner's per-position limit, the solver's.)"""

    seconds: float

    def __post_init__(self) -> None:
        if not 0 < self.seconds <= 600:
            raise ValueError("a job's budget is between 0 and 600 seconds")


@dataclass(frozen=True, slots=True)
class Job:
    """One request: its kind, its arguments (ints and strings only) and its budget."""

    kind: JobKind
    args: tuple[int | str, ...]
    budget: Budget

    @property
    def key(self) -> tuple[object, ...]:
        """Identical requests (same position, same budget) share this key."""
        return (self.kind.value, self.args, self.budget.seconds)

    @property
    def channel(self) -> str:
        """The name its progress is reported under (the same for identical requests)."""
        return hashlib.sha256(repr(self.key).encode()).hexdigest()[:24]


MINE_BUDGET = Budget(seconds=60.0)
# The miner's version, stored with each mined puzzle: raise it when the miner's code changes
# what a seed gives, and the stored puzzles are mined again.
MINED_VERSION = 2  # 2: the notation carries the history, which robustness keeps (issue #23)
# An Expert player's card costs at most a second or so of CPU (tutor.bots.strong), a few for the
# players after a learner's card; a pool that holds them longer is saturated, and the table
# plays the rules of thumb instead rather than keep the learner waiting.
BOT_BUDGET = Budget(seconds=8.0)
# A review: the bid and every card played out on a dozen deals or three (tutor.review.expected),
# then the open-card part, about one node budget per card beyond its exact part
# (tutor.review.deal): a few seconds of CPU (bench_review.py); the budget leaves room for a
# loaded pool.
REVIEW_BUDGET = Budget(seconds=60.0)
# The deepest authored best-card position takes about 2 s of CPU to solve whole (its proof, a
# line per legal card, the texts); a mined one is proven under the same node limits.
# Under load it waits behind the queue: a shorter budget would stop it on its worker and have
# the learner ask again for the same work.
SOLVE_BUDGET = Budget(seconds=60.0)
WARM_UP_BUDGET = Budget(seconds=60.0)
# A hint is a dozen deals drawn and every option played out: a few tenths of a second of CPU
# (`bench_service.py hints`); the learner plays on meanwhile, and a hint that comes late is dropped.
HINT_BUDGET = Budget(seconds=15.0)
# One of the learner's decisions valued during the deal: up to three dozen deals (an unsettled
# label), about a second of CPU at the first tricks.
DECISION_BUDGET = Budget(seconds=30.0)
# What a new worker imports before its first job: the solver, the bots, the review and the
# best-card texts (a few hundred milliseconds of a learner's first wait otherwise).
SEARCH_MODULES = ("tutor.analysis", "tutor.bots.strong", "tutor.review", "tutor.content.solved",
                  "tutor.content.generate")


def mine_puzzle(players: int, seed: int) -> Job:
    """The proven best-card puzzle of ``seed`` at ``players`` players, with its solution."""
    return Job(JobKind.MINE_PUZZLE, (players, seed), MINE_BUDGET)


@dataclass(frozen=True, slots=True)
class MinedPuzzle:
    """A mined puzzle and the solution of its best card, from the same job: the page plays it
    at once (a second job for the proof waited behind the other miners' jobs under load)."""

    puzzle: Puzzle
    solution: Solution | None  # None: a puzzle of another kind


MOVES_APART = "\n"  # a poignée's move has spaces in it: moves are one a line


def record_args(record: DealRecord) -> tuple[int | str, ...]:
    """A deal record as plain job arguments."""
    return (record.players, record.seed, record.dealer, record.rules.name,
            MOVES_APART.join(record.notation))


def record_of(args: tuple[int | str, ...]) -> DealRecord:
    """The record ``record_args`` wrote (each move checked by the engine when replayed)."""
    players, seed, dealer, rules, moves = args
    written = [move for move in str(moves).split(MOVES_APART) if move]
    return DealRecord.from_notation(int(players), int(seed), int(dealer), written,
                                    rules_named(str(rules)))


def bot_cards(record: DealRecord, learner: int) -> Job:
    """The moves Strong computer players make after ``record`` until the seat ``learner`` is
    to act (or the deal ends): one job per learner's action however many players search."""
    return Job(JobKind.BOT_CARDS, (*record_args(record), learner), BOT_BUDGET)


REVIEW_SAMPLES_SETTING = "TAROT_TUTOR_REVIEW_SAMPLES"
MAX_REVIEW_SAMPLES = 120


def review_samples(environ: dict[str, str] | None = None) -> int:
    """The deals of the hidden cards drawn per decision of a review (three times as many
    where a label is unsettled: ``tutor.review.expected.more_samples``): the setting when it
    is a sane number (2 to ``MAX_REVIEW_SAMPLES``), else the review's own count (12)."""
    from tutor.review.expected import SAMPLES

    value = (environ if environ is not None else dict(os.environ)).get(REVIEW_SAMPLES_SETTING,
                                                                      "")
    if value.isascii() and value.isdigit() and 2 <= int(value) <= MAX_REVIEW_SAMPLES:
        return int(value)
    return SAMPLES


def review(record: DealRecord, learner: int, known: str = "", *,
           samples: int | None = None) -> Job:
    """The review of the deal ``record`` for the seat ``learner`` (``tutor.review``);
    ``known``: the decisions valued during the deal (``known_text``), taken as they are;
    ``samples``: the deals per decision (None: ``review_samples``, the setting's)."""
    extra: tuple[str, ...] = (known,) if known else ()
    count = review_samples() if samples is None else samples
    return Job(JobKind.REVIEW_DEAL, (*record_args(record), learner, count, *extra),
               REVIEW_BUDGET)


# The hint job's last argument when the learner declined the poignée: the first card is hinted.
DECLINED = "declined"


def hint(record: DealRecord, learner: int, *, declined: bool = False) -> Job:
    """The hint at the decision ``learner`` is at after ``record`` (``tutor.review.hint``;
    ``declined``: they said no to the poignée, the first card is the decision)."""
    extra: tuple[str, ...] = (DECLINED,) if declined else ()
    return Job(JobKind.HINT, (*record_args(record), learner, *extra), HINT_BUDGET)


def value_decision(record: DealRecord, learner: int, name: str, *,
                   samples: int | None = None) -> Job:
    """The learner's decision ``name`` (``tutor.review.deal.decision_name``) in ``record``
    valued as the deal's review values it (``record`` holds the moves up to it at least), on
    ``samples`` deals (None: ``review_samples``, the review's count)."""
    count = review_samples() if samples is None else samples
    return Job(JobKind.VALUE_DECISIONS, (*record_args(record), learner, name, count),
               DECISION_BUDGET)


def known_text(known: dict[str, dict[str, Any]]) -> str:
    """Decisions valued during the deal (their data by name) as one job argument."""
    return json.dumps(known, sort_keys=True, separators=(",", ":"))


def known_of(extra: tuple[int | str, ...]) -> dict[str, Expectation]:
    """The decisions a review job carries as known (``known_text``; none without)."""
    from tutor.review.expected import Expectation

    return {str(name): Expectation.from_data(data)
            for name, data in (json.loads(str(extra[0])) if extra else {}).items()}


@dataclass(frozen=True, slots=True)
class Split:
    """A job computed as parts that need nothing of each other, so that several workers share
    it, then joined where the service runs: ``parts`` in the order they are handed to the
    workers, the ``steps`` each reports (a progress bar's), and ``join``, which makes the
    job's result from the parts' (in the same order) without a search."""

    parts: tuple[Job, ...]
    steps: tuple[int, ...]
    join: Callable[[Sequence[Any]], Any]


def split(job: Job) -> Split | None:
    """``job`` in parts (None: it runs whole). A review is: each decision valued by what the
    learner knew, each other choice, and the cards judged with all hands visible
    (``tutor.review.deal.review_parts``), the same review as computed whole. The open-card
    part goes first: it cannot be shared and is among the longest, so the others fill the
    other workers meanwhile."""
    if job.kind is not JobKind.REVIEW_DEAL:
        return None
    from tutor.review.deal import OPEN_CARD, joined_review, review_parts

    written, learner, extra = job.args[:5], int(job.args[5]), job.args[7:]
    record, known = record_of(written), known_of(extra)
    parts = sorted(review_parts(record, learner, known), key=lambda p: p.name != OPEN_CARD)
    if not parts:
        return None  # a deal without cards: nothing to share

    def join(values: Sequence[Any]) -> Any:
        data = dict(zip((p.name for p in parts), values, strict=True))
        return joined_review(record, learner, data, known).to_data()

    return Split(tuple(Job(JobKind.REVIEW_PART, (*job.args[:7], p.name), job.budget)
                       for p in parts), tuple(p.steps for p in parts), join)


def solve_best_card(notation: str, idea: str) -> Job:
    """The proof of a best-card position, the solver's line after each of its legal cards and
    the texts that speak of each wrong card (``tutor.content.solved.Solution``)."""
    return Job(JobKind.SOLVE_BEST_CARD, (notation, idea), SOLVE_BUDGET)


def warm_up() -> Job:
    """Nothing but the imports a worker's first search would wait for."""
    return Job(JobKind.WARM_UP, (), WARM_UP_BUDGET)


def imported_searches() -> tuple[str, ...]:
    """Import the search modules in this process (a worker's warm-up): the names imported."""
    for name in SEARCH_MODULES:
        importlib.import_module(name)
    return SEARCH_MODULES


def bots_moves(record: DealRecord, learner: int,
               deadline: Deadline | None = None) -> tuple[str, ...]:
    """Strong players' moves after ``record`` until ``learner`` is to act or the deal ends
    (``OverBudget`` when ``deadline`` passes between two moves)."""
    from tutor.bots import BotLevel, decision_rng
    from tutor.bots.simulate import WAITING

    deal = record.deal()
    bot = BotLevel.EXPERT.bot()  # one for every seat: it reads only what the seat may know
    moves: list[str] = []
    while deal.phase in WAITING and (seat := deal.current_seat) not in (None, learner):
        if deadline is not None:
            deadline.check()
        action = bot.choose(deal, seat, decision_rng(deal.seed, len(deal.moves)))
        deal.push(action)
        moves.append(str(action))
    return tuple(moves)


Report = Callable[[int, int], None]  # (done, total): how far a job has come


def deadline_of(budget: Budget, submitted: float | None,
                now: Callable[[], float] = time.time) -> Deadline:
    """Where a job runs, the time past which it stops: its budget counted from when the
    service submitted it (``submitted``, on the wall clock, which the app's and a Dask
    worker's machines share closely enough; None: from now), so a job that waited its budget
    in the queue stops at once. On this process's monotonic clock."""
    from tutor.analysis.deadline import Deadline

    waited = 0.0 if submitted is None else now() - submitted
    return Deadline.after(min(budget.seconds, max(0.0, budget.seconds - waited)))


def run(job: Job, submitted: float | None = None) -> Any:
    """Compute a job (in a worker process) until its budget, counted from ``submitted``
    (``deadline_of``), is spent; its progress goes to the worker's channel. Past its budget
    it raises ``OverBudget`` at its next step, and the worker is free for the next job."""
    from tutor.service.progress import worker_channel

    deadline = deadline_of(job.budget, submitted)
    channel = worker_channel()
    reported = False

    def report(done: int, total: int) -> None:
        nonlocal reported
        reported = courtesy(channel.report, job.channel, done, total) or reported

    try:
        return compute(job, report, deadline)
    finally:
        if reported:
            courtesy(channel.forget, job.channel)


def courtesy(call: Callable[..., None], *args: object) -> bool:
    """A progress report, best effort: True when it went through. Progress is a courtesy to
    the page; a lost report must never fail the job it reports on."""
    try:
        call(*args)
    except Exception:  # whatever the channel raises (a file, the network)
        return False
    return True


def compute(job: Job, report: Report, deadline: Deadline | None = None) -> Any:
    """A job's result: a mined puzzle, the bots' moves in the notation, a review's data, a
    best-card solution, the modules a warm-up imported. ``deadline`` (None: none): the long
    loops stop with ``OverBudget`` once it has passed."""
    from tutor.analysis.deadline import NO_DEADLINE

    until = NO_DEADLINE if deadline is None else deadline
    if job.kind is JobKind.MINE_PUZZLE:
        from tutor.content.generate import generate
        from tutor.content.kinds import BestCardExercise
        from tutor.content.solved import solve

        players, seed = job.args
        puzzle = generate("proven", int(seed), int(players), deadline=until)
        ex = puzzle.exercise
        solved = (solve(ex.notation, ex.idea, until) if isinstance(ex, BestCardExercise)
                  else None)
        return MinedPuzzle(puzzle, solved)
    if job.kind is JobKind.BOT_CARDS:
        *record, learner = job.args
        return bots_moves(record_of(tuple(record)), int(learner), until)
    if job.kind is JobKind.REVIEW_DEAL:
        from tutor.review import review_deal
        from tutor.review.expected import more_samples

        written, learner, samples, extra = job.args[:5], job.args[5], job.args[6], job.args[7:]
        count = int(samples)
        return review_deal(record_of(written), int(learner), on_card=report,
                           known=known_of(extra), samples=count, more=more_samples(count),
                           deadline=until).to_data()
    if job.kind is JobKind.REVIEW_PART:
        from tutor.review.deal import review_part
        from tutor.review.expected import more_samples

        written, learner, samples, name = job.args[:5], job.args[5], job.args[6], job.args[7]
        count = int(samples)
        done = 0

        def step() -> None:
            nonlocal done
            done += 1
            report(done, 0)  # the service knows each part's steps (``Split.steps``)

        return review_part(record_of(written), int(learner), str(name), samples=count,
                           more=more_samples(count), on_step=step, deadline=until)
    if job.kind is JobKind.HINT:
        from tutor.review.hint import hint as hint_at

        written, learner, extra = job.args[:5], job.args[5], job.args[6:]
        given = hint_at(record_of(written), int(learner), declined=DECLINED in extra,
                        deadline=until)
        return None if given is None else given.to_data()
    if job.kind is JobKind.VALUE_DECISIONS:
        from tutor.review.deal import value_decisions
        from tutor.review.expected import more_samples

        *record, learner, name, samples = job.args
        count = int(samples)
        valued = value_decisions(record_of(tuple(record)), int(learner), wanted=str(name),
                                 samples=count, more=more_samples(count), deadline=until)
        found = valued.get(str(name))
        return None if found is None else found.to_data()
    if job.kind is JobKind.SOLVE_BEST_CARD:
        from tutor.analysis.bestcard import Idea
        from tutor.content.solved import solve

        notation, idea = job.args
        return solve(str(notation), Idea(str(idea)), until)
    if job.kind is JobKind.WARM_UP:
        return imported_searches()
    raise ValueError(f"unknown job kind {job.kind}")
