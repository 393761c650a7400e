"""Best-card puzzles, run by hand (not collected by pytest):

    python tests/benchmarks/bench_bestcard.py [--runs 3] [--generated 10]

- the proof of every authored best-card puzzle as ``tutor check`` does it (its ``check``:
  the solver's proof, the best line and the most tempting wrong line), cold caches, CPU seconds
  (median of ``--runs``), with the slowest puzzle;
- the page's cost of one answered puzzle once the bank is loaded (the proof and lines read from
  the per-process caches, plus the line after one wrong card);
- a generated puzzle of the ``proven`` family (mined from SimpleBot deals), per seed at 3, 4 and
  5 players.
"""

from __future__ import annotations

import argparse
import statistics
import time

from tutor.analysis import bestcard
from tutor.content.generate import generate
from tutor.content.loader import load_all
from tutor.content.models import BestCardExercise


def _clear() -> None:
    bestcard.forget_proof()
    bestcard.line_after.cache_clear()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--generated", type=int, default=10)
    args = parser.parse_args()
    exercises = [(p.id, p.exercise) for p in load_all().puzzles
                 if isinstance(p.exercise, BestCardExercise)]
    totals: list[float] = []
    slowest = ("", 0.0)
    for _ in range(args.runs):
        _clear()
        total = 0.0
        for pid, ex in exercises:
            start = time.process_time()
            assert not ex.check(), pid
            spent = time.process_time() - start
            total += spent
            if spent > slowest[1]:
                slowest = (pid, spent)
        totals.append(total)
    print(f"{len(exercises)} authored puzzles proved in {statistics.median(totals):.2f} s CPU "
          f"(median of {args.runs}); slowest {slowest[0]} {slowest[1]:.3f} s")
    pages: list[float] = []
    for _, ex in exercises:
        start = time.process_time()
        proof = bestcard.proof_of(ex.notation)
        bestcard.line_after(ex.notation, proof.wrong[-1][0])
        pages.append(time.process_time() - start)
    print(f"one answered puzzle, bank loaded: median {statistics.median(pages) * 1000:.1f} ms, "
          f"worst {max(pages) * 1000:.1f} ms CPU")
    for players in (3, 4, 5):
        times = []
        for seed in range(args.generated):
            start = time.process_time()
            generate("proven", seed, players)
            times.append(time.process_time() - start)
        print(f"generated, {players} players: median {statistics.median(times):.2f} s, "
              f"worst {max(times):.2f} s CPU over {args.generated} seeds")


if __name__ == "__main__":
    main()
