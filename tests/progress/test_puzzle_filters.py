"""The puzzle trainer's filters in the store, on both backends (issue 14, m7): kept per learner,
replaced when set again, cleaned of what is not a filter, exported, and forgotten with a fresh
start or the learner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.progress.test_legacy import legacy_file
from tutor.progress.store import Database, LearnerStore, PuzzleFilters

CHOSEN = PuzzleFilters(("excuse", "trumps"), (2, 4), (3, 5), True)


@pytest.fixture
def two(db: Database) -> tuple[LearnerStore, LearnerStore]:
    return db.learner(db.new_learner()), db.learner(db.new_learner())


def test_filters_round_trip_and_are_the_learners_own(
    two: tuple[LearnerStore, LearnerStore],
) -> None:
    alice, bob = two
    assert alice.puzzle_filters() is None
    alice.save_puzzle_filters(CHOSEN)
    assert alice.puzzle_filters() == CHOSEN
    assert bob.puzzle_filters() is None


def test_filters_set_again_replace_the_earlier_ones(
    two: tuple[LearnerStore, LearnerStore],
) -> None:
    alice, _ = two
    alice.save_puzzle_filters(CHOSEN)
    alice.save_puzzle_filters(PuzzleFilters(("petit",), (1, 1), (4,), False))
    assert alice.puzzle_filters() == PuzzleFilters(("petit",), (1, 1), (4,), False)


def test_what_is_not_a_filter_is_dropped_and_a_reversed_range_put_in_order() -> None:
    cleaned = PuzzleFilters.checked(
        ["excuse", 7, "", "x" * 500, "excuse"], (9, True), [5, 2, "4", True, 3], "yes"
    )
    # 9 stars is 5; True is no number: the default top, 5
    assert cleaned == PuzzleFilters(("excuse",), (5, 5), (3, 5), False)
    assert PuzzleFilters.checked([], (4, 2), [], True) == PuzzleFilters((), (2, 4), (3, 4, 5), True)


def test_filters_are_exported_and_forgotten_by_a_fresh_start_and_with_the_learner(
    db: Database, two: tuple[LearnerStore, LearnerStore],
) -> None:
    alice, bob = two
    alice.save_puzzle_filters(CHOSEN)
    bob.save_puzzle_filters(CHOSEN)
    [exported] = alice.export()["puzzle_filters"]
    assert (exported["themes"], exported["low"], exported["high"], exported["players"],
            exported["weak_only"]) == (["excuse", "trumps"], 2, 4, [3, 5], True)
    json.dumps(alice.export())  # the export stays JSON
    alice.start_afresh()
    assert alice.puzzle_filters() is None
    bob.delete_everything()
    assert not db.learner_exists(bob.learner_id)
    assert db.learner(bob.learner_id).puzzle_filters() is None


def test_claiming_the_legacy_profile_keeps_the_claimers_filters_or_takes_the_legacys(
    tmp_path: Path,
) -> None:
    for claimer_has_filters in (True, False):
        path = legacy_file(tmp_path / f"progress-{claimer_has_filters}.sqlite3")
        db = Database(f"sqlite:///{path}")
        legacy = db.legacy_learner()
        assert legacy is not None
        db.learner(legacy).save_puzzle_filters(CHOSEN)
        mine = db.learner(db.new_learner())
        own = PuzzleFilters(("petit",), (1, 3), (4,), False)
        if claimer_has_filters:
            mine.save_puzzle_filters(own)
        assert db.claim_legacy(mine.learner_id) is True
        assert mine.puzzle_filters() == (own if claimer_has_filters else CHOSEN)
