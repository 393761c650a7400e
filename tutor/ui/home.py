"""The home page: everything the tutor offers, each with a link, and where to start."""

from __future__ import annotations

import streamlit as st

from tutor.engine import parse_cards
from tutor.ui.i18n import t
from tutor.ui.registry import offers, page
from tutor.ui.session import bank, current_language
from tutor.ui.views import show_cards

START_LESSONS, OPEN_PUZZLES = "home-start-lessons", "home-open-puzzles"
DAILY_DEAL = "home-daily-deal"


def render() -> None:
    lang = current_language()
    content = bank()
    st.title(t(lang, "home.heading"))
    _where_to_start(lang, content.lessons[0].id if content.lessons else None)
    show_cards(parse_cards("T21 T1 EX KH QS NC JD"), lang, width=64)
    st.space("small")  # the card row never touches the text under it
    st.markdown(t(lang, "home.intro"))
    st.subheader(t(lang, "home.offers_heading"))
    for offered in offers():
        assert offered.offer is not None
        with st.container(border=True):
            st.page_link(offered.file, label=f"**{t(lang, offered.title)}**", icon=offered.icon,
                         query_params={"lang": lang})
            st.caption(t(lang, offered.offer))
    st.caption(t(lang, "home.stats", lessons=len(content.lessons), puzzles=len(content.puzzles)))


def _where_to_start(lang: str, first: str | None) -> None:
    """The ways in, as buttons under the title: on a phone they are on the first screen. The
    deal of the day is one: the same deal for everyone today, on the practice page."""
    st.subheader(t(lang, "home.start_heading"))
    st.markdown(t(lang, "home.start_text"))
    row = st.container(horizontal=True)
    if row.button(t(lang, "home.start_lessons"), key=START_LESSONS, type="primary",
                  icon=page("lessons").icon):
        st.switch_page(page("lessons").file,
                       query_params={"lang": lang, **({"lesson": first} if first else {})})
    if row.button(t(lang, "home.open_puzzles"), key=OPEN_PUZZLES, icon=page("puzzles").icon):
        st.switch_page(page("puzzles").file, query_params={"lang": lang})
    if row.button(t(lang, "home.daily_deal"), key=DAILY_DEAL, icon=":material/today:"):
        st.switch_page(page("practice").file, query_params={"lang": lang, "daily": "1"})
