"""The review of a played deal: the learner's cards judged by the open-card solver, with the
coach's remarks (``tutor.review.deal``). It stands on the practice game (the coach and the
replay of a saved deal) and the solver, and only the pages stand on it."""

from tutor.review.deal import (
    NODE_BUDGET,
    REVIEW_VERSION,
    THRESHOLDS,
    CardReview,
    DealReview,
    Verdict,
    review_deal,
    verdict_for,
)

__all__ = [
    "NODE_BUDGET",
    "REVIEW_VERSION",
    "THRESHOLDS",
    "CardReview",
    "DealReview",
    "Verdict",
    "review_deal",
    "verdict_for",
]
