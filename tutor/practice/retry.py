"""Play a saved deal again from one of the learner's decisions (issue #22).

A retry is the deal of a saved game's score-sheet row rebuilt by the engine's replay of its
record cut just before the learner's card in trick ``trick`` (or before every move: the deal
played again from the start, the learner's bid included): the same cards, the same dealer, the
same moves up to that decision, then the learner to act against computer players of the game's
level. It is a practice game of one deal like any other (hint, coach, take-backs), but never
the deal of the day, and the page does not save it: the original game, its review and the
learner's records stay as they were.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tutor.engine import DealRecord
from tutor.practice.deal import LEARNER, PracticeDeal
from tutor.practice.game import DealRow, PracticeGame, bots_of


class NoSuchDecision(ValueError):
    """The saved game has no such deal, or the deal no such card of the learner's."""

    code = "no_such_decision"


@dataclass(frozen=True, slots=True)
class RetryPoint:
    """Where a retry starts: deal ``deal`` (1-based) of the learner's saved game ``game_id``,
    before the learner's card of trick ``trick`` (0-based; None: from the deal's start)."""

    game_id: int
    deal: int
    trick: int | None = None


def cut_before_card(record: DealRecord, trick: int, learner: int = LEARNER) -> DealRecord:
    """``record`` cut just before ``learner``'s card in trick ``trick`` (0-based): the moves
    of the deal the engine's replay holds before that card (NoSuchDecision: none)."""
    for played in record.replay(learner).tricks:
        if played.index == trick and played.before is not None:
            return replace(record, moves=record.moves[:len(played.before.moves)])
    raise NoSuchDecision(f"no card of seat {learner} in trick {trick}")


def retry_record(record: DealRecord, trick: int | None) -> DealRecord:
    """The moves a retry replays: none from the start, else those before the learner's card."""
    return replace(record, moves=()) if trick is None else cut_before_card(record, trick)


def played_row(game: PracticeGame, number: int) -> DealRow:
    """The finished, scored deal ``number`` of ``game`` (NoSuchDecision: none; a redeal has
    no decision to play again)."""
    for row in game.rows:
        if row.number == number and row.redeal is None:
            return row
    raise NoSuchDecision(f"no played deal {number}")


def retry_game(game: PracticeGame, point: RetryPoint, *, elsewhere: bool = False) -> PracticeGame:
    """A game of one deal: deal ``point.deal`` of ``game`` rebuilt to ``point``'s decision by
    the engine (``PracticeDeal.from_record``), the learner to act, computer players of the
    game's level, the same rules and coach; no target, not the deal of the day, not saved
    (no game id). NoSuchDecision when ``game`` has no such deal or card."""
    row = played_row(game, point.deal)
    record = retry_record(row.record(game.players, game.rules), point.trick)
    deal = PracticeDeal.from_record(record, bots=bots_of(game.level, game.players),
                                    elsewhere=elsewhere)
    return PracticeGame(game.players, row.seed, row.dealer, None, game.coach, current=deal,
                        rules=game.rules, level=game.level, elsewhere=elsewhere)


__all__ = ["NoSuchDecision", "RetryPoint", "cut_before_card", "retry_game", "retry_record"]
