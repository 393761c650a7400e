"""What the exercise widgets share: the exercise's state in the session, the number box and
the sentence for a wrong set."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Generic, TypeVar

import streamlit as st

from tutor.content.kinds import ExerciseKind
from tutor.content.verdict import Verdict
from tutor.engine import Card
from tutor.inputs import NUMBER_CHARS, InputRefused, parse_points, parse_whole
from tutor.ui.i18n import t

E = TypeVar("E", bound=ExerciseKind)


def state_key(key: str) -> str:
    """Where the exercise ``key`` keeps its state (an exercise is shown on several pages)."""
    return f"exercise-{key}"


def exercise_state(key: str) -> dict[str, Any]:
    """The exercise's state under ``state_key(key)``: the cards selected so far, the last
    verdict and answer, how many attempts were made and how many were wrong, whether the
    answer was asked for, and the page's answer hook."""
    state: dict[str, Any] = st.session_state.setdefault(
        state_key(key),
        {"selected": [], "verdict": None, "attempts": 0, "wrong": 0, "asked": False,
         "answer": None},
    )
    return state


def say_in(lang: str) -> Callable[[str], str]:
    """A catalog lookup in ``lang``: what an exercise kind's ``answer_text`` names bids with."""
    return lambda key: t(lang, key)


def _no_sentence(ex: object, verdict: Verdict, answer: object, lang: str,
                 solution: bool) -> str | None:
    return None


def _no_mistakes(ex: object, answer: object, lang: str) -> list[str]:
    return []


def _no_aside(ex: object, answer: object, lang: str) -> str:
    return ""


def _nothing_after(ex: object, verdict: Verdict, answer: object, solution: bool,
                   lang: str) -> None:
    return None


def _no_hint_cards(ex: object) -> set[Card] | None:
    return None


@dataclass(frozen=True)
class Widget(Generic[E]):
    """How one kind of exercise is drawn and answered on screen.

    - ``draw(ex, key, lang, highlight)``: the exercise and its answer widget; returns the
      answer given in this run (None: no answer yet). The caller judges it, in one place.
    - ``sentence(ex, verdict, answer, lang, solution)``: the kind's sentence for a verdict
      code it knows (None: the common sentence for that code), naming the answer only when
      the ``solution`` may be shown;
    - ``mistakes(ex, answer, lang)``: the known mistakes that give this wrong answer;
    - ``aside(ex, answer, lang)``: a kind's own words after the verdict (a choice's "why");
    - ``after(ex, verdict, answer, solution, lang)``: what follows the verdict (the known
      mistakes, the solver's line after the card given; with the ``solution``, the worked
      score, the best line...);
    - ``hint_cards(ex)``: the cards a trainer's second hint highlights (None: no such hint).
    """

    draw: Callable[[E, str, str, set[Card] | None], object | None]
    sentence: Callable[[E, Verdict, object, str, bool], str | None] = _no_sentence
    mistakes: Callable[[E, object, str], list[str]] = _no_mistakes
    aside: Callable[[E, object, str], str] = _no_aside
    after: Callable[[E, Verdict, object, bool, str], None] = _nothing_after
    hint_cards: Callable[[E], set[Card] | None] = _no_hint_cards


def number_answer(key: str, lang: str, *, integer: bool) -> Fraction | int | None:
    """A number box with its Check button: the number submitted in this run, if it reads as
    one (checked by its shape before any conversion: "1e100000000" is refused at once)."""
    with st.form(key=f"{key}-form", border=False):
        text = st.text_input(
            t(lang, "exercise.number"),
            key=f"{key}-number",
            max_chars=NUMBER_CHARS,
            help=None if integer else t(lang, "exercise.points_hint"),
        )
        submitted = st.form_submit_button(t(lang, "exercise.check"), type="primary")
    if not submitted:
        return None
    try:
        return parse_whole(text) if integer else parse_points(text)
    except InputRefused as refused:
        st.warning(t(lang, refused.key), icon=":material/edit_off:")
        return None


def set_sentence(verdict: Verdict, answer: object, listed: Callable[[Iterable[Any]], str],
                 *, wrong: str, not_allowed: str, lang: str, solution: bool) -> str:
    """A wrong set: what it holds that is not allowed, and what it misses (named with the
    ``solution``, counted before it: the missing items are the answer)."""
    expected = (
        frozenset(verdict.expected) if isinstance(verdict.expected, frozenset) else frozenset()
    )
    given = frozenset(answer) if isinstance(answer, (set, frozenset)) else frozenset()
    parts = [t(lang, wrong)]
    missing = expected - given
    if missing and solution:
        parts.append(t(lang, "verdict.set_missing", items=listed(missing)))
    elif missing:
        parts.append(t(lang, "verdict.set_missing_count", n=len(missing)))
    if given - expected:
        parts.append(t(lang, not_allowed, items=listed(given - expected)))
    return " ".join(parts)
