"""How the tutor rates puzzles and learners with Glicko-2 (``glicko.py``): where a puzzle's
rating starts, what a first try scores, and which puzzles are at a learner's level.

Every first try of a puzzle is one game between the learner and the puzzle: right without a
hint is a win for the learner, anything else a win for the puzzle (as for the streak, a hint
means the learner did not find it alone). A later try of the same puzzle is not rated: the
learner has seen its answer.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from tutor.progress.glicko import Rating, expected_score

# An authored puzzle's difficulty (1–5 stars) gives its starting rating, centred on the
# learners' 1500 for three stars; 250 points a star is about a 0.81 expected score between
# neighbours. The deviation is narrower than a new learner's: the author's stars say something.
RATING_PER_STAR = 250.0
MIDDLE_STARS = 3
PUZZLE_START_DEVIATION = 250.0
LEARNER_START = Rating()

# "At my level": puzzles the learner is expected to solve one time in two to three in four.
LEVEL_BAND = (0.5, 0.75)
LEVEL_TARGET = sum(LEVEL_BAND) / 2


def puzzle_start(difficulty: int) -> Rating:
    """The rating a puzzle of ``difficulty`` stars starts from, before any learner tried it."""
    return Rating(1500.0 + RATING_PER_STAR * (difficulty - MIDDLE_STARS), PUZZLE_START_DEVIATION)


def first_try_score(correct: bool, hints: int) -> float:
    """The learner's score in the game against the puzzle: won when right without a hint."""
    return 1.0 if correct and not hints else 0.0


@dataclass(frozen=True, slots=True)
class Candidate:
    """A puzzle the learner might be offered: its theme and its rating."""

    item: str
    theme: str
    rating: Rating


@dataclass(frozen=True, slots=True)
class AtLevel:
    """A puzzle and the learner's expected score against it."""

    item: str
    expected: float

    @property
    def percent(self) -> int:
        """The chance as the learner is told it, in whole percent."""
        return round(100 * self.expected)

    @property
    def in_band(self) -> bool:
        """At the level, judged on the chance as told: a puzzle shown at "about 50%" is in
        the band even when the exact chance is 49.6%."""
        low, high = LEVEL_BAND
        return round(100 * low) <= self.percent <= round(100 * high)


def learner_in(theme: str, ratings: Mapping[str, Rating], overall: Rating) -> Rating:
    """The learner's rating that meets a puzzle of ``theme``: the theme's once rated there,
    else the overall one."""
    return ratings.get(theme, overall)


def at_level(
    candidates: Iterable[Candidate], ratings: Mapping[str, Rating], overall: Rating
) -> list[AtLevel]:
    """The candidates nearest the learner's level first: by how far the learner's expected
    score against each is from the band's middle (ties by id: the same order on every run)."""
    scored = [
        AtLevel(c.item, expected_score(learner_in(c.theme, ratings, overall), c.rating))
        for c in candidates
    ]
    return sorted(scored, key=lambda a: (abs(a.expected - LEVEL_TARGET), a.item))


def weakest_theme(ratings: Mapping[str, Rating], among: Iterable[str]) -> str | None:
    """The theme of ``among`` with the learner's lowest rating (None: none rated yet)."""
    rated = [(ratings[theme].rating, theme) for theme in among if theme in ratings]
    return min(rated)[1] if rated else None
