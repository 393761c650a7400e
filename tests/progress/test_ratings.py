"""Ratings in the store, on both backends: a learner's first try of a puzzle is one Glicko-2
game between them (the learner's overall and theme ratings, the puzzle's shared rating, a
point of history), a later try is not rated, every read is the learner's own, and answers
given at once from several threads lose nothing."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import timedelta

import pytest

from tutor.progress.glicko import Rating, idle, play
from tutor.progress.ratings import LEARNER_START, first_try_score, puzzle_start
from tutor.progress.schema import OVERALL, learner_ratings, learners, puzzle_ratings
from tutor.progress.store import Database, LearnerStore, now, unmade_learner_id

START = puzzle_start(3)


def answer(store: LearnerStore, item: str, correct: bool = True, hints: int = 0,
           theme: str = "counting", start: Rating = START) -> object:
    return store.record_puzzle_answer("puzzle", item, theme, correct, hints, "", start)


@pytest.fixture
def two(db: Database) -> tuple[LearnerStore, LearnerStore]:
    return db.learner(db.new_learner()), db.learner(db.new_learner())


def test_a_first_try_is_one_game_between_the_learner_and_the_puzzle(
    db: Database, two: tuple[LearnerStore, LearnerStore]
) -> None:
    alice, _ = two
    rated = answer(alice, "p1", correct=True)
    learner, puzzle = play(LEARNER_START, START, 1.0)
    ratings = alice.ratings()
    assert set(ratings) == {OVERALL, "counting"}
    assert ratings[OVERALL].rating.rating == pytest.approx(learner.rating)
    assert ratings[OVERALL].games == ratings["counting"].games == 1
    assert db.puzzle_ratings(["p1", "p2"])["p1"].rating == pytest.approx(puzzle.rating)
    assert "p2" not in db.puzzle_ratings(["p2"])  # untried: still at its start
    assert rated is not None
    [point] = alice.rating_history()
    assert point.rating == pytest.approx(learner.rating)


def test_a_later_try_of_the_same_puzzle_is_saved_but_not_rated(
    two: tuple[LearnerStore, LearnerStore],
) -> None:
    alice, _ = two
    answer(alice, "p1", correct=False)
    before = alice.ratings()
    assert answer(alice, "p1", correct=True) is None
    assert alice.ratings() == before
    assert len(alice.rating_history()) == 1
    assert alice.theme_stats()[0].first_tries == 2  # the attempt itself is kept


def test_a_hint_makes_a_right_answer_a_game_lost() -> None:
    assert first_try_score(True, 0) == 1.0
    assert first_try_score(True, 1) == first_try_score(False, 0) == 0.0


def test_a_puzzles_rating_starts_from_its_stars_and_is_shared_by_every_learner(
    db: Database, two: tuple[LearnerStore, LearnerStore]
) -> None:
    alice, bob = two
    hard = puzzle_start(5)
    assert puzzle_start(1).rating < START.rating < hard.rating
    answer(alice, "p5", correct=False, start=hard)
    after_alice = db.puzzle_ratings(["p5"])["p5"]
    answer(bob, "p5", correct=False, start=hard)  # bob plays the puzzle alice moved
    _, expected = play(LEARNER_START, after_alice, 0.0)
    assert db.puzzle_ratings(["p5"])["p5"].rating == pytest.approx(expected.rating)


def test_a_learner_reads_only_their_own_ratings_and_history(
    two: tuple[LearnerStore, LearnerStore],
) -> None:
    alice, bob = two
    answer(alice, "p1")
    assert bob.ratings() == {} and bob.rating_history() == []
    assert alice.tried_items() == {"p1"} and bob.tried_items() == set()
    assert "ratings" in alice.export() and len(alice.export()["rating_history"]) == 1
    assert bob.export()["ratings"] == []


def test_starting_afresh_forgets_the_learners_ratings_but_not_the_puzzles(
    db: Database, two: tuple[LearnerStore, LearnerStore]
) -> None:
    alice, bob = two
    answer(alice, "p1")
    answer(bob, "p1")
    puzzle = db.puzzle_ratings(["p1"])["p1"]
    alice.start_afresh()
    assert alice.ratings() == {} and alice.rating_history() == []
    assert bob.ratings()[OVERALL].games == 1
    assert db.puzzle_ratings(["p1"])["p1"] == puzzle
    assert answer(alice, "p1") is not None  # tried afresh: rated again


def test_deleting_a_learner_keeps_the_puzzles_ratings(
    db: Database, two: tuple[LearnerStore, LearnerStore]
) -> None:
    alice, _ = two
    answer(alice, "p1")
    alice.delete_everything()
    assert "p1" in db.puzzle_ratings(["p1"])


def test_an_unmade_profile_is_made_by_its_first_rated_answer(db: Database) -> None:
    store = db.learner(unmade_learner_id(), unmade=True)
    answer(store, "p1")
    assert db.learner_exists(store.learner_id) and store.ratings()[OVERALL].games == 1


# --- at once, from several threads ----------------------------------------------------------
THREADS = 6
PUZZLES = 12


def together(work: list[Callable[[], None]]) -> list[BaseException]:
    """Run each callable in its own thread, all released at once; the errors they raised."""
    start = threading.Barrier(len(work))
    errors: list[BaseException] = []

    def run(job: Callable[[], None]) -> None:
        start.wait()
        try:
            job()
        except BaseException as error:  # reported by the test, not lost in the thread
            errors.append(error)

    threads = [threading.Thread(target=run, args=(job,)) for job in work]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    return errors


def test_learners_answering_the_same_puzzles_at_once_lose_no_game(db: Database) -> None:
    learners = [db.learner(db.new_learner()) for _ in range(THREADS)]

    def answers(store: LearnerStore, correct: bool) -> Callable[[], None]:
        def run() -> None:
            for n in range(PUZZLES):
                answer(store, f"p{n}", correct)

        return run

    assert together([answers(s, i % 2 == 0) for i, s in enumerate(learners)]) == []
    items = [f"p{n}" for n in range(PUZZLES)]
    with db.engine.connect() as connection:
        games = dict(connection.execute(
            puzzle_ratings.select().with_only_columns(puzzle_ratings.c.item,
                                                      puzzle_ratings.c.games)
        ).all())
    assert games == {item: THREADS for item in items}
    assert set(db.puzzle_ratings(items)) == set(items)
    for store in learners:
        assert store.ratings()[OVERALL].games == PUZZLES
        assert len(store.rating_history()) == PUZZLES


def test_one_learners_answers_from_several_tabs_at_once_are_each_rated_once(
    db: Database,
) -> None:
    store = db.learner(db.new_learner())

    def tab(n: int) -> Callable[[], None]:
        def run() -> None:  # every tab answers its own puzzles and one every tab answers
            for item in (f"t{n}-a", f"t{n}-b", "shared"):
                answer(store, item)

        return run

    assert together([tab(n) for n in range(THREADS)]) == []
    assert store.ratings()[OVERALL].games == 2 * THREADS + 1  # "shared" is rated once
    assert len(store.rating_history()) == 2 * THREADS + 1
    assert store.theme_stats()[0].first_tries == 3 * THREADS  # every attempt kept


def test_claiming_the_legacy_profile_keeps_the_claimers_ratings_where_both_have_one(
    db: Database, two: tuple[LearnerStore, LearnerStore]
) -> None:
    legacy, claimer = two
    answer(legacy, "p1", theme="counting")
    answer(legacy, "p2", theme="scoring")
    answer(claimer, "p3", theme="counting", correct=False)
    mine = claimer.ratings()
    with db.engine.begin() as connection:
        connection.execute(learners.update().where(learners.c.id == legacy.learner_id)
                           .values(legacy=True))
    assert db.claim_legacy(claimer.learner_id)
    after = claimer.ratings()
    assert after[OVERALL] == mine[OVERALL] and after["counting"] == mine["counting"]
    assert after["scoring"].games == 1  # only the legacy profile had one: it moves over
    assert len(claimer.rating_history()) == 3


def _away(db: Database, store: LearnerStore, days: int) -> None:
    """The learner's ratings last rated ``days`` days ago."""
    r = learner_ratings
    with db.engine.begin() as connection:
        connection.execute(r.update().where(r.c.learner_id == store.learner_id)
                           .values(updated=now() - timedelta(days=days, hours=1)))


def test_a_learners_deviation_grows_with_the_days_away_and_the_next_game_starts_from_it(
    db: Database, two: tuple[LearnerStore, LearnerStore]
) -> None:
    alice, bob = two
    answer(alice, "p1")
    answer(bob, "p1")
    rated = alice.ratings()[OVERALL].rating
    _away(db, alice, 40)
    away = alice.ratings()[OVERALL].rating
    assert away == idle(rated, 40)
    assert away.deviation > rated.deviation and away.rating == rated.rating
    assert bob.ratings()[OVERALL].rating.deviation < away.deviation  # bob was not away
    puzzle = db.puzzle_ratings(["p2"]).get("p2", START)
    answer(alice, "p2", correct=True)
    assert alice.ratings()[OVERALL].rating.rating == pytest.approx(
        play(away, puzzle, 1.0)[0].rating)
