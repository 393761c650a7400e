"""Glicko-2 as Glickman publishes it: the worked example of "Example of the Glicko-2 system",
and the properties the tutor relies on (a win raises, a loss lowers, games narrow the
deviation, one game rates both sides)."""

from __future__ import annotations

import pytest

from tutor.progress.glicko import Game, Rating, expected_score, play, rate

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

