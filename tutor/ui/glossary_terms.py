"""The French terms of a lesson step, in place (a popover), with a link to the glossary page."""

from __future__ import annotations

from collections.abc import Iterable

import streamlit as st

from tutor.ui.i18n import localized, t
from tutor.ui.registry import page
from tutor.ui.session import bank


def show_glossary_terms(keys: Iterable[str], lang: str) -> None:
    """A popover with the step's French terms, and a link to the whole glossary."""
    glossary = bank().glossary
    if glossary is None:
        return
    terms = [term for key in keys if (term := glossary.get(key)) is not None]
    if not terms:
        return
    with st.popover(t(lang, "glossary.terms_here", n=len(terms)), icon=":material/translate:"):
        for term in terms:
            st.markdown(f"**{localized(term.term, lang)}** — {localized(term.definition, lang)}")
        st.page_link(page("glossary").file, label=t(lang, "glossary.open"),
                     icon=":material/menu_book:", query_params={"lang": lang})
