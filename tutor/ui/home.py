"""The home page: everything the tutor offers, each with a link, and where to start."""

from __future__ import annotations

import streamlit as st

from tutor.engine.cards import parse_cards
from tutor.ui.i18n import t
from tutor.ui.session import bank, current_language
from tutor.ui.views import show_cards

PAGES = "tutor/ui/pages"
# (page, catalog key of its name, of what it offers, icon), in the order a learner uses them
OFFERS = (
    ("lessons", "app.nav_lessons", "home.offer_lessons", ":material/menu_book:"),
    ("puzzles", "app.nav_puzzles", "home.offer_puzzles", ":material/extension:"),
    ("score_quiz", "app.nav_score_quiz", "home.offer_score_quiz", ":material/calculate:"),
    ("practice", "app.nav_practice", "home.offer_practice", ":material/playing_cards:"),
    ("score_sheet", "app.nav_score_sheet", "home.offer_score_sheet", ":material/table_chart:"),
    ("glossary", "app.nav_glossary", "home.offer_glossary", ":material/translate:"),
    ("dashboard", "app.nav_progress", "home.offer_progress", ":material/insights:"),
)


def render() -> None:
    lang = current_language()
    content = bank()
    st.title(t(lang, "home.heading"))
    show_cards(parse_cards("T21 T1 EX KH QS NC JD"), lang, width=64)
    st.space("small")  # the card row never touches the text under it
    st.markdown(t(lang, "home.intro"))
    st.subheader(t(lang, "home.start_heading"))
    st.markdown(t(lang, "home.start_text"))
    first = content.lessons[0].id if content.lessons else None
    left, right = st.columns(2)
    left.page_link(
        f"{PAGES}/lessons.py",
        label=t(lang, "home.start_lessons"),
        icon=":material/menu_book:",
        query_params={"lang": lang, **({"lesson": first} if first else {})},
    )
    right.page_link(
        f"{PAGES}/puzzles.py",
        label=t(lang, "home.open_puzzles"),
        icon=":material/extension:",
        query_params={"lang": lang},
    )
    st.subheader(t(lang, "home.offers_heading"))
    for page, name, offer, icon in OFFERS:
        with st.container(border=True):
            st.page_link(f"{PAGES}/{page}.py", label=f"**{t(lang, name)}**", icon=icon,
                         query_params={"lang": lang})
            st.caption(t(lang, offer))
    st.caption(t(lang, "home.stats", lessons=len(content.lessons), puzzles=len(content.puzzles)))
