"""The practice page's state, in one typed object (the page keeps it in the session under one
key and changes it in callbacks): the game, the message to show once, what was saved, which
table events the learner has already watched, the animation speed, the trick under review.

No Streamlit here: the page logic can be driven (tests, the benchmark) without a browser.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from datetime import date
from enum import StrEnum
from typing import Any

from tutor.bots.levels import BotLevel
from tutor.engine import Rules
from tutor.practice.advice import CoachLevel
from tutor.practice.deal import Refusal
from tutor.practice.events import EventData
from tutor.practice.game import PracticeGame
from tutor.practice.retry import RetryPoint
from tutor.progress.store import DayStanding
from tutor.review.deal import DealReview


class Speed(StrEnum):
    """How fast the table plays the cards: milliseconds for a card to land."""

    SLOW = "slow"
    NORMAL = "normal"
    FAST = "fast"
    INSTANT = "instant"

    @property
    def card_ms(self) -> int:
        return {"slow": 650, "normal": 350, "fast": 150, "instant": 0}[self.value]


class Leaving(StrEnum):
    """What the learner asked for that would leave the deal in progress: the page asks first."""

    NEW_GAME = "new-game"
    DAILY = "daily"


class MessageKind(StrEnum):
    INFO = "info"
    WARNING = "warning"
    ERROR = "error"


@dataclass(frozen=True, slots=True)
class Message:
    kind: MessageKind
    text: str


@dataclass(frozen=True, slots=True)
class Unwatched:
    """The events the table has to play: ``events`` from index ``first`` of deal ``deal``."""

    deal: int
    first: int
    events: tuple[EventData, ...]

    @property
    def key(self) -> str:
        """Names this sequence: the component plays a sequence once, however often redrawn."""
        return f"{self.deal}:{self.first}:{self.first + len(self.events)}"


@dataclass(frozen=True, slots=True)
class DailyResult:
    """The deal of the day as the end panel shows it: the day, the game round it was read in,
    the learner's mark in this play, whether this play was the one counted, the counted mark's
    standing among the day's marks, the computer player's mark in the learner's seat, and the
    streak of consecutive days played."""

    day: date
    game: int
    mark: int
    counted: bool
    standing: DayStanding
    computer: int
    streak: int


@dataclass(frozen=True, slots=True)
class KeptMistakes:
    """A reviewed deal's mistakes and blunders kept as the learner's own puzzles: every item
    kept from it (for the note under each card), and how many of them this keeping added to
    "My mistakes" (those kept by an earlier visit of the deal are not counted again)."""

    items: frozenset[str] = frozenset()
    added: int = 0


@dataclass(frozen=True, slots=True)
class ValuedDecision:
    """A decision of deal ``deal`` valued on the workers for its review: from the moves
    ``moves`` (the cut record it was valued from), its expectation's data."""

    deal: int
    moves: tuple[str, ...]
    data: dict[str, Any]

    def holds_for(self, deal: int, moves: list[str]) -> bool:
        """Still the decision of the deal in play (no new deal, nothing taken back)."""
        return deal == self.deal and tuple(moves[:len(self.moves)]) == self.moves


