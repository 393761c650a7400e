"""The store's contract, on both backends: learners are kept apart, ids are checked against the
learner, stale edits are refused, sharing is read-only, and a learner's data can be exported,
reset and deleted."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from tutor.progress.review import schedule
from tutor.progress.store import (
    PUZZLE_SOURCES,
    Database,
    LearnerStore,
    NotFoundError,
    StaleEditError,
    StoreError,
    Streak,
    unmade_learner_id,
)


def fill(store: LearnerStore) -> int:
    """One of everything; returns the id of the learner's game."""
    store.record_attempt("puzzle", "p1", "counting", correct=True, first_try=True)
    store.save_lesson("basics", 2, {0, 1, 2}, {0, 1})
    store.save_review("p1", '{"card": 1}', datetime(2026, 1, 1, tzinfo=UTC))
    store.set_bookmark("p1", True)
    store.report("p1", "typo in the hint")
    game = store.create_game("Friday", "sheet", {"players": ["A", "B", "C", "D"]})
    store.add_row(game.id, {"taker": "A"})
    return game.id


@pytest.fixture
def two(db: Database) -> tuple[LearnerStore, LearnerStore]:
    return db.learner(db.new_learner()), db.learner(db.new_learner())


# --- learners --------------------------------------------------------------------------------


def test_new_learner_ids_are_unguessable_and_exist(db: Database) -> None:
    first, second = db.new_learner(), db.new_learner()
    assert first != second and len(first) >= 32
    assert db.learner_exists(first) and db.learner_exists(second)
    assert not db.learner_exists("no-such-learner")
    assert not db.learner_exists("x" * 500)


def test_two_learners_see_none_of_each_others_data(
    two: tuple[LearnerStore, LearnerStore],
) -> None:
    alice, bob = two
    fill(alice)
    assert bob.theme_stats() == [] and bob.streak().best == 0
    assert bob.solved_items() == set()
    assert bob.lessons() == {}
    assert bob.review_card("p1") is None
    assert bob.reviews() == {} and bob.next_due() is None and bob.due_items() == []
    assert bob.bookmarks() == set() and bob.reports() == []
    assert bob.games() == []
    assert alice.solved_items() == {"p1"} and alice.bookmarks() == {"p1"}
    assert [g.name for g in alice.games()] == ["Friday"]


def test_another_learners_game_is_not_found_for_every_operation(
    two: tuple[LearnerStore, LearnerStore],
) -> None:
    alice, bob = two
    game_id = fill(alice)
    game = alice.game(game_id)
    row = game.rows[0]
    with pytest.raises(NotFoundError) as theirs:
        bob.game(game_id)
    with pytest.raises(NotFoundError) as unknown:
        bob.game(game_id + 1000)
    assert str(theirs.value) == str(unknown.value)  # nothing tells "exists" from "not yours"
    for attempt in (
        lambda: bob.update_game(game_id, game.version, name="mine now"),
        lambda: bob.add_row(game_id, {"taker": "B"}),
        lambda: bob.update_row(game_id, row.id, row.version, {"taker": "B"}),
        lambda: bob.delete_row(game_id, row.id, row.version),
        lambda: bob.delete_game(game_id),
        lambda: bob.share_token(game_id),
    ):
        with pytest.raises(NotFoundError):
            attempt()
    assert alice.game(game_id) == game  # untouched


@pytest.mark.parametrize("bad_id", [0, -1, 2**40, "1", None, 1.5, True])
def test_an_implausible_game_id_is_not_found(db: Database, bad_id: object) -> None:
    store = db.learner(db.new_learner())
    with pytest.raises(NotFoundError):
        store.game(bad_id)  # type: ignore[arg-type]


# --- attempts, lessons, reviews --------------------------------------------------------------


