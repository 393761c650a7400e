"""Deal reviews in the store, on both backends: kept per learner and per deal of a game,
replaced when redone, listed for the progress page, gone with the game or the learner."""

from __future__ import annotations

import json

import pytest

from tutor.progress.store import Database, LearnerStore, NotFoundError

REVIEW = {"version": 1, "learner": 0, "cards": [], "nodes": 12}


@pytest.fixture
def two(db: Database) -> tuple[LearnerStore, LearnerStore]:
    return db.learner(db.new_learner()), db.learner(db.new_learner())


def practice_game(store: LearnerStore, name: str = "Practice") -> int:
    return store.create_game(name, "practice", {"players": 4}).id


def save(store: LearnerStore, game_id: int, deal: int, mistakes: int = 1, **data: object) -> None:
    store.save_deal_review(
        game_id, deal, judged=9, inaccuracies=2, mistakes=mistakes, blunders=0,
        data={**REVIEW, **data},
    )


def test_a_review_round_trips_and_is_listed_with_its_counts(
    two: tuple[LearnerStore, LearnerStore],
) -> None:
    alice, _ = two
    game_id = practice_game(alice, "Friday")
    assert alice.deal_review(game_id, 1) is None
    save(alice, game_id, 1)
    assert alice.deal_review(game_id, 1) == REVIEW
    [summary] = alice.deal_reviews()
    assert (summary.game_id, summary.game_name, summary.deal) == (game_id, "Friday", 1)
    assert (summary.judged, summary.inaccuracies, summary.mistakes, summary.blunders) == (
        9, 2, 1, 0,
    )


def test_a_redone_review_replaces_the_earlier_one(two: tuple[LearnerStore, LearnerStore]) -> None:
    alice, _ = two
    game_id = practice_game(alice)
    save(alice, game_id, 2, mistakes=1, nodes=1)
    save(alice, game_id, 2, mistakes=3, nodes=2)
    assert alice.deal_review(game_id, 2) == {**REVIEW, "nodes": 2}
    assert [s.mistakes for s in alice.deal_reviews()] == [3]


def test_reviews_are_listed_earliest_first(two: tuple[LearnerStore, LearnerStore]) -> None:
    alice, _ = two
    game_id = practice_game(alice)
    for deal in (3, 1, 2):
        save(alice, game_id, deal)
    assert [s.deal for s in alice.deal_reviews()] == [3, 1, 2]
    assert [s.deal for s in alice.deal_reviews(limit=2)] == [1, 2]


def test_another_learners_game_cannot_be_reviewed_or_read(
    two: tuple[LearnerStore, LearnerStore],
) -> None:
    alice, bob = two
    game_id = practice_game(alice)
    save(alice, game_id, 1)
    with pytest.raises(NotFoundError):
        save(bob, game_id, 1)
    assert bob.deal_review(game_id, 1) is None
    assert bob.deal_reviews() == []
    assert len(alice.deal_reviews()) == 1


@pytest.mark.parametrize("bad", [0, -1, True, "1", 2**31])
def test_an_implausible_deal_number_is_not_found(
    two: tuple[LearnerStore, LearnerStore], bad: object
) -> None:
    alice, _ = two
    game_id = practice_game(alice)
    with pytest.raises(NotFoundError):
        alice.deal_review(game_id, bad)  # type: ignore[arg-type]


def test_deleting_the_game_or_the_learner_deletes_the_reviews(
    two: tuple[LearnerStore, LearnerStore],
) -> None:
    alice, bob = two
    first, second = practice_game(alice), practice_game(alice)
    save(alice, first, 1)
    save(alice, second, 1)
    save(bob, practice_game(bob), 1)
    alice.delete_game(first)
    assert [s.game_id for s in alice.deal_reviews()] == [second]
    alice.delete_everything()
    assert alice.deal_reviews() == []
    assert len(bob.deal_reviews()) == 1


def test_the_export_holds_the_learners_reviews(two: tuple[LearnerStore, LearnerStore]) -> None:
    alice, bob = two
    game_id = practice_game(alice)
    save(alice, game_id, 1)
    save(bob, practice_game(bob), 1, nodes=999)
    exported = alice.export()
    json.dumps(exported)
    assert [(r["game_id"], r["deal"], r["data"]) for r in exported["deal_reviews"]] == [
        (game_id, 1, REVIEW)
    ]
