"""The heavy work through the analysis service, as the pages ask for it (issue 20).

    python tests/benchmarks/bench_service.py reviews [--deals 8] [--workers 2]
    python tests/benchmarks/bench_service.py strong [--games 10] [--workers 2]

``reviews``: the review of ``--deals`` seeded 4-player deals (the learner's seat, SimpleBot in
every seat, void deals skipped) asked of a local pool of ``--workers`` processes, one after the
other as learners finishing deals would; each is timed from the ask to its result, polling
as the page does. Printed: the median and the spread of that wait, the web process's CPU time
per review (what the script thread spends: asking and reading), and the workers' warm-up (the
first job, which starts the pool, is left out of the figures). Target: < 3 s median with two
workers.

``strong``: ``--games`` learners, at once, each playing one deal against Strong computer players
through the service (the learner plays the rules of thumb's card as soon as it is their turn);
a learner's action is timed from the card played to the learner's next turn, the page's
polling included (``SOON_SECONDS``). Printed: the median and p95 of those actions, and of
those that needed a search. Target: p95 < 1 s with ten games. ``--think S``: each learner
takes a seeded 0.5 S to 1.5 S before each action (not timed), as a person does; with 0 (the
default) the ten games reach their searched tricks within a tenth of a second of each other
and their searches queue on the workers together.

``hints``: the hint at every decision of the learner's (the bid and each card) in ``--deals``
seeded 4-player deals, asked of the pool one after the other as a learner would, polled as the
page does (``SOON_SECONDS``): the wall time from the ask to the hint, and the CPU time of the
same hint computed in this process. Printed: p50 and p95 of both, and the CPU p95 of each
kind of decision. ``--decisions ecart,chelem,poignee`` times those decisions only. Target:
p95 < 1 s.

``inplay``: the time from the deal's last card to its review ready, ``--deals`` deals: before
(the whole review asked then) and after (the learner's decisions valued during the deal, one
job at a time as the page asks them, all but the last trick's done by the last card; the
review then asked with them). Printed: the medians and the ratio; each review is checked equal
to the one computed without what was known.

``--scheduler tcp://host:8786`` runs either on a Dask cluster instead of the local pool.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import random
import statistics
import threading
import time
from concurrent.futures import Executor
from typing import Any

from tutor.bots import SimpleBot, decision_rng, play_deal
from tutor.bots.levels import BotLevel
from tutor.engine import Action, AnnounceChelem, Bid, Call, DealRecord, Discard, Phase, Play
from tutor.practice import LEARNER, PracticeDeal, Refusal
from tutor.practice.game import bots_of
from tutor.service import (
    AnalysisService,
    Budget,
    Job,
    Limits,
    Outcome,
    Requester,
    State,
    bot_cards,
    channel_for,
    hint,
    known_text,
    local_pool,
    review,
    value_decision,
)
from tutor.service.executors import dask_pool
from tutor.ui.analysis import POLL_SECONDS, SOON_SECONDS

DEALER = 3  # the learner (seat 0) speaks first, as in the practice game's first deal
WAIT = 120.0  # a bound on one job for a broken pool, not a timing


def played_deals(count: int, first_seed: int = 0) -> list[DealRecord]:
    out: list[DealRecord] = []
    seed = first_seed
    while len(out) < count:
        deal = play_deal(4, seed, DEALER)
        if deal.phase is Phase.FINISHED:
            out.append(DealRecord.of(deal))
        seed += 1
    return out


def executor_of(args: argparse.Namespace) -> Executor:
    return dask_pool(args.scheduler) if args.scheduler else local_pool(args.workers)


def outcome_of(service: AnalysisService, who: Requester, job: Job, poll: float) -> Outcome:
    """Ask as the page does (every ``poll`` seconds) until the job is no longer pending."""
    deadline = time.monotonic() + WAIT
    while (outcome := service.ask(who, job)).state is State.PENDING:
        if time.monotonic() > deadline:
            raise RuntimeError("the workers never answered")
        time.sleep(poll)
    return outcome


def wait_for(service: AnalysisService, who: Requester, job: Job, poll: float) -> object:
    outcome = outcome_of(service, who, job, poll)
    if outcome.state is not State.DONE:
        raise RuntimeError(f"a job was {outcome.state.value}: {outcome.reason}")
    return outcome.value


def reviews(args: argparse.Namespace) -> None:
    executor = executor_of(args)
    service = AnalysisService(executor, channel=channel_for(executor))  # a part per worker
    who = Requester("bench", "local")
    warm = played_deals(1, first_seed=10_000)[0]
    start = time.perf_counter()
    wait_for(service, who, review(warm, LEARNER), POLL_SECONDS / 10)
    print(f"warm-up (the pool starting, its first review): {time.perf_counter() - start:.2f} s")
    waits, cpu = [], []
    for record in played_deals(args.deals):
        start, start_cpu = time.perf_counter(), time.process_time()
        wait_for(service, who, review(record, LEARNER), POLL_SECONDS / 10)
        waits.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    print(f"review of a 4-player deal through the service, {args.workers} workers, "
          f"{len(waits)} deals: median {statistics.median(waits):.2f} s "
          f"(min {min(waits):.2f}, max {max(waits):.2f}); web process CPU per review: "
          f"median {statistics.median(cpu) * 1000:.1f} ms")
    executor.shutdown(wait=False, cancel_futures=True)


def decision_points(record: DealRecord,
                    wanted: frozenset[str] | None = None) -> list[tuple[str, DealRecord]]:
    """``record`` cut at each decision of the learner's a hint is given at (those named in
    ``wanted`` only, when given), with the decision's name."""
    from tutor.review.hint import hint_decision

    out = []
    deal = record.dealt()
    for index, action in enumerate(record.moves):
        at = hint_decision(deal, LEARNER)
        if at is not None and (wanted is None or at.value in wanted):
            out.append((at.value, DealRecord(record.players, record.seed, record.dealer,
                                             record.rules, record.moves[:index])))
        deal.push(action)
    return out


