"""The learner's own puzzles carry the play before them (issue #23): a mistake's position
holds every trick of the deal played before it, so its robustness keeps the voids they show."""

from __future__ import annotations

from tests.review.test_review_deal import blunder_record, blunder_review
from tutor.engine import PastTrick, parse_position
from tutor.review.mistakes import own_mistakes


def test_an_own_mistakes_position_carries_the_tricks_played_before_it() -> None:
    mistakes = own_mistakes(blunder_record(), blunder_review(), 1, 1)
    assert mistakes
    tricks = blunder_record().replay(blunder_review().learner).tricks
    for mistake in mistakes:
        position = parse_position(mistake.notation)
        assert position.tricks_done > 0
        assert position.history == tuple(
            PastTrick(t.record.leader, t.record.cards) for t in tricks[: position.tricks_done]
        )
