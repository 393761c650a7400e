"""Content speed, run by hand (not collected by pytest):

    python tests/benchmarks/bench_content.py

1. Loading and checking the whole bank (every lesson and puzzle, against the engine), as
   ``python -m tutor check`` and the app's first page do: median of 5 runs, in a process
   where the modules are already imported.
2. Generated puzzles per second, per family.
"""

from __future__ import annotations

import statistics
import time

from tutor.content.generate import FAMILIES, generate
from tutor.content.loader import DEFAULT_PATHS, check_files, load_all

RUNS = 5


def timed(fn: object, runs: int = RUNS) -> list[float]:
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()  # type: ignore[operator]
        out.append(time.perf_counter() - start)
    return out


def main() -> None:
    files, errors = check_files(list(DEFAULT_PATHS))
    bank = load_all()
    runs = timed(load_all)
    print(f"bank: {len(bank.lessons)} lessons, {len(bank.puzzles)} puzzles, "
          f"{len(files)} files, {len(errors)} errors")
    print(f"load + check the whole bank: median {statistics.median(runs) * 1000:.0f} ms "
          f"(runs: {', '.join(f'{r * 1000:.0f}' for r in runs)} ms)")
    for family in FAMILIES:
        n = 200
        per = timed(lambda family=family, n=n: [generate(family, s, 4) for s in range(n)], 3)
        print(f"generated {family}: median {n / statistics.median(per):,.0f} puzzles/s")


if __name__ == "__main__":
    main()
