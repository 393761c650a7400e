"""The tarot tutor: ``streamlit run app.py``."""

import streamlit as st

from tutor.ui.i18n import LANGUAGE_NAMES, LANGUAGES, t
from tutor.ui.learner import remember_in_browser
from tutor.ui.registry import PAGES
from tutor.ui.safe import query_choice
from tutor.ui.session import current_language, set_language

st.set_page_config(page_title="Tarot tutor", page_icon=":material/style:", layout="wide")

lang = current_language()
query_choice("lang", LANGUAGES, lang)  # an unknown ?lang= is named in a message, then replaced
st.query_params["lang"] = lang
pages = [
    st.Page(p.file, title=t(lang, p.title), icon=p.icon, url_path=p.path or None,
            default=not p.path)
    for p in PAGES
]
with st.sidebar:
    st.markdown(f"### :material/style: {t(lang, 'app.title')}")
    chosen = st.segmented_control(
        t(lang, "app.language"),
        LANGUAGES,
        default=lang,
        format_func=LANGUAGE_NAMES.__getitem__,
        key="app-language",
    )
    if chosen and chosen != lang:
        set_language(chosen)
        st.rerun()
st.navigation(pages).run()
# After the page: its first store call may just have made this visitor's anonymous profile.
with st.sidebar:
    remember_in_browser()
