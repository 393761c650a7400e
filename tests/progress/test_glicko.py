"""Glicko-2 as Glickman publishes it: the worked example of "Example of the Glicko-2 system",
and the properties the tutor relies on (a win raises, a loss lowers, games narrow the
deviation, one game rates both sides)."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

import pytest

from tutor.progress.glicko import (
    DEFAULT_DEVIATION,
    Game,
    Rating,
    expected_score,
    idle,
    periods_between,
    play,
    rate,
)

PLAYER = Rating(1500, 200, 0.06)
OPPONENTS = (Rating(1400, 30), Rating(1550, 100), Rating(1700, 300))


def test_the_papers_worked_example_gives_its_new_rating_deviation_and_volatility() -> None:
    games = [Game(o, s) for o, s in zip(OPPONENTS, (1.0, 0.0, 0.0), strict=True)]
    after = rate(PLAYER, games, tau=0.5)
    # the paper rounds its intermediate values: exact arithmetic lands within these bounds
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_the_papers_expected_scores_against_each_opponent() -> None:
    # the paper's table: E = 0.639, 0.432, 0.303
    scores = [expected_score(PLAYER, o) for o in OPPONENTS]
    assert scores == pytest.approx([0.639, 0.432, 0.303], abs=0.001)


def test_a_period_without_games_only_widens_the_deviation() -> None:
    after = rate(PLAYER, [])
    assert after.rating == PLAYER.rating and after.volatility == PLAYER.volatility
    assert after.deviation == pytest.approx((200**2 + (0.06 * 173.7178) ** 2) ** 0.5)


def test_a_win_raises_a_loss_lowers_and_each_game_narrows_the_deviation() -> None:
    learner, puzzle = Rating(), Rating(1500, 250)
    won, puzzle_lost = play(learner, puzzle, 1.0)
    lost, puzzle_won = play(learner, puzzle, 0.0)
    assert won.rating > learner.rating > lost.rating
    assert puzzle_won.rating > puzzle.rating > puzzle_lost.rating
    assert won.deviation < learner.deviation and puzzle_lost.deviation < puzzle.deviation


def test_beating_a_stronger_opponent_gains_more_than_beating_a_weaker_one() -> None:
    strong, weak = Rating(1800, 80), Rating(1200, 80)
    assert rate(PLAYER, [Game(strong, 1.0)]).rating > rate(PLAYER, [Game(weak, 1.0)]).rating



def test_the_deviation_grows_with_the_periods_without_play_by_the_papers_step_6() -> None:
    # step 6 once per period without games: phi* = sqrt(phi^2 + t sigma^2), on the paper's
    # player (RD 200, sigma 0.06): 30 days away
    phi = 200 / 173.7178
    published = math.sqrt(phi**2 + 30 * 0.06**2) * 173.7178
    after = idle(PLAYER, 30)
    assert after.deviation == pytest.approx(published)
    assert after.deviation == pytest.approx(207.99, abs=0.01)
    assert after.rating == PLAYER.rating and after.volatility == PLAYER.volatility
    assert idle(PLAYER, 1) == rate(PLAYER, [])  # one idle period is the paper's no-game period
    assert idle(PLAYER, 0) == PLAYER


def test_the_deviation_after_time_away_never_exceeds_a_new_players() -> None:
    assert idle(PLAYER, 100_000).deviation == DEFAULT_DEVIATION
    assert idle(Rating(1500, 340, 0.06), 100).deviation == DEFAULT_DEVIATION


def test_a_rating_period_is_a_whole_day_without_play() -> None:
    last = datetime(2026, 3, 1, 18, 0, tzinfo=UTC)
    assert periods_between(last, last + timedelta(hours=23)) == 0
    assert periods_between(last, last + timedelta(days=1)) == 1
    assert periods_between(last, last + timedelta(days=45, hours=5)) == 45
    assert periods_between(last, last - timedelta(days=3)) == 0