@dataclass
class PracticeState:
    game: PracticeGame
    message: Message | None = None
    saved: dict[str, Any] | None = None  # the game's data as last saved (None: not saved)
    version: tuple[int, int] | None = None  # (game id, version) as last saved by this session
    others: tuple[int | None, list[Any]] | None = None  # (game id, other saved games) as read
    watched: int = 0  # events of the deal in progress the table has been given
    watched_deal: int = 0  # the deal ``watched`` counts in
    speed: Speed = Speed.NORMAL
    review: int | None = None  # the trick shown in the review of a finished deal
    # the solver's review of the finished deal, with the decision it was made at: computed
    # once per deal (and stored in the learner's store when the game is saved)
    analysed: tuple[str, DealReview] | None = None
    # the finished deal's mistakes kept as the learner's own puzzles, with the decision they
    # were kept at: once per deal (a rerun neither writes again nor counts them again)
    kept: tuple[str, KeptMistakes] | None = None
    offered: list[Any] = field(default_factory=list)  # unfinished saved games offered on entry
    round: int = 0  # counts the games adopted: names the table's sequences apart
    coach_asked: str | None = None  # the decision the learner asked the coach about
    hint_asked: str | None = None  # the decision the learner asked a hint at
    # the learner's decisions of the deal in play already valued for its review, by name
    # (``tutor.review.deal.decision_name``): what the workers valued while the deal went on
    valued: dict[str, ValuedDecision] = field(default_factory=dict)
    refusal: Refusal | None = None  # the learner's action refused last (until the next one)
    # Counts the changes made to the game in this session. The table is drawn with it and
    # sends it back with each click: a click is applied only while the number is still the
    # current one, so a click repeated or sent from a table drawn before is never applied
    # twice nor late (the table then keeps what it showed until the next drawing).
    seq: int = 0
    # the name of the table's last click applied: the table sends a click again when the page
    # is slow to answer, and a move through the review (never stale, see ``seq``) must not be
    # made twice
    last_click: str | None = None
    # names this state among the session's (a reset session, a restarted server): a table
    # drawn for another state's numbers is not compared with this one's
    epoch: str = field(default_factory=lambda: secrets.token_hex(6))
    # Chosen during a deal, for the next one (a deal is played to its end by the same
    # computer players, and the table cannot change size mid-deal).
    next_level: BotLevel | None = None
    next_players: int | None = None
    next_rules: Rules | None = None
    # New game or the deal of the day was asked for during a deal in progress: the page asks
    # before leaving it (None: nothing asked)
    leaving: Leaving | None = None
    # the deal of the day's result, read once its deal is over (the game says whether it is
    # the deal of the day: ``game.daily``, saved with it)
    daily: DailyResult | None = None
    # the game is a saved deal played again from a decision (``tutor.practice.retry``): not
    # saved, and its link is the retry's (None: any other game)
    retry: RetryPoint | None = None
    # the retry link of the URL (its raw ``retry``, ``deal``, ``trick`` and ``at``) last applied: a
    # link followed again (from the review page) is applied again, the same one is not
    retry_link: tuple[str, ...] | None = None

    @classmethod
    def resumed(cls, game: PracticeGame) -> PracticeState:
        """A game brought back from a save or a link: its past is not played again, and a
        saved one counts as saved (re-saving it on the first run would make another tab that
        holds it stale)."""
        state = cls(game)
        state.mark_watched()
        state.saved = game.to_data() if game.game_id is not None else None
        return state

    @property
    def decision(self) -> str:
        """Names the decision the learner is at (changes with every action taken)."""
        return f"{self.round}:{self.game.number}:{len(self.game.deal.deal.moves)}"

    @property
    def coach_level(self) -> CoachLevel:
        """The coach's level is the game's (saved with it)."""
        return self.game.coach

    @property
    def coach_speaks(self) -> bool:
        """The coach says what it knows now: always, or at this decision when asked."""
        level = self.coach_level
        return level is CoachLevel.ALWAYS or (
            level is CoachLevel.ON_REQUEST and self.coach_asked == self.decision
        )

    def set_coach(self, level: CoachLevel) -> None:
        """The level chosen; the saved game keeps it."""
        self.game.coach = level

    def adopt(self, game: PracticeGame, *, watched: bool = False) -> None:
        """Make ``game`` the page's game, at the coach level in use; a resumed game's past
        events count as watched."""
        game.coach = self.coach_level
        self.game = game
        self.round += 1
        self.seq += 1
        self.next_level = self.next_players = self.next_rules = None
        self.leaving = None
        self.refusal = None
        self.review = None
        self.others = None
        self.valued = {}
        self.retry = None
        self.saved = game.to_data() if game.game_id is not None else None
        self.watched, self.watched_deal = 0, game.number
        if watched:
            self.mark_watched()

    def changed(self) -> None:
        """The game changed: a click from a table drawn before is now stale."""
        self.seq += 1

    def restart_deal(self) -> None:
        """The deal in progress was dealt again (another level before the learner acted):
        its events are new, to be played from the first."""
        self.round += 1
        self.watched, self.watched_deal = 0, self.game.number
        self.changed()

    def took_back(self) -> None:
        """The learner took an action back: the table shows the deal as it is now, and the
        computer players' replies to come are new sequences."""
        self.round += 1
        self.refusal = None
        self.mark_watched()
        self.changed()

    def say(self, kind: MessageKind, text: str) -> None:
        self.message = Message(kind, text)

    def take_message(self) -> Message | None:
        message, self.message = self.message, None
        return message

    def mark_watched(self) -> None:
        self.watched_deal = self.game.number
        self.watched = len(self.game.deal.events)

    def unwatched(self) -> Unwatched:
        """The events since the learner's last look, and from now on counted as watched (the
        table is given them once, in the run that follows the learner's action)."""
        game = self.game
        if self.watched_deal != game.number:  # a new deal: its first bids are unwatched
            self.watched, self.watched_deal = 0, game.number
        events = game.deal.events
        first = min(self.watched, len(events))
        out = Unwatched(game.number, first, tuple(e.to_data() for e in events[first:]))
        self.watched = len(events)
        return out


__all__ = ["DailyResult", "KeptMistakes", "Message", "MessageKind", "PracticeState", "Speed",
           "Unwatched", "ValuedDecision"]
