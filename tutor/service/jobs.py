"""What the analysis workers compute: a job is a frozen request, its key says when two are the same.

A job names a function by its kind (an enum, so a worker only ever runs the project's own
functions) and carries plain, picklable arguments and a budget. Two jobs with the same kind,
arguments and budget are the same request: the service computes it once. ``run`` is what a
worker process executes; it imports the heavy modules there, not in the web process.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class JobKind(StrEnum):
    """The heavy work the app hands to the workers."""

    MINE_PUZZLE = "mine-puzzle"  # a proven best-card position from a seeded computer deal


@dataclass(frozen=True, slots=True)
class Budget:
    """How long the service waits for one job; past it the job is reported as failed and the
    learner's slot is free again. (The searches inside a job have node limits of their own:
    the miner's per-position limit, the solver's.)"""

    seconds: float

    def __post_init__(self) -> None:
        if not 0 < self.seconds <= 600:
            raise ValueError("a job's budget is between 0 and 600 seconds")


@dataclass(frozen=True, slots=True)
class Job:
    """One request: its kind, its arguments (ints and strings only) and its budget."""

    kind: JobKind
    args: tuple[int | str, ...]
    budget: Budget

    @property
    def key(self) -> tuple[object, ...]:
        """Identical requests (same position, same budget) share this key."""
        return (self.kind.value, self.args, self.budget.seconds)


MINE_BUDGET = Budget(seconds=60.0)


def mine_puzzle(players: int, seed: int) -> Job:
    """The proven best-card puzzle of ``seed`` at ``players`` players."""
    return Job(JobKind.MINE_PUZZLE, (players, seed), MINE_BUDGET)


def run(job: Job) -> Any:
    """Compute a job (in a worker process)."""
    if job.kind is JobKind.MINE_PUZZLE:
        from tutor.content.generate import generate

        players, seed = job.args
        return generate("proven", int(seed), int(players))
    raise ValueError(f"unknown job kind {job.kind}")
