"""The deal of the day in the store, on both backends: the first finished play of the day
counts and a later one changes nothing; each learner reads their own mark's standing among
the day's marks as counts (and so a percentile), never another learner's row; the days played
make the streak; the rows go with the learner."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from tutor.practice.daily import bot_mark, percentile, streak
from tutor.progress.store import Database, DayStanding, LearnerStore, unmade_learner_id

DAY = date(2026, 12, 2)


@pytest.fixture
def three(db: Database) -> tuple[LearnerStore, LearnerStore, LearnerStore]:
    return (db.learner(db.new_learner()), db.learner(db.new_learner()),
            db.learner(db.new_learner()))


def test_two_learners_see_only_their_own_mark_among_the_counts_of_the_day(
    three: tuple[LearnerStore, LearnerStore, LearnerStore],
) -> None:
    alice, bob, carol = three
    computer = bot_mark(DAY)  # Alice plays the deal as the computer player would
    assert alice.record_daily(DAY, computer)
    assert bob.record_daily(DAY, computer + 40)
    assert alice.daily_standing(DAY) == DayStanding(computer, below=0, equal=1, count=2)
    assert bob.daily_standing(DAY) == DayStanding(computer + 40, below=1, equal=1, count=2)
    assert percentile(alice.daily_standing(DAY)) == 0  # type: ignore[arg-type]
    assert percentile(bob.daily_standing(DAY)) == 100  # type: ignore[arg-type]
    assert carol.daily_standing(DAY) is None  # not played: no standing, nothing of others'
    assert carol.daily_days() == []
    assert "daily_deals" in alice.export() and len(alice.export()["daily_deals"]) == 1
    assert bob.export()["daily_deals"][0]["mark"] == computer + 40


def test_only_the_first_finished_play_of_the_day_counts(
    three: tuple[LearnerStore, LearnerStore, LearnerStore],
) -> None:
    alice, bob, _ = three
    assert alice.record_daily(DAY, -60)
    assert not alice.record_daily(DAY, 120)  # played again, better: not counted
    assert bob.record_daily(DAY, -60)
    assert alice.daily_standing(DAY) == DayStanding(-60, below=0, equal=2, count=2)
    assert alice.record_daily(DAY + timedelta(days=1), 10)  # the next day is another deal
    assert alice.daily_standing(DAY + timedelta(days=1)) == DayStanding(10, 0, 1, 1)


def test_the_days_played_make_the_streak_and_go_with_the_learner(
    db: Database, three: tuple[LearnerStore, LearnerStore, LearnerStore],
) -> None:
    alice, bob, _ = three
    for back in (0, 1, 2, 4):
        alice.record_daily(DAY - timedelta(days=back), back)
    bob.record_daily(DAY, 0)
    days = alice.daily_days()
    assert days == sorted(days) and len(days) == 4
    assert streak(days, DAY) == 3
    alice.delete_everything()
    assert bob.daily_standing(DAY) == DayStanding(0, below=0, equal=1, count=1)


def test_a_visitor_without_a_profile_gets_one_with_the_first_daily_mark(db: Database) -> None:
    visitor = db.learner(unmade_learner_id(), unmade=True)
    assert visitor.daily_standing(DAY) is None  # a read makes no profile
    assert visitor.record_daily(DAY, 25)
    assert db.learner_exists(visitor.learner_id)
    assert visitor.daily_days() == [DAY]


def test_a_mark_that_is_not_a_whole_number_is_refused(db: Database) -> None:
    learner = db.learner(db.new_learner())
    with pytest.raises(ValueError):
        learner.record_daily(DAY, True)
