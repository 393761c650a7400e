"""Where the jobs run: a local pool of worker processes (the embedded default), or the workers
of a Dask cluster (hosting: ``TAROT_TUTOR_DASK_SCHEDULER=tcp://host:8786``).

Both are ``concurrent.futures.Executor``s, so the service cannot tell them apart. The local pool
starts its processes from a fork server, not by forking the web process (whose threads would
be copied mid-flight), and with no ``__main__`` of the web process's: under ``streamlit run``
that is the page script, which a new worker would otherwise run again at its start (about a
second of CPU per worker, and the app's code run outside any session).
``TAROT_TUTOR_WORKERS`` sizes the local pool; by default it leaves one core to the web process.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
import types
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager, suppress
from multiprocessing.context import BaseContext, ForkServerContext, ForkServerProcess
from multiprocessing.process import BaseProcess
from typing import Any

from tutor.service.progress import Channel, DaskChannel, FileChannel

SCHEDULER_SETTING = "TAROT_TUTOR_DASK_SCHEDULER"
WORKERS_SETTING = "TAROT_TUTOR_WORKERS"
MAX_LOCAL_WORKERS = 64


def local_worker_count(environ: dict[str, str] | None = None) -> int:
    """The local pool's size: the setting when it is a sane number, else cores − 1 (≥ 1)."""
    value = (environ if environ is not None else dict(os.environ)).get(WORKERS_SETTING, "")
    if value.isascii() and value.isdigit() and 1 <= int(value) <= MAX_LOCAL_WORKERS:
        return int(value)
    return max(1, (os.cpu_count() or 2) - 1)


# How much nicer than the web process the local workers run: a search on every core must
# leave the web process's scheduling to answer the pages at once.
WORKER_NICENESS = 10


def lower_priority() -> None:
    """A local worker's initializer: run at a lower priority than the web process (best
    effort: a system that refuses leaves it as it is)."""
    with suppress(OSError):
        os.nice(WORKER_NICENESS)


_MAIN_SWAP = threading.Lock()


@contextmanager
def no_script_as_main() -> Iterator[None]:
    """While a worker is launched, ``__main__`` is an empty module: multiprocessing hands a new
    process the main module's file or name to import first, and a worker needs none of it
    (its jobs are functions of this package)."""
    with _MAIN_SWAP:
        main = sys.modules["__main__"]
        sys.modules["__main__"] = types.ModuleType("__main__")
        try:
            yield
        finally:
            sys.modules["__main__"] = main


class _WorkerProcess(ForkServerProcess):
    """A fork-server process launched with no ``__main__`` to import (``no_script_as_main``)."""

    @staticmethod
    def _Popen(process_obj: BaseProcess) -> Any:
        with no_script_as_main():
            return ForkServerProcess._Popen(process_obj)


class _WorkerContext(ForkServerContext):
    Process = _WorkerProcess


def worker_context() -> BaseContext:
    """How the local pool starts its processes: from the fork server with no main module where
    the system has one, else spawned (Windows), importing the main module as spawn must."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        return _WorkerContext()
    return multiprocessing.get_context("spawn")


def local_pool(workers: int) -> Executor:
    """``workers`` processes on this machine, each at a lower priority than the web process."""
    return ProcessPoolExecutor(max_workers=workers, mp_context=worker_context(),
                               initializer=lower_priority)


def dask_pool(address: str) -> Executor:
    """The executor of a Dask cluster's client (the workers must have this package installed)."""
    from distributed import Client

    # distributed ships no type hints for these two calls
    client = Client(address, set_as_default=False, timeout=30)  # type: ignore[no-untyped-call]
    executor: Executor = client.get_executor(pure=False)  # type: ignore[no-untyped-call]
    return executor


def configured_executor(environ: dict[str, str] | None = None) -> Executor:
    """Dask when a scheduler is named, else the local pool."""
    env = environ if environ is not None else dict(os.environ)
    address = env.get(SCHEDULER_SETTING, "").strip()
    return dask_pool(address) if address else local_pool(local_worker_count(env))


def capacity(executor: Executor) -> int:
    """How many jobs ``executor`` runs at once (at least 1): for a Dask client's executor, the
    threads of all the workers of its cluster now (asked of the scheduler: workers join and
    leave), whatever this machine's cores; for a local pool, its processes."""
    client = getattr(executor, "_client", None)  # distributed's ClientExecutor keeps its client
    if client is not None:
        threads: dict[str, int] = client.nthreads()
        return max(1, sum(threads.values()))
    # the standard library's pools keep their size there; any other executor counts as one
    workers = getattr(executor, "_max_workers", None)
    return workers if isinstance(workers, int) and workers > 0 else 1


def channel_for(executor: Executor) -> Channel:
    """Where the jobs of ``executor`` report their progress: the Dask cluster's scheduler for
    a Dask client's executor, else files under the temp dir (the local pool's machine)."""
    client = getattr(executor, "_client", None)  # distributed's ClientExecutor keeps its client
    return DaskChannel(client) if client is not None else FileChannel()
