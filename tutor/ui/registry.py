"""The app's pages, listed once: ``app.py`` builds the navigation from it and the home page its
offers, so a new page is one row here, its three-line shim in ``tutor/ui/pages/`` and its
catalog keys.

A page is the module that renders one app page (its ``render()``); the shim
``tutor/ui/pages/<name>.py`` only calls it. Pages are leaves: no module of ``tutor/ui`` imports
a page (``tests/ui/test_page_imports.py``), what two pages share lives in a module of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

SHIMS = "tutor/ui/pages"


@dataclass(frozen=True)
class Page:
    name: str  # the shim's file name, and the prefix of the page's session-state keys
    module: str  # the module whose render() draws the page
    title: str  # catalog key of its name in the navigation
    icon: str
    path: str  # its URL path ("" for the home page, the default one)
    offer: str | None = None  # catalog key of what the home page says it offers; None: not listed
    offer_rank: int = 0  # its place among the home page's offers (the order a learner uses them)

    @property
    def file(self) -> str:
        """The shim's path, as st.Page, st.page_link and st.switch_page take it."""
        return f"{SHIMS}/{self.name}.py"

    @property
    def key_prefix(self) -> str:
        """The start of every session-state and widget key of the page: ``score-sheet-``."""
        return self.name.replace("_", "-") + "-"


# in the navigation's order; the first one is the home page
PAGES = (
    Page("home", "tutor.ui.home", "app.nav_home", ":material/home:", ""),
    Page("lessons", "tutor.ui.lessons", "app.nav_lessons", ":material/menu_book:", "lessons",
         "home.offer_lessons", 1),
    Page("puzzles", "tutor.ui.puzzles", "app.nav_puzzles", ":material/extension:", "puzzles",
         "home.offer_puzzles", 2),
    Page("practice", "tutor.ui.practice.page", "app.nav_practice", ":material/playing_cards:",
         "practice", "home.offer_practice", 4),
    Page("review", "tutor.ui.deal_review", "app.nav_review", ":material/rate_review:", "review"),
    Page("score_quiz", "tutor.ui.score_quiz", "app.nav_score_quiz", ":material/calculate:",
         "score-quiz", "home.offer_score_quiz", 3),
    Page("score_sheet", "tutor.ui.score_sheet", "app.nav_score_sheet", ":material/table_chart:",
         "score-sheet", "home.offer_score_sheet", 5),
    Page("dashboard", "tutor.ui.dashboard", "app.nav_progress", ":material/insights:",
         "progress", "home.offer_progress", 7),
    Page("glossary", "tutor.ui.glossary", "app.nav_glossary", ":material/translate:",
         "glossary", "home.offer_glossary", 6),
)
BY_NAME = {page.name: page for page in PAGES}


def page(name: str) -> Page:
    return BY_NAME[name]


def offers() -> list[Page]:
    """The pages the home page offers, in the order a learner uses them."""
    return sorted((p for p in PAGES if p.offer is not None), key=lambda p: p.offer_rank)
