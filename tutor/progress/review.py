"""The review queue: failed puzzles, or puzzles solved with a hint, come back on a spaced
repetition schedule (FSRS). The schedule is always shown: "3 due", and the next due date."""

from __future__ import annotations

import json
from datetime import datetime

from fsrs import Card, Rating, Scheduler

from tutor.progress.store import LearnerStore, now

_SCHEDULER = Scheduler(enable_fuzzing=False)


def rating_for(correct: bool, hints: int) -> Rating:
    """Wrong: Again. Right with a hint: Hard. Right at once: Good."""
    if not correct:
        return Rating.Again
    return Rating.Hard if hints else Rating.Good


def schedule(
    store: LearnerStore, item: str, correct: bool, hints: int, at: datetime | None = None
) -> datetime | None:
    """Record a first-try answer in the review schedule and return the next due date.
    A puzzle solved at once and never scheduled stays out of the queue (None)."""
    saved = store.review_card(item)
    if saved is None and correct and not hints:
        return None
    card = Card.from_dict(json.loads(saved)) if saved else Card()
    card, _ = _SCHEDULER.review_card(card, rating_for(correct, hints), review_datetime=at or now())
    store.save_review(item, json.dumps(card.to_dict()), card.due)
    return card.due


def new_card(at: datetime | None = None) -> tuple[str, datetime]:
    """A card never reviewed, due at once (``at``, default now), as the store keeps it: what a
    puzzle made from the learner's own mistake enters the queue with."""
    card = Card(due=at or now())
    return json.dumps(card.to_dict()), card.due
