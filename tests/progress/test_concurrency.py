"""Several processes at once lose nothing: appends to one game from 6 processes all land, and
processes starting on a fresh database together all migrate it without error."""

from __future__ import annotations

import multiprocessing
from collections import Counter
from multiprocessing.synchronize import Barrier

from tutor.progress import schema
from tutor.progress.store import Database

WORKERS = 6
APPENDS = 100


def append_rows(url: str, learner_id: str, game_id: int, worker: int, start: Barrier) -> None:
    store = Database(url).learner(learner_id)
    start.wait()
    for n in range(APPENDS):
        store.add_row(game_id, {"worker": worker, "n": n})


def start_database(url: str, start: Barrier) -> None:
    start.wait()
    Database(url).secret()


def run_together(target: object, args: list[tuple[object, ...]]) -> list[int | None]:
    processes = [
        multiprocessing.get_context("spawn").Process(target=target, args=a)  # type: ignore[arg-type]
        for a in args
    ]
    for process in processes:
        process.start()
    for process in processes:
        process.join(timeout=300)
    return [process.exitcode for process in processes]


def test_concurrent_appends_from_several_processes_lose_nothing(backend: str) -> None:
    db = Database(backend)
    store = db.learner(db.new_learner())
    game = store.create_game("busy table", "sheet", {"players": ["A", "B", "C", "D", "E"]})
    start = multiprocessing.get_context("spawn").Barrier(WORKERS)
    codes = run_together(
        append_rows, [(backend, store.learner_id, game.id, w, start) for w in range(WORKERS)]
    )
    assert codes == [0] * WORKERS
    saved = store.game(game.id)
    landed = Counter((row.data["worker"], row.data["n"]) for row in saved.rows)
    assert len(saved.rows) == WORKERS * APPENDS
    assert set(landed) == {(w, n) for w in range(WORKERS) for n in range(APPENDS)}
    assert max(landed.values()) == 1
    assert [row.position for row in saved.rows] == list(range(1, WORKERS * APPENDS + 1))
    assert saved.version == 1 + WORKERS * APPENDS
    assert store.games()[0].rows == WORKERS * APPENDS


def test_databases_starting_together_on_a_fresh_store_all_succeed(backend: str) -> None:
    starters = 4
    start = multiprocessing.get_context("spawn").Barrier(starters)
    assert run_together(start_database, [(backend, start)] * starters) == [0] * starters
    db = Database(backend)
    with db.engine.connect() as connection:
        versions = connection.exec_driver_sql("SELECT version_num FROM alembic_version").all()
        secrets = connection.execute(schema.server_secrets.select()).all()
    assert len(versions) == 1 and len(secrets) == 1
