"""Content speed, run by hand (not collected by pytest):

    python tests/benchmarks/bench_content.py

1. Loading and checking the whole bank (every lesson and puzzle, against the engine), as
   ``python -m tutor check`` and the app's first page do: median of 5 runs, in a process
   where the modules are already imported.
2. A bank of 300 puzzle files (copies of overtrump-01) loaded with ``load_all``: median of 5
   (this was a timed test; a busy machine made it fail, so it is measured here).
3. Generated puzzles per second, per family.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from tutor.content.generate import FAMILIES, generate
from tutor.content.loader import DEFAULT_PATHS, REPO_ROOT, check_files, load_all

RUNS = 5


def timed(fn: object, runs: int = RUNS) -> list[float]:
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()  # type: ignore[operator]
        out.append(time.perf_counter() - start)
    return out


def write_bank_of_300(root: Path) -> Path:
    template = (REPO_ROOT / "puzzles/overtrump/overtrump-01.yaml").read_text(encoding="utf-8")
    folder = root / "puzzles/overtrump"
    folder.mkdir(parents=True)
    (root / "lessons").mkdir()
    for i in range(300):
        (folder / f"p-{i:03d}.yaml").write_text(
            template.replace("id: overtrump-01", f"id: p-{i:03d}"), encoding="utf-8")
    return root


def main() -> None:
    files, errors = check_files(list(DEFAULT_PATHS))
    bank = load_all()
    runs = timed(load_all)
    print(f"bank: {len(bank.lessons)} lessons, {len(bank.puzzles)} puzzles, "
          f"{len(files)} files, {len(errors)} errors")
    print(f"load + check the whole bank: median {statistics.median(runs) * 1000:.0f} ms "
          f"(runs: {', '.join(f'{r * 1000:.0f}' for r in runs)} ms)")
    with tempfile.TemporaryDirectory() as tmp:
        root = write_bank_of_300(Path(tmp))
        runs = timed(lambda: load_all(root / "lessons", root / "puzzles"))
        print(f"load + check a bank of 300 puzzle files: median "
              f"{statistics.median(runs) * 1000:.0f} ms "
              f"(runs: {', '.join(f'{r * 1000:.0f}' for r in runs)} ms)")
    for family in FAMILIES:
        n = 200
        per = timed(lambda family=family, n=n: [generate(family, s, 4) for s in range(n)], 3)
        print(f"generated {family}: median {n / statistics.median(per):,.0f} puzzles/s")


if __name__ == "__main__":
    main()
