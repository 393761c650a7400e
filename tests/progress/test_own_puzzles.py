"""The learner's own puzzles in the store, on both backends: a mistake from a seeded reviewed
deal kept with the review's values and put in that learner's review queue, the same review
twice adding it once, another learner never seeing it, and concurrent writes losing nothing."""

from __future__ import annotations

import threading
from dataclasses import replace

import pytest

from tests.review.test_kept_decisions import bad_bid_record, planted_review
from tests.review.test_review_deal import BLUNDER_TRICK, blunder_record, blunder_review
from tutor.engine import explain_play, parse_position
from tutor.practice import DealRow
from tutor.progress.review import new_card
from tutor.progress.store import Database, LearnerStore, NotFoundError, OwnPuzzle
from tutor.review.expected import Decision, option_cards
from tutor.review.mistakes import OwnDecision, OwnMistake, own_decisions, own_mistakes
from tutor.ui.reviews import keep_own_mistakes


@pytest.fixture
def two(db: Database) -> tuple[LearnerStore, LearnerStore]:
    return db.learner(db.new_learner()), db.learner(db.new_learner())


def kept(store: LearnerStore, game_id: int, deal: int = 1) -> list[OwnPuzzle]:
    """The mistakes of the seeded review, as the review page keeps them."""
    return [OwnPuzzle(m.item, game_id, deal, m.to_data())
            for m in own_mistakes(blunder_record(), blunder_review(), game_id, deal)]


def practice_game(store: LearnerStore) -> int:
    return store.create_game("Practice", "practice", {"players": 4}).id


def test_a_reviewed_mistake_is_in_the_learners_queue_with_an_answer_the_engine_confirms(
    two: tuple[LearnerStore, LearnerStore],
) -> None:
    alice, _ = two
    game_id = practice_game(alice)
    puzzles = kept(alice, game_id)
    assert [p.item for p in puzzles] == [f"own-{game_id}-1-{BLUNDER_TRICK}"]
    assert alice.add_own_puzzles(puzzles, *new_card()) == [puzzles[0].item]
    assert [item for item, _ in alice.due_items()] == [puzzles[0].item]
    stored = alice.own_puzzle(puzzles[0].item)
    assert stored is not None and [p.item for p in alice.own_puzzles()] == [stored.item]
    mistake = OwnMistake.from_data(stored.data)
    position = parse_position(mistake.notation)
    seat = position.to_play
    legal = explain_play(position.hands[seat], position.trick, position.called,
                         position.players == 5 and position.tricks_done == 0).legal
    review = blunder_review().card_in(BLUNDER_TRICK)
    assert review is not None and review.expected is not None
    assert set(mistake.best) <= set(legal)  # the answer is legal in the position...
    assert mistake.best == option_cards(review.expected.best)  # ...and the review's best
    assert mistake.played == review.card and mistake.played in legal
    assert {c for cards, _ in mistake.options for c in cards} == set(legal)  # all valued


def test_another_learner_sees_none_of_a_learners_own_puzzles(
    two: tuple[LearnerStore, LearnerStore],
) -> None:
    alice, bob = two
    game_id = practice_game(alice)
    [puzzle] = kept(alice, game_id)
    alice.add_own_puzzles([puzzle], *new_card())
    assert bob.own_puzzles() == [] and bob.own_puzzle(puzzle.item) is None
    assert bob.due_items() == []
    assert bob.own_puzzles_of(game_id, 1) == set()
    with pytest.raises(NotFoundError):  # alice's game: bob cannot add puzzles to it
        bob.add_own_puzzles([puzzle], *new_card())
    assert bob.own_puzzles() == [] and [p.item for p in alice.own_puzzles()] == [puzzle.item]


