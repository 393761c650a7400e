"""Solver speed, run by hand (not collected by pytest):

    python tests/benchmarks/bench_solver.py [--players 4] [--tricks 6 8] [--count 20] [--each]
    python tests/benchmarks/bench_solver.py --sets [--count 20] [--budget 3000000] [--each]

Positions: seeded deals played by SimpleBot in every seat until N tricks are left (at a
trick's start), seeds from 0 (void deals skipped). For each position, ``analyse`` (the exact
value of every legal card of the player to play) is timed in CPU seconds
(``time.process_time``). The first form prints, per players × tricks left, the median and the
worst CPU time and the median node count over the positions.

``--sets`` runs the sets the solver's targets are set on (4 players with 8 and 10 tricks left,
5 players with 8), where every other position is taken in mid-trick (SimpleBot plays 1 to
players - 1 more cards), each position searched twice: without the refinements of
``tutor.analysis.solver.Pruning`` (the search before them) and with them. It prints nodes and
CPU time (median, 90th percentile, worst) for both and the ratio old / new of each; a search
that reaches ``--budget`` nodes stops there (its figures are then lower bounds) and is counted.
With ``--without FIELD ...`` the "old" search is ``PRUNING`` with only those refinements
switched off, to measure one refinement against the search with all the others.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import time
from dataclasses import dataclass

from tutor.analysis import analyse
from tutor.analysis.solver import NO_PRUNING, PRUNING, Pruning
from tutor.bots.simple import SimpleBot
from tutor.bots.simulate import bot_step
from tutor.content.samples import bot_positions
from tutor.engine import Deal

TARGETS = {(4, 6): 0.5, (4, 8): 5.0}
# The sets: (players, tricks left) -> the median CPU seconds aimed at.
SETS = {(4, 8): 0.2, (4, 10): 1.0, (5, 8): 1.0}
WORST_TARGET = {(4, 8): 2.0}


def measure(players: int, tricks: int, count: int, each: bool) -> tuple[float, float, int]:
    times: list[float] = []
    nodes: list[int] = []
    for deal in bot_positions(players, tricks, count):
        start = time.process_time()
        result = analyse(deal)
        times.append(time.process_time() - start)
        nodes.append(result.nodes)
        assert result.exact
        if each:
            print(f"  seed {deal.seed}: {times[-1]:.3f} s, {result.nodes} nodes", flush=True)
    return statistics.median(times), max(times), int(statistics.median(nodes))


def set_positions(players: int, tricks: int, count: int) -> list[Deal]:
    """``count`` positions with ``tricks`` tricks left; the odd ones in mid-trick, after
    SimpleBot played 1 to players - 1 cards of the trick."""
    out: list[Deal] = []
    bots = [SimpleBot()] * players
    for i, deal in enumerate(bot_positions(players, tricks, count)):
        for _ in range(1 + i // 2 % (players - 1) if i % 2 else 0):
            bot_step(deal, bots)
        out.append(deal)
    return out


@dataclass(frozen=True, slots=True)
class Run:
    seconds: float
    nodes: int
    cut: bool  # the node budget stopped it


def run(deal: Deal, pruning: Pruning, budget: int | None) -> Run:
    start = time.process_time()
    result = analyse(deal, node_limit=budget, pruning=pruning)
    return Run(time.process_time() - start, result.nodes, not result.exact)


def spread(values: list[float]) -> tuple[float, float, float]:
    """Median, 90th percentile (nearest rank) and worst."""
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, -(-9 * len(ordered) // 10) - 1)]
    return statistics.median(ordered), p90, ordered[-1]


def report_set(
    players: int, tricks: int, count: int, budget: int | None, each: bool, before: Pruning
) -> None:
    old: list[Run] = []
    new: list[Run] = []
    for deal in set_positions(players, tricks, count):
        old.append(run(deal, before, budget))
        new.append(run(deal, PRUNING, budget))
        if each:
            print(
                f"  seed {deal.seed} ({len(deal.trick)} in trick): "
                f"old {old[-1].seconds:.3f} s {old[-1].nodes} nodes{' cut' * old[-1].cut}, "
                f"new {new[-1].seconds:.3f} s {new[-1].nodes} nodes{' cut' * new[-1].cut}",
                flush=True,
            )
    print(f"{players} players, {tricks} tricks left, {count} positions "
          f"({sum(1 for d in range(count) if d % 2)} in mid-trick)")
    for name, pick in (("CPU s", lambda r: r.seconds), ("nodes", lambda r: float(r.nodes))):
        o = spread([pick(r) for r in old])
        n = spread([pick(r) for r in new])
        ratio = [a / b if b else float("inf") for a, b in zip(o, n, strict=True)]
        fmt = "{:>10.3f}" if name == "CPU s" else "{:>10.0f}"
        print(f"  {name:<6} old " + " ".join(fmt.format(v) for v in o)
              + "   new " + " ".join(fmt.format(v) for v in n)
              + "   old/new " + " ".join(f"{r:>5.2f}" for r in ratio))
    print(f"  cut by the budget: old {sum(r.cut for r in old)}, new {sum(r.cut for r in new)}")
    median, _p90, worst = spread([r.seconds for r in new])
    verdict = f"  target: median < {SETS[players, tricks]} s "
    verdict += "ok" if median < SETS[players, tricks] else "MISSED"
    if (players, tricks) in WORST_TARGET:
        limit = WORST_TARGET[players, tricks]
        verdict += f"; worst < {limit} s " + ("ok" if worst < limit else "MISSED")
    print(verdict, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4, 5])
    parser.add_argument("--tricks", type=int, nargs="+", default=[4, 5, 6, 7, 8])
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--each", action="store_true", help="print every position's figures")
    parser.add_argument("--sets", action="store_true", help="the target sets, old and new")
    parser.add_argument("--only", nargs="+", default=None, help="sets as PxT, e.g. 4x8 5x8")
    parser.add_argument("--budget", type=int, default=3_000_000, help="nodes per search (sets)")
    parser.add_argument(
        "--without", nargs="+", default=None, metavar="FIELD",
        choices=[f.name for f in dataclasses.fields(Pruning)],
        help="sets: old is PRUNING with only these refinements off (default: NO_PRUNING)",
    )
    args = parser.parse_args()
    if args.sets:
        before = NO_PRUNING
        if args.without is not None:
            before = dataclasses.replace(PRUNING, **{name: False for name in args.without})
        print(f"   old: {before}\n   new: {PRUNING}\n   (median, p90, worst)")
        for players, tricks in SETS:
            if args.only is None or f"{players}x{tricks}" in args.only:
                report_set(players, tricks, args.count, args.budget, args.each, before)
        return
    print(f"{'players':>7} {'tricks':>6} {'median s':>9} {'worst s':>8} {'nodes':>9} target")
    for players in args.players:
        for tricks in args.tricks:
            median, worst, nodes = measure(players, tricks, args.count, args.each)
            target = TARGETS.get((players, tricks))
            mark = ""
            if target is not None:
                mark = f"< {target} " + ("ok" if median < target else "MISSED")
            row = f"{players:>7} {tricks:>6} {median:>9.3f} {worst:>8.3f} {nodes:>9} {mark}"
            print(row, flush=True)


if __name__ == "__main__":
    main()
