"""The ``backend`` fixture: every contract test runs on SQLite (a temporary file) and on
PostgreSQL (a fresh schema per test on the server named by ``$TAROT_TUTOR_TEST_PG_URL``).

Without that URL the PostgreSQL runs are skipped locally and FAIL in CI (``$CI`` set), so CI can
never pass by not testing PostgreSQL. To run them locally, see ``tests/progress/README.md``.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from tutor.progress.store import Database

PG_VAR = "TAROT_TUTOR_TEST_PG_URL"


def postgres_admin_url() -> str:
    url = os.environ.get(PG_VAR)
    if not url:
        if os.environ.get("CI"):
            pytest.fail(f"CI runs the store tests on PostgreSQL: set ${PG_VAR}")
        pytest.skip(f"PostgreSQL tests need ${PG_VAR} (see tests/progress/README.md)")
    return url


@pytest.fixture
def fresh_postgres() -> Iterator[str]:
    """The URL of a new, empty schema on the test server (every connection made from the URL
    works in it), dropped after the test. A schema is much quicker to make than a database."""
    admin_url = sa.make_url(postgres_admin_url())
    name = f"tutor_test_{secrets.token_hex(6)}"
    admin = sa.create_engine(admin_url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.exec_driver_sql(f'CREATE SCHEMA "{name}"')
        url = admin_url.update_query_dict({"options": f"-csearch_path={name}"})
        yield url.render_as_string(hide_password=False)
        with admin.connect() as connection:
            connection.exec_driver_sql(f'DROP SCHEMA IF EXISTS "{name}" CASCADE')
    finally:
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database URL, for one test, on each backend."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'progress.sqlite3'}"
    return str(request.getfixturevalue("fresh_postgres"))


@pytest.fixture
def db(backend: str) -> Iterator[Database]:
    database = Database(backend)
    yield database
    database.engine.dispose()