def test_attempts_give_theme_stats_streak_and_solved_items(db: Database) -> None:
    store = db.learner(db.new_learner())
    store.record_attempt("puzzle", "p1", "counting", correct=True, first_try=True)
    store.record_attempt("puzzle", "p2", "counting", correct=False, first_try=True)
    store.record_attempt("puzzle", "p2", "counting", correct=True, first_try=False)
    store.record_attempt("generated", "g1", "leads", correct=True, first_try=True)
    store.record_attempt("generated", "g2", "leads", correct=True, first_try=True, hints=1)
    store.record_attempt("score-quiz", "q1", "score", correct=True, first_try=True)
    stats = {s.theme: s for s in store.theme_stats()}
    assert (stats["counting"].attempts, stats["counting"].first_tries) == (3, 2)
    assert stats["counting"].first_try_right == 1 and stats["counting"].rate == 0.5
    assert [s.theme for s in store.theme_stats("score-quiz")] == ["score"]
    assert [s.theme for s in store.theme_stats(PUZZLE_SOURCES)] == ["counting", "leads"]
    # p1 right, p2 wrong, g1 right, g2 right with a hint (breaks it)
    assert store.streak() == store.streak(("puzzle", "generated"))
    assert store.streak().current == 0 and store.streak().best == 1
    assert store.streak(("score-quiz",)).current == 1
    assert store.solved_items() == {"p1", "p2"}
    assert store.solved_items("generated") == {"g1", "g2"}


def test_the_trainer_summary_agrees_with_the_separate_reads(db: Database) -> None:
    store, other = db.learner(db.new_learner()), db.learner(db.new_learner())
    start = datetime(2026, 3, 1, 12, tzinfo=UTC)
    empty = store.trainer_summary(start)
    assert (empty.streak.current, empty.streak.best, empty.due, empty.next_due, empty.solved) == (
        0, 0, (), None, 0)
    for item, correct in (("p1", True), ("p2", True), ("p1", True), ("p3", False)):
        store.record_attempt("puzzle", item, "counting", correct=correct, first_try=True)
    store.record_attempt("generated", "g1", "leads", correct=True, first_try=True)
    store.record_attempt("generated", "g2", "leads", correct=True, first_try=True)
    store.save_review("late", "{}", start + timedelta(days=3))
    store.save_review("soon", "{}", start + timedelta(days=1))
    other.record_attempt("puzzle", "p9", "counting", correct=True, first_try=True)
    other.save_review("other", "{}", start)
    for at in (start, start + timedelta(days=2), start + timedelta(days=5)):
        summary = store.trainer_summary(at)
        assert summary.streak == store.streak() == Streak(2, 3)
        assert list(summary.due) == store.due_items(at)
        assert summary.next_due == store.next_due() == ("soon", start + timedelta(days=1))
        assert summary.solved == len(store.solved_items()) == 2
    assert [item for item, _ in store.trainer_summary(start + timedelta(days=5)).due] == [
        "soon", "late"]


def test_a_lesson_is_saved_and_resaved(db: Database) -> None:
    store = db.learner(db.new_learner())
    store.save_lesson("basics", 1, {0, 1}, {0})
    store.save_lesson("basics", 3, {0, 1, 2, 3}, {0, 2})
    store.save_lesson("bids", 0, set(), set())
    saved = store.lessons()
    assert saved["basics"].step == 3
    assert saved["basics"].seen == frozenset({0, 1, 2, 3})
    assert saved["basics"].passed == frozenset({0, 2})
    assert saved["bids"].seen == frozenset()


def test_the_review_queue_orders_by_due_date(db: Database) -> None:
    store = db.learner(db.new_learner())
    start = datetime(2026, 3, 1, 12, tzinfo=UTC)
    store.save_review("late", "{}", start + timedelta(days=3))
    store.save_review("soon", "{}", start + timedelta(hours=1))
    store.save_review("soon", '{"again": true}', start + timedelta(days=1))  # rescheduled
    assert store.review_card("soon") == '{"again": true}'
    assert store.next_due() == ("soon", start + timedelta(days=1))
    assert store.due_items(start + timedelta(days=2)) == [("soon", start + timedelta(days=1))]
    assert [item for item, _ in store.due_items(start + timedelta(days=5))] == ["soon", "late"]
    assert store.reviews()["late"].tzinfo is not None


def test_fsrs_schedule_uses_the_learner_store(db: Database) -> None:
    store = db.learner(db.new_learner())
    at = datetime(2026, 3, 1, tzinfo=UTC)
    assert schedule(store, "p1", correct=True, hints=0, at=at) is None  # right at once: no card
    due = schedule(store, "p2", correct=False, hints=0, at=at)
    assert due is not None and store.reviews() == {"p2": due}


def test_bookmarks_toggle(db: Database) -> None:
    store = db.learner(db.new_learner())
    store.set_bookmark("p1", True)
    store.set_bookmark("p1", True)
    store.set_bookmark("p2", True)
    store.set_bookmark("p2", False)
    assert store.bookmarks() == {"p1"}


