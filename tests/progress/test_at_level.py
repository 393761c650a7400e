"""Which puzzles are at a learner's level (``tutor.progress.ratings``): nearest the band's
middle first, the theme's rating where the learner has one, the band judged on the chance as
the learner is told it, and the weakest theme."""

from __future__ import annotations

from tutor.progress.glicko import Rating
from tutor.progress.ratings import AtLevel, Candidate, at_level, puzzle_start, weakest_theme

LEARNER = Rating(1500, 80)


def test_the_puzzle_nearest_the_bands_middle_comes_first() -> None:
    candidates = [Candidate(f"s{n}", "t", puzzle_start(n)) for n in range(1, 6)]
    order = [a.item for a in at_level(candidates, {}, LEARNER)]
    # an even chance against three stars (0.125 from the middle), 0.755 against two (0.130)
    assert order == ["s3", "s2", "s1", "s4", "s5"]


def test_a_theme_the_learner_is_rated_in_uses_that_rating() -> None:
    puzzle = Candidate("p", "counting", Rating(1500, 80))
    [overall] = at_level([puzzle], {}, LEARNER)
    [in_theme] = at_level([puzzle], {"counting": Rating(1800, 80)}, LEARNER)
    assert overall.expected == 0.5 and in_theme.expected > 0.75


def test_a_puzzle_told_at_about_50_percent_is_at_the_level() -> None:
    assert AtLevel("p", 0.496).in_band and AtLevel("p", 0.754).in_band
    assert not AtLevel("p", 0.494).in_band and not AtLevel("p", 0.756).in_band


def test_the_weakest_theme_is_the_lowest_rated_among_those_offered() -> None:
    ratings = {"a": Rating(1400), "b": Rating(1300), "c": Rating(1600)}
    assert weakest_theme(ratings, ["a", "c", "z"]) == "a"
    assert weakest_theme(ratings, ["z"]) is None
