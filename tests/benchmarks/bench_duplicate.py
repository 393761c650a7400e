"""A duplicate match against SimpleBot, run by hand (not collected by pytest):

    nice -n 10 python tests/benchmarks/bench_duplicate.py --bot club --players 4 --deals 2000
        [--seed-start SEED] [--minutes M] [--out FILE] [--no-inference] [--bid-by-count]

Plays the seeded deals SEED..SEED+deals-1 (by default the evaluation range,
``tutor.bots.duplicate.EVALUATION_SEEDS``) with the level's player in each seat in turn and
SimpleBot elsewhere, against SimpleBot alone on the same cards (``tutor.bots.duplicate``), and
prints the mean gain in marks per deal with its 95% interval (Student's t on the per-deal
means), split by role, the tails of the per-deal gains (excess kurtosis, the share of the
squared deviations due to the 5% of deals farthest from the mean) and the player's CPU time
per decision. ``--minutes`` stops early after that much wall-clock time (the machine may be
shared); ``--out`` writes each deal's seat gains as a JSON line. ``--no-inference`` plays the
Expert with its samples uniform over what is certain, not read from the bids, call and
poignées (``StrongBot(infer=False)``): two runs' JSON lines on the same seeds then pair deal by
deal. ``--bid-by-count`` plays the Expert bidding by the count, as SimpleBot
(``StrongBot(bid_samples=0)``, the Expert before its bid by simulation), to pair the same way.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run from anywhere

from tutor.bots.base import Bot
from tutor.bots.bid_simulation import SAMPLES as BID_SAMPLES
from tutor.bots.duplicate import EVALUATION_SEEDS, DealGain, Role, duplicate_match
from tutor.bots.levels import BotLevel
from tutor.bots.strong import StrongBot
from tutor.engine import Action, Deal


class TimedBot:
    """The level's player, with every decision's CPU time kept."""

    def __init__(self, bot: Bot, times: list[float]) -> None:
        self._bot, self._times = bot, times

    def choose(self, deal: Deal, seat: int, rng: random.Random) -> Action:
        start = time.process_time()
        action = self._bot.choose(deal, seat, rng)
        self._times.append(time.process_time() - start)
        return action


def excess_kurtosis(values: list[float]) -> float:
    mean = statistics.fmean(values)
    m2 = statistics.fmean((v - mean) ** 2 for v in values)
    m4 = statistics.fmean((v - mean) ** 4 for v in values)
    return m4 / m2**2 - 3 if m2 else 0.0


def top_share(values: list[float], share: float = 0.05) -> float:
    """The part of the sum of squared deviations due to the ``share`` of values farthest from
    the mean."""
    mean = statistics.fmean(values)
    squares = sorted(((v - mean) ** 2 for v in values), reverse=True)
    total = sum(squares)
    return sum(squares[: max(1, round(share * len(squares)))]) / total if total else 0.0


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bot", default="club", help="a level: beginner, club or expert")
    parser.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed-start", type=int, default=EVALUATION_SEEDS.start)
    parser.add_argument("--minutes", type=float, default=None, help="stop after this wall time")
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--no-inference", action="store_true",
                        help="the Expert without reading the bids, call and poignees")
    parser.add_argument("--bid-by-count", action="store_true",
                        help="the Expert bidding by the count, without its bid by simulation")
    args = parser.parse_args()
    level = BotLevel.from_code(args.bot)
    if (args.no_inference or args.bid_by_count) and level is not BotLevel.EXPERT:
        parser.error("--no-inference and --bid-by-count are the Expert's")

    def make_bot() -> Bot:
        if args.no_inference or args.bid_by_count:
            return StrongBot(infer=not args.no_inference,
                             bid_samples=0 if args.bid_by_count else BID_SAMPLES)
        return level.bot()
    times: list[float] = []
    started, wall = time.process_time(), time.monotonic()
    budget = None if args.minutes is None else args.minutes * 60
    out = args.out.open("w") if args.out else None

    def seeds():  # type: ignore[no-untyped-def]
        for seed in range(args.seed_start, args.seed_start + args.deals):
            if budget is not None and time.monotonic() - wall > budget:
                return
            yield seed

    def on_deal(deal: DealGain) -> None:
        if out is not None:
            out.write(json.dumps({"seed": deal.seed, "gains": [s.gain for s in deal.seats],
                                  "roles": [s.role.value for s in deal.seats]}) + "\n")

    report = duplicate_match(args.players, seeds(), lambda: TimedBot(make_bot(), times), on_deal)
    if out is not None:
        out.close()
    last = report.deals[-1].seed if report.deals else args.seed_start
    print(f"{level.value} against beginner, {args.players} players, seeds {args.seed_start}.."
          f"{last}: {len(report.deals)} deals played, {report.redeals} dealt again; "
          f"{time.process_time() - started:.0f} s CPU, {time.monotonic() - wall:.0f} s wall")
    print(f"  {'':<10}{'deals':>8}{'gain/deal':>11}{'95% interval':>22}")
    rows = [("all seats", report.overall())] + [
        (role.value, report.by_role(role)) for role in Role
    ]
    for name, iv in rows:
        if iv is not None:
            print(f"  {name:<10}{iv.n:>8}{iv.mean:>+11.2f}   [{iv.low:+8.2f}, {iv.high:+8.2f}]"
                  f"{'' if iv.excludes_zero() else '  (zero inside: no gain shown)'}")
    gains = [d.gain for d in report.deals]
    if len(gains) > 3:
        print(f"  per-deal gains: sd {statistics.stdev(gains):.2f}, excess kurtosis "
              f"{excess_kurtosis(gains):.1f}, top 5% of deals give {top_share(gains):.0%} of "
              f"the variance, {sum(1 for g in gains if g != 0) / len(gains):.0%} of deals "
              f"changed")
    if times:
        print(f"  decision CPU time ({len(times)} decisions): median {statistics.median(times):.5f}"
              f" s, p95 {quantile(times, 0.95):.5f} s, max {max(times):.3f} s")


if __name__ == "__main__":
    main()
