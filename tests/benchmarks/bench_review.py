"""How long the review of one deal takes, how stable its labels are, and how much SimpleBot's
own cards lose.

    python tests/benchmarks/bench_review.py [--deals 20] [--runs 3] [--players 4] [--taker]
    python tests/benchmarks/bench_review.py --stability [--deals 10] [--players 4] [--taker]
        [--first-seed 0]
    python tests/benchmarks/bench_review.py --losses [--deals 60]
    python tests/benchmarks/bench_review.py --parts [--deals 6] [--runs 3] [--workers 2]

The first form reviews the learner's seat (0) of ``--deals`` seeded deals played by SimpleBot
in every seat (void deals skipped), ``--runs`` times, and prints the median CPU time of a whole
review (the bid and every card by the learner's information, then the open-card part), its
spread, the deals drawn per decision and how many cards the solver judged with all hands
visible. ``--players 5`` reviews 5-player deals; ``--taker`` reviews the taker's seat instead
of seat 0, where the call, the écart, the chelem and the poignée are valued too (the count of
those is printed). Target: the review ready within 10 s of the last card on the analysis
workers.

``--stability`` reviews each deal twice, with the default sampling seed and another one, and
prints the share of decisions given the same label both times, overall and per kind of
decision (with ``--taker``, the taker's call, écart, chelem and poignée are among them),
then each decision whose label changed with its deals drawn, paired gap to the best and that
gap's standard error under each seed, how many decisions each seed labelled, and the CPU time
of a review. ``--first-seed`` starts the
deals at another seed (to measure on deals not looked at while tuning). Target: 95%.

``--parts`` computes each review as the service does, in parts (``tutor.service.jobs.split``),
one after the other in this process, and times each part's CPU; the parts are then handed
to ``--workers`` workers in the service's order, each next part to the first worker free
(``Limits.parts_at_once``). Printed per run: the median CPU of a whole review, the median CPU
of the busier worker (the critical path: the wait with a core per worker, less the polling),
and the longest part. Target (issue 20): the critical path well under 3 s with two workers.

``--losses`` reviews every seat of each deal and prints the distribution of the open-card
losses of SimpleBot's judged cards (points of the deal's score), against the cut-offs.
"""

from __future__ import annotations

import argparse
import heapq
import statistics
import time
from collections import Counter

from tutor.bots.simulate import play_deal
from tutor.engine.game import Phase
from tutor.engine.record import DealRecord
from tutor.practice.replay import replay
from tutor.review.deal import CUTOFFS, DealReview, review_deal
from tutor.review.expected import SEED, Expectation


def played_deals(count: int, players: int = 4, first: int = 0) -> list[tuple[DealRecord, int]]:
    """``count`` finished deals from seed ``first`` on and the taker of each (the last seat
    deals: seat 0 speaks first, as in the practice game's first deal)."""
    out: list[tuple[DealRecord, int]] = []
    seed = first
    while len(out) < count:
        deal = play_deal(players, seed, players - 1)
        if deal.phase is Phase.FINISHED and deal.taker is not None:
            out.append((DealRecord.of(deal), deal.taker))
        seed += 1
    return out


def timed(record: DealRecord, seat: int = 0, seed: int = SEED) -> tuple[float, DealReview]:
    start = time.process_time()
    review = review_deal(record, seat, seed=seed)
    return time.process_time() - start, review


def drawn(review: DealReview) -> list[int]:
    """The deals drawn for each decision valued."""
    found = [] if review.bid is None else [review.bid.samples]
    found += [c.expected.samples for c in review.choices]
    return found + [c.expected.samples for c in review.cards if c.expected is not None]


def speed(deals: list[tuple[DealRecord, int]], runs: int, taker: bool) -> None:
    medians = []
    for run in range(runs):
        times = []
        judged = []
        choices = 0
        samples: list[int] = []
        for record, seat in deals:
            replay.cache_clear()  # the review's replay is computed again
            elapsed, review = timed(record, seat if taker else 0)
            times.append(elapsed)
            judged.append(review.judged)
            choices += len(review.choices)
            samples += drawn(review)
        medians.append(statistics.median(times))
        more = sum(1 for n in samples if n > min(samples))
        print(
            f"run {run + 1}: median {statistics.median(times):.2f} s, max {max(times):.2f} s, "
            f"cards judged with all hands visible per deal: median {statistics.median(judged)}"
            f" (min {min(judged)}, max {max(judged)}); decisions dealt more deals: "
            f"{more} of {len(samples)}; calls, écarts, chelems and poignées valued: {choices}"
        )
    overall = statistics.median(medians)
    print(f"median of the runs' medians over {len(deals)} deals: {overall:.2f} s")


def critical_path(costs: list[float], workers: int) -> float:
    """The busier worker's CPU when ``costs`` (parts, in the order they are handed out) go
    one at a time to whichever of ``workers`` is free first, as the service hands them."""
    free = [0.0] * workers
    for cost in costs:
        heapq.heappush(free, heapq.heappop(free) + cost)
    return max(free)