def test_the_same_review_twice_adds_the_puzzle_once_and_keeps_its_schedule(
    two: tuple[LearnerStore, LearnerStore],
) -> None:
    alice, _ = two
    game_id = practice_game(alice)
    puzzles = kept(alice, game_id)
    alice.add_own_puzzles(puzzles, *new_card())
    alice.save_review(puzzles[0].item, '{"answered": true}', new_card()[1].replace(year=2030))
    assert alice.add_own_puzzles(puzzles, *new_card()) == []
    assert len(alice.own_puzzles()) == 1
    assert alice.review_card(puzzles[0].item) == '{"answered": true}'  # not put back at once
    assert alice.own_puzzles_of(game_id, 1) == {puzzles[0].item}
    assert alice.own_puzzles_of(game_id, 2) == set()


def test_concurrent_reviews_of_several_deals_lose_no_puzzle(db: Database) -> None:
    alice = db.learner(db.new_learner())
    game_id = practice_game(alice)
    errors: list[BaseException] = []
    stored = [kept(alice, game_id, deal) for deal in range(1, 5)]  # computed before the race

    def add(deal: int) -> None:
        try:
            for _ in range(2):  # each deal's review saved twice, from two tabs
                db.learner(alice.learner_id).add_own_puzzles(stored[deal - 1], *new_card())
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=add, args=(deal,)) for deal in (1, 2, 3, 4) * 2]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors
    items = {f"own-{game_id}-{deal}-{BLUNDER_TRICK}" for deal in (1, 2, 3, 4)}
    assert {p.item for p in alice.own_puzzles()} == items
    assert {item for item, _ in alice.due_items()} == items


def test_a_reviewed_bid_mistake_is_kept_for_its_learner_only_and_exported(
    two: tuple[LearnerStore, LearnerStore],
) -> None:
    """The planted bad bid's puzzle in the same table as the cards' (its data says the
    decision), in alice's queue and export, never bob's."""
    alice, bob = two
    game_id = practice_game(alice)
    record = bad_bid_record()
    decisions = own_decisions(record, planted_review(record), game_id, 1)
    puzzles = [OwnPuzzle(d.item, game_id, 1, d.to_data()) for d in decisions]
    assert f"own-{game_id}-1-bid" in {p.item for p in puzzles}
    assert set(alice.add_own_puzzles(puzzles, *new_card())) == {p.item for p in puzzles}
    stored = alice.own_puzzle(f"own-{game_id}-1-bid")
    assert stored is not None
    assert OwnDecision.from_data(stored.data) == next(d for d in decisions
                                                     if d.decision is Decision.BID)
    assert {item for item, _ in alice.due_items()} == {p.item for p in puzzles}
    assert alice.own_puzzles_of(game_id, 1) == {p.item for p in puzzles}
    assert bob.own_puzzles() == [] and bob.own_puzzle(stored.item) is None
    assert bob.due_items() == []
    exported = alice.export()["own_puzzles"]
    assert {row["item"] for row in exported} == {p.item for p in puzzles}


def test_keeping_a_reviewed_deal_twice_counts_its_mistake_as_newly_added_once(
    two: tuple[LearnerStore, LearnerStore],
) -> None:
    """What the review page and the practice page's end of deal say as "N mistakes added":
    the store's count of what it inserted, 1 the first time, 0 when the deal is seen again
    (from another session) or was kept by another tab."""
    alice, _ = two
    game_id = practice_game(alice)
    record = blunder_record()
    row = DealRow(1, record.seed, record.dealer, record.moves, (0, 0, 0, 0))
    first = keep_own_mistakes(alice, game_id, row, record, blunder_review())
    assert first.added == 1 and first.items == {f"own-{game_id}-1-{BLUNDER_TRICK}"}
    again = keep_own_mistakes(alice, game_id, row, record, blunder_review())
    assert again.added == 0 and again.items == first.items  # still noted, not counted again
    alice.add_own_puzzles(kept(alice, game_id, 2), *new_card())  # another tab, deal 2
    assert keep_own_mistakes(alice, game_id, replace(row, number=2), record,
                             blunder_review()).added == 0
    assert len(alice.own_puzzles()) == 2 and len(alice.due_items()) == 2

