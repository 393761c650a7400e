"""A job's deadline: the long loops of a worker's job stop once it has passed.

The analysis service gives each job a budget (``tutor.service.jobs.Budget``); past it the page
is told the job failed. A worker that kept computing would be held for nothing, and no thread
or process is killed to free it (a Dask worker's thread cannot be). So the work stops itself:
the job's function receives its ``Deadline`` and each long loop (a decision's deals, the
open-card part of a review, the miner's deals, a solution's cards, the bots' moves) calls
``check`` between two steps, which raises ``OverBudget`` once the deadline has passed. Nothing
partial is ever returned: a job gives its whole result, or over-budget.

A deadline is on the clock of the process that checks it (``time.monotonic`` by default), so
it is made where the job runs; a test gives a clock of its own and counts the steps taken.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

Clock = Callable[[], float]


class OverBudget(RuntimeError):
    """A job's deadline passed before it was done: it stopped, with no result."""


@dataclass(frozen=True, slots=True)
class Deadline:
    """The time ``at`` (on ``clock``) past which a job stops."""

    at: float
    clock: Clock = field(default=time.monotonic, compare=False)

    @classmethod
    def after(cls, seconds: float, clock: Clock = time.monotonic) -> Deadline:
        """``seconds`` from now on ``clock``."""
        return cls(clock() + seconds, clock)

    @property
    def passed(self) -> bool:
        return self.clock() >= self.at

    def check(self) -> None:
        """Raise ``OverBudget`` when the deadline has passed (a loop's step calls it)."""
        if self.passed:
            raise OverBudget("the job ran past its budget and stopped")


NO_DEADLINE = Deadline(math.inf)  # work that runs to its end (in process, the tests, the CLI)

__all__ = ["NO_DEADLINE", "Deadline", "OverBudget"]
