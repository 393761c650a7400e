"""A review's every value and label is pinned on seeded deals: a speed-up of the review (the
solvers' shared tables, the parts, the order the workers take them) must not change a single
number. The fixture holds the stored form (``DealReview.to_data``) of each review below,
computed on few deals per decision (``SAMPLES``) so that the test stays short.

Regenerate it only for a deliberate change of what a review computes (and say why in the
commit; ``REVIEW_VERSION`` says when stored reviews must be computed again):

    python tests/review/test_review_unchanged.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tutor.bots import play_deal
from tutor.engine import DealRecord
from tutor.review import review_deal
from tutor.review.expected import more_samples

FIXTURE = Path(__file__).parent / "fixtures" / "reviews.json"
SAMPLES = 4
# (players, seed, dealer, learner): a 4-player deal the learner took (a bid, an écart, a
# chelem question and 18 cards), one they defended, and a 5-player deal's taker (the call).
REVIEWS = ((4, 0, 3, 0), (4, 1, 3, 0), (5, 2, 4, 0))


def name(players: int, seed: int, dealer: int, learner: int) -> str:
    return f"{players} players, seed {seed}, dealer {dealer}, learner {learner}"


def reviewed(players: int, seed: int, dealer: int, learner: int) -> Any:
    """The review as stored, through JSON as the store keeps it."""
    record = DealRecord.of(play_deal(players, seed, dealer))
    review = review_deal(record, learner, samples=SAMPLES, more=more_samples(SAMPLES))
    return json.loads(json.dumps(review.to_data()))


@pytest.mark.parametrize("review", REVIEWS, ids=lambda r: name(*r))
def test_a_seeded_review_has_every_value_and_label_it_had(
        review: tuple[int, int, int, int]) -> None:
    pinned = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert reviewed(*review) == pinned[name(*review)]


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps({name(*r): reviewed(*r) for r in REVIEWS}, indent=1,
                                  sort_keys=True) + "\n", encoding="utf-8")
