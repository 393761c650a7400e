"""Best-card positions solved once per version of the solving code, not once per test process.

Solving every authored best-card position (``tutor.content.solved.solve``: the proof, the line
after each legal card, the "why" of each wrong card) costs seconds of CPU in each test process
that needs the positions. A solution depends on two things only: the position (its notation and
idea) and the code that solves it. So each solution is kept on disk under the hash of both:

- the code's version is the hash of the source of every ``tutor`` module that
  ``tutor.content.solved`` imports, directly or not (found by reading their imports, so a module
  it starts to import later is hashed too), and of the Python version (the files are pickles);
- the position's key is the hash of its notation and idea.

Any change to the solver, the rules or the texts of a "why" makes a new version, whose
positions are solved afresh; a position changed in the bank gets a new key. A file is written
to a temporary name and renamed (atomic), so two test processes never read half a solution;
when both solve the same position at once, both write the same solution.
"""

from __future__ import annotations

import ast
import hashlib
import os
import pickle
import shutil
import sys
import tempfile
from functools import cache
from pathlib import Path
from typing import TypeVar

from tutor.analysis.bestcard import Idea
from tutor.content.solved import Solution, solve

ROOT = Path(__file__).resolve().parents[1]
TUTOR = ROOT / "tutor"
CACHE = ROOT / ".pytest_cache" / "solved-positions"  # pytest's own folder, ignored by git
SOLVING_MODULE = "tutor.content.solved"
T = TypeVar("T")


def source_of(module: str) -> Path | None:
    """The file of a ``tutor`` module (None: ``module`` names something inside a module)."""
    base = TUTOR.parent.joinpath(*module.split("."))
    for path in (base / "__init__.py", base.with_suffix(".py")):
        if path.is_file():
            return path
    return None


def tutor_imports(module: str, path: Path) -> set[str]:
    """The ``tutor`` modules ``module`` (at ``path``) imports, anywhere in it, with the packages
    that hold them (importing ``tutor.a.b`` runs ``tutor/a/__init__.py`` first)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join([*parts[: len(parts) - node.level + 1], *([base] if base else [])])
            names |= {base} | {f"{base}.{alias.name}" for alias in node.names}
    found = set()
    for name in names:
        parts = name.split(".")
        found |= {".".join(parts[:i]) for i in range(1, len(parts) + 1)}
    return {m for m in found if m.split(".")[0] == "tutor" and source_of(m) is not None}


def imported_closure(module: str) -> dict[str, Path]:
    """``module`` and every ``tutor`` module it imports, directly or not, with their files."""
    seen: dict[str, Path] = {}
    todo = [module]
    while todo:
        name = todo.pop()
        path = source_of(name)
        if name in seen or path is None:
            continue
        seen[name] = path
        todo += sorted(tutor_imports(name, path) - seen.keys())
    return seen


@cache
def code_version() -> str:
    """The hash of the solving code's source and of the Python version."""
    digest = hashlib.sha256(sys.version.encode())
    for name, path in sorted(imported_closure(SOLVING_MODULE).items()):
        digest.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def folder() -> Path:
    return CACHE / code_version()


def file_of(notation: str, idea: Idea) -> Path:
    key = hashlib.sha256(f"{idea.value}\0{notation}".encode()).hexdigest()[:32]
    return folder() / f"{key}.pickle"


def read(path: Path) -> Solution | None:
    """The solution in ``path`` (None: no such file, or not a solution of this version)."""
    try:
        with path.open("rb") as stream:
            solution = pickle.load(stream)
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
        return None
    return solution if isinstance(solution, Solution) else None


def write(solution: Solution) -> None:
    """Keep ``solution`` on disk: written under a temporary name, then renamed over its file."""
    target = file_of(solution.notation, solution.idea)
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=target.parent, suffix=".part")
    try:
        with os.fdopen(handle, "wb") as stream:
            pickle.dump(solution, stream, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    forget_other_versions()


@cache
def forget_other_versions() -> None:
    """Remove the solutions of every other version of the code (once per process)."""
    for other in CACHE.iterdir():
        if other.name != code_version():
            shutil.rmtree(other, ignore_errors=True)


def solution_of(notation: str, idea: Idea) -> Solution:
    """The solution of the position: read from disk, or solved here and written there."""
    found = read(file_of(notation, idea))
    if found is not None and found.notation == notation and found.idea == idea:
        return found
    solution = solve(notation, idea)
    write(solution)
    return solution


def kept_solutions() -> list[Solution]:
    """Every solution on disk for this version of the code (none: nothing solved yet)."""
    if not folder().is_dir():
        return []
    found = (read(path) for path in sorted(folder().glob("*.pickle")))
    return [solution for solution in found if solution is not None]


def worker_share(items: list[T]) -> list[T]:
    """``items`` in this xdist worker's order: each worker starts at its own share, so that two
    workers filling an empty cache solve different positions first instead of the same ones."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    count = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    start = len(items) * (int(worker) % count) // count if worker.isdigit() and count else 0
    return items[start:] + items[:start]
