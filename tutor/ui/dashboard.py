"""The learner's progress page: the lessons (each a link to where the learner is in it), the
puzzles by theme with strong and weak themes, the learner's rating (over time, and by theme),
the score quiz, the practice deals, the review queue (each puzzle named and a link, and a
button to start the review), and the learner's own data (export, start afresh, delete, sign
in, the pre-profile progress)."""

from __future__ import annotations

import json

import pandas as pd
import streamlit as st

from tutor.content.models import Puzzle
from tutor.inputs import clip, plain
from tutor.progress.ratings import LEARNER_START
from tutor.progress.schema import OVERALL
from tutor.progress.store import PUZZLE_SOURCES, GameSummary, RatingPoint
from tutor.ui.i18n import localized, t
from tutor.ui.learner import auth_configured, forget_learner, signed_in
from tutor.ui.registry import page
from tutor.ui.reviews import mistakes_over_time
from tutor.ui.session import (
    bank,
    current_language,
    database,
    forget_session_copies,
    reported,
    reported_later,
    show_store_problems,
    store,
)
from tutor.ui.trainer import REVIEW, SOURCE, WEAK_RATE, find_puzzle, puzzles_state
from tutor.ui.words import LessonStanding

FLASH = "dashboard-flash"
DAYS_AS_DATES = 2  # a history this many days long or more is labelled by dates
TABLE_ROW = 35  # a dataframe row's height in pixels (Streamlit's default)
RATINGS = "dashboard-ratings"  # the rating's section (the browser test finds it by its key)
CHART_GREEN = "#1f6f5c"  # the theme's primary colour (.streamlit/config.toml)
NAME_CHARS = 90  # a puzzle named by its question, cut to this length


def render() -> None:
    lang = current_language()
    st.title(t(lang, "trainer.dashboard"))
    show_store_problems(lang)
    flash = st.session_state.pop(FLASH, None)
    if flash:
        st.success(t(lang, flash), icon=":material/check_circle:")
    # a failed read is a warning in place of its section, never an empty dashboard
    with reported(lang):
        _lessons(lang)
    with reported(lang):
        _progress(lang)
    with reported(lang), st.container(key=RATINGS):
        _ratings(lang)
    with reported(lang):
        _score_quiz(lang)
    with reported(lang):
        _practice(lang)
    with reported(lang):
        _queue(lang)
    _deal_reviews(lang)
    _your_data(lang)


def _lessons(lang: str) -> None:
    """Each lesson with its stars, the steps seen and the checks answered, as a link that
    opens it at the step the learner was in."""
    st.subheader(t(lang, "dashboard.lessons"))
    saved = store().lessons()
    for lesson in bank().lessons:
        got = saved.get(lesson.id)
        standing = LessonStanding.of(lesson, got)
        steps = len(lesson.steps)
        params = {"lang": lang, "lesson": lesson.id}
        if got is not None:
            params["step"] = str(min(got.step, steps - 1) + 1)
        left, right = st.columns([3, 2])
        left.page_link(page("lessons").file, query_params=params,
                       label=f"{lesson.number}. {localized(lesson.title, lang)} "
                             f"{standing.mark(lang)}".rstrip())
        right.caption(standing.counts(lang))


def _score_quiz(lang: str) -> None:
    """The score quiz's questions by level: how many, how many right at the first try."""
    st.subheader(t(lang, "dashboard.score_quiz"))
    rows = [row for row in store().theme_stats("score-quiz") if row.first_tries]
    if not rows:
        st.caption(t(lang, "dashboard.score_quiz_empty"))
    for row in rows:
        level = row.theme.removeprefix("level-")
        st.markdown("- " + t(lang, "dashboard.score_quiz_level",
                             level=t(lang, f"score_quiz.levels.{level}"),
                             right=row.first_try_right, tries=row.first_tries))
    st.page_link(page("score_quiz").file, label=t(lang, "app.nav_score_quiz"),
                 icon=":material/calculate:", query_params={"lang": lang})


def _deals_finished(game: GameSummary) -> int:
    """A practice game's deals played to their end: the rows of its score sheet (kept in
    its meta; a game saved before learners kept them as the store's rows), a redeal not
    counted."""
    meta = game.meta if isinstance(game.meta, dict) else {}
    rows = meta.get("rows")
    played = [row for row in rows if isinstance(row, dict) and not row.get("redeal")] if (
        isinstance(rows, list)) else []
    return max(len(played), game.rows)


def _practice(lang: str) -> None:
    """The practice games played and the deals finished in them."""
    st.subheader(t(lang, "dashboard.practice"))
    games = store().games("practice")
    deals = sum(_deals_finished(game) for game in games)
    st.markdown(t(lang, "dashboard.practice_deals", deals=deals))
    st.page_link(page("practice").file, label=t(lang, "app.nav_practice"),
                 icon=":material/playing_cards:", query_params={"lang": lang})


