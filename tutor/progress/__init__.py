"""The learners' progress (SQLite or PostgreSQL, learner-scoped) and the review schedule (FSRS)."""
