"""Learner-scoped tables; a pre-learner SQLite file is migrated in place.

A file written before learners existed has ``attempts, lessons, reviews, bookmarks, reports,
games`` with no learner column and each game's deals inside a JSON blob. Its tables are renamed
``legacy_*``, the new tables are created, the rows are copied to one new learner profile marked
``legacy`` (claimed later by the first visitor who asks for it), each game's JSON ``rows``
become game rows and the rest of its JSON becomes ``meta``, and the old tables are dropped, all
in the one transaction the store runs migrations in.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

import json
import secrets
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

LEGACY_TABLES = ("attempts", "lessons", "reviews", "bookmarks", "reports", "games")


def _learner_id() -> sa.Column[str]:
    return sa.Column(
        "learner_id",
        sa.String(64),
        sa.ForeignKey("learners.id", ondelete="CASCADE"),
        nullable=False,
    )


def create_tables() -> None:
    op.create_table(
        "learners",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("subject", sa.String(255), nullable=True, unique=True),
        sa.Column("legacy", sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    op.create_table(
        "server_secrets",
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("value", sa.String(200), nullable=False),
    )
    op.create_table(
        "attempts",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        _learner_id(),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("source", sa.String(200), nullable=False),
        sa.Column("item", sa.String(200), nullable=False),
        sa.Column("theme", sa.String(200), nullable=False),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.Column("first_try", sa.Boolean(), nullable=False),
        sa.Column("hints", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("answer", sa.String(2000), nullable=False, server_default=""),
    )
    op.create_index("ix_attempts_learner_source", "attempts", ["learner_id", "source"])
    op.create_table(
        "lessons",
        _learner_id(),
        sa.Column("lesson", sa.String(200), nullable=False),
        sa.Column("step", sa.Integer(), nullable=False),
        sa.Column("seen", sa.JSON(), nullable=False),
        sa.Column("passed", sa.JSON(), nullable=False),
        sa.Column("updated", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("learner_id", "lesson", name="pk_lessons"),
    )
    op.create_table(
        "reviews",
        _learner_id(),
        sa.Column("item", sa.String(200), nullable=False),
        sa.Column("card", sa.Text(), nullable=False),
        sa.Column("due", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("learner_id", "item", name="pk_reviews"),
    )
    op.create_index("ix_reviews_learner_due", "reviews", ["learner_id", "due"])
    op.create_table(
        "bookmarks",
        _learner_id(),
        sa.Column("item", sa.String(200), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("learner_id", "item", name="pk_bookmarks"),
    )
    op.create_table(
        "reports",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        _learner_id(),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("item", sa.String(200), nullable=False),
        sa.Column("note", sa.String(2000), nullable=False),
    )
    op.create_index("ix_reports_learner", "reports", ["learner_id"])
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        _learner_id(),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("meta", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("updated", sa.DateTime(), nullable=False),
        sa.Column("share_token", sa.String(64), nullable=True, unique=True),
    )
    op.create_index("ix_games_learner_kind", "games", ["learner_id", "kind"])
    op.create_table(
        "game_rows",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "game_id", sa.Integer(), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.UniqueConstraint("game_id", "position", name="uq_game_rows_position"),
    )


def upgrade() -> None:
    found = set(sa.inspect(op.get_bind()).get_table_names())
    legacy = [name for name in LEGACY_TABLES if name in found] if "learners" not in found else []
    for name in legacy:
        op.rename_table(name, f"legacy_{name}")
    create_tables()
    if legacy:
        migrate_legacy(legacy)
        for name in legacy:
            op.drop_table(f"legacy_{name}")


def downgrade() -> None:
    for name in ("game_rows", "games", "reports", "bookmarks", "reviews", "lessons", "attempts"):
        op.drop_table(name)
    op.drop_table("server_secrets")
    op.drop_table("learners")


# --- the pre-learner file ------------------------------------------------------------------


def _moment(text: Any) -> datetime:
    """A legacy ISO timestamp as naive UTC (how the new tables store moments)."""
    try:
        moment = datetime.fromisoformat(str(text))
    except ValueError:
        moment = datetime.now(UTC)
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC).replace(tzinfo=None)
    return moment


def _json(text: Any, default: Any) -> Any:
    try:
        return json.loads(text)
    except (TypeError, ValueError):
        return default


def _legacy_rows(bind: sa.Connection, name: str) -> list[dict[str, Any]]:
    rows = bind.execute(sa.text(f"SELECT * FROM legacy_{name}"))  # fixed table names
    return [dict(row._mapping) for row in rows]


def _table(name: str, *columns: sa.ColumnClause[Any]) -> sa.TableClause:
    return sa.table(name, *columns)


def migrate_legacy(present: list[str]) -> None:
    bind = op.get_bind()
    old = {name: _legacy_rows(bind, name) for name in present}
    if not any(old.values()):
        return  # an empty file: nothing to keep, no legacy profile to offer
    learner = secrets.token_urlsafe(24)
    bind.execute(
        sa.text("INSERT INTO learners (id, created, legacy) VALUES (:id, :created, :legacy)"),
        {"id": learner, "created": datetime.now(UTC).replace(tzinfo=None), "legacy": True},
    )
    attempts = _table(
        "attempts",
        sa.column("learner_id", sa.String()),
        sa.column("at", sa.DateTime()),
        sa.column("source", sa.String()),
        sa.column("item", sa.String()),
        sa.column("theme", sa.String()),
        sa.column("correct", sa.Boolean()),
        sa.column("first_try", sa.Boolean()),
        sa.column("hints", sa.Integer()),
        sa.column("answer", sa.String()),
    )
    for row in sorted(old.get("attempts", []), key=lambda r: r["id"]):  # keeps the streak order
        bind.execute(
            attempts.insert().values(
                learner_id=learner,
                at=_moment(row.get("at")),
                source=row["source"],
                item=row["item"],
                theme=row["theme"],
                correct=bool(row["correct"]),
                first_try=bool(row["first_try"]),
                hints=int(row.get("hints") or 0),
                answer=str(row.get("answer") or ""),
            )
        )
    lessons = _table(
        "lessons",
        sa.column("learner_id", sa.String()),
        sa.column("lesson", sa.String()),
        sa.column("step", sa.Integer()),
        sa.column("seen", sa.JSON()),
        sa.column("passed", sa.JSON()),
        sa.column("updated", sa.DateTime()),
    )
    for row in old.get("lessons", []):
        bind.execute(
            lessons.insert().values(
                learner_id=learner,
                lesson=row["lesson"],
                step=int(row["step"]),
                seen=_json(row["seen"], []),
                passed=_json(row["passed"], []),
                updated=_moment(row.get("updated")),
            )
        )
    reviews = _table(
        "reviews",
        sa.column("learner_id", sa.String()),
        sa.column("item", sa.String()),
        sa.column("card", sa.Text()),
        sa.column("due", sa.DateTime()),
    )
    for row in old.get("reviews", []):
        bind.execute(
            reviews.insert().values(
                learner_id=learner, item=row["item"], card=row["card"], due=_moment(row["due"])
            )
        )
    bookmarks = _table(
        "bookmarks",
        sa.column("learner_id", sa.String()),
        sa.column("item", sa.String()),
        sa.column("at", sa.DateTime()),
    )
    for row in old.get("bookmarks", []):
        bind.execute(
            bookmarks.insert().values(learner_id=learner, item=row["item"], at=_moment(row["at"]))
        )
    reports = _table(
        "reports",
        sa.column("learner_id", sa.String()),
        sa.column("at", sa.DateTime()),
        sa.column("item", sa.String()),
        sa.column("note", sa.String()),
    )
    for row in sorted(old.get("reports", []), key=lambda r: r["id"]):
        bind.execute(
            reports.insert().values(
                learner_id=learner, at=_moment(row["at"]), item=row["item"], note=row["note"]
            )
        )
    games = _table(
        "games",
        sa.column("id", sa.Integer()),
        sa.column("learner_id", sa.String()),
        sa.column("name", sa.String()),
        sa.column("kind", sa.String()),
        sa.column("meta", sa.JSON()),
        sa.column("version", sa.Integer()),
        sa.column("created", sa.DateTime()),
        sa.column("updated", sa.DateTime()),
    )
    game_rows = _table(
        "game_rows",
        sa.column("game_id", sa.Integer()),
        sa.column("position", sa.Integer()),
        sa.column("data", sa.JSON()),
        sa.column("version", sa.Integer()),
    )
    for row in old.get("games", []):
        data = _json(row["data"], {})
        meta = dict(data) if isinstance(data, dict) else {}
        deals = meta.pop("rows", [])
        bind.execute(
            games.insert().values(
                id=row["id"],  # keeps old ?game=<id> links pointing at the same game
                learner_id=learner,
                name=str(row["name"])[:80],
                kind=row["kind"],
                meta=meta,
                version=1,
                created=_moment(row["created"]),
                updated=_moment(row["updated"]),
            )
        )
        for position, deal in enumerate(deals if isinstance(deals, list) else [], start=1):
            bind.execute(
                game_rows.insert().values(
                    game_id=row["id"], position=position, data=deal, version=1
                )
            )
