"""Solver speed, run by hand (not collected by pytest):

    python tests/benchmarks/bench_solver.py [--players 4] [--tricks 6 8] [--count 20] [--each]

Positions: seeded deals played by SimpleBot in every seat until N tricks are left (at a
trick's start), seeds from 0 (void deals skipped). For each position, ``analyse`` (the exact
value of every legal card of the player to play) is timed in CPU seconds
(``time.process_time``). Prints, per players × tricks left, the median and the worst CPU time
and the median node count over the positions.
"""

from __future__ import annotations

import argparse
import statistics
import time

from tutor.analysis import analyse
from tutor.content.samples import bot_positions

TARGETS = {(4, 6): 0.5, (4, 8): 5.0}


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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4, 5])
    parser.add_argument("--tricks", type=int, nargs="+", default=[4, 5, 6, 7, 8])
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--each", action="store_true", help="print every position's figures")
    args = parser.parse_args()
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