# --- games -----------------------------------------------------------------------------------


def test_a_game_is_created_listed_and_read(db: Database) -> None:
    store = db.learner(db.new_learner())
    sheet = store.create_game("Friday", "sheet", {"players": ["A", "B", "C"]})
    practice = store.create_game("Practice", "practice", {"seed": 7})
    assert sheet.version == 1 and sheet.rows == () and sheet.share_token is None
    for deal in range(3):
        store.add_row(sheet.id, {"deal": deal})
    listed = {g.id: g for g in store.games()}
    assert listed[sheet.id].rows == 3 and listed[practice.id].rows == 0
    assert [g.id for g in store.games("sheet")] == [sheet.id]
    assert listed[sheet.id].meta == {"players": ["A", "B", "C"]}
    read = store.game(sheet.id)
    assert [r.data["deal"] for r in read.rows] == [0, 1, 2]
    assert [r.position for r in read.rows] == [1, 2, 3]
    assert read.version == 4  # created, then three rows


def test_the_last_changed_game_is_listed_first(db: Database) -> None:
    store = db.learner(db.new_learner())
    first = store.create_game("first", "sheet", {})
    second = store.create_game("second", "sheet", {})
    store.add_row(first.id, {"deal": 1})
    assert [g.id for g in store.games()] == [first.id, second.id]


def test_every_change_bumps_the_game_version(db: Database) -> None:
    store = db.learner(db.new_learner())
    game = store.create_game("g", "sheet", {})
    row = store.add_row(game.id, {"n": 1})
    renamed = store.update_game(game.id, 2, name="renamed")
    assert (renamed.name, renamed.version) == ("renamed", 3)
    edited = store.update_row(game.id, row.id, row.version, {"n": 2})
    assert edited.version == 2 and edited.data == {"n": 2}
    store.delete_row(game.id, row.id, edited.version)
    final = store.game(game.id)
    assert final.version == 5 and final.rows == ()


def test_an_edit_of_a_stale_game_version_is_refused(db: Database) -> None:
    store = db.learner(db.new_learner())
    game = store.create_game("g", "sheet", {"players": ["A"]})
    store.update_game(game.id, game.version, meta={"players": ["A", "B"]})
    with pytest.raises(StaleEditError, match="changed elsewhere"):
        store.update_game(game.id, game.version, name="late rename")
    assert store.game(game.id).name == "g"
    assert store.game(game.id).meta == {"players": ["A", "B"]}


def test_an_edit_of_a_row_someone_changed_is_refused_and_changes_nothing(db: Database) -> None:
    store = db.learner(db.new_learner())
    game = store.create_game("g", "sheet", {})
    row = store.add_row(game.id, {"score": 10})
    store.update_row(game.id, row.id, row.version, {"score": 20})
    before = store.game(game.id)
    with pytest.raises(StaleEditError):
        store.update_row(game.id, row.id, row.version, {"score": 30})
    with pytest.raises(StaleEditError):
        store.delete_row(game.id, row.id, row.version)
    assert store.game(game.id) == before  # not even the game's version moved


def test_appends_never_conflict_with_each_other_or_with_an_open_version(db: Database) -> None:
    store = db.learner(db.new_learner())
    game = store.create_game("g", "sheet", {})
    first = store.add_row(game.id, {"n": 1})
    store.add_row(game.id, {"n": 2})  # someone else appended meanwhile
    store.update_row(game.id, first.id, first.version, {"n": 10})  # the row itself is unchanged
    assert [r.data["n"] for r in store.game(game.id).rows] == [10, 2]


def test_a_row_of_another_game_is_not_found(db: Database) -> None:
    store = db.learner(db.new_learner())
    one = store.create_game("one", "sheet", {})
    other = store.create_game("other", "sheet", {})
    row = store.add_row(one.id, {"n": 1})
    with pytest.raises(NotFoundError):
        store.update_row(other.id, row.id, row.version, {"n": 2})
    with pytest.raises(NotFoundError):
        store.delete_row(other.id, row.id, row.version)


def test_deleting_a_game_deletes_its_rows(db: Database) -> None:
    store = db.learner(db.new_learner())
    game = store.create_game("g", "sheet", {})
    store.add_row(game.id, {"n": 1})
    store.delete_game(game.id)
    assert store.games() == []
    with pytest.raises(NotFoundError):
        store.game(game.id)
    with pytest.raises(NotFoundError):
        store.delete_game(game.id)


