"""Progress store speed, run by hand (not collected by pytest):

    PYTHONPATH=. python tests/benchmarks/bench_store.py        # SQLite (a temporary file)
    TAROT_TUTOR_TEST_PG_URL=postgresql+psycopg://... PYTHONPATH=. python tests/benchmarks/...

For each backend, medians of several runs:
1. starting a ``Database`` on a store already at head (what every server process does);
2. one ``add_row`` (a deal added), one process;
3. 6 processes x 100 appends to one game, wall time (all 600 rows checked to be there);
4. ``games()`` for a learner with 50 games of 20 rows (a list page).
"""

from __future__ import annotations

import multiprocessing
import secrets
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import sqlalchemy as sa

from tutor.progress.store import Database

RUNS = 5
WORKERS, APPENDS = 6, 100


def median_seconds(work: Callable[[], object], runs: int = RUNS) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def append(url: str, learner_id: str, game_id: int, worker: int) -> None:
    store = Database(url).learner(learner_id)
    for n in range(APPENDS):
        store.add_row(game_id, {"worker": worker, "n": n})


def concurrent_appends(url: str) -> float:
    db = Database(url)
    store = db.learner(db.new_learner())
    game = store.create_game("bench", "sheet", {})
    spawn = multiprocessing.get_context("spawn")
    processes = [
        spawn.Process(target=append, args=(url, store.learner_id, game.id, w))
        for w in range(WORKERS)
    ]
    start = time.perf_counter()  # includes each process importing and connecting
    for process in processes:
        process.start()
    for process in processes:
        process.join()
    elapsed = time.perf_counter() - start
    assert len(store.game(game.id).rows) == WORKERS * APPENDS, "appends were lost"
    return elapsed


def bench(url: str, label: str) -> None:
    Database(url)
    start = median_seconds(lambda: Database(url))
    print(f"{label}: start on a migrated store {start * 1e3:.1f} ms")
    db = Database(url)
    store = db.learner(db.new_learner())
    game = store.create_game("bench", "sheet", {})
    one = median_seconds(lambda: store.add_row(game.id, {"taker": "A", "score": 71}), runs=50)
    print(f"{label}: add_row {one * 1e3:.2f} ms")
    runs = [concurrent_appends(url) for _ in range(3)]
    print(f"{label}: {WORKERS}x{APPENDS} concurrent appends {statistics.median(runs):.2f} s "
          f"(median of 3, process start included)")
    lister = db.learner(db.new_learner())
    for g in range(50):
        made = lister.create_game(f"game {g}", "sheet", {"players": ["A", "B", "C", "D"]})
        for n in range(20):
            lister.add_row(made.id, {"n": n})
    print(f"{label}: games() of 50 x 20 rows {median_seconds(lister.games) * 1e3:.2f} ms")


def main() -> None:
    import os

    with tempfile.TemporaryDirectory() as folder:
        bench(f"sqlite:///{Path(folder) / 'bench.sqlite3'}", "sqlite")
    admin_url = os.environ.get("TAROT_TUTOR_TEST_PG_URL")
    if admin_url:
        name = f"tutor_bench_{secrets.token_hex(4)}"
        admin = sa.create_engine(admin_url, isolation_level="AUTOCOMMIT")
        with admin.connect() as connection:
            connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
        try:
            bench(sa.make_url(admin_url).set(database=name).render_as_string(False), "postgresql")
        finally:
            with admin.connect() as connection:
                connection.exec_driver_sql(f'DROP DATABASE "{name}" WITH (FORCE)')


if __name__ == "__main__":
    main()
