"""The deal of the day on the practice page: the button that deals it, and, when it is over,
the learner's mark against everyone's on that deal (a percentile of the day's marks: counts
only, no names), against the computer player's mark in the learner's seat on the same cards,
and the streak of consecutive days played.

The learner's mark is stored once (the first finished play of the day); the standing and the
streak are read once per deal shown and kept in the page state, not on every rerun.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from tutor.practice.daily import bot_mark, daily_game, daily_mark, percentile, streak, today
from tutor.practice.page import DailyResult, PracticeState
from tutor.progress.store import StoreError
from tutor.ui.i18n import t
from tutor.ui.practice.saving import STATE
from tutor.ui.practice.words import readable_day
from tutor.ui.session import store, store_problem_text

DAILY_KEY = "practice-daily"


def daily_result(state: PracticeState) -> DailyResult | None:
    """The day's result once the game has played the deal of the day out today: stored the
    first time (a later play of the day does not count), then read back as counts."""
    day = today()
    mark = daily_mark(state.game, day)
    if mark is None:
        return None
    if state.daily is not None and state.daily.day == day and state.daily.game == state.round:
        return state.daily
    s = store()
    counted = s.record_daily(day, mark)
    standing = s.daily_standing(day)
    assert standing is not None  # just stored, or stored by the first play of the day
    result = DailyResult(day, state.round, mark, counted, standing, bot_mark(day),
                         streak(s.daily_days(), day))
    state.daily = result
    return result


def daily_panel(state: PracticeState, lang: str) -> None:
    """The deal of the day's result, under the deal's own (said when the store fails)."""
    try:
        result = daily_result(state)
    except StoreError as error:
        if daily_mark(state.game, today()) is not None:
            st.warning(store_problem_text(error, lang), icon=":material/cloud_off:")
        return
    if result is None:
        if state.game.daily is not None and state.game.number == 1 and state.game.rows \
                and state.game.daily != today():
            st.caption(t(lang, "game.daily.past", day=readable_day(state.game.daily, lang)))
        return
    standing = result.standing
    st.subheader(t(lang, "game.daily.heading", day=readable_day(result.day, lang)))
    if not result.counted and standing.mark != result.mark:  # not this play's mark
        st.info(t(lang, "game.daily.first_counts", mark=f"{standing.mark:+d}"),
                icon=":material/info:")
    share = percentile(standing)
    if share is None:
        st.markdown(t(lang, "game.daily.alone", mark=f"{standing.mark:+d}"))
    else:
        st.markdown(t(lang, "game.daily.percentile", mark=f"{standing.mark:+d}",
                      percent=share, n=standing.count))
    st.markdown(t(lang, "game.daily.computer", mark=f"{result.computer:+d}"))
    st.markdown(t(lang, "game.daily.streak", n=result.streak))


def on_daily() -> None:
    """Deal the deal of the day (a game in progress is saved: it stays in the saved games;
    the page asks first when a deal is in progress)."""
    state = st.session_state[STATE]
    assert isinstance(state, PracticeState)
    state.adopt(daily_game(today(), elsewhere=True))
    state.offered = []
    state.message = None


def daily_button(lang: str, on_click: Callable[[], None]) -> None:
    """The deal of the day's button; ``on_click`` asks before leaving a deal in progress."""
    st.button(t(lang, "game.daily.button"), key=DAILY_KEY, on_click=on_click,
              help=t(lang, "game.daily.help"), icon=":material/today:")


__all__ = ["daily_button", "daily_panel", "daily_result", "on_daily"]
