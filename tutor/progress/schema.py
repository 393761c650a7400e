"""The progress database's tables (SQLAlchemy Core), shared by SQLite and PostgreSQL.

Every row belongs to a learner (``learner_id``); a game's deals are rows of ``game_rows`` so
that adding a deal is an INSERT, never a rewrite of the whole game. The migrations in
``migrations/versions`` create exactly these tables (a test compares the two).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Dialect

# Bounds on what a learner can store (the UI limits them too; the store refuses longer).
LEARNER_ID_MAX = 64
NAME_MAX = 80  # a game's name
NOTE_MAX = 2_000  # a report's note, an answer
KEY_MAX = 200  # item, theme, source, lesson ids: written by the tutor, bounded anyway
JSON_MAX = 50_000  # a game's meta or one row's data, serialised
SUBJECT_MAX = 255  # an OIDC subject
TOKEN_MAX = 64  # a share token

GAME_KINDS = ("sheet", "practice")


class UTCDateTime(sa.types.TypeDecorator[datetime]):
    """A moment in UTC: stored naive (both backends compare them the same way), read aware."""

    impl = sa.DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:  # a naive moment is taken to be UTC already
            return value
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if not isinstance(value, datetime):
            return None
        return value.replace(tzinfo=UTC)


metadata = sa.MetaData()

learners = sa.Table(
    "learners",
    metadata,
    sa.Column("id", sa.String(LEARNER_ID_MAX), primary_key=True),
    sa.Column("created", UTCDateTime(), nullable=False),
    # the OIDC account joined to this profile (one profile per account)
    sa.Column("subject", sa.String(SUBJECT_MAX), nullable=True, unique=True),
    # holds the rows migrated from a pre-learner file until someone claims them
    sa.Column("legacy", sa.Boolean(), nullable=False, server_default=sa.false()),
)

server_secrets = sa.Table(
    "server_secrets",
    metadata,
    sa.Column("name", sa.String(40), primary_key=True),
    sa.Column("value", sa.String(200), nullable=False),
)


def _learner_column() -> sa.Column[str]:
    return sa.Column(
        "learner_id",
        sa.String(LEARNER_ID_MAX),
        sa.ForeignKey("learners.id", ondelete="CASCADE"),
        nullable=False,
    )


attempts = sa.Table(
    "attempts",
    metadata,
    sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
    _learner_column(),
    sa.Column("at", UTCDateTime(), nullable=False),
    sa.Column("source", sa.String(KEY_MAX), nullable=False),
    sa.Column("item", sa.String(KEY_MAX), nullable=False),
    sa.Column("theme", sa.String(KEY_MAX), nullable=False),
    sa.Column("correct", sa.Boolean(), nullable=False),
    sa.Column("first_try", sa.Boolean(), nullable=False),
    sa.Column("hints", sa.Integer(), nullable=False, server_default="0"),
    sa.Column("answer", sa.String(NOTE_MAX), nullable=False, server_default=""),
    sa.Index("ix_attempts_learner_source", "learner_id", "source"),
)

lessons = sa.Table(
    "lessons",
    metadata,
    _learner_column(),
    sa.Column("lesson", sa.String(KEY_MAX), nullable=False),
    sa.Column("step", sa.Integer(), nullable=False),
    sa.Column("seen", sa.JSON(), nullable=False),  # list of step indexes
    sa.Column("passed", sa.JSON(), nullable=False),  # checks right at the first try
    sa.Column("updated", UTCDateTime(), nullable=False),
    # checks right without the answer shown; checks done with (right, or the answer shown)
    sa.Column("solved", sa.JSON(), nullable=False, server_default=sa.text("'[]'")),
    sa.Column("answered", sa.JSON(), nullable=False, server_default=sa.text("'[]'")),
    sa.PrimaryKeyConstraint("learner_id", "lesson", name="pk_lessons"),
)

reviews = sa.Table(
    "reviews",
    metadata,
    _learner_column(),
    sa.Column("item", sa.String(KEY_MAX), nullable=False),
    sa.Column("card", sa.Text(), nullable=False),  # the fsrs card as JSON text
    sa.Column("due", UTCDateTime(), nullable=False),
    sa.PrimaryKeyConstraint("learner_id", "item", name="pk_reviews"),
    sa.Index("ix_reviews_learner_due", "learner_id", "due"),
)

bookmarks = sa.Table(
    "bookmarks",
    metadata,
    _learner_column(),
    sa.Column("item", sa.String(KEY_MAX), nullable=False),
    sa.Column("at", UTCDateTime(), nullable=False),
    sa.PrimaryKeyConstraint("learner_id", "item", name="pk_bookmarks"),
)

reports = sa.Table(
    "reports",
    metadata,
    sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
    _learner_column(),
    sa.Column("at", UTCDateTime(), nullable=False),
    sa.Column("item", sa.String(KEY_MAX), nullable=False),
    sa.Column("note", sa.String(NOTE_MAX), nullable=False),
    sa.Index("ix_reports_learner", "learner_id"),
)

games = sa.Table(
    "games",
    metadata,
    sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
    _learner_column(),
    sa.Column("name", sa.String(NAME_MAX), nullable=False),
    sa.Column("kind", sa.String(20), nullable=False),  # 'sheet' or 'practice'
    sa.Column("meta", sa.JSON(), nullable=False),  # players, settings: owned by the page
    sa.Column("version", sa.Integer(), nullable=False),  # +1 on every change, rows included
    sa.Column("created", UTCDateTime(), nullable=False),
    sa.Column("updated", UTCDateTime(), nullable=False),
    sa.Column("share_token", sa.String(TOKEN_MAX), nullable=True, unique=True),
    sa.Index("ix_games_learner_kind", "learner_id", "kind"),
)

game_rows = sa.Table(
    "game_rows",
    metadata,
    sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
    sa.Column(
        "game_id", sa.Integer(), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False
    ),
    sa.Column("position", sa.Integer(), nullable=False),  # order of the deals in the game
    sa.Column("data", sa.JSON(), nullable=False),
    sa.Column("version", sa.Integer(), nullable=False),
    sa.UniqueConstraint("game_id", "position", name="uq_game_rows_position"),
)

# The solver's review of one deal of a saved practice game: the verdicts counted (for the
# progress page) and the whole review (computed once: the page shows it again from here).
deal_reviews = sa.Table(
    "deal_reviews",
    metadata,
    _learner_column(),
    sa.Column(
        "game_id", sa.Integer(), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False
    ),
    sa.Column("deal", sa.Integer(), nullable=False),  # the deal's number in the game (1-based)
    sa.Column("reviewed", UTCDateTime(), nullable=False),
    sa.Column("judged", sa.Integer(), nullable=False),  # cards the solver judged
    sa.Column("inaccuracies", sa.Integer(), nullable=False),
    sa.Column("mistakes", sa.Integer(), nullable=False),
    sa.Column("blunders", sa.Integer(), nullable=False),
    sa.Column("data", sa.JSON(), nullable=False),
    sa.PrimaryKeyConstraint("learner_id", "game_id", "deal", name="pk_deal_reviews"),
    sa.Index("ix_deal_reviews_learner_reviewed", "learner_id", "reviewed"),
)

# The puzzle trainer's filters as the learner last set them (one row per learner): a
# returning learner finds them again (issue 14, m7).
puzzle_filters = sa.Table(
    "puzzle_filters",
    metadata,
    _learner_column(),
    sa.Column("themes", sa.JSON(), nullable=False),  # list of theme values; [] is every theme
    sa.Column("low", sa.Integer(), nullable=False),  # the difficulty range, 1..5
    sa.Column("high", sa.Integer(), nullable=False),
    sa.Column("players", sa.JSON(), nullable=False),  # list of table sizes among 3, 4, 5
    sa.Column("weak_only", sa.Boolean(), nullable=False),
    sa.Column("updated", UTCDateTime(), nullable=False),
    sa.PrimaryKeyConstraint("learner_id", name="pk_puzzle_filters"),
)

# A mined best-card puzzle per (seed, players): anonymous content every learner shares, kept
# so that the analysis workers search a seed once (``version``: the miner's that made it; a
# puzzle another miner made is mined again).
mined_puzzles = sa.Table(
    "mined_puzzles",
    metadata,
    sa.Column("players", sa.Integer(), nullable=False),
    sa.Column("seed", sa.BigInteger(), nullable=False),
    sa.Column("version", sa.Integer(), nullable=False),
    sa.Column("data", sa.JSON(), nullable=False),  # the puzzle as the content models dump it
    sa.Column("created", UTCDateTime(), nullable=False),
    sa.PrimaryKeyConstraint("players", "seed", name="pk_mined_puzzles"),
)

# Glicko-2 ratings (``progress/glicko.py``): each first try of a puzzle is one game between
# the learner and the puzzle. A learner's rating overall (theme ``OVERALL``) and per theme...
OVERALL = ""
learner_ratings = sa.Table(
    "learner_ratings",
    metadata,
    _learner_column(),
    sa.Column("theme", sa.String(KEY_MAX), nullable=False),  # OVERALL, or a puzzle theme
    sa.Column("rating", sa.Float(), nullable=False),
    sa.Column("deviation", sa.Float(), nullable=False),
    sa.Column("volatility", sa.Float(), nullable=False),
    sa.Column("games", sa.Integer(), nullable=False),
    sa.Column("updated", UTCDateTime(), nullable=False),
    sa.PrimaryKeyConstraint("learner_id", "theme", name="pk_learner_ratings"),
)

# ... the overall rating after each rated answer, for the progress page's chart ...
rating_history = sa.Table(
    "rating_history",
    metadata,
    sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
    _learner_column(),
    sa.Column("at", UTCDateTime(), nullable=False),
    sa.Column("rating", sa.Float(), nullable=False),
    sa.Column("deviation", sa.Float(), nullable=False),
    sa.Index("ix_rating_history_learner", "learner_id", "id"),
)

# ... and each puzzle's, shared by every learner and anonymous: no learner is linked to it.
puzzle_ratings = sa.Table(
    "puzzle_ratings",
    metadata,
    sa.Column("item", sa.String(KEY_MAX), primary_key=True),
    sa.Column("rating", sa.Float(), nullable=False),
    sa.Column("deviation", sa.Float(), nullable=False),
    sa.Column("volatility", sa.Float(), nullable=False),
    sa.Column("games", sa.Integer(), nullable=False),
    sa.Column("updated", UTCDateTime(), nullable=False),
)

# The deal of the day (``practice/daily.py``): the learner's mark on the day's deal, the
# first finished play of the day alone (one row per learner and day). Other learners see only
# counts of a day's marks, never a row.
daily_deals = sa.Table(
    "daily_deals",
    metadata,
    _learner_column(),
    sa.Column("day", sa.Date(), nullable=False),
    sa.Column("mark", sa.Integer(), nullable=False),
    sa.Column("played", UTCDateTime(), nullable=False),
    sa.PrimaryKeyConstraint("learner_id", "day", name="pk_daily_deals"),
    sa.Index("ix_daily_deals_day", "day", "mark"),
)

# The learner's own puzzles: each card a deal review labelled a mistake or a blunder, to play
# again (``review/mistakes.py``): one row per learner and item (a deal's trick of one of the
# learner's games), written once however often the deal is reviewed; ``data`` holds the
# position and the review's value of every legal card.
own_puzzles = sa.Table(
    "own_puzzles",
    metadata,
    _learner_column(),
    sa.Column("item", sa.String(KEY_MAX), nullable=False),
    sa.Column(
        "game_id", sa.Integer(), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False
    ),
    sa.Column("deal", sa.Integer(), nullable=False),  # the deal's number in the game (1-based)
    sa.Column("data", sa.JSON(), nullable=False),
    sa.Column("created", UTCDateTime(), nullable=False),
    sa.PrimaryKeyConstraint("learner_id", "item", name="pk_own_puzzles"),
    sa.Index("ix_own_puzzles_learner_game", "learner_id", "game_id", "deal"),
)

# The learner's own tables, in the order their rows can be deleted.
LEARNER_TABLES = (
    attempts, lessons, reviews, bookmarks, reports, deal_reviews, puzzle_filters,
    learner_ratings, rating_history, daily_deals, own_puzzles, games,
)