def test_a_share_token_gives_read_only_access(
    db: Database, two: tuple[LearnerStore, LearnerStore]
) -> None:
    alice, bob = two
    game_id = fill(alice)
    token = alice.share_token(game_id)
    assert alice.share_token(game_id) == token  # made once
    assert len(token) >= 32
    shared = db.shared_game(token)
    assert shared is not None and shared == alice.game(game_id)
    # the token opens it for reading only: another learner still cannot change it
    with pytest.raises(NotFoundError):
        bob.add_row(game_id, {"taker": "B"})
    assert db.shared_game(token + "x") is None
    assert db.shared_game("") is None
    assert db.shared_game("'; DROP TABLE games; --") is None
    assert db.shared_game("x" * 10_000) is None


def test_bad_values_are_refused_with_a_store_error(db: Database) -> None:
    store = db.learner(db.new_learner())
    with pytest.raises(StoreError, match="too long"):
        store.create_game("n" * 81, "sheet", {})
    store.create_game("n" * 80, "sheet", {})
    with pytest.raises(StoreError, match="too long"):
        store.report("p1", "x" * 2_001)
    store.report("p1", "x" * 2_000)
    with pytest.raises(StoreError, match="kind"):
        store.create_game("g", "poker", {})
    with pytest.raises(StoreError, match="cannot be saved"):
        store.create_game("g", "sheet", {"bad": object()})
    with pytest.raises(StoreError, match="too large"):
        store.create_game("g", "sheet", {"big": "x" * 100_000})


def test_text_is_stored_as_typed(db: Database) -> None:
    store = db.learner(db.new_learner())
    name = "<b>**Ça** </b>'); DROP TABLE games; -- ♠"
    game = store.create_game(name, "sheet", {"note": name})
    assert store.game(game.id).name == name and store.game(game.id).meta == {"note": name}


# --- the learner's own data ------------------------------------------------------------------


def test_export_holds_everything_the_learner_stored_and_nothing_else(
    two: tuple[LearnerStore, LearnerStore],
) -> None:
    alice, bob = two
    fill(alice)
    bob.report("p9", "bob's note")
    exported = alice.export()
    json.dumps(exported)  # serialisable as it is
    assert exported["learner"]["id"] == alice.learner_id
    assert [a["item"] for a in exported["attempts"]] == ["p1"]
    assert exported["lessons"][0]["lesson"] == "basics"
    assert [r["item"] for r in exported["reviews"]] == ["p1"]
    assert [b["item"] for b in exported["bookmarks"]] == ["p1"]
    assert [r["note"] for r in exported["reports"]] == ["typo in the hint"]
    assert exported["games"][0]["rows"][0]["data"] == {"taker": "A"}
    assert "bob's note" not in json.dumps(exported)


def test_start_afresh_forgets_progress_but_keeps_games(
    two: tuple[LearnerStore, LearnerStore],
) -> None:
    alice, bob = two
    fill(alice)
    fill(bob)
    alice.start_afresh()
    assert alice.theme_stats() == [] and alice.lessons() == {} and alice.reviews() == {}
    assert alice.bookmarks() == set()
    assert len(alice.games()) == 1 and alice.games()[0].rows == 1
    assert bob.solved_items() == {"p1"} and bob.lessons() != {}


def test_delete_everything_removes_the_learner_and_only_them(
    db: Database, two: tuple[LearnerStore, LearnerStore]
) -> None:
    alice, bob = two
    game_id = fill(alice)
    token = alice.share_token(game_id)
    fill(bob)
    alice.delete_everything()
    assert not db.learner_exists(alice.learner_id)
    assert alice.export()["games"] == [] and alice.export()["attempts"] == []
    assert db.shared_game(token) is None
    assert bob.solved_items() == {"p1"} and len(bob.games()) == 1
    with pytest.raises(NotFoundError):
        alice.record_attempt("puzzle", "p1", "t", correct=True, first_try=True)


# --- accounts and the server secret ----------------------------------------------------------


def test_first_sign_in_keeps_the_anonymous_profile(db: Database) -> None:
    anonymous = db.new_learner()
    db.learner(anonymous).set_bookmark("p1", True)
    assert db.account_learner("sub-1", anonymous) == anonymous
    assert db.account_learner("sub-1", None) == anonymous  # later sign-ins, any device
    assert db.account_learner("sub-1", db.new_learner()) == anonymous


