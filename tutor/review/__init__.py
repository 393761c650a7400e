"""The review of a played deal: the learner's bid and cards valued by what the learner could
know (``tutor.review.expected``: deals of the hidden cards drawn and played out), the cards
judged by the open-card solver where it is exact, with the coach's remarks
(``tutor.review.deal``). It stands on the practice game (the coach and the replay of a saved
deal), the bots (sampling and playouts) and the solver, and only the service and the pages
stand on it."""

from tutor.review.deal import (
    CUTOFFS,
    NODE_BUDGET,
    REVIEW_VERSION,
    CardReview,
    DealReview,
    Verdict,
    review_deal,
    verdict_for,
)

__all__ = [
    "CUTOFFS",
    "NODE_BUDGET",
    "REVIEW_VERSION",
    "CardReview",
    "DealReview",
    "Verdict",
    "review_deal",
    "verdict_for",
]
