"""How long the review of one 4-player deal takes, and how much SimpleBot's own cards lose.

    python tests/benchmarks/bench_review.py [--deals 20] [--runs 3]
    python tests/benchmarks/bench_review.py --losses [--deals 60]

The first form reviews the learner's seat (0) of ``--deals`` seeded deals played by SimpleBot
in every seat (void deals skipped), ``--runs`` times, and prints the median CPU time of a whole
review, its spread and how many cards the solver judged. Target (issue 13): < 3 s median.

``--losses`` reviews every seat of each deal and prints the distribution of the losses of
SimpleBot's judged cards (points of the deal's score): what the verdict thresholds in
``tutor/review/deal.py`` were tuned on.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from tutor.bots.simulate import play_deal
from tutor.engine.game import Phase
from tutor.engine.record import DealRecord
from tutor.practice.replay import replay
from tutor.review.deal import THRESHOLDS, DealReview, review_deal

DEALER = 3  # the learner (seat 0) speaks first, as in the practice game's first deal


def played_deals(count: int) -> list[DealRecord]:
    out: list[DealRecord] = []
    seed = 0
    while len(out) < count:
        deal = play_deal(4, seed, DEALER)
        if deal.phase is Phase.FINISHED:
            out.append(DealRecord.of(deal))
        seed += 1
    return out


def timed(record: DealRecord, seat: int = 0) -> tuple[float, DealReview]:
    start = time.process_time()
    review = review_deal(record, seat)
    return time.process_time() - start, review


def speed(deals: list[DealRecord], runs: int) -> None:
    medians = []
    for run in range(runs):
        times = []
        judged = []
        for record in deals:
            replay.cache_clear()  # the review's replay is computed again
            elapsed, review = timed(record)
            times.append(elapsed)
            judged.append(review.judged)
        medians.append(statistics.median(times))
        print(
            f"run {run + 1}: median {statistics.median(times):.2f} s, max {max(times):.2f} s, "
            f"cards judged per deal: median {statistics.median(judged)} of 18 "
            f"(min {min(judged)}, max {max(judged)})"
        )
    overall = statistics.median(medians)
    print(f"median of the runs' medians over {len(deals)} deals: {overall:.2f} s")


def losses(deals: list[DealRecord]) -> None:
    found: list[int] = []
    judged = 0
    for record in deals:
        for seat in range(4):
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
    for verdict, smallest in THRESHOLDS:
        print(f"{verdict.value}: loss >= {smallest}: {sum(1 for x in lost if x >= smallest)}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--losses", action="store_true")
    args = parser.parse_args()
    deals = played_deals(args.deals)
    if args.losses:
        losses(deals)
    else:
        speed(deals, args.runs)


if __name__ == "__main__":
    main()
