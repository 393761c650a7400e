"""The learner's dashboard: streak, strong and weak themes with a chart, the review queue."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from tutor.ui.i18n import t
from tutor.ui.puzzles import WEAK_RATE, find_puzzle
from tutor.ui.session import current_language, show_saving_problem, store


def render() -> None:
    lang = current_language()
    st.title(t(lang, "trainer.dashboard"))
    show_saving_problem(lang)
    s = store()
    streak = s.streak()
    due = s.due_items()
    cols = st.columns(4)
    cols[0].metric(t(lang, "trainer.streak"), streak.current)
    cols[1].metric(t(lang, "dashboard.best"), streak.best)
    cols[2].metric(t(lang, "trainer.solved"), len(s.solved_items("puzzle")))
    cols[3].metric(t(lang, "trainer.due"), len(due))
    stats = [row for row in s.theme_stats() if row.first_tries]
    if not stats:
        st.info(t(lang, "dashboard.empty"))
    else:
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
    st.subheader(t(lang, "dashboard.queue"))
    upcoming = sorted(s.reviews().items(), key=lambda kv: kv[1])
    if not upcoming:
        st.caption(t(lang, "trainer.review_empty"))
    for item, when in upcoming[:30]:
        puzzle = find_puzzle(item)
        label = t(lang, f"themes.{puzzle.theme.value}") if puzzle else item
        st.markdown(f"- `{item}` · {label} · {when.astimezone():%Y-%m-%d %H:%M}")
