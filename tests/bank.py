"""The content bank for tests, loaded (and its best-card answers proven) once per test process:
import ``bank`` instead of calling ``load_all()`` at module level in each test file."""

from __future__ import annotations

from functools import cache

from tutor.content.loader import Bank, load_all


@cache
def bank() -> Bank:
    """Every lesson, puzzle and the glossary of the repository, as ``load_all()`` returns them.
    Shared by every test of the process: read it, never change it."""
    return load_all()
