"""The learner's own bid, call, écart, poignée or chelem mistake on screen: what they had seen
(their hand, the bids so far, the chien when it was turned up), the review's options only, as
radio buttons, and with the solution every option's value by what they could know."""

from __future__ import annotations

import streamlit as st

from tutor.content.kinds import OwnDecisionExercise
from tutor.content.kinds.own_decision import NOT_BEST_CHOICE
from tutor.content.verdict import Verdict
from tutor.engine import Card, cards_of, display_order
from tutor.ui.card_svg import hand_svg_row
from tutor.ui.exercises.common import Widget, say_in
from tutor.ui.i18n import t
from tutor.ui.words import seat_name

CARD = 44  # px: the hand, as the position page draws it


def _cards(mask: int, lang: str) -> None:
    st.markdown(hand_svg_row(display_order(cards_of(mask)), width=CARD, lang=lang),
                unsafe_allow_html=True)


def bids_said(ex: OwnDecisionExercise, lang: str) -> str:
    """'Right: Pass · Across: Garde …', or that nobody had spoken yet."""
    if not ex.bids:
        return t(lang, "own_decision.no_bids")
    return " · ".join(f"{seat_name(seat, ex.players, lang)}: {t(lang, f'contracts.{code}')}"
                      for seat, code in ex.bids)


def draw_own_decision(ex: OwnDecisionExercise, key: str, lang: str,
                      highlight: set[Card] | None) -> int | None:
    """The moment again, the learner's choice in the deal said, not the answer."""
    say = say_in(lang)
    st.caption(t(lang, "own_decision.origin", choice=ex.option_words(ex.chosen, lang, say),
                 verdict=t(lang, f"own.verdicts.{ex.label}")))
    st.caption(t(lang, "own_decision.bids", bids=bids_said(ex, lang)))
    chien = ex.chien_seen
    if chien:
        st.markdown(f"**{t(lang, 'own_decision.chien')}**")
        _cards(chien, lang)
    st.markdown(f"**{t(lang, 'exercise.your_hand')}**")
    _cards(ex.hand, lang)
    labels = [ex.option_words(i, lang, say) for i in range(len(ex.options))]
    choice = st.radio(t(lang, "own_decision.choose"), ex.shown_order(), index=None,
                      format_func=lambda i: labels[i], key=f"{key}-decision")
    if st.button(t(lang, "exercise.check"), key=f"{key}-check", type="primary",
                 disabled=choice is None):
        return choice
    return None


def decision_sentence(ex: OwnDecisionExercise, verdict: Verdict, answer: object, lang: str,
                      solution: bool) -> str | None:
    """A legal option the review valued below the best: said by what the learner could know
    (the best named only with the solution)."""
    if verdict.code != NOT_BEST_CHOICE:
        return None
    if not solution:
        return t(lang, "own_decision.not_best_retry")
    return t(lang, "own_decision.not_best", best=ex.answer_text(lang, say_in(lang)))


def decision_after(ex: OwnDecisionExercise, verdict: Verdict, answer: object, solution: bool,
                   lang: str) -> None:
    """With the solution: every option's value by what the learner could know."""
    if not solution:
        return
    say = say_in(lang)
    st.markdown(f"**{t(lang, 'own_decision.values_heading')}**")
    rows = [
        {
            t(lang, "own_decision.option"): ("▶ " if answer == i else "")
            + ex.option_words(i, lang, say),
            t(lang, "own.value"): f"{float(o.value):+.1f}",
            t(lang, "own.as_good"): "✓" if ex.as_good_as_best(float(o.value)) else "",
        }
        for i, o in enumerate(ex.options)
    ]
    st.dataframe(rows, hide_index=True, width="stretch")


OWN_DECISION = Widget(draw_own_decision, decision_sentence, after=decision_after)