def puzzle_name(puzzle: Puzzle, lang: str) -> str:
    """A puzzle named for a learner: its theme and its question (cut short), not its id."""
    question = " ".join(localized(puzzle.exercise.question, lang).replace("*", "").split())
    if len(question) > NAME_CHARS:
        question = clip(question, NAME_CHARS)
    return f"{t(lang, f'themes.{puzzle.theme.value}')} — {question}"


def _start_review() -> None:
    """on_click: the puzzle page opens on the review queue."""
    st.session_state[SOURCE] = REVIEW
    puzzles_state().current = None


def _progress(lang: str) -> None:
    s = store()
    streak = s.streak()
    due = s.due_items()
    solved = s.solved_items("puzzle")
    # the puzzles' themes only: the score quiz's levels have their own section
    stats = [row for row in s.theme_stats(PUZZLE_SOURCES) if row.first_tries]
    cols = st.columns(4)
    cols[0].metric(t(lang, "trainer.streak"), streak.current)
    cols[1].metric(t(lang, "dashboard.best"), streak.best)
    cols[2].metric(t(lang, "trainer.solved"), len(solved))
    cols[3].metric(t(lang, "trainer.due"), len(due))
    if not stats:
        st.info(t(lang, "dashboard.empty"))
        return
    table = pd.DataFrame({
        t(lang, "dashboard.theme"): [t(lang, f"themes.{row.theme}") for row in stats],
        t(lang, "dashboard.rate"): [round(100 * row.rate) for row in stats],
        t(lang, "dashboard.tries"): [row.first_tries for row in stats],
    })
    st.subheader(t(lang, "dashboard.by_theme"))
    st.bar_chart(table, x=t(lang, "dashboard.theme"), y=t(lang, "dashboard.rate"),
                 horizontal=True, y_label=t(lang, "dashboard.rate"), color=CHART_GREEN)
    strong = [t(lang, f"themes.{r.theme}") for r in stats if r.rate >= WEAK_RATE]
    weak = [t(lang, f"themes.{r.theme}") for r in stats if r.rate < WEAK_RATE]
    left, right = st.columns(2)
    left.markdown(f"**{t(lang, 'dashboard.strong')}**\n\n" + ("\n".join(
        f"- {name}" for name in strong) or "—"))
    right.markdown(f"**{t(lang, 'dashboard.weak')}**\n\n" + ("\n".join(
        f"- {name}" for name in weak) or "—"))


def _ratings(lang: str) -> None:
    """The learner's Glicko-2 rating: overall with its history as a chart, then per theme."""
    st.subheader(t(lang, "dashboard.ratings"))
    s = store()
    mine = s.ratings()
    if OVERALL not in mine:
        st.caption(t(lang, "dashboard.ratings_empty"))
        return
    overall = mine[OVERALL]
    history = s.rating_history()
    before = history[-2].rating if len(history) > 1 else LEARNER_START.rating
    st.metric(
        t(lang, "dashboard.rating"),
        f"{overall.rating.rating:.0f} ± {overall.rating.deviation:.0f}",
        delta=round(overall.rating.rating - before),
        width="content",
    )
    st.caption(t(lang, "dashboard.rating_explain"))
    if history:
        st.markdown(f"**{t(lang, 'dashboard.rating_over_time')}**")
        _rating_chart(history, lang)
    themes = sorted((r for theme, r in mine.items() if theme != OVERALL),
                    key=lambda r: -r.rating.rating)
    st.markdown(f"**{t(lang, 'dashboard.rating_by_theme')}**")
    rows = (overall, *themes)
    table = pd.DataFrame({
        t(lang, "dashboard.theme"): [t(lang, "dashboard.rating_overall")]
        + [t(lang, f"themes.{r.theme}") for r in themes],
        # one column for the rating and how sure it is: four columns overflowed a phone
        t(lang, "dashboard.rating"): [
            f"{r.rating.rating:.0f} ± {r.rating.deviation:.0f}" for r in rows
        ],
        t(lang, "dashboard.rating_games"): [r.games for r in rows],
    })
    # every row shown: a table taller than its box scrolled inside itself, its end cut off
    st.dataframe(table, hide_index=True, width="stretch", height=TABLE_ROW * (len(rows) + 1) + 3)


def _rating_chart(history: list[RatingPoint], lang: str) -> None:
    """The overall rating after each rated answer, in its band of ± one deviation (the band
    narrows as the rating grows sure); the scale fits the ratings, not zero."""
    data = pd.DataFrame({
        "when": [point.at.astimezone().replace(tzinfo=None) for point in history],
        "rating": [round(point.rating) for point in history],
        "low": [round(point.rating - point.deviation) for point in history],
        "high": [round(point.rating + point.deviation) for point in history],
    })
    # over days, one tick a day, as a date; within a day or two, Vega's own hours
    days = (history[-1].at - history[0].at).days >= DAYS_AS_DATES
    axis: dict[str, object] = (
        {"format": "%d/%m", "tickCount": {"interval": "day"}} if days else {}
    )
    x = {"field": "when", "type": "temporal", "title": t(lang, "dashboard.rating_when"),
         "axis": {**axis, "labelOverlap": True}}
    y_title = t(lang, "dashboard.rating")
    spec = {
        "height": 260,
        "layer": [
            {
                "mark": {"type": "area", "color": CHART_GREEN, "opacity": 0.15},
                "encoding": {
                    "x": x,
                    "y": {"field": "low", "type": "quantitative", "title": y_title,
                          "scale": {"zero": False}},
                    "y2": {"field": "high"},
                },
            },
            {
                "mark": {"type": "line", "color": CHART_GREEN,
                         "point": {"color": CHART_GREEN}},
                "encoding": {
                    "x": x,
                    "y": {"field": "rating", "type": "quantitative", "title": y_title},
                    "tooltip": [{"field": "when", "type": "temporal", "format": "%d/%m %H:%M",
                                 "title": t(lang, "dashboard.rating_when")},
                                {"field": "rating", "type": "quantitative", "title": y_title}],
                },
            },
        ],
    }
    st.vega_lite_chart(data, spec, width="stretch")


