"""The load figures of docs/performance.md: ``tests/load/ws_load.py`` over a matrix of sessions,
processes and backends, each case run ``--runs`` times; prints the median of each figure and
the load average of the machine before each case. Run by hand::

    python tests/benchmarks/load_matrix.py --pg postgresql+psycopg://postgres@127.0.0.1:55577/postgres

``--pg`` names a PostgreSQL server whose user may create databases: each PostgreSQL run gets a
fresh database ``tarot_load`` (dropped and made again), so runs do not inherit each other's
learners. Without ``--pg`` only the SQLite cases run. Loopback only, like the load test.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import sqlalchemy as sa

ROOT = Path(__file__).resolve().parents[2]
LOAD = ROOT / "tests" / "load" / "ws_load.py"
DATABASE = "tarot_load"


@dataclass(frozen=True)
class Case:
    backend: str  # "sqlite" or "postgresql"
    processes: int
    sessions: int
    think: float = 0.0


CASES = (
    Case("sqlite", 1, 1), Case("sqlite", 1, 10), Case("sqlite", 1, 40),
    Case("postgresql", 1, 1), Case("postgresql", 1, 10), Case("postgresql", 1, 40),
    Case("postgresql", 2, 10), Case("postgresql", 2, 40),
    Case("postgresql", 1, 40, 2.0), Case("postgresql", 2, 40, 2.0),
)


def fresh_database(admin_url: str) -> str:
    """An empty database ``tarot_load`` on the server of ``admin_url``; its URL."""
    engine = sa.create_engine(admin_url, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            connection.exec_driver_sql(f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)")
            connection.exec_driver_sql(f"CREATE DATABASE {DATABASE}")
    finally:
        engine.dispose()
    return sa.make_url(admin_url).set(database=DATABASE).render_as_string(hide_password=False)


def run(case: Case, args: argparse.Namespace) -> dict[str, float]:
    command = [sys.executable, str(LOAD), "--sessions", str(case.sessions),
               "--processes", str(case.processes), "--seconds", str(args.seconds),
               "--warmup", str(args.warmup), "--think", str(case.think), "--json"]
    if case.backend == "postgresql":
        command += ["--env", f"TAROT_TUTOR_DB_URL={fresh_database(args.pg)}"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600,
                          check=False)
    if args.verbose:
        print(done.stdout, done.stderr, sep="\n")
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode or not lines:
        raise SystemExit(f"{case}: the load test failed\n{done.stdout}\n{done.stderr}")
    errors = [line.strip() for line in done.stdout.splitlines() if "error x" in line]
    if errors:
        print(f"  {case}: {errors}")
    return dict(json.loads(lines[-1]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pg", help="a PostgreSQL URL whose user may create databases")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--warmup", type=float, default=5)
    parser.add_argument("--only", help="cases whose 'backend/processes/sessions/think' "
                                       "contains this text")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    print(f"{'backend':<11}{'proc':>5}{'sess':>5}{'think':>6}{'int/s':>8}{'median':>8}"
          f"{'p95':>7}{'cpu ms':>8}{'load':>6}   runs (int/s)")
    for case in CASES:
        label = f"{case.backend}/{case.processes}/{case.sessions}/{case.think:g}"
        if (case.backend == "postgresql" and not args.pg) or (args.only and args.only not in label):
            continue
        load = os.getloadavg()[0]
        results = [run(case, args) for _ in range(args.runs)]

        def median(key: str, results: list[dict[str, float]] = results) -> float:
            return statistics.median(r.get(key, 0.0) for r in results)

        rates = " ".join(f"{r['rate']:.1f}" for r in results)
        print(f"{case.backend:<11}{case.processes:>5}{case.sessions:>5}{case.think:>6g}"
              f"{median('rate'):>8.1f}{median('median'):>8.0f}{median('p95'):>7.0f}"
              f"{median('cpu_ms'):>8.1f}{load:>6.1f}   {rates}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
