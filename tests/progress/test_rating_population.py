"""A simulated population (``population.py``): six learners 200 points apart, answering
puzzles at their level with the logistic model's chances, end up rated in their true order,
and each rating lands near the learner's strength."""

from __future__ import annotations

from tests.progress.population import LEARNERS, in_order, simulate

GENEROUS = 120  # answers each: 100 seeds of 100 ordered (40 answers: 89%; bench_ratings.py)


def test_six_learners_200_points_apart_are_ranked_in_order_after_enough_answers() -> None:
    ratings = simulate(seed=1, answers=GENEROUS)
    assert in_order(ratings), [round(r.rating) for r in ratings]


def test_each_rating_lands_near_the_learners_strength() -> None:
    ratings = simulate(seed=2, answers=GENEROUS)
    # the scale is anchored by the puzzles' starting ratings (the author's stars): within
    # 150 points of the truth, two deviations of a settled rating
    assert [abs(r.rating - true) < 150 for r, true in zip(ratings, LEARNERS, strict=True)] == [
        True
    ] * len(LEARNERS), [round(r.rating) for r in ratings]


def test_a_few_answers_do_not_yet_order_them() -> None:
    # the test above could not pass by accident: after two answers each they are not ranked
    assert not in_order(simulate(seed=1, answers=2))
