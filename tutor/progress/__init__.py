"""The learner's progress (SQLite) and the review schedule (FSRS)."""
