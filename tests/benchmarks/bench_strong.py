"""StrongBot against SimpleBot, run by hand (not collected by pytest):

    nice -n 10 python tests/benchmarks/bench_strong.py run [deals] [--out FILE] [--first SEED]
    python tests/benchmarks/bench_strong.py report [--out FILE]

``run`` plays the 4-player deals dealt from seeds FIRST..FIRST+deals-1 (the dealer rotating
with the seed) once with SimpleBot in every seat, then four times more with StrongBot in seat
0, 1, 2 and 3 in turn and SimpleBot in the others: the same cards, the same bids (StrongBot bids
as SimpleBot does), so each seat's marks compare deal by deal. Each deal's line of results is
appended to FILE (JSON lines) as soon as it is played, so a run cut short still reports on
what it played, and a run resumes after the last seed in FILE. Every decision of StrongBot in
card play is timed (CPU time of the process).

``report`` prints, per seat and overall: the average mark per deal with SimpleBot and with
StrongBot in that seat, and their difference with its standard error (paired by deal); the
taker's success rate when the strong seat takes and when it defends, each against the same
deals played by SimpleBot alone; and the time per card (median, p95, max), by tricks left.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run from anywhere

from tutor.bots import SimpleBot, StrongBot
from tutor.bots.base import Bot
from tutor.bots.simulate import WAITING, DecisionRandom
from tutor.bots.strong import SOLVE_FROM
from tutor.engine.game import Deal, Phase

PLAYERS = 4
DEFAULT_OUT = Path("/tmp/bench_strong.jsonl")


def play(seed: int, strong_seat: int | None) -> tuple[Deal, list[tuple[int, float]]]:
    """The deal from ``seed`` with StrongBot in ``strong_seat`` (None: SimpleBot everywhere);
    the strong seat's card decisions as (tricks left, CPU seconds)."""
    strong = StrongBot()
    bots: list[Bot] = [SimpleBot() for _ in range(PLAYERS)]
    if strong_seat is not None:
        bots[strong_seat] = strong
    deal = Deal.new(PLAYERS, seed, dealer=seed % PLAYERS)
    base = seed * 1_000_003
    step = 0
    timings: list[tuple[int, float]] = []
    while deal.phase in WAITING:
        seat = deal.to_play if deal.phase is Phase.PLAYING else deal.current_seat
        assert seat is not None
        timed = seat == strong_seat and deal.phase is Phase.PLAYING
        left = deal.tricks_per_deal - deal.tricks_done
        start = time.process_time()
        action = bots[seat].choose(deal, seat, DecisionRandom(base + step))
        if timed:
            timings.append((left, time.process_time() - start))
        deal.push(action)
        step += 1
    return deal, timings


def outcome(deal: Deal) -> dict[str, Any] | None:
    if deal.phase is Phase.REDEAL:
        return None
    result = deal.result()
    return {"marks": list(result.marks), "made": result.score.made}


def run(deals: int, out: Path, first: int) -> None:
    done: set[int] = set()
    if out.exists():
        lines = out.read_text().splitlines(keepends=True)
        if lines and not lines[-1].endswith("\n"):  # a run stopped mid-line: drop that line
            lines.pop()
            out.write_text("".join(lines))
        done = {json.loads(line)["seed"] for line in lines}
    with out.open("a") as f:
        for seed in range(first, first + deals):
            if seed in done:
                continue
            simple, _ = play(seed, None)
            row: dict[str, Any] = {"seed": seed, "simple": outcome(simple)}
            if row["simple"] is not None:
                row["taker"] = simple.taker
                row["contract"] = simple.contract.code if simple.contract else None
                row["strong"] = []
                row["times"] = []
                for seat in range(PLAYERS):
                    deal, timings = play(seed, seat)
                    assert deal.taker == simple.taker  # the same bids
                    row["strong"].append(outcome(deal))
                    row["times"].extend(timings)
            f.write(json.dumps(row) + "\n")
            f.flush()


