"""A multiple choice on screen: the options as radio buttons, and the chosen option's "why"."""

from __future__ import annotations

import streamlit as st

from tutor.content.kinds import ChoiceExercise
from tutor.ui.exercises.common import Widget
from tutor.ui.i18n import localized, t


def draw_choice(ex: ChoiceExercise, key: str, lang: str, highlight: object) -> int | None:
    labels = [localized(option, lang) for option in ex.options]
    choice = st.radio(
        t(lang, "exercise.choose_one"),
        range(len(labels)),
        index=None,
        format_func=lambda i: labels[i],
        key=f"{key}-choice",
    )
    if st.button(
        t(lang, "exercise.check"), key=f"{key}-check", type="primary", disabled=choice is None
    ):
        return choice
    return None


def why_chosen(ex: ChoiceExercise, answer: object, lang: str) -> str:
    """The explanation of the option chosen, when the exercise gives one per option."""
    if ex.why and isinstance(answer, int) and 0 <= answer < len(ex.why):
        return localized(ex.why[answer], lang)
    return ""


CHOICE = Widget(draw_choice, aside=why_chosen)
