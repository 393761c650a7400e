"""A simulated population for the ratings: learners of known strength answer authored-like
puzzles chosen "at my level", each answer right with the logistic (Elo) probability of the
strength difference, every first try rated as the store rates it (learner and shared puzzle
ratings, ``tutor.progress.ratings``). Used by ``test_rating_population.py`` and by
``tests/benchmarks/bench_ratings.py``, which measures how many answers order the learners."""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import pairwise

from tutor.progress.glicko import Rating, play
from tutor.progress.ratings import LEARNER_START, Candidate, at_level, puzzle_start

LEARNERS = tuple(1000.0 + 200.0 * n for n in range(6))  # six learners 200 points apart
PUZZLES = 400
STAR_NOISE = 0.7  # the author's stars miss the puzzle's true strength by this much (in stars)


@dataclass(frozen=True)
class Puzzle:
    item: str
    strength: float  # what the simulation answers against
    stars: int  # what the author wrote, from the strength with noise


def solved(rng: random.Random, learner: float, puzzle: float) -> bool:
    """Right with the Elo probability of the strength difference."""
    return rng.random() < 1.0 / (1.0 + 10.0 ** ((puzzle - learner) / 400.0))


def bank(rng: random.Random) -> list[Puzzle]:
    puzzles = []
    for n in range(PUZZLES):
        strength = rng.uniform(700.0, 2300.0)
        stars = round(3 + (strength - 1500.0) / 250.0 + rng.gauss(0.0, STAR_NOISE))
        puzzles.append(Puzzle(f"p{n}", strength, min(max(stars, 1), 5)))
    return puzzles


def simulate(seed: int, answers: int) -> list[Rating]:
    """Each learner's rating after ``answers`` first tries, taken in turns, the learners in
    the order of ``LEARNERS``; each picks its untried puzzle nearest its level."""
    rng = random.Random(seed)
    puzzles = bank(rng)
    strength = {p.item: p.strength for p in puzzles}
    rated = {p.item: puzzle_start(p.stars) for p in puzzles}
    learners = [LEARNER_START for _ in LEARNERS]
    tried: list[set[str]] = [set() for _ in LEARNERS]
    for _ in range(answers):
        for n, true in enumerate(LEARNERS):
            options = [Candidate(i, "t", r) for i, r in rated.items() if i not in tried[n]]
            item = at_level(options, {}, learners[n])[0].item
            tried[n].add(item)
            score = 1.0 if solved(rng, true, strength[item]) else 0.0
            learners[n], rated[item] = play(learners[n], rated[item], score)
    return learners


def in_order(ratings: list[Rating]) -> bool:
    """The ratings rank the learners as their true strengths do."""
    values = [r.rating for r in ratings]
    return all(a < b for a, b in pairwise(values))
