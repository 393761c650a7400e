"""The deal's review valued during play, on the analysis workers.

As the deal goes on, the learner's decisions already made (the bid, then the card of each
trick complete) are valued one at a time on the workers, as the review values them
(``tutor.review.deal.value_decisions``), and kept in the page state with the deal. The page
asks only when it awaits nothing else, so the learner's one job at a time is a computer
player's card or a hint first, and this otherwise; and only while a worker is free, so it
never queues ahead of another learner's wait. Each decision is sent cut to the moves it
is valued from (``decision_record``): asked again later in the deal, it is the same job. When
the deal is over, the review job carries what is known and values only the rest: the same
review, sooner.
"""

from __future__ import annotations

from typing import Any

from tutor.practice import LEARNER
from tutor.practice.page import PracticeState, ValuedDecision
from tutor.review.deal import decision_record, next_decision
from tutor.service import State, known_text, value_decision
from tutor.ui.analysis import ask_when_idle


def known_decisions(state: PracticeState) -> dict[str, dict[str, Any]]:
    """The decisions of the deal in play valued so far (their data by name); those of another
    deal, or taken back since, are forgotten."""
    game = state.game
    moves = game.deal.moves
    state.valued = {name: valued for name, valued in state.valued.items()
                    if valued.holds_for(game.number, moves)}
    return {name: valued.data for name, valued in state.valued.items()}


def value_in_background(state: PracticeState) -> None:
    """Ask the workers for the next decision not yet valued (and take in each one done)."""
    game = state.game
    current = game.deal
    if current.finished:
        return  # the review job values the rest
    record = current.record
    known = known_decisions(state)
    while (name := next_decision(record, LEARNER, known)) is not None:
        cut = decision_record(record, LEARNER, name)
        outcome = ask_when_idle(value_decision(cut, LEARNER, name))
        if outcome.state is not State.DONE or not isinstance(outcome.value, dict):
            return  # pending or refused (asked again on the next run), or failed: the review
        state.valued[name] = ValuedDecision(game.number, cut.notation, outcome.value)
        known[name] = outcome.value


def known_for_review(state: PracticeState) -> str:
    """What the review job of the deal just finished is sent as known ("" for nothing)."""
    known = known_decisions(state)
    return known_text(known) if known else ""


__all__ = ["known_decisions", "known_for_review", "value_in_background"]
