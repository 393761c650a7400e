"""Content errors: one line each, ``path:line:col: field: message``, all of them reported."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

FieldPath = tuple[str | int, ...]


@dataclass(frozen=True)
class ContentError:
    """A mistake in a lesson or puzzle file, located by ``line:col`` (1-based) and field path."""

    path: str  # the file path as given, relative when possible
    line: int
    col: int
    field: str  # dotted: "steps.2.check.answer", "position.hand.3"
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}: {self.field}: {self.message}"

    @property
    def sort_key(self) -> tuple[str, int, int, str, str]:
        return (self.path, self.line, self.col, self.field, self.message)


class ContentErrors(ValueError):
    """Raised by the loaders with every error found (never only the first)."""

    def __init__(self, errors: Iterable[ContentError]) -> None:
        self.errors: list[ContentError] = sorted(errors, key=lambda e: e.sort_key)
        super().__init__("\n".join(str(e) for e in self.errors) or "no errors")

    def __iter__(self) -> Iterator[ContentError]:
        return iter(self.errors)

    def __len__(self) -> int:
        return len(self.errors)


def dotted(path: FieldPath) -> str:
    """("steps", 2, "check", "answer") -> "steps.2.check.answer"."""
    return ".".join(str(part) for part in path)


def display_path(path: str | os.PathLike[str]) -> str:
    """The path as given, made relative to the working directory when it lies below it."""
    p = Path(path)
    if p.is_absolute():
        try:
            return p.relative_to(Path.cwd()).as_posix()
        except ValueError:
            return p.as_posix()
    return p.as_posix()
