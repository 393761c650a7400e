"""A job past its budget stops on its worker: the long loops check the job's deadline, the
job ends over budget with nothing partial, and the worker takes the next job at once.

The steps are counted with a clock of the test's own that ticks at each check (a deadline
``at`` ticks passes at the ``at``-th check), never timed."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from tests.review.test_review_deal import FEW, blunder_record
from tests.service.test_workers import WAIT, until_done
from tutor.analysis.deadline import NO_DEADLINE, Deadline, OverBudget
from tutor.engine import Deal, DealRecord
from tutor.review.deal import _open_card, learner_turns, review_deal
from tutor.review.expected import SAMPLES, Decision, expectation, review_rng
from tutor.service import (
    AnalysisService,
    Requester,
    State,
    bot_cards,
    hint,
    local_pool,
    mine_puzzle,
    review,
    value_decision,
)
from tutor.service.jobs import (
    MAX_REVIEW_SAMPLES,
    Budget,
    Job,
    compute,
    deadline_of,
    review_samples,
)
from tutor.service.service import OVER_BUDGET


class Ticks:
    """A clock that moves on by one each time it is read: the checks made so far."""

    def __init__(self) -> None:
        self.read = 0

    def __call__(self) -> float:
        self.read += 1
        return float(self.read)


def at_check(n: int) -> Deadline:
    """A deadline that passes at its ``n``-th check."""
    return Deadline(float(n), Ticks())


def test_a_decision_past_its_deadline_stops_between_two_deals() -> None:
    drawn: list[int] = []

    def sampler(rng: object, draws: int) -> list[float]:
        drawn.append(draws)
        return [0.0, 1.0]

    rng = review_rng(blunder_record(), 1, "bid")
    with pytest.raises(OverBudget):
        expectation(Decision.BID, [("a",), ("b",)], 0, sampler, rng, SAMPLES, SAMPLES,
                    at_check(3))
    assert len(drawn) == 2  # two deals drawn, the third check stopped it: not the 12
    drawn.clear()
    expectation(Decision.BID, [("a",), ("b",)], 0, sampler, rng, SAMPLES, SAMPLES, NO_DEADLINE)
    assert len(drawn) == SAMPLES


def test_a_review_past_its_deadline_stops_before_its_last_step_and_returns_nothing() -> None:
    steps: list[int] = []
    with pytest.raises(OverBudget):
        review_deal(blunder_record(), on_card=lambda done, total: steps.append(done),
                    deadline=at_check(2), samples=FEW["samples"], more=FEW["more"])
    assert steps[-1] == 0  # the first deal drawn was its last: no decision was valued


def test_the_open_card_judging_stops_between_two_cards_past_the_deadline() -> None:
    turns = learner_turns(blunder_record(), 0)
    judged: list[None] = []
    with pytest.raises(OverBudget):
        _open_card(turns, 60_000, lambda: judged.append(None), at_check(3))
    assert len(judged) == 2  # the last two cards judged, then it stopped (of 18)


def before_the_learner() -> DealRecord:
    """A deal just dealt where the three computer players bid before seat 0."""
    return DealRecord.of(Deal.new(4, 3, 0))


def at_the_learners_bid() -> DealRecord:
    return DealRecord.of(Deal.new(4, 3, 3))


JOBS: dict[str, Callable[[], Job]] = {
    "mine": lambda: mine_puzzle(4, 7),
    "bot cards": lambda: bot_cards(before_the_learner(), 0),
    "review": lambda: review(blunder_record(), 0, samples=3),
    "hint": lambda: hint(at_the_learners_bid(), 0),
    "decision": lambda: value_decision(blunder_record(), 0, "trick 14", samples=3),
}


@pytest.mark.parametrize("name", sorted(JOBS))
def test_every_long_job_stops_over_budget_once_its_deadline_has_passed(name: str) -> None:
    with pytest.raises(OverBudget):
        compute(JOBS[name](), lambda done, total: None, Deadline(0.0))


def test_a_job_that_waited_its_budget_in_the_queue_stops_at_once() -> None:
    budget = Budget(seconds=10)
    assert deadline_of(budget, submitted=100.0, now=lambda: 111.0).passed
    assert not deadline_of(budget, submitted=100.0, now=lambda: 103.0).passed
    # a worker whose clock is behind the app's never gets more than the budget
    behind = deadline_of(budget, submitted=100.0, now=lambda: 90.0)
    assert behind.at <= time.monotonic() + budget.seconds


def test_the_review_samples_are_the_setting_when_sane_else_the_reviews_own() -> None:
    assert review_samples({"TAROT_TUTOR_REVIEW_SAMPLES": "4"}) == 4
    assert review_samples({"TAROT_TUTOR_REVIEW_SAMPLES": str(MAX_REVIEW_SAMPLES)}) == 120
    for bad in ("", "1", "0", "-3", "²", "1e3", str(MAX_REVIEW_SAMPLES + 1)):
        assert review_samples({"TAROT_TUTOR_REVIEW_SAMPLES": bad}) == SAMPLES


def test_the_review_samples_travel_with_the_job_and_make_it_another_request() -> None:
    few, many = review(blunder_record(), 0, samples=3), review(blunder_record(), 0, samples=12)
    assert few.key != many.key
    assert value_decision(blunder_record(), 0, "bid", samples=3).args[-1] == 3


def test_an_over_budget_job_frees_the_only_worker_for_the_next_one() -> None:
    """One worker; the service's own clock stands still, so only the worker can end the
    first job. Its review would draw 120 deals per decision (many times its one second of
    budget: without the deadline it runs to its end and is done); past its budget it stops
    over budget, and the worker computes the next request, a hint."""
    service = AnalysisService(local_pool(1), clock=lambda: 0.0)
    long_review = review(blunder_record(), 0, samples=MAX_REVIEW_SAMPLES)
    stopped = Job(long_review.kind, long_review.args, Budget(seconds=1.0))
    given = hint(at_the_learners_bid(), 0)
    next_one = Job(given.kind, given.args, Budget(seconds=WAIT))
    anna, bruno = Requester("anna", "local"), Requester("bruno", "local")
    assert service.ask(anna, stopped).state is State.PENDING
    assert service.ask(bruno, next_one).state is State.PENDING
    first, second = until_done(service, [(anna, stopped), (bruno, next_one)])
    assert (first.state, first.reason) == (State.FAILED, OVER_BUDGET)
    assert second.state is State.DONE and second.value is not None
