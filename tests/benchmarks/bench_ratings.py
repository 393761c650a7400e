"""How many answers order the learners, run by hand (not collected by pytest):

    python tests/benchmarks/bench_ratings.py [--seeds 100] [--answers 10 20 30 50 80 120]

Six simulated learners 200 points apart (``tests/progress/population.py``) answer puzzles at
their level; for each number of answers each, the share of seeds whose ratings rank all six in
their true order, and the mean distance of a rating from the learner's strength.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.progress.population import LEARNERS, in_order, simulate


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=100)
    parser.add_argument("--answers", type=int, nargs="+", default=[10, 20, 30, 50, 80, 120])
    args = parser.parse_args()
    print(f"{'answers':>8} {'in order':>9} {'mean |error|':>13}")
    for answers in args.answers:
        runs = [simulate(seed, answers) for seed in range(1000, 1000 + args.seeds)]
        share = sum(in_order(r) for r in runs) / len(runs)
        error = statistics.mean(
            abs(r.rating - true) for run in runs for r, true in zip(run, LEARNERS, strict=True)
        )
        print(f"{answers:>8} {share:>9.0%} {error:>13.0f}")


if __name__ == "__main__":
    main()
