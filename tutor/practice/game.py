"""A practice game: a series of deals against the bots with a running score sheet.

FFT scoring has no target: the game goes on until the learner starts a new one. A target
("first to 100") is a common HOUSE rule and optional: the game is over when a player's total
reaches it, and the highest total wins.

A game is played under one ``Rules`` (FFT 2012 unless a variant is chosen for a new game): every
deal is dealt, played and scored under it, and the saved game names it (a game saved before
variants is FFT 2012). A variant with a target of its own (online-first-to-100: first to 100)
starts with that target.

The computer players have a level (``BotLevel``: beginner, the rules of thumb of SimpleBot;
club, ClubBot's conventions over them; or expert, StrongBot, once called strong), kept with the
game; a game saved before levels is played by beginners.

Everything needed to resume the game is plain data (``to_data``/``from_data``): the settings,
the finished deals (seed, dealer, moves, marks) and the moves of the deal in progress.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache
from typing import Any

from tutor.bots.base import Bot
from tutor.bots.levels import BotLevel
from tutor.engine import FFT_2012, Contract, Deal, DealRecord, Phase, Rules, rules_named
from tutor.practice.advice import CoachLevel
from tutor.practice.deal import LEARNER, PracticeDeal

DATA_VERSION = 1
SEED_RANGE = 1_000_000
TARGETS = (100, 250, 500, 1000)


@dataclass(frozen=True, slots=True)
class DealRow:
    """One line of the score sheet."""

    number: int  # 1-based
    seed: int
    dealer: int
    moves: tuple[str, ...]
    marks: tuple[int, ...]  # zeros for a redeal
    taker: int | None = None
    contract: Contract | None = None
    made: bool | None = None
    redeal: str | None = None  # 'all_passed' or 'petit_sec'
    takebacks: int = 0  # the learner's actions taken back in the deal
    hints: tuple[str, ...] = ()  # the decisions the learner saw a hint at ("bid", "trick 3")

    def to_data(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "seed": self.seed,
            "dealer": self.dealer,
            "moves": list(self.moves),
            "marks": list(self.marks),
            "taker": self.taker,
            "contract": self.contract.code if self.contract is not None else None,
            "made": self.made,
            "redeal": self.redeal,
            "takebacks": self.takebacks,
            "hints": list(self.hints),
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> DealRow:
        contract = data.get("contract")
        return cls(
            number=int(data["number"]),
            seed=int(data["seed"]),
            dealer=int(data["dealer"]),
            moves=tuple(str(m) for m in data.get("moves", ())),
            marks=tuple(int(m) for m in data["marks"]),
            taker=None if data.get("taker") is None else int(data["taker"]),
            contract=None if contract is None else Contract.from_code(contract),
            made=data.get("made"),
            redeal=data.get("redeal"),
            takebacks=int(data.get("takebacks", 0)),  # none in a game saved before take-backs
            hints=hints_of(data.get("hints", ())),  # none in a game saved before hints
        )

    def record(self, players: int, rules: Rules = FFT_2012) -> DealRecord:
        """The deal of this row, in a game of ``players`` under ``rules`` (a ValueError with a
        code for a move that is not in the notation)."""
        return DealRecord.from_notation(players, self.seed, self.dealer, self.moves, rules)


MAX_HINTS = 64  # more decisions than a deal has: a saved game claiming more is refused


def hints_of(data: Any) -> tuple[str, ...]:
    """The decisions a saved deal says a hint was used at (ValueError for anything else)."""
    if not isinstance(data, (list, tuple)) or len(data) > MAX_HINTS:
        raise ValueError("hints: a short list of decisions")
    return tuple(str(name)[:16] for name in data)


def next_seed(game_seed: int, number: int) -> int:
    """The seed of deal ``number`` (1-based) of a game: the first is the game's own seed."""
    if number == 1:
        return game_seed
    return random.Random(game_seed * 7919 + number).randrange(SEED_RANGE)