def parts(deals: list[tuple[DealRecord, int]], runs: int, workers: int) -> None:
    from tutor.service.jobs import compute, review, split

    for run in range(runs):
        totals, paths, longest = [], [], []
        for record, _ in deals:
            replay.cache_clear()
            shared = split(review(record, 0))
            assert shared is not None
            costs = []
            for part in shared.parts:
                start = time.process_time()
                compute(part, lambda done, total: None)
                costs.append(time.process_time() - start)
            totals.append(sum(costs))
            paths.append(critical_path(costs, workers))
            longest.append(max(costs))
        print(f"run {run + 1}: {len(deals)} deals, CPU of them all {sum(totals):.2f} s, per "
              f"review median {statistics.median(totals):.2f} s; busier of {workers} workers "
              f"median {statistics.median(paths):.2f} s (max {max(paths):.2f}); longest part "
              f"median {statistics.median(longest):.2f} s")


def kinds(review: DealReview) -> tuple[str, ...]:
    """The kind of each decision in ``review.labels``, in the same order."""
    bid = () if review.bid is None else ("bid",)
    return (*bid, *(c.decision.value for c in review.choices),
            *("card" for c in review.cards if c.expected is not None))


def valued(review: DealReview) -> list[Expectation]:
    """Every decision of ``review.labels``, valued, in the same order."""
    bid = [] if review.bid is None else [review.bid]
    return [*bid, *(c.expected for c in review.choices),
            *(c.expected for c in review.cards if c.expected is not None)]


def figures(valued: Expectation) -> str:
    label = valued.verdict.value if valued.verdict else "none"
    return (f"{label} on {valued.samples} deals (gap {valued.gap:.1f}, "
            f"standard error {valued.error:.1f}, loss {valued.loss:.1f})")


def stability(deals: list[tuple[DealRecord, int]], taker: bool) -> None:
    same: Counter[str] = Counter()
    total: Counter[str] = Counter()
    changed: Counter[tuple[str, str]] = Counter()
    labelled = [0, 0]  # decisions given a label under each seed
    times: list[float] = []
    for record, seat in deals:
        learner = seat if taker else 0
        elapsed, first = timed(record, learner)
        times.append(elapsed)
        elapsed, second = timed(record, learner, seed=SEED + 1)
        times.append(elapsed)
        for kind, a, b in zip(kinds(first), valued(first), valued(second), strict=True):
            total[kind] += 1
            labelled[0] += a.verdict is not None
            labelled[1] += b.verdict is not None
            if a.verdict is b.verdict:
                same[kind] += 1
            else:
                changed[(str(a.verdict and a.verdict.value),
                         str(b.verdict and b.verdict.value))] += 1
                print(f"deal {record.seed} {kind}: {figures(a)} | {figures(b)}")
    alike, counted = sum(same.values()), sum(total.values())
    print(f"{alike} of {counted} labels the same with another sampling seed: "
          f"{alike / counted:.1%}")
    for kind in sorted(total):
        print(f"  {kind}: {same[kind]} of {total[kind]} ({same[kind] / total[kind]:.1%})")
    print("the labels that changed (first seed, second seed: count):", dict(changed))
    print(f"decisions labelled: {labelled[0]} with the first seed, {labelled[1]} with the "
          "second (a valuation that labels more has more labels near a cut-off to move)")
    print(f"CPU time of a review: median {statistics.median(times):.2f} s, "
          f"mean {statistics.fmean(times):.2f} s")


def losses(deals: list[tuple[DealRecord, int]]) -> None:
    found: list[int] = []
    judged = 0
    for record, _ in deals:
        for seat in range(record.players):
            _, review = timed(record, seat)
            for card in review.cards:
                if card.judged and not card.forced:
                    judged += 1
                    assert card.loss is not None
                    found.append(card.loss)
    lost = sorted(x for x in found if x > 0)
    print(f"{judged} judged cards with a choice, {len(lost)} lost something")
    if lost:
        deciles = statistics.quantiles(lost, n=10) if len(lost) > 1 else lost
        print("deciles of the losses:", [round(q) for q in deciles])
    print("losses (points of the deal's score: count):", sorted(Counter(lost).items()))
    for verdict, smallest in CUTOFFS:
        print(f"{verdict.value}: loss >= {smallest}: {sum(1 for x in lost if x >= smallest)}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--losses", action="store_true")
    parser.add_argument("--stability", action="store_true")
    parser.add_argument("--players", type=int, choices=(3, 4, 5), default=4)
    parser.add_argument("--taker", action="store_true")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--parts", action="store_true")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    deals = played_deals(args.deals, args.players, args.first_seed)
    if args.losses:
        losses(deals)
    elif args.stability:
        stability(deals, args.taker)
    elif args.parts:
        parts(deals, args.runs, args.workers)
    else:
        speed(deals, args.runs, args.taker)


if __name__ == "__main__":
    main()
