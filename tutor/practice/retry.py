"""Play a saved deal again from one of the learner's decisions (issue #22).

A retry is the deal of a saved game's score-sheet row rebuilt by the engine's replay of its
record cut just before the learner's card in trick ``trick``, or before the learner's call, écart
or chelem announcement (``choice``), or before every move (the deal played again from the start,
the learner's bid included): the same cards, the same dealer, the
same moves up to that decision, then the learner to act against computer players of the game's
level. It is a practice game of one deal like any other (hint, coach, take-backs), but never
the deal of the day, and the page does not save it: the original game, its review and the
learner's records stay as they were.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from tutor.engine import DealRecord, Phase
from tutor.practice.deal import LEARNER, PracticeDeal
from tutor.practice.game import DealRow, PracticeGame, bots_of


class NoSuchDecision(ValueError):
    """The saved game has no such deal, or the deal no such card of the learner's."""

    code = "no_such_decision"


class Choice(Enum):
    """A decision of the taker's between the bidding and the cards, a retry may start at
    (its value: the link's word; the poignée is shown with the first card: that card's trick)."""

    CALL = "call"
    ECART = "ecart"
    CHELEM = "chelem"

    @property
    def phase(self) -> Phase:
        return {Choice.CALL: Phase.CALLING, Choice.ECART: Phase.ECART,
                Choice.CHELEM: Phase.CHELEM}[self]


@dataclass(frozen=True, slots=True)
class RetryPoint:
    """Where a retry starts: deal ``deal`` (1-based) of the learner's saved game ``game_id``,
    before the learner's card of trick ``trick`` (0-based), or before their ``choice``; with
    neither, from the deal's start."""

    game_id: int
    deal: int
    trick: int | None = None
    choice: Choice | None = None


def cut_before_card(record: DealRecord, trick: int, learner: int = LEARNER) -> DealRecord:
    """``record`` cut just before ``learner``'s card in trick ``trick`` (0-based): the moves
    of the deal the engine's replay holds before that card (NoSuchDecision: none)."""
    for played in record.replay(learner).tricks:
        if played.index == trick and played.before is not None:
            return replace(record, moves=record.moves[:len(played.before.moves)])
    raise NoSuchDecision(f"no card of seat {learner} in trick {trick}")


def cut_before_choice(record: DealRecord, choice: Choice, learner: int = LEARNER) -> DealRecord:
    """``record`` cut just before ``learner``'s ``choice`` (the first discard of an écart):
    the moves before it (NoSuchDecision: the learner made no such choice in this deal)."""
    deal = record.dealt()
    for index, action in enumerate(record.moves):
        if deal.phase is choice.phase and deal.current_seat == learner:
            return replace(record, moves=record.moves[:index])
        deal.push(action)
    raise NoSuchDecision(f"no {choice.value} of seat {learner}")


def retry_record(record: DealRecord, trick: int | None,
                 choice: Choice | None = None) -> DealRecord:
    """The moves a retry replays: those before the learner's card of ``trick`` or their
    ``choice``, else none (from the start)."""
    if trick is not None:
        return cut_before_card(record, trick)
    if choice is not None:
        return cut_before_choice(record, choice)
    return replace(record, moves=())


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
    record = retry_record(row.record(game.players, game.rules), point.trick, point.choice)
    deal = PracticeDeal.from_record(record, bots=bots_of(game.level, game.players),
                                    elsewhere=elsewhere)
    return PracticeGame(game.players, row.seed, row.dealer, None, game.coach, current=deal,
                        rules=game.rules, level=game.level, elsewhere=elsewhere)


__all__ = [
    "Choice",
    "NoSuchDecision",
    "RetryPoint",
    "cut_before_card",
    "cut_before_choice",
    "retry_game",
    "retry_record",
]
