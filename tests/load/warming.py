"""A worker's warm-up for the load scripts, in a module of its own: the local pool's workers
import their jobs by module name and never the script that started them
(``tutor.service.executors``), so a job cannot be a function of the script."""

from __future__ import annotations

import os
import time


def warm(_: int) -> int:
    """A worker's first job: the imports and the content bank, not timed."""
    from tutor.content.generate import generate

    generate("obligations", 0, 4)
    time.sleep(1.0)  # holds this worker, so that the other warm-ups reach the others
    return os.getpid()
