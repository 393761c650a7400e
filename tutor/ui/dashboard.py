"""The learner's progress page: streak, strong and weak themes with a chart, the review queue,
and the learner's own data (export, start afresh, delete, sign in, the pre-profile progress)."""

from __future__ import annotations

import json

import pandas as pd
import streamlit as st

from tutor.inputs import plain
from tutor.ui.deal_review import mistakes_over_time
from tutor.ui.i18n import t
from tutor.ui.learner import auth_configured, forget_learner, signed_in
from tutor.ui.puzzles import WEAK_RATE, find_puzzle
from tutor.ui.session import (
    current_language,
    database,
    forget_session_copies,
    reported,
    reported_later,
    show_store_problems,
    store,
)

FLASH = "profile_flash"


def render() -> None:
    lang = current_language()
    st.title(t(lang, "trainer.dashboard"))
    show_store_problems(lang)
    flash = st.session_state.pop(FLASH, None)
    if flash:
        st.success(t(lang, flash), icon=":material/check_circle:")
    # a failed read is a warning in place of its section, never an empty dashboard
    with reported(lang):
        _progress(lang)
    with reported(lang):
        _queue(lang)
    _deal_reviews(lang)
    _your_data(lang)


def _progress(lang: str) -> None:
    s = store()
    streak = s.streak()
    due = s.due_items()
    solved = s.solved_items("puzzle")
    stats = [row for row in s.theme_stats() if row.first_tries]
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
                 horizontal=True, y_label=t(lang, "dashboard.rate"))
    strong = [t(lang, f"themes.{r.theme}") for r in stats if r.rate >= WEAK_RATE]
    weak = [t(lang, f"themes.{r.theme}") for r in stats if r.rate < WEAK_RATE]
    left, right = st.columns(2)
    left.markdown(f"**{t(lang, 'dashboard.strong')}**\n\n" + ("\n".join(
        f"- {name}" for name in strong) or "—"))
    right.markdown(f"**{t(lang, 'dashboard.weak')}**\n\n" + ("\n".join(
        f"- {name}" for name in weak) or "—"))


def _queue(lang: str) -> None:
    st.subheader(t(lang, "dashboard.queue"))
    upcoming = sorted(store().reviews().items(), key=lambda kv: kv[1])
    if not upcoming:
        st.caption(t(lang, "trainer.review_empty"))
    for item, when in upcoming[:30]:
        puzzle = find_puzzle(item)
        label = t(lang, f"themes.{puzzle.theme.value}") if puzzle else plain(item)
        st.markdown(f"- `{item}` · {label} · {when.astimezone():%Y-%m-%d %H:%M}")


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
        claimed = database().claim_legacy(store().learner_id)
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
        st.button(t(lang, "profile.sign_out"), key="profile-sign-out", on_click=_sign_out,
                  icon=":material/logout:")
    elif auth_configured():
        st.caption(t(lang, "profile.anonymous_with_sign_in"))
        st.button(t(lang, "profile.sign_in"), key="profile-sign-in", on_click=st.login,
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
            key="profile-export",
            help=t(lang, "profile.export_help"),
            icon=":material/download:",
        )
    with st.expander(t(lang, "profile.afresh_heading"), icon=":material/restart_alt:"):
        st.caption(t(lang, "profile.afresh_explain"))
        st.button(t(lang, "profile.afresh_confirm"), key="profile-afresh",
                  on_click=_start_afresh)
    with st.expander(t(lang, "profile.delete_heading"), icon=":material/delete_forever:"):
        st.caption(t(lang, "profile.delete_explain"))
        st.button(t(lang, "profile.delete_confirm"), key="profile-delete",
                  on_click=_delete_everything)
    with reported(lang):
        if database().legacy_learner() is not None:
            with st.expander(t(lang, "profile.legacy_heading"), icon=":material/inventory_2:"):
                st.caption(t(lang, "profile.legacy_explain"))
                st.button(t(lang, "profile.legacy_claim"), key="profile-claim",
                          on_click=_claim_legacy)