def _mean_se(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    se = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, se


def report(out: Path) -> None:
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    played = [r for r in rows if r["simple"] is not None]
    print(
        f"{len(rows)} seeded 4-player deals ({rows[0]['seed']}..{rows[-1]['seed']}), "
        f"{len(played)} played ({len(rows) - len(played)} redealt: all passed or petit sec)"
    )
    print("\nAverage mark per deal of the seat, SimpleBot vs StrongBot in that seat (same deals):")
    print(f"  {'seat':<6}{'Simple':>9}{'Strong':>9}{'diff':>9}{'± se':>8}")
    all_diffs: list[float] = []
    simple_all: list[float] = []
    strong_all: list[float] = []
    for seat in range(PLAYERS):
        simple_marks = [r["simple"]["marks"][seat] for r in played]
        strong_marks = [r["strong"][seat]["marks"][seat] for r in played]
        diffs = [b - a for a, b in zip(simple_marks, strong_marks, strict=True)]
        all_diffs += diffs
        simple_all += simple_marks
        strong_all += strong_marks
        mean, se = _mean_se(diffs)
        print(
            f"  {seat:<6}{statistics.fmean(simple_marks):>9.2f}"
            f"{statistics.fmean(strong_marks):>9.2f}{mean:>9.2f}{se:>8.2f}"
        )
    mean, se = _mean_se(all_diffs)
    print(
        f"  {'all':<6}{statistics.fmean(simple_all):>9.2f}{statistics.fmean(strong_all):>9.2f}"
        f"{mean:>9.2f}{se:>8.2f}"
    )

    print(
        "\nBy role of the strong seat (average mark of that seat per deal, and the taker's "
        "success rate):"
    )
    roles: dict[str, list[tuple[int, int, bool, bool]]] = defaultdict(list)
    for r in played:
        for seat in range(PLAYERS):
            role = "taker" if seat == r["taker"] else "defender"
            roles[role].append(
                (
                    r["simple"]["marks"][seat],
                    r["strong"][seat]["marks"][seat],
                    r["simple"]["made"],
                    r["strong"][seat]["made"],
                )
            )
    print(
        f"  {'role':<10}{'n':>6}{'Simple mark':>13}{'Strong mark':>13}"
        f"{'made (Simple)':>15}{'made (Strong)':>15}"
    )
    for role in ("taker", "defender"):
        cases = roles[role]
        n = len(cases)
        print(
            f"  {role:<10}{n:>6}{sum(c[0] for c in cases) / n:>13.2f}"
            f"{sum(c[1] for c in cases) / n:>13.2f}{sum(c[2] for c in cases) / n:>15.1%}"
            f"{sum(c[3] for c in cases) / n:>15.1%}"
        )

    times = [(left, t) for r in played for left, t in r["times"]]
    every = sorted(t for _, t in times)
    print(
        f"\nStrongBot's time per card (CPU s), {len(every)} cards: "
        f"median {statistics.median(every):.4f}, p95 {every[int(0.95 * len(every))]:.4f}, "
        f"max {every[-1]:.3f}"
    )
    solved = sorted(t for left, t in times if left <= SOLVE_FROM)
    print(
        f"  the {len(solved)} cards with {SOLVE_FROM} tricks left or fewer: "
        f"median {statistics.median(solved):.4f}, p95 {solved[int(0.95 * len(solved))]:.4f}"
    )
    by_left: dict[int, list[float]] = defaultdict(list)
    for left, t in times:
        by_left[left].append(t)
    print(f"  {'tricks left':<13}{'cards':>7}{'median':>9}{'p95':>9}{'max':>9}")
    for left in sorted(by_left):
        ts = sorted(by_left[left])
        print(
            f"  {left:<13}{len(ts):>7}{statistics.median(ts):>9.4f}"
            f"{ts[int(0.95 * len(ts))]:>9.4f}{ts[-1]:>9.3f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("run", "report"))
    parser.add_argument("deals", nargs="?", type=int, default=2000)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--first", type=int, default=0)
    args = parser.parse_args()
    if args.command == "run":
        run(args.deals, args.out, args.first)
    report(args.out)


if __name__ == "__main__":
    main()
