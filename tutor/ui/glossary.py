"""The glossary of French terms: a page of its own, and the terms of a lesson step in place."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import streamlit as st

from tutor.inputs import SEARCH_CHARS
from tutor.ui.i18n import localized, t
from tutor.ui.session import bank, current_language

if TYPE_CHECKING:
    from tutor.content.models import TermRow


def render() -> None:
    lang = current_language()
    st.title(t(lang, "glossary.heading"))
    glossary = bank().glossary
    if glossary is None:
        st.info(t(lang, "glossary.none"))
        return
    query = (
        st.text_input(t(lang, "glossary.search"), key="glossary-search", max_chars=SEARCH_CHARS)
        .strip()
        .lower()
    )
    terms = sorted(glossary.terms, key=lambda term: localized(term.term, lang).lower())
    for term in terms:
        word = localized(term.term, lang)
        definition = localized(term.definition, lang)
        if query and query not in word.lower() and query not in definition.lower():
            continue
        st.markdown(f"**{word}** — {definition}")
    show_terminology(glossary.terminology, lang, query)


def show_terminology(rows: Sequence[TermRow], lang: str, query: str = "") -> None:
    """The terminology table: one word per concept in French, Italian and English (the rows
    matching the search, all of them without one)."""
    shown = [row for row in rows
             if not query or any(query in word.lower() for word in (row.fr, row.it, row.en))]
    if not shown:
        return
    st.subheader(t(lang, "glossary.terminology"))
    st.caption(t(lang, "glossary.terminology_note"))
    # st.table shows plain strings (no markdown): the words come from our content only.
    st.table({t(lang, "glossary.col_french"): [row.fr for row in shown],
              t(lang, "glossary.col_italian"): [row.it for row in shown],
              t(lang, "glossary.col_english"): [row.en for row in shown]})
