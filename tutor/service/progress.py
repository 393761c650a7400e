"""How far a long job has come: the worker reports ``(done, total)`` under the job's channel
name (``Job.channel``) and the page reads the last report, for a progress bar.

One small gauge for both kinds of workers, chosen by where the job runs. A Dask worker sets a
``distributed.Variable`` on the scheduler, which every app process and worker already reaches
wherever it runs; a local pool's worker writes a tiny file under the temp dir, since the pool's
processes share the web process's machine. Both keep only the last value, so nothing piles up
when nobody reads. (A multiprocessing Manager queue needs a server process of its own and
cannot reach a Dask worker on another machine; a Dask ``Queue`` keeps every report until read.)
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

FOLDER = "tarot-tutor-progress"
VARIABLE_PREFIX = "tarot-tutor-progress-"


@dataclass(frozen=True, slots=True)
class Progress:
    """``done`` of ``total`` steps (a review: the cards judged so far of the learner's cards)."""

    done: int
    total: int

    @property
    def fraction(self) -> float:
        return min(1.0, self.done / self.total) if self.total > 0 else 0.0

    @classmethod
    def read(cls, text: str) -> Progress | None:
        """The report ``str(progress)`` wrote (None for anything else)."""
        parts = text.split()
        if len(parts) != 2 or not all(p.isascii() and p.isdigit() for p in parts):
            return None
        return cls(int(parts[0]), int(parts[1]))

    def __str__(self) -> str:
        return f"{self.done} {self.total}"


class Channel(Protocol):
    def report(self, name: str, done: int, total: int) -> None: ...

    def read(self, name: str) -> Progress | None: ...

    def forget(self, name: str) -> None: ...


class FileChannel:
    """A file per job under ``folder`` (the temp dir's by default), replaced whole on each
    report so a reader never sees half of one."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or Path(tempfile.gettempdir()) / FOLDER

    def _path(self, name: str) -> Path:
        return self.folder / name

    def report(self, name: str, done: int, total: int) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        part = self._path(f"{name}.{os.getpid()}")
        part.write_text(str(Progress(done, total)), encoding="ascii")
        os.replace(part, self._path(name))

    def read(self, name: str) -> Progress | None:
        try:
            return Progress.read(self._path(name).read_text(encoding="ascii"))
        except (OSError, UnicodeDecodeError):
            return None

    def forget(self, name: str) -> None:
        self._path(name).unlink(missing_ok=True)


class DaskChannel:
    """A ``distributed.Variable`` per job on the cluster's scheduler (``client`` None: the
    client of the Dask worker running the job)."""

    def __init__(self, client: Any = None) -> None:
        self._client = client

    def _variable(self, name: str) -> Any:
        from distributed import Variable

        return Variable(VARIABLE_PREFIX + name, client=self._client)  # type: ignore[no-untyped-call]

    def report(self, name: str, done: int, total: int) -> None:
        self._variable(name).set(str(Progress(done, total)))

    def read(self, name: str) -> Progress | None:
        try:
            value = self._variable(name).get(timeout=0)
        except (TimeoutError, OSError):
            return None
        return Progress.read(value) if isinstance(value, str) else None

    def forget(self, name: str) -> None:
        self._variable(name).delete()


def in_dask_worker() -> bool:
    """Whether this process is a Dask worker running a task."""
    try:
        from distributed import get_worker
    except ImportError:  # the hosting extra is not installed: a local pool's process
        return False
    try:
        get_worker()
    except ValueError:
        return False
    return True


def worker_channel() -> Channel:
    """The channel of the worker this runs in."""
    return DaskChannel() if in_dask_worker() else FileChannel()
