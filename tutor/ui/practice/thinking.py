"""The Strong computer players' cards, searched on the analysis workers, never in the page.

When a computer player's card is a search (``PracticeDeal.thinking``), the page asks the
service for the computer players' moves from there to the learner's turn (one job per
learner's action, however many of them search) on each run: pending, the table shows the
player thinking and a fragment looks for the answer a few times a second; done, the cards are
played (only where the deal still awaits them: an answer is never applied twice nor after a
take-back); refused (the workers are full) or failed, the rules of thumb play the cards at
once up to the learner's turn and the page says so. Every change moves the table's ``seq`` on,
so a click made on the table drawn before is not applied.
"""

from __future__ import annotations

import streamlit as st

from tutor.practice import LEARNER
from tutor.practice.page import MessageKind, PracticeState
from tutor.service import Job, Progress, State, bot_cards
from tutor.ui.analysis import ask, wait_soon
from tutor.ui.i18n import t
from tutor.ui.practice.words import seat_name


def searched_cards(state: PracticeState, lang: str) -> Job | None:
    """Play the searched cards that are in; the job still awaited (None: nothing awaited)."""
    current = state.game.deal
    while current.thinking is not None:
        job = bot_cards(current.record, LEARNER)
        outcome = ask(job)
        if outcome.state is State.PENDING:
            return job
        moves = len(current.deal.moves)
        answered = outcome.state is State.DONE and isinstance(outcome.value, tuple)
        applied = answered and current.answer(moves, outcome.value)
        if not applied and current.fall_back() is not None:
            state.say(MessageKind.INFO, t(lang, "game.thinking.busy"))
        state.changed()
        state.game.record()
    return None


def thinking_note(state: PracticeState, job: Job, lang: str) -> None:
    """While the card is searched: who is thinking, and the page reruns when it is in."""
    current = state.game.deal
    seat = current.thinking
    if seat is None:
        return
    text = t(lang, "game.prompt.thinking", seat=seat_name(seat, current.players, lang))

    def show(_progress: Progress | None) -> None:
        st.caption(text)

    wait_soon(job, show)
