"""``kind: hand``: a whole hand shown, answered with its count (a number), the bid the count
gives (one bid), at five players the card to call (one of the cards the rules allow), or
whether the deal is played or dealt again.
With the solution (asked for, or after a second wrong try), and once right, the count is shown
item by item."""

from __future__ import annotations

import streamlit as st

from tutor.bots import hand_count
from tutor.content.kinds.hand import REDEAL_ANSWERS, HandExercise
from tutor.content.verdict import NOT_ACCEPTED, Verdict
from tutor.engine import card_name
from tutor.ui.coach_text import count_text
from tutor.ui.exercises.common import Widget, number_answer
from tutor.ui.exercises.numbers import BIDS
from tutor.ui.i18n import t
from tutor.ui.views import show_cards


def draw_hand(ex: HandExercise, key: str, lang: str, highlight: object) -> object | None:
    st.markdown(f"**{t(lang, 'exercise.hand_players', n=ex.players, cards=len(ex.hand))}**")
    show_cards(ex.hand, lang)
    if ex.ask == "count":
        return number_answer(key, lang, integer=True)
    chosen: str | int | None
    if ex.ask == "bid":
        chosen = st.pills(t(lang, "exercise.choose_bid"), BIDS, selection_mode="single",
                          format_func=lambda code: t(lang, f"contracts.{code}"),
                          key=f"{key}-bid")
    elif ex.ask == "redeal":
        chosen = st.pills(t(lang, "exercise.choose_redeal"), REDEAL_ANSWERS,
                          selection_mode="single",
                          format_func=lambda code: t(lang, f"exercise.redeal_{code}"),
                          key=f"{key}-redeal")
    else:
        chosen = st.pills(t(lang, "exercise.choose_call"), ex.callable(), selection_mode="single",
                          format_func=lambda card: card_name(card, lang), key=f"{key}-call")
    if st.button(t(lang, "exercise.check"), key=f"{key}-check", type="primary") and (
        chosen is not None
    ):
        return chosen
    return None


def hand_sentence(ex: HandExercise, verdict: Verdict, answer: object, lang: str,
                  solution: bool) -> str | None:
    if verdict.code == NOT_ACCEPTED:
        return t(lang, {"bid": "verdict.wrong_bid", "redeal": "verdict.wrong_redeal"}.get(
            ex.ask, "verdict.wrong_call"))
    return None


def hand_after(ex: HandExercise, verdict: Verdict, answer: object, solution: bool,
               lang: str) -> None:
    if (verdict.correct or solution) and ex.ask in ("count", "bid"):
        st.markdown(count_text(hand_count(ex.hand_mask, ex.players), lang))


HAND = Widget(draw_hand, hand_sentence, after=hand_after)
