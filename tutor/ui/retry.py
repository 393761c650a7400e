"""Retry before reveal, one rule for the lesson checks, the puzzles and the score quiz.

A first wrong answer says what is wrong (the rule broken, the known mistake) without the right
answer, and the learner tries again; the solution comes when asked for ("Show the answer") or
after a second wrong try, as lichess puzzles do. The pages keep the tries in their own state;
this module decides the stage from them and draws the one "Show the answer" offer.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

import streamlit as st

from tutor.ui.i18n import t

SOLUTION_AFTER = 2  # wrong tries after which the solution is shown without being asked for


class Stage(Enum):
    """Where a learner is with one question."""

    OPEN = "open"  # nothing answered yet
    RETRY = "retry"  # answered wrong: what is wrong is said, not the answer; try again
    SOLVED = "solved"  # answered right
    REVEALED = "revealed"  # the solution is shown: asked for, or a second wrong try


def stage_of(right: bool | None, wrong: int, asked: bool) -> Stage:
    """The stage of a question whose last answer was ``right`` (None: no answer to show),
    after ``wrong`` wrong tries, the solution ``asked`` for or not."""
    if right:
        return Stage.SOLVED
    if asked or wrong >= SOLUTION_AFTER:
        return Stage.REVEALED
    return Stage.RETRY if wrong and right is not None else Stage.OPEN


def shows_solution(stage: Stage) -> bool:
    """Whether the answer, its worked solution and the authored "why" may be shown."""
    return stage in (Stage.SOLVED, Stage.REVEALED)


def offer_answer(stage: Stage, key: str, lang: str, on_reveal: Callable[[], None]) -> None:
    """In the retry stage: "try again" and the button that shows the answer (``on_reveal``,
    run as the button's callback, marks the solution as asked for). ``key`` is the question's
    own key; the button's is ``f"{key}-reveal"``."""
    if stage is not Stage.RETRY:
        return
    st.caption(t(lang, "retry.try_again"))
    st.button(t(lang, "retry.show_answer"), key=f"{key}-reveal",
              icon=":material/visibility:", on_click=on_reveal)
