"""The coach on the practice page, behind one function: what it says now (after a trick: its
remarks on the learner's trick; a refused card is explained on the table itself). The coach's
knowledge lives in ``tutor.practice.coach``; this only turns it into sentences."""

from __future__ import annotations

import streamlit as st

from tutor.practice.page import PracticeState
from tutor.ui.practice.words import remark_text


def coach_notes(state: PracticeState, lang: str) -> None:
    """The coach's remarks on the last trick played (with the coach on; not in a review)."""
    game = state.game
    if not game.coach or state.review is not None:
        return
    deal = game.deal
    tricks = len(deal.deal.tricks)
    if not tricks:
        return
    for remark in deal.remarks_for(tricks - 1):
        text = remark_text(remark, game.players, lang)
        if remark.good:
            st.success(text, icon=":material/thumb_up:")
        else:
            st.warning(text, icon=":material/school:")


__all__ = ["coach_notes"]