def p95(values: list[float]) -> float:
    return sorted(values)[max(0, math.ceil(0.95 * len(values)) - 1)]


def hints(args: argparse.Namespace) -> None:
    from tutor.review.hint import hint as hint_here

    executor = executor_of(args)
    service = AnalysisService(executor, channel=channel_for(executor))
    who = Requester("bench", "local")
    # the pool started and warm (the searches imported) before anything is timed: a first
    # hint, asked again if the pool's start made it miss its budget
    first = decision_points(played_deals(1, first_seed=10_000)[0])[0][1]
    for _ in range(5):
        if outcome_of(service, who, hint(first, LEARNER), POLL_SECONDS).state is State.DONE:
            break
        service.forget(hint(first, LEARNER))
    wanted = frozenset(args.decisions.split(",")) if args.decisions else None
    walls, cpus = [], []
    by_kind: dict[str, list[float]] = {}
    for record in played_deals(args.deals, first_seed=args.first_seed):
        for kind, at in decision_points(record, wanted):
            start = time.perf_counter()
            wait_for(service, who, hint(at, LEARNER), SOON_SECONDS / 5)
            walls.append(time.perf_counter() - start)
            start_cpu = time.process_time()
            hint_here(at, LEARNER)
            cpus.append(time.process_time() - start_cpu)
            by_kind.setdefault(kind, []).append(cpus[-1])
    print(f"hint at every decision, {len(cpus)} decisions of {args.deals} 4-player deals, "
          f"{args.workers} workers: wall p50 {statistics.median(walls):.3f} s, "
          f"p95 {p95(walls):.3f} s, max {max(walls):.3f} s; CPU p50 "
          f"{statistics.median(cpus):.3f} s, p95 {p95(cpus):.3f} s, max {max(cpus):.3f} s")
    for kind, spent in sorted(by_kind.items()):
        print(f"  {kind}: {len(spent)} hints, CPU p50 {statistics.median(spent):.3f} s, "
              f"p95 {p95(spent):.3f} s")
    executor.shutdown(wait=False, cancel_futures=True)


def patient(job: Job) -> Job:
    return dataclasses.replace(job, budget=Budget(seconds=600))


def inplay(args: argparse.Namespace) -> None:
    from tutor.review.deal import decision_record, next_decision

    executor = executor_of(args)
    service = AnalysisService(executor, channel=channel_for(executor))
    who = Requester("bench", "local")
    # the pool started (a first hint); every job with a budget no loaded machine misses: the
    # bench times them, it does not give up on them
    first = decision_points(played_deals(1, first_seed=10_000)[0])[0][1]
    wait_for(service, who, patient(hint(first, LEARNER)), POLL_SECONDS / 10)
    before, after = [], []
    for record in played_deals(args.deals, first_seed=args.first_seed):
        start = time.perf_counter()
        whole = wait_for(service, who, patient(review(record, LEARNER)), POLL_SECONDS / 10)
        before.append(time.perf_counter() - start)
        # during the deal: what the page has had valued by the last card
        last = DealRecord(record.players, record.seed, record.dealer, record.rules,
                          record.moves[:-1])
        known: dict[str, Any] = {}
        while (name := next_decision(last, LEARNER, known)) is not None:
            job = patient(value_decision(decision_record(last, LEARNER, name), LEARNER, name))
            known[name] = wait_for(service, who, job, POLL_SECONDS / 10)
        start = time.perf_counter()
        sooner = wait_for(service, who, patient(review(record, LEARNER, known_text(known))),
                          POLL_SECONDS / 10)
        after.append(time.perf_counter() - start)
        if sooner != whole:
            raise RuntimeError(f"deal {record.seed}: the review with what was known differs")
    b, a = statistics.median(before), statistics.median(after)
    print(f"last card to review ready, {len(before)} 4-player deals, {args.workers} workers: "
          f"before median {b:.2f} s (min {min(before):.2f}, max {max(before):.2f}); after "
          f"median {a:.2f} s (min {min(after):.2f}, max {max(after):.2f}); "
          f"{b / a:.1f} times sooner; every review equal to the one computed whole")
    executor.shutdown(wait=False, cancel_futures=True)