@dataclass
class PracticeGame:
    players: int = 4
    seed: int = 0
    first_dealer: int | None = None
    target: int | None = None
    coach: CoachLevel = CoachLevel.ALWAYS
    rows: list[DealRow] = field(default_factory=list)
    current: PracticeDeal | None = None
    game_id: int | None = None  # the saved game's id in the progress store
    number: int = 1  # the number of the deal in progress (or just over), 1-based
    rules: Rules = FFT_2012
    level: BotLevel = BotLevel.BEGINNER
    # a page's game: the Strong players' searches are asked of the analysis workers (see
    # ``PracticeDeal``); elsewhere they search in place
    elsewhere: bool = False
    # the UTC day whose deal of the day this game's first deal is (``practice/daily.py``);
    # None for any other game
    daily: date | None = None

    def __post_init__(self) -> None:
        if self.players not in (3, 4, 5):
            raise ValueError(f"French tarot is played by 3, 4 or 5 players, not {self.players}")
        if self.players not in self.rules.players:
            raise ValueError(
                f"{self.rules.name} is played by {' or '.join(map(str, self.rules.players))} "
                f"players, not {self.players}"
            )
        if self.first_dealer is None:
            self.first_dealer = self.players - 1  # the learner speaks first in the first deal
        if self.current is None:
            self.current = self._deal(1)
        self.record()

    @classmethod
    def new(
        cls,
        players: int = 4,
        seed: int | None = None,
        *,
        dealer: int | None = None,
        target: int | None = None,
        coach: CoachLevel = CoachLevel.ALWAYS,
        rules: Rules = FFT_2012,
        level: BotLevel = BotLevel.BEGINNER,
        elsewhere: bool = False,
    ) -> PracticeGame:
        """A new game; ``target`` None takes the rules' own (None under FFT 2012)."""
        if seed is None:
            seed = random.SystemRandom().randrange(SEED_RANGE)
        if target is None:
            target = rules.target_score
        return cls(players, seed, dealer, target, coach, rules=rules, level=level,
                   elsewhere=elsewhere)

    # --- the deals ------------------------------------------------------------------------
    @property
    def deal(self) -> PracticeDeal:
        assert self.current is not None
        return self.current

    def _recorded(self) -> bool:
        return bool(self.rows) and self.rows[-1].number == self.number

    def _deal(self, number: int) -> PracticeDeal:
        assert self.first_dealer is not None
        self.number = number
        dealer = (self.first_dealer + number - 1) % self.players
        return PracticeDeal(
            self.players,
            next_seed(self.seed, number),
            dealer,
            bots=bots_of(self.level, self.players),
            rules=self.rules,
            elsewhere=self.elsewhere,
        )

    def dealt_again(self) -> PracticeDeal:
        """The deal in progress from its start, the same cards, with computer players of the
        game's level as it is now (another level chosen before the learner acted)."""
        return self._deal(self.number)

    def record(self) -> bool:
        """Put the deal in progress on the score sheet once it is over; True if it was added."""
        current = self.deal
        if not current.finished or self._recorded():
            return False
        deal = current.deal
        if deal.phase is Phase.REDEAL:
            assert deal.redeal_reason is not None
            row = DealRow(
                self.number,
                deal.seed,
                deal.dealer,
                tuple(current.moves),
                (0,) * self.players,
                redeal=deal.redeal_reason.value,
                takebacks=current.takebacks,
                hints=tuple(current.hints),
            )
        else:
            result = deal.result()
            row = DealRow(
                self.number,
                deal.seed,
                deal.dealer,
                tuple(current.moves),
                result.marks,
                deal.taker,
                deal.contract,
                result.score.made,
                takebacks=current.takebacks,
                hints=tuple(current.hints),
            )
        self.rows.append(row)
        return True

    def next_deal(self) -> PracticeDeal:
        """Deal the next hand (the deal in progress must be over). The dealer moves on by
        one seat, after a redeal too."""
        if not self.deal.finished:
            raise ValueError("the deal in progress is not over")
        self.record()
        self.current = self._deal(self.number + 1)
        self.record()  # a petit sec is void as soon as it is dealt
        return self.current

    # --- the score sheet ------------------------------------------------------------------
    @property
    def totals(self) -> list[int]:
        totals = [0] * self.players
        for row in self.rows:
            for seat, mark in enumerate(row.marks):
                totals[seat] += mark
        return totals

    @property
    def over(self) -> bool:
        """A target is set and a player reached it (at the end of a deal)."""
        return self.target is not None and max(self.totals) >= self.target

    @property
    def leaders(self) -> list[int]:
        best = max(self.totals)
        return [seat for seat, total in enumerate(self.totals) if total == best]

    # --- saving ---------------------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        return {
            "version": DATA_VERSION,
            "players": self.players,
            "rules": self.rules.name,
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "target": self.target,
            "coach": self.coach.value,
            "level": self.level.value,
            "rows": [row.to_data() for row in self.rows],
            "current": {
                "number": self.number,
                "seed": self.deal.seed,
                "dealer": self.deal.dealer,
                "moves": self.deal.moves,
                "declined_poignee": self.deal.declined_poignee,
                "takebacks": self.deal.takebacks,
                "hints": list(self.deal.hints),
            },
            **({"daily": self.daily.isoformat()} if self.daily is not None else {}),
        }

    @classmethod
    def from_data(
        cls, data: dict[str, Any], game_id: int | None = None, *, elsewhere: bool = False
    ) -> PracticeGame:
        """Rebuild a saved game (every move is checked again by the engine); ValueError when
        the data is not a practice game this version can read."""
        try:
            if data.get("version") != DATA_VERSION:
                raise ValueError(f"unknown practice game version {data.get('version')!r}")
            players = int(data["players"])
            # a game saved before variants names no rules: it was FFT 2012
            rules = rules_named(str(data.get("rules") or FFT_2012.name))
            # a game saved before levels names none: its bots were beginners
            level = BotLevel.from_code(str(data.get("level") or BotLevel.BEGINNER.value))
            current = data["current"]
            record = DealRecord.from_notation(
                players,
                int(current["seed"]),
                int(current["dealer"]),
                [str(m) for m in current["moves"]],
                rules,
            )
            deal = PracticeDeal.from_record(
                record,
                declined_poignee=bool(current.get("declined_poignee", False)),
                bots=bots_of(level, players),
                elsewhere=elsewhere,
            )
            deal.takebacks = int(current.get("takebacks", 0))  # none before take-backs
            deal.hints = list(hints_of(current.get("hints", ())))
            target = data.get("target")
            game = cls(
                players,
                int(data["seed"]),
                int(data["first_dealer"]),
                None if target is None else int(target),
                coach_level_of(data.get("coach", True)),
                [DealRow.from_data(row) for row in data.get("rows", [])],
                deal,
                game_id,
                int(current.get("number", len(data.get("rows", [])) + 1)),
                rules,
                level,
                elsewhere,
                # a game saved before the deal of the day names none
                None if data.get("daily") is None else date.fromisoformat(str(data["daily"])),
            )
            return game
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"not a practice game: {error}") from error


def bots_of(level: BotLevel, players: int) -> dict[int, Bot]:
    """The computer players of a game at ``level``: every seat but the learner's."""
    return {seat: level.bot() for seat in range(players) if seat != LEARNER}


@lru_cache(maxsize=64)
def _replayed(record: DealRecord) -> Deal:
    return record.deal()


def row_deal(players: int, row: DealRow, rules: Rules = FFT_2012) -> Deal:
    """The deal of a score-sheet row, replayed from its moves under the game's rules (do not
    modify it: cached)."""
    return _replayed(row.record(players, rules))


def coach_level_of(saved: object) -> CoachLevel:
    """The coach level a saved game names; a game saved before levels kept only whether the
    coach was on (True: always, False: off). ValueError for anything else."""
    if saved is True:
        return CoachLevel.ALWAYS
    if saved is False:
        return CoachLevel.OFF
    return CoachLevel(str(saved))
