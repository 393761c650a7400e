"""The solved positions kept across test processes (tests/solved_cache.py) are only as good as
their version: it must change with every module the solving code runs, and a kept solution must
be the one solving gives."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import tests.solved_cache as cache
from tests.bank import bank
from tutor.content.kinds import BestCardExercise
from tutor.content.solved import solve

ROOT = Path(__file__).resolve().parents[1]


def test_the_version_hashes_every_tutor_module_that_solving_imports() -> None:
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, tutor.content.solved; "
         "print('\\n'.join(m for m in sys.modules if m.split('.')[0] == 'tutor'))"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout.split()
    assert set(loaded) - set(cache.imported_closure(cache.SOLVING_MODULE)) == set()


def test_a_kept_solution_is_read_back_as_solved_and_another_version_is_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cache, "CACHE", tmp_path)
    ex = next(p.exercise for p in bank().puzzles if isinstance(p.exercise, BestCardExercise))
    assert cache.read(cache.file_of(ex.notation, ex.idea)) is None
    solved = cache.solution_of(ex.notation, ex.idea)
    assert solved == solve(ex.notation, ex.idea)
    assert cache.read(cache.file_of(ex.notation, ex.idea)) == solved
    assert cache.kept_solutions() == [solved]
    monkeypatch.setattr(cache, "code_version", lambda: "another-version")
    assert cache.read(cache.file_of(ex.notation, ex.idea)) is None
