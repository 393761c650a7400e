"""Analysis throughput: the same mining jobs on 1, then 2 (…) workers, in jobs per second.

Run by hand (pytest does not collect ``tests/load``)::

    python tests/load/analysis_throughput.py --workers 1 2 --jobs 16         # local pools
    python tests/load/analysis_throughput.py --workers 1 2 --jobs 16 --dask  # Dask workers

For each worker count it starts the executor the app would use — a local pool of that many
processes (``tutor.service.local_pool``), or a Dask scheduler and that many one-thread
``dask worker`` processes on 127.0.0.1 (``--dask``) — warms every worker up (the imports and
the content bank), then submits ``--jobs`` distinct ``mine_puzzle`` jobs (seeds from ``--seed``)
at once through the analysis service's own ``run`` and waits for all of them. Prints, per
worker count, the wall time, jobs/s, the CPU seconds the workers spent (from /proc) and the
speed-up over the first count. On a shared machine the wall time depends on what else runs:
the CPU time says how much of the machine the workers had. (A local pool's processes share
the session of this script, and a kernel with autogroup gives a session one share of a busy
machine however many processes it runs; the Dask workers each get a session of their own.)

Everything runs on 127.0.0.1 and is bounded: ``--jobs`` at most 200, each job its own budget.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import Executor, wait
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from mined_load import _cpu
from warming import warm
from ws_load import ROOT, _free_port

sys.path.insert(0, str(ROOT))
from tutor.service import mine_puzzle, run
from tutor.service.executors import dask_pool, local_pool


@contextmanager
def local(workers: int) -> Iterator[Executor]:
    pool = local_pool(workers)
    try:
        warmed = set(pool.map(warm, range(workers * 2)))
        assert len(warmed) == workers, f"only {len(warmed)} of {workers} workers warmed up"
        yield pool
    finally:
        pool.shutdown(cancel_futures=True)


@contextmanager
def dask(workers: int) -> Iterator[Executor]:
    command = shutil.which("dask") or str(Path(sys.executable).with_name("dask"))
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "env": env}
    procs = [subprocess.Popen([command, "scheduler", "--host", "127.0.0.1", "--port", str(port),
                               "--no-dashboard"], **quiet)]  # type: ignore[call-overload]
    # Each worker in a session of its own, as a service or another machine would run it: a
    # Linux kernel with autogroup gives one session's processes one share of a busy machine.
    procs += [subprocess.Popen([command, "worker", address, "--nworkers", "1", "--nthreads", "1",
                                "--host", "127.0.0.1", "--no-dashboard"],
                               start_new_session=True, **quiet)  # type: ignore[call-overload]
              for _ in range(workers)]
    try:
        from distributed import Client

        with Client(address, timeout=120) as client:
            client.wait_for_workers(workers, timeout=120)
            executor = dask_pool(address)
            wait([executor.submit(warm, n) for n in range(workers * 2)])
            yield executor
            executor.shutdown(wait=False)
    finally:
        for proc in reversed(procs):
            proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()


def workers_cpu() -> float:
    """CPU seconds of every process under this one (the pool's, or the Dask processes)."""
    mine = os.times()
    return _cpu([os.getpid()]) - mine.user - mine.system


def measure(executor: Executor, seeds: range) -> tuple[float, float, int]:
    """Wall seconds, worker CPU seconds and failed jobs for mining every seed at once."""
    cpu, start = workers_cpu(), time.perf_counter()
    futures = [executor.submit(run, mine_puzzle(4, seed)) for seed in seeds]
    wait(futures)
    wall = time.perf_counter() - start
    failed = sum(1 for f in futures if f.exception() is not None)
    return wall, workers_cpu() - cpu, failed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--jobs", type=int, default=16)
    parser.add_argument("--seed", type=int, default=100, help="the first seed mined")
    parser.add_argument("--dask", action="store_true", help="Dask workers, not a local pool")
    args = parser.parse_args(argv)
    if not 1 <= args.jobs <= 200 or not all(1 <= w <= 16 for w in args.workers):
        parser.error("--jobs must be 1..200 and each --workers 1..16")
    seeds = range(args.seed, args.seed + args.jobs)
    start_executor = dask if args.dask else local
    first = 0.0
    print(f"{args.jobs} mining jobs (4 players, seeds {seeds.start}..{seeds.stop - 1}), "
          f"{'Dask workers' if args.dask else 'a local pool'}")
    for workers in args.workers:
        with start_executor(workers) as executor:
            wall, cpu, failed = measure(executor, seeds)
        rate = args.jobs / wall
        first = first or rate
        print(f"{workers} worker(s): {wall:.1f} s wall, {rate:.2f} jobs/s, workers' CPU {cpu:.1f} s"
              f" ({cpu / wall:.2f} cores), x{rate / first:.2f}"
              f"{f', {failed} failed' if failed else ''}"
              f" (load average {os.getloadavg()[0]:.1f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
