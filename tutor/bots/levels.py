"""The levels a learner chooses for the computer players, and how strong each one measured.

Beginner plays SimpleBot's rules of thumb, Club adds the conventions of ``ClubBot``, Expert is
``StrongBot`` (the solver over sampled deals in the last tricks). The Expert level was called
"strong" before: saved games naming it still load (``FORMER_NAMES``).

Each level's strength is what a duplicate match against Beginner measured
(``tutor.bots.duplicate``, on its evaluation seeds, ``tests/benchmarks/bench_duplicate.py``):
the mean gain in marks per deal at four players with its 95% interval and the number of deals.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from tutor.bots.base import Bot
from tutor.bots.club import ClubBot
from tutor.bots.simple import SimpleBot
from tutor.bots.strong import StrongBot


class BotLevel(Enum):
    """The computer players' level in a practice game."""

    BEGINNER = "beginner"  # SimpleBot: rules of thumb
    CLUB = "club"  # ClubBot: the rules of thumb and the club conventions
    EXPERT = "expert"  # StrongBot: the solver over sampled deals in the last tricks

    @classmethod
    def from_code(cls, code: str) -> BotLevel:
        """The level named ``code`` (or by a name it had before); ValueError for any other
        text."""
        for level in cls:
            if level.value == code:
                return level
        former = FORMER_NAMES.get(code)
        if former is not None:
            return former
        names = ", ".join(level.value for level in cls)
        raise ValueError(f"unknown bot level {code!r}: use {names}")

    def bot(self) -> Bot:
        """A new computer player of this level (one per seat or shared: each reads only what
        the seat it plays may know)."""
        if self is BotLevel.EXPERT:
            return StrongBot()
        if self is BotLevel.CLUB:
            return ClubBot()
        return SimpleBot()


# Names a level had before, still read from saved games.
FORMER_NAMES = {"strong": BotLevel.EXPERT}


@dataclass(frozen=True, slots=True)
class Strength:
    """A level's duplicate match against Beginner: the mean gain in marks per deal, its 95%
    interval, over ``deals`` deals at ``players`` players."""

    mean: float
    low: float
    high: float
    deals: int
    players: int = 4

    def beats_beginner(self) -> bool:
        """Whether the gain is outside the noise."""
        return self.low > 0


# Measured on the evaluation seeds from 900000, at four players, on a shared 2-core machine
# (Club 2026-12-02; Expert 2026-12-07, since it bids by simulation, issue #21, seeds
# 900000-901204). Club's gain is inside the noise: no gain over Beginner is shown.
STRENGTH: dict[BotLevel, Strength] = {
    BotLevel.CLUB: Strength(mean=0.05, low=-0.01, high=0.11, deals=10_119),
    BotLevel.EXPERT: Strength(mean=12.24, low=10.25, high=14.22, deals=943),
}


__all__ = ["FORMER_NAMES", "STRENGTH", "BotLevel", "Strength"]
