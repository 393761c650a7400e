"""Why two seed ranges of bench_strong disagree, run by hand (not collected by pytest):

    python tests/benchmarks/seed_ranges.py FILE [FILE ...]

Each FILE is the JSON lines ``bench_strong.py run`` writes for one seed range. For each range
it prints the figure bench_strong reports (the mean seat difference with one standard error,
every seat of every deal taken as an independent sample), then the same mean with the deal as
the unit (seats averaged within a deal) and its 95% t interval, the correlation between the
seats of one deal, and the tails of the per-deal gains: excess kurtosis, the share of the
squared deviations due to the top 5% of deals, and the mean with those deals left out. A last
line pools the ranges and gives the spread of the range means.
"""

from __future__ import annotations

import json
import math
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run from anywhere

from tests.benchmarks.bench_duplicate import excess_kurtosis, top_share
from tutor.bots.duplicate import interval


def seat_diffs(path: Path) -> list[list[float]]:
    """Per played deal, the four seats' StrongBot-minus-SimpleBot marks."""
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    return [
        [r["strong"][s]["marks"][s] - r["simple"]["marks"][s] for s in range(len(r["strong"]))]
        for r in rows
        if r["simple"] is not None
    ]


def seat_correlation(deals: list[list[float]]) -> float:
    """The intraclass correlation of the seats' differences within a deal (one-way ANOVA)."""
    k = len(deals[0])
    grand = statistics.fmean(v for d in deals for v in d)
    means = [statistics.fmean(d) for d in deals]
    between = k * sum((m - grand) ** 2 for m in means) / (len(deals) - 1)
    within = sum((v - m) ** 2 for d, m in zip(deals, means, strict=True) for v in d) / (
        len(deals) * (k - 1)
    )
    return (between - within) / (between + (k - 1) * within)


def without_top(values: list[float], share: float = 0.05) -> float:
    mean = statistics.fmean(values)
    kept = sorted(values, key=lambda v: abs(v - mean))[: len(values) - round(share * len(values))]
    return statistics.fmean(kept)


def main() -> None:
    pooled: list[float] = []
    range_means: list[float] = []
    print(f"{'range':<16}{'deals':>6}{'bench ± 1 se':>16}{'per deal [95%]':>26}{'seat r':>8}"
          f"{'kurt':>7}{'top5%':>7}{'w/o top':>9}")
    for name in sys.argv[1:]:
        deals = seat_diffs(Path(name))
        seats = [v for d in deals for v in d]
        naive_se = statistics.stdev(seats) / math.sqrt(len(seats))
        per_deal = [statistics.fmean(d) for d in deals]
        iv = interval(per_deal)
        rows = [json.loads(line) for line in Path(name).read_text().splitlines()]
        label = f"{rows[0]['seed']}-{rows[-1]['seed']}"
        print(f"{label:<16}{len(deals):>6}{statistics.fmean(seats):>+9.2f} ±{naive_se:>5.2f}"
              f"{iv.mean:>+10.2f} [{iv.low:+6.2f},{iv.high:+6.2f}]{seat_correlation(deals):>8.2f}"
              f"{excess_kurtosis(per_deal):>7.1f}{top_share(per_deal):>7.0%}"
              f"{without_top(per_deal):>+9.2f}")
        pooled += per_deal
        range_means.append(iv.mean)
    iv = interval(pooled)
    print(f"{'pooled':<16}{len(pooled):>6}{'':>16}{iv.mean:>+10.2f} "
          f"[{iv.low:+6.2f},{iv.high:+6.2f}]"
          f"{'':>8}{excess_kurtosis(pooled):>7.1f}{top_share(pooled):>7.0%}"
          f"{without_top(pooled):>+9.2f}")
    if len(range_means) > 1:
        print(f"range means: min {min(range_means):+.2f}, max {max(range_means):+.2f}, sd "
              f"{statistics.stdev(range_means):.2f} (sd expected from the pooled per-deal sd: "
              f"{statistics.stdev(pooled) / math.sqrt(len(pooled) / len(range_means)):.2f})")


if __name__ == "__main__":
    main()
