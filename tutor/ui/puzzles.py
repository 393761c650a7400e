"""The puzzle page: filter by theme, solve by clicking a card, the engine's verdict, next.

A puzzle is reachable by a deep link ``?puzzle=<id>``; the page writes the current puzzle's
id back to the URL so the address bar is always a link to it.
"""

from __future__ import annotations

import streamlit as st

from tutor.content.models import Puzzle
from tutor.ui.exercise import render_exercise, reset_exercise
from tutor.ui.i18n import localized, t
from tutor.ui.session import bank, current_language

ALL = "__all__"


def _themes(puzzles: list[Puzzle]) -> list[str]:
    seen: list[str] = []
    for puzzle in puzzles:
        if puzzle.theme.value not in seen:
            seen.append(puzzle.theme.value)
    return seen


def stars(difficulty: int) -> str:
    return "★" * difficulty + "☆" * (5 - difficulty)


def render() -> None:
    lang = current_language()
    puzzles = list(bank().puzzles)
    st.title(t(lang, "puzzle.heading"))
    if not puzzles:
        st.info(t(lang, "puzzle.none"))
        return
    wanted = st.query_params.get("puzzle")
    ids = [p.id for p in puzzles]
    if wanted is not None and wanted not in ids:
        st.warning(t(lang, "puzzle.not_found", id=wanted))
        wanted = None
    if wanted is not None and st.session_state.get("puzzle_id") != wanted:
        st.session_state["puzzle_id"] = wanted
        st.session_state["puzzle_theme"] = ALL
    theme = st.selectbox(
        t(lang, "puzzle.theme"),
        [ALL, *_themes(puzzles)],
        key="puzzle_theme",
        format_func=lambda v: t(lang, "puzzle.all_themes") if v == ALL else t(lang, f"themes.{v}"),
    )
    shown = [p for p in puzzles if theme == ALL or p.theme.value == theme]
    if not shown:
        st.info(t(lang, "puzzle.none"))
        return
    current_id = st.session_state.get("puzzle_id")
    index = next((i for i, p in enumerate(shown) if p.id == current_id), 0)
    puzzle = shown[index]
    st.session_state["puzzle_id"] = puzzle.id
    st.query_params["puzzle"] = puzzle.id
    st.caption(
        " · ".join(
            [
                t(lang, "puzzle.counter", n=index + 1, total=len(shown)),
                t(lang, f"themes.{puzzle.theme.value}"),
                f"{t(lang, 'puzzle.difficulty')} {stars(puzzle.difficulty)}",
            ]
        )
    )
    verdict = render_exercise(puzzle.exercise, f"puzzle-{puzzle.id}", lang)
    if verdict is not None:
        with st.expander(t(lang, "puzzle.explanation"), expanded=True):
            st.markdown(localized(puzzle.explanation, lang))
    back, _, forward = st.columns([1, 2, 1])
    if back.button(
        t(lang, "puzzle.previous"), disabled=index == 0, key="puzzle-prev", use_container_width=True
    ):
        _go(shown[index - 1])
    if forward.button(
        t(lang, "puzzle.next"),
        disabled=index == len(shown) - 1,
        key="puzzle-next",
        type="primary",
        use_container_width=True,
    ):
        _go(shown[index + 1])


def _go(puzzle: Puzzle) -> None:
    reset_exercise(f"puzzle-{puzzle.id}")
    st.session_state["puzzle_id"] = puzzle.id
    st.query_params["puzzle"] = puzzle.id
    st.rerun()
