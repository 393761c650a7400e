"""The deal of the day: every learner plays the same cards, in the same seat, at 4 players,
against the same computer players (Beginners: the rules of thumb of SimpleBot, so the bots
answer the same moves the same way for everyone).

The day is the UTC date; its seed is a hash of the date written ``YYYY-MM-DD`` (a seed whose
cards are void at once, a petit sec, is passed over). Only the learner's first finished play of
the day counts. The learner's mark is compared with everyone's marks on that deal (a
percentile: counts only, never another learner's row) and with the computer player's own mark
in the learner's seat on the same cards (the deal played out by SimpleBot in every seat).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from functools import lru_cache

from tutor.bots.levels import BotLevel
from tutor.bots.simulate import play_deal
from tutor.engine import FFT_2012, Deal, Phase
from tutor.practice.advice import CoachLevel
from tutor.practice.deal import LEARNER
from tutor.practice.game import SEED_RANGE, PracticeGame
from tutor.progress.store import DayStanding

DAILY_PLAYERS = 4
DAILY_LEVEL = BotLevel.BEGINNER


@dataclass(frozen=True, slots=True)
class DailyDeal:
    """The cards of a day: the seed and the dealer (the learner is seat 0)."""

    day: date
    seed: int
    dealer: int


def today(moment: datetime | None = None) -> date:
    """The day of ``moment`` (now) in UTC: the same deal everywhere on Earth at one moment."""
    return (moment or datetime.now(UTC)).astimezone(UTC).date()


def _digest(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


@lru_cache(maxsize=32)
def daily_deal(day: date) -> DailyDeal:
    """The day's seed and dealer, from a hash of ``YYYY-MM-DD``; a petit sec dealt at once
    would void the deal before anyone plays, so the next salt is tried."""
    salt = 0
    while True:
        value = _digest(day.isoformat() if salt == 0 else f"{day.isoformat()}#{salt}")
        seed, dealer = value % SEED_RANGE, (value // SEED_RANGE) % DAILY_PLAYERS
        if Deal.new(DAILY_PLAYERS, seed, dealer).phase is not Phase.REDEAL:
            return DailyDeal(day, seed, dealer)
        salt += 1


def daily_game(day: date, *, coach: CoachLevel = CoachLevel.ALWAYS,
               elsewhere: bool = False) -> PracticeGame:
    """A practice game whose first deal is the day's, against Beginners, with no target."""
    cards = daily_deal(day)
    game = PracticeGame.new(DAILY_PLAYERS, cards.seed, dealer=cards.dealer, target=None,
                            coach=coach, level=DAILY_LEVEL, elsewhere=elsewhere)
    game.daily = day
    return game


def daily_mark(game: PracticeGame, on: date) -> int | None:
    """The learner's mark on the deal of the day ``on``, once this game has played it out
    (None otherwise): the game's first deal, the day's cards, at 4 against Beginners under
    FFT 2012, finished on that day (all passing scores 0)."""
    if game.daily != on or game.number != 1:  # the later deals of the game are not the day's
        return None
    if game.level is not DAILY_LEVEL or game.rules is not FFT_2012:
        return None
    row = game.rows[0] if game.rows else None
    if row is None or row.number != 1 or not is_daily_deal(on, game.players, row.seed,
                                                             row.dealer):
        return None
    if row.takebacks:  # everyone plays the day's cards once, as at a duplicate table
        return None
    return row.marks[LEARNER]


def allows_take_backs(game: PracticeGame) -> bool:
    """Whether the learner may take back an action: not in the deal of the day, which every
    learner plays once on the same cards to be compared (a practice deal may always)."""
    return game.daily is None or game.number != 1


def allows_hints(game: PracticeGame) -> bool:
    """Whether the table offers a hint: not in the deal of the day, which is ranked."""
    return game.daily is None or game.number != 1


def is_daily_deal(day: date, players: int, seed: int, dealer: int) -> bool:
    """Whether a deal is the day's (a saved game's first deal, checked before it counts)."""
    cards = daily_deal(day)
    return (players, seed, dealer) == (DAILY_PLAYERS, cards.seed, cards.dealer)


@lru_cache(maxsize=32)
def bot_mark(day: date) -> int:
    """The computer player's mark in the learner's seat on the day's cards: the deal played
    out with SimpleBot in every seat (deterministic; milliseconds). 0 when all passed."""
    cards = daily_deal(day)
    deal = play_deal(DAILY_PLAYERS, cards.seed, cards.dealer)
    if deal.phase is Phase.REDEAL:
        return 0
    return deal.result().marks[LEARNER]


def streak(days: Iterable[date], on: date) -> int:
    """Consecutive days played, up to ``on`` (or up to the day before, when ``on`` is not
    played yet: a streak lives until the day ends)."""
    played = set(days)
    day = on if on in played else on - timedelta(days=1)
    count = 0
    while day in played:
        count += 1
        day -= timedelta(days=1)
    return count


def percentile(standing: DayStanding) -> int | None:
    """The share of the other players' marks on the day's deal that this mark did better
    than, a tie counted half, in whole percent; None while no one else has finished it (a
    learner alone is compared with the computer player only)."""
    others = standing.count - 1  # the standing counts the learner's own mark
    if others <= 0:
        return None
    return round(100 * (standing.below + (standing.equal - 1) / 2) / others)


__all__ = [
    "DAILY_LEVEL",
    "DAILY_PLAYERS",
    "DailyDeal",
    "allows_hints",
    "allows_take_backs",
    "bot_mark",
    "daily_deal",
    "daily_game",
    "daily_mark",
    "is_daily_deal",
    "percentile",
    "streak",
    "today",
]
