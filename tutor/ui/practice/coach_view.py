"""The coach on the practice page, behind one function: what it says at the learner's decision
(the bid, the call, the écart and what it changed, the risk of a bid made against its advice),
its remark after each trick, and the lesson step behind a refused card. The coach's knowledge
lives in ``tutor.practice`` (advice, explain, coach); its words in ``tutor.ui.coach_text``.

Levels (``CoachLevel``): off; on request (a "Coach" button at each decision); always.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from tutor.practice import LEARNER, Stage
from tutor.practice.advice import (
    CoachLevel,
    bid_advice,
    call_advice,
    ecart_advice,
    ecart_review,
    risk_of_bid_made,
)
from tutor.practice.explain import explain_refusal
from tutor.practice.page import PracticeState
from tutor.ui.coach_text import CoachItem, lesson_link, text
from tutor.ui.i18n import t
from tutor.ui.practice.saving import STATE


def coach_items(state: PracticeState) -> list[CoachItem]:
    """What the coach has to say at the learner's decision now (nothing when it is off)."""
    if state.coach_level is CoachLevel.OFF:
        return []
    current = state.game.deal
    deal = current.deal
    stage = current.stage
    items: list[CoachItem] = []
    if stage is Stage.BID:
        return [bid_advice(deal, LEARNER)]
    if not deal.tricks and stage not in (Stage.FINISHED, Stage.REDEAL):
        risk = risk_of_bid_made(deal, LEARNER)  # the learner bid against the advice
        if risk is not None:
            items.append(risk)
    if stage is Stage.CALL:
        items.append(call_advice(deal, LEARNER))
    elif stage is Stage.ECART:
        items.append(ecart_advice(deal, LEARNER))
    elif stage is Stage.CHELEM:
        items.append(ecart_review(deal, LEARNER, deal.ecart))
    elif deal.tricks and state.review is None:
        items += current.remarks_for(len(deal.tricks) - 1)
    return items


def advised_bid(state: PracticeState) -> str | None:
    """The bid the coach advises now ('pass' or a contract's code), when it speaks."""
    current = state.game.deal
    if current.stage is not Stage.BID or not state.coach_speaks:
        return None
    advised = bid_advice(current.deal, LEARNER).advised
    return advised.code if advised is not None else "pass"


def on_ask() -> None:
    state = st.session_state[STATE]
    state.coach_asked = state.decision


def coach_drawer(
    state: PracticeState, items: list[CoachItem], lang: str
) -> dict[str, Any] | None:
    """The coach's words for the table's drawer (plain text), when it speaks now."""
    if state.review is not None or not state.coach_speaks:
        return None
    lines = [text(item, lang, state.game.players) for item in items]
    if not lines:
        return None
    return {"label": t(lang, "coach.level.button"), "lines": lines}


def coach_notes(state: PracticeState, items: list[CoachItem], lang: str) -> None:
    """The coach's words below the table: at every decision (always), when asked (on
    request), never (off); the lesson step behind a refused card whenever one was refused."""
    game = state.game
    players = game.players
    if state.refusal is not None and state.coach_level is not CoachLevel.OFF:
        link = lesson_link(explain_refusal(state.refusal), lang)
        if link is not None:
            st.markdown(f":material/menu_book: [{link.label}]({link.path})")
    if state.coach_level is CoachLevel.OFF or state.review is not None:
        return
    if not items:
        return
    if not state.coach_speaks:
        st.button(t(lang, "coach.level.button"), key="practice-coach-ask", on_click=on_ask,
                  icon=":material/school:")
        return
    for item in items:
        good = getattr(item, "good", False)
        words = text(item, lang, players).replace("\n", "  \n")
        link = lesson_link(item, lang)
        more = f"  \n:material/menu_book: [{link.label}]({link.path})" if link else ""
        if good:
            st.success(words + more, icon=":material/thumb_up:")
        else:
            st.info(words + more, icon=":material/school:")


__all__ = ["advised_bid", "coach_items", "coach_notes", "on_ask"]
