"""The home page: what the tutor offers and where to start."""

from __future__ import annotations

import streamlit as st

from tutor.engine.cards import parse_cards
from tutor.ui.i18n import t
from tutor.ui.session import bank, current_language
from tutor.ui.views import show_cards


def render() -> None:
    lang = current_language()
    content = bank()
    st.title(t(lang, "home.heading"))
    show_cards(parse_cards("T21 T1 EX KH QS NC JD"), lang, width=64)
    st.markdown(t(lang, "home.intro"))
    st.subheader(t(lang, "home.offers_heading"))
    st.markdown(f"- {t(lang, 'home.offer_lessons')}\n- {t(lang, 'home.offer_puzzles')}")
    st.caption(t(lang, "home.stats", lessons=len(content.lessons), puzzles=len(content.puzzles)))
    st.subheader(t(lang, "home.start_heading"))
    st.markdown(t(lang, "home.start_text"))
    left, right = st.columns(2)
    first = content.lessons[0].id if content.lessons else None
    left.page_link(
        "tutor/ui/pages/lessons.py",
        label=t(lang, "home.start_lessons"),
        icon=":material/menu_book:",
        query_params={"lang": lang, **({"lesson": first} if first else {})},
    )
    right.page_link(
        "tutor/ui/pages/puzzles.py",
        label=t(lang, "home.open_puzzles"),
        icon=":material/extension:",
        query_params={"lang": lang},
    )
