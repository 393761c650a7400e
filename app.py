"""The tarot tutor: ``streamlit run app.py``."""

import streamlit as st

from tutor.ui.i18n import LANGUAGE_NAMES, LANGUAGES, t
from tutor.ui.learner import remember_in_browser
from tutor.ui.safe import query_choice
from tutor.ui.session import current_language, set_language

st.set_page_config(page_title="Tarot tutor", page_icon=":material/style:", layout="wide")

lang = current_language()
query_choice("lang", LANGUAGES, lang)  # an unknown ?lang= is named in a message, then replaced
st.query_params["lang"] = lang
# (page file, catalog key of its title, icon, URL path); the first one is the home page.
PAGES = [
    ("home", "app.nav_home", ":material/home:", ""),
    ("lessons", "app.nav_lessons", ":material/menu_book:", "lessons"),
    ("puzzles", "app.nav_puzzles", ":material/extension:", "puzzles"),
    ("practice", "app.nav_practice", ":material/playing_cards:", "practice"),
    ("review", "app.nav_review", ":material/rate_review:", "review"),
    ("score_quiz", "app.nav_score_quiz", ":material/calculate:", "score-quiz"),
    ("score_sheet", "app.nav_score_sheet", ":material/table_chart:", "score-sheet"),
    ("dashboard", "app.nav_progress", ":material/insights:", "progress"),
    ("glossary", "app.nav_glossary", ":material/translate:", "glossary"),
]
pages = [
    st.Page(f"tutor/ui/pages/{name}.py", title=t(lang, title), icon=icon,
            url_path=path or None, default=not path)
    for name, title, icon, path in PAGES
]
with st.sidebar:
    st.markdown(f"### :material/style: {t(lang, 'app.title')}")
    chosen = st.segmented_control(
        t(lang, "app.language"),
        LANGUAGES,
        default=lang,
        format_func=LANGUAGE_NAMES.__getitem__,
        key="lang_switch",
    )
    if chosen and chosen != lang:
        set_language(chosen)
        st.rerun()
st.navigation(pages).run()
# After the page: its first store call may just have made this visitor's anonymous profile.
with st.sidebar:
    remember_in_browser()