def test_a_profile_joined_to_one_account_is_not_given_to_another(db: Database) -> None:
    anonymous = db.new_learner()
    assert db.account_learner("sub-1", anonymous) == anonymous
    other = db.account_learner("sub-2", anonymous)
    assert other != anonymous and db.learner_exists(other)
    assert db.learner(other).bookmarks() == set()


def test_an_account_without_a_profile_gets_a_new_one(db: Database) -> None:
    made = db.account_learner("sub-1", None)
    assert db.learner_exists(made)
    assert db.account_learner("sub-2", "no-such-learner") not in (made, "no-such-learner")


def test_the_secret_is_made_once_and_shared_by_every_database_object(backend: str) -> None:
    first, second = Database(backend), Database(backend)
    secret = first.secret()
    assert len(secret) == 32
    assert second.secret() == secret and first.secret() == secret


def test_the_url_hides_the_password(backend: str) -> None:
    import sqlalchemy as sa

    url = sa.make_url(backend)
    if url.get_backend_name() == "sqlite":
        pytest.skip("a SQLite URL has no password")
    shown = repr(Database(url.set(password="hunter2").render_as_string(hide_password=False)))
    assert "hunter2" not in shown and "***" in shown


# --- failures are reported per call, never as "empty" ----------------------------------------


def test_a_failed_read_raises_instead_of_looking_empty(db: Database) -> None:
    store = db.learner(db.new_learner())
    fill(store)
    with db.engine.begin() as connection:
        connection.exec_driver_sql("ALTER TABLE attempts RENAME TO attempts_gone")
    with pytest.raises(StoreError) as failed:
        store.solved_items()
    assert "\n" not in str(failed.value) and "SELECT" not in str(failed.value)
    assert store.bookmarks() == {"p1"}  # the rest still works: nothing switched off
    with db.engine.begin() as connection:
        connection.exec_driver_sql("ALTER TABLE attempts_gone RENAME TO attempts")
    assert store.solved_items() == {"p1"}


# --- profiles made on the first write (issue 20) ----------------------------------------------


def unmade(db: Database, made: list[str] | None = None) -> LearnerStore:
    return db.learner(unmade_learner_id(), unmade=True,
                      on_made=None if made is None else lambda: made.append("made"))


def test_reading_an_unmade_profile_makes_no_profile(db: Database) -> None:
    store = unmade(db)
    assert store.solved_items() == set() and store.games() == [] and store.lessons() == {}
    assert store.export()["learner"]["created"] is None
    assert not db.learner_exists(store.learner_id)


def test_the_first_write_makes_the_profile_once(db: Database) -> None:
    made: list[str] = []
    store = unmade(db, made)
    store.set_bookmark("p1", True)
    assert db.learner_exists(store.learner_id) and made == ["made"]
    store.record_attempt("puzzle", "p1", "counting", correct=True, first_try=True)
    assert made == ["made"]  # told once
    assert store.bookmarks() == {"p1"} and store.solved_items() == {"p1"}


def test_a_refused_first_write_makes_no_profile(db: Database) -> None:
    made: list[str] = []
    store = unmade(db, made)
    with pytest.raises(StoreError):
        store.set_bookmark("x" * 10_000, True)
    assert not db.learner_exists(store.learner_id) and made == []


def test_a_profile_made_for_a_claim_exists_before_it(db: Database) -> None:
    store = unmade(db)
    store.make_profile()
    assert db.learner_exists(store.learner_id)
    assert db.claim_legacy(store.learner_id) is False  # no legacy profile: nothing to claim


def test_only_old_anonymous_profiles_that_hold_nothing_are_removed(db: Database) -> None:
    empty, saved, account = db.new_learner(), db.new_learner(), db.account_learner("sub-1", None)
    db.learner(saved).set_bookmark("p1", True)
    emptied = db.learner(db.new_learner())
    fill(emptied)
    emptied.start_afresh()  # its game is kept: it still holds something
    assert db.remove_unused_profiles(datetime.now(UTC) - timedelta(days=1)) == 0  # all too young
    assert db.remove_unused_profiles(datetime.now(UTC) + timedelta(seconds=1)) == 1
    assert not db.learner_exists(empty)
    assert all(db.learner_exists(kept) for kept in (saved, account, emptied.learner_id))