def _queue(lang: str) -> None:
    """The puzzles to review, soonest first, each named and a link; a button starts the
    review of those due now."""
    st.subheader(t(lang, "dashboard.queue"))
    s = store()
    upcoming = sorted(s.reviews().items(), key=lambda kv: kv[1])
    if not upcoming:
        st.caption(t(lang, "trainer.review_empty"))
        return
    due = len(s.due_items())
    if due and st.button(t(lang, "dashboard.start_review", n=due), key="dashboard-review",
                         type="primary", icon=":material/replay:", on_click=_start_review):
        st.switch_page(page("puzzles").file)
    for item, when in upcoming[:30]:
        puzzle = find_puzzle(item)
        left, right = st.columns([4, 1])
        if puzzle is None:  # an item the bank no longer has: named as stored
            left.markdown(plain(item))
        else:
            left.page_link(page("puzzles").file, label=puzzle_name(puzzle, lang),
                           query_params={"lang": lang, "puzzle": puzzle.id})
        right.caption(f"{when.astimezone():%Y-%m-%d %H:%M}")


def _deal_reviews(lang: str) -> None:
    """The learner's mistakes per reviewed deal over time (tutor.ui.deal_review)."""
    with reported(lang):
        mistakes_over_time(lang)


# --- the learner's own data ---------------------------------------------------------------
def _start_afresh() -> None:
    with reported_later():
        store().start_afresh()
        forget_session_copies()
        st.session_state[FLASH] = "profile.afresh_done"


def _delete_everything() -> None:
    with reported_later():
        store().delete_everything()
        forget_session_copies()
        forget_learner()  # the next store call gives this browser a new, empty profile
        st.session_state[FLASH] = "profile.delete_done"


def _claim_legacy() -> None:
    with reported_later():
        mine = store()
        mine.make_profile()  # the legacy rows move to a profile that exists
        claimed = database().claim_legacy(mine.learner_id)
        forget_session_copies()
        st.session_state[FLASH] = "profile.legacy_done" if claimed else "profile.legacy_gone"


def _sign_out() -> None:
    forget_session_copies()
    forget_learner()
    st.logout()  # a new session follows: it finds no account and no cookie (removed at sign-in)


def _identity(lang: str) -> None:
    if signed_in():
        who = st.user.get("name") or st.user.get("email") or ""
        st.markdown(t(lang, "profile.signed_in", who=plain(str(who))))
        st.button(t(lang, "profile.sign_out"), key="dashboard-sign-out", on_click=_sign_out,
                  icon=":material/logout:")
    elif auth_configured():
        st.caption(t(lang, "profile.anonymous_with_sign_in"))
        st.button(t(lang, "profile.sign_in"), key="dashboard-sign-in", on_click=st.login,
                  icon=":material/login:", type="primary")
    else:
        st.caption(t(lang, "profile.anonymous"))


def _your_data(lang: str) -> None:
    st.subheader(t(lang, "profile.heading"))
    _identity(lang)
    with reported(lang):
        data = json.dumps(store().export(), indent=2, ensure_ascii=False)
        st.download_button(
            t(lang, "profile.export"),
            data=data,
            file_name="tarot-tutor-my-data.json",
            mime="application/json",
            key="dashboard-export",
            help=t(lang, "profile.export_help"),
            icon=":material/download:",
        )
    with st.expander(t(lang, "profile.afresh_heading"), icon=":material/restart_alt:"):
        st.caption(t(lang, "profile.afresh_explain"))
        st.button(t(lang, "profile.afresh_confirm"), key="dashboard-afresh",
                  on_click=_start_afresh)
    with st.expander(t(lang, "profile.delete_heading"), icon=":material/delete_forever:"):
        st.caption(t(lang, "profile.delete_explain"))
        st.button(t(lang, "profile.delete_confirm"), key="dashboard-delete",
                  on_click=_delete_everything)
    with reported(lang):
        if database().legacy_learner() is not None:
            with st.expander(t(lang, "profile.legacy_heading"), icon=":material/inventory_2:"):
                st.caption(t(lang, "profile.legacy_explain"))
                st.button(t(lang, "profile.legacy_claim"), key="dashboard-claim",
                          on_click=_claim_legacy)