Timed = tuple[float, bool, bool]  # seconds, waited for a search, fell back to the rules of thumb


def _learner_game(service: AnalysisService, seed: int, out: list[Timed],
                  think: float = 0.0) -> None:
    """One learner's deal against Strong players, the page's way: per action, its time,
    whether it waited for a search, whether the workers' answer failed (over budget on a
    busy machine) and the rules of thumb played instead."""
    deal = PracticeDeal(4, seed, DEALER, bots=bots_of(BotLevel.EXPERT, 4), elsewhere=True)
    who = Requester(f"learner-{seed}", f"10.0.0.{seed % 250}")
    learner = SimpleBot()
    thinking = random.Random(seed)
    while not deal.finished:
        board = deal.deal
        action = learner.choose(board, LEARNER, decision_rng(board.seed, len(board.moves)))
        if think:
            time.sleep(think * thinking.uniform(0.5, 1.5))
        start = time.perf_counter()
        refusal = act(deal, action)
        assert refusal is None, refusal
        searched = deal.thinking is not None
        fell_back = False
        while deal.thinking is not None:
            moves = len(deal.deal.moves)
            outcome = outcome_of(service, who, bot_cards(deal.record, LEARNER), SOON_SECONDS)
            if not (outcome.state is State.DONE and deal.answer(moves, outcome.value)):
                deal.fall_back()
                fell_back = True
        out.append((time.perf_counter() - start, searched, fell_back))


def act(deal: PracticeDeal, action: Action) -> Refusal | None:
    """The learner's action through the deal's methods, as the page's callbacks call them (a
    poignée offered is declined)."""
    if isinstance(action, Play):
        return deal.play(action.card)
    if isinstance(action, Bid):
        return deal.bid(action.contract)
    if isinstance(action, Call):
        return deal.call(action.card)
    if isinstance(action, Discard):
        return deal.discard(action.card)
    if isinstance(action, AnnounceChelem):
        return deal.announce_chelem(action.announce)
    return deal.show_poignee(None)


def strong(args: argparse.Namespace) -> None:
    executor = executor_of(args)
    service = AnalysisService(executor, Limits(in_flight=max(16, args.games)),
                              channel=channel_for(executor))
    warm = played_deals(1, first_seed=10_000)[0]
    wait_for(service, Requester("warm", "local"), review(warm, LEARNER), 0.01)
    seeds = [record.seed for record in played_deals(args.games, first_seed=500)]
    results: list[list[Timed]] = [[] for _ in seeds]
    games = [threading.Thread(target=_learner_game,
                              args=(service, seed, results[i], args.think))
             for i, seed in enumerate(seeds)]
    for game in games:
        game.start()
    for game in games:
        game.join()
    actions = sorted(seconds for result in results for seconds, _, _ in result)
    searched = sorted(seconds for result in results for seconds, s, _ in result if s)
    fell_back = sum(f for result in results for _, _, f in result)

    def p95(values: list[float]) -> float:
        return values[min(len(values) - 1, round(0.95 * (len(values) - 1)))]

    print(f"{len(seeds)} games against Strong players at once, {args.workers} workers, "
          f"learners thinking {args.think:g} s: "
          f"{len(actions)} learner's actions, median {statistics.median(actions):.2f} s, "
          f"p95 {p95(actions):.2f} s; the {len(searched)} that waited for a search: median "
          f"{statistics.median(searched):.2f} s, p95 {p95(searched):.2f} s; "
          f"{fell_back} fell back to the rules of thumb (the workers' answer over budget)")
    executor.shutdown(wait=False, cancel_futures=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("reviews", "strong", "hints", "inplay"))
    parser.add_argument("--deals", type=int, default=8)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--scheduler", default="")
    parser.add_argument("--decisions", default="")
    parser.add_argument("--think", type=float, default=0.0)
    args = parser.parse_args()
    {"reviews": reviews, "strong": strong, "hints": hints, "inplay": inplay}[args.what](args)


if __name__ == "__main__":
    main()
