"""The tarot tutor: ``streamlit run app.py``."""

import streamlit as st

from tutor.ui.i18n import LANGUAGE_NAMES, LANGUAGES, t
from tutor.ui.session import current_language, set_language

st.set_page_config(page_title="Tarot tutor", page_icon=":material/style:", layout="wide")

lang = current_language()
st.query_params["lang"] = lang
pages = [
    st.Page(
        "tutor/ui/pages/home.py",
        title=t(lang, "app.nav_home"),
        icon=":material/home:",
        default=True,
    ),
    st.Page(
        "tutor/ui/pages/lessons.py",
        title=t(lang, "app.nav_lessons"),
        icon=":material/menu_book:",
        url_path="lessons",
    ),
    st.Page(
        "tutor/ui/pages/puzzles.py",
        title=t(lang, "app.nav_puzzles"),
        icon=":material/extension:",
        url_path="puzzles",
    ),
    st.Page(
        "tutor/ui/pages/score_quiz.py",
        title=t(lang, "app.nav_score_quiz"),
        icon=":material/calculate:",
        url_path="score-quiz",
    ),
    st.Page(
        "tutor/ui/pages/score_sheet.py",
        title=t(lang, "app.nav_score_sheet"),
        icon=":material/table_chart:",
        url_path="score-sheet",
    ),
    st.Page(
        "tutor/ui/pages/dashboard.py",
        title=t(lang, "app.nav_progress"),
        icon=":material/insights:",
        url_path="progress",
    ),
    st.Page(
        "tutor/ui/pages/glossary.py",
        title=t(lang, "app.nav_glossary"),
        icon=":material/translate:",
        url_path="glossary",
    ),
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
