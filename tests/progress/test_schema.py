"""The migrations build exactly the tables the store queries (schema.py), on both backends,
and which database is used follows the settings."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from tutor.progress.schema import metadata
from tutor.progress.store import Database, StoreError, database_url


def test_the_migrated_schema_matches_the_tables_the_store_uses(db: Database) -> None:
    with db.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), metadata)
    assert differences == []


def test_the_url_argument_comes_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TAROT_TUTOR_DB_URL", "postgresql+psycopg://h/env")
    monkeypatch.setenv("TAROT_TUTOR_DB", "/tmp/file.sqlite3")
    assert database_url("sqlite:///given.sqlite3") == "sqlite:///given.sqlite3"
    assert database_url() == "postgresql+psycopg://h/env"


def test_the_old_file_setting_is_still_honoured(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TAROT_TUTOR_DB_URL", raising=False)
    monkeypatch.setenv("TAROT_TUTOR_DB", "/srv/tutor/progress.sqlite3")
    assert database_url() == "sqlite:////srv/tutor/progress.sqlite3"


def test_the_default_is_a_file_in_the_data_home(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("TAROT_TUTOR_DB_URL", raising=False)
    monkeypatch.delenv("TAROT_TUTOR_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    expected = tmp_path / "tarot-tutor" / "progress.sqlite3"
    assert database_url() == f"sqlite:///{expected}"
    Database().new_learner()  # the folder is made on first use
    assert expected.exists()


@pytest.mark.parametrize("url", ["not a url", "mysql://h/db", "oracle://h/db"])
def test_a_bad_database_setting_is_a_store_error(url: str) -> None:
    with pytest.raises(StoreError, match="progress database"):
        Database(url)
