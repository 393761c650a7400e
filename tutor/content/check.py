"""The content checker: ``python -m tutor.content.check [files or folders]``.

Checks every lesson and puzzle (default: ``lessons/`` and ``puzzles/`` at the repository root):
each file against the models and the engine, then the cross-file rules (unique ids and lesson
numbers, puzzle references that resolve). Every best-card answer must also hold at the table
(``tutor.analysis.robust``). Prints one ``path:line:col: field: message`` per
error; the exit status is 1 when there is any.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from tutor.content import loader
from tutor.content.checks import CHECK_ROBUSTNESS
from tutor.content.errors import ContentError
from tutor.content.loader import DEFAULT_PATHS, check_files

__all__ = ["check_paths", "main"]


@contextmanager
def robustness_checked() -> Iterator[None]:
    """Best-card answers must hold at the table while the checker runs."""
    token = CHECK_ROBUSTNESS.set(True)
    try:
        yield
    finally:
        CHECK_ROBUSTNESS.reset(token)


def check_paths(paths: Sequence[str | Path] | None = None) -> list[ContentError]:
    """The loader's ``check_paths``, with every best-card answer's robustness checked too."""
    with robustness_checked():
        return loader.check_paths(paths)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    start = time.perf_counter()
    with robustness_checked():
        loaded, errors = check_files(args or list(DEFAULT_PATHS))
    elapsed = time.perf_counter() - start
    for error in errors:
        print(error)
    files = len(loaded)
    status = f"{len(errors)} error(s)" if errors else "all clean"
    print(f"{files} file(s) checked in {elapsed * 1000:.0f} ms: {status}", file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
