"""One exercise on screen — a lesson check or a puzzle: the position, the answer widget, and
the engine's verdict in the learner's language.

Each kind draws itself through its widget (``tutor.ui.exercises.WIDGETS``); this module
judges the answer a widget returns, in one place (``render_exercise``), and says the verdict.
State lives in ``st.session_state`` under the exercise's key: the cards selected so far, the
last verdict, how many attempts were made (and how many were wrong), and whether the answer was
asked for. The answer is judged before the verdict is drawn, so the verdict and the selection
show in the same run. A wrong answer is answered as ``tutor.ui.retry`` says: first what is
wrong, the solution only when asked for or after a second wrong try.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from functools import partial

import streamlit as st

from tutor.content.kinds import ExerciseModel
from tutor.content.verdict import NOT_ACCEPTED, RIGHT, WRONG_CHOICE, WRONG_NUMBER, Verdict
from tutor.engine import Card
from tutor.ui.exercises import widget_of
from tutor.ui.exercises.common import exercise_state, say_in, state_key
from tutor.ui.i18n import localized, t
from tutor.ui.retry import Stage, offer_answer, shows_solution, stage_of
from tutor.ui.views import names

# Streamlit writes its own hint under a text box ("Press Enter to submit form · 2/24"), in
# English on every page and in a form's words: the answer boxes have their Check button beside
# them, so the hint is hidden (CSS only, no script).
_INPUT_HINT_CSS = """<style>
[data-testid="InputInstructions"] { display: none !important; }
</style>"""


def hide_input_hints() -> None:
    """No Streamlit hint under the page's text boxes (see ``_INPUT_HINT_CSS``)."""
    st.html(_INPUT_HINT_CSS)


def reset_exercise(key: str) -> None:
    st.session_state.pop(state_key(key), None)


def last_verdict(key: str) -> Verdict | None:
    state = st.session_state.get(state_key(key))
    return state["verdict"] if state else None


AnswerHook = Callable[[Verdict, bool], None]  # (verdict, first answer to this exercise?)


def _record(key: str, verdict: Verdict, answer: object) -> None:
    state = exercise_state(key)
    state["verdict"] = verdict
    state["answer"] = answer
    state["attempts"] += 1
    if not verdict.correct:
        state["wrong"] += 1
    hook = state.get("on_answer")
    if hook is not None:
        hook(verdict, state["attempts"] == 1)


def attempts(key: str) -> int:
    return int(exercise_state(key)["attempts"])


def stage(key: str) -> Stage:
    """Where the learner is with the exercise ``key`` (see ``tutor.ui.retry``)."""
    state = exercise_state(key)
    verdict: Verdict | None = state["verdict"]
    right = None if verdict is None else verdict.correct
    return stage_of(right, int(state["wrong"]), bool(state["asked"]))


def _ask_for_answer(key: str) -> None:
    """on_click of "Show the answer": the solution is shown from now on. It only follows a
    wrong answer, so the attempt is already recorded as not right at the first try."""
    exercise_state(key)["asked"] = True


class Outcome(Enum):
    """How an exercise ended, best first: what a lesson's stars are made of."""

    FIRST_TRY = "first-try"  # right at the first try, the answer never shown
    RETRIED = "retried"  # right after a wrong try, the answer never shown
    ANSWERED = "answered"  # the answer was shown (asked for, or two wrong tries)


def outcome(key: str) -> Outcome | None:
    """How the exercise ``key`` ended (None: not yet, it is unanswered or waits for a retry)."""
    now = stage(key)
    state = exercise_state(key)
    if now is Stage.REVEALED or (now is Stage.SOLVED and state["asked"]):
        return Outcome.ANSWERED
    if now is Stage.SOLVED:
        return Outcome.FIRST_TRY if state["attempts"] == 1 else Outcome.RETRIED
    return None


# The exercise widgets whose options are labelled in the learner's language (a choice's
# options, the bids): the browser sends back the label it showed, so after a language switch
# the old language's label would match nothing and the answer given would be lost.
TRANSLATED_WIDGETS = ("choice", "bids")


def _keep_choice_across_languages(key: str, lang: str) -> None:
    """When the language changed since the exercise was drawn, set its translated widgets'
    values again, so that the browser gets them under their new labels."""
    state = exercise_state(key)
    if state.get("lang", lang) != lang:
        for name in TRANSLATED_WIDGETS:
            widget = f"{key}-{name}"
            if widget in st.session_state:
                st.session_state[widget] = st.session_state[widget]
    state["lang"] = lang


def render_exercise(
    ex: ExerciseModel,
    key: str,
    lang: str,
    *,
    highlight: set[Card] | None = None,
    on_answer: AnswerHook | None = None,
    show_hint: bool = True,
) -> Verdict | None:
    """Draw ``ex`` and return the verdict on the learner's last answer (None before any).
    ``highlight``: cards to show as candidates (the others dimmed), for a hint.
    ``on_answer`` is called once per answer, told whether it is the first."""
    exercise_state(key)["on_answer"] = on_answer
    _keep_choice_across_languages(key, lang)
    hide_input_hints()
    st.markdown(f"**{localized(ex.question, lang)}**")
    answer = widget_of(ex).draw(ex, key, lang, highlight)
    if answer is not None:  # the one place an answer is judged
        _record(key, ex.judge(answer), answer)
    verdict: Verdict | None = exercise_state(key)["verdict"]
    now = stage(key)
    if verdict is not None:
        show_verdict(ex, verdict, key, lang, now)
    offer_answer(now, key, lang, partial(_ask_for_answer, key))
    if show_hint and ex.hint is not None and (verdict is None or not verdict.correct):
        with st.expander(t(lang, "exercise.hint")):
            st.markdown(localized(ex.hint, lang))
    return verdict


# --- the verdict --------------------------------------------------------------------------
def verdict_text(ex: ExerciseModel, verdict: Verdict, answer: object, lang: str,
                 solution: bool = True) -> str:
    """The engine's verdict as a sentence: the rule broken, the cards that force it (without
    the answer itself unless ``solution``)."""
    code = verdict.code
    if code == RIGHT:
        return t(lang, "verdict.right")
    if code == NOT_ACCEPTED and not solution:  # its cards are the answer
        return t(lang, "verdict.not_accepted_retry")
    sentence = widget_of(ex).sentence(ex, verdict, answer, lang, solution)
    if sentence is not None:
        return sentence
    if code in (WRONG_NUMBER, WRONG_CHOICE):
        return t(lang, f"verdict.{code}")
    cards = names(verdict.cards, lang) if verdict.cards else ""
    return t(lang, f"verdict.{code}", cards=cards)


# Codes of verdicts that name the rule the answer broke: the sentence is about the card given,
# so an authored "wrong" text (written for one likely mistake) is not added to it.
RULE_CODES = frozenset({
    "must_follow_suit", "must_trump", "must_overtrump", "must_undertrump", "must_play_trump",
    "must_play_higher_trump", "called_suit_first_trick", "king_in_ecart", "oudler_in_ecart",
    "trump_while_other_cards", "wrong_ecart_size",
})


def known_mistakes(ex: ExerciseModel, answer: object, lang: str) -> list[str]:
    """The known mistakes that give this wrong number (the score quiz's catalogue): a score
    (forgot the ×3, multiplied the poignée...), a French count (forgot the écart, a low card
    as 1...) or an Italian one (counted in pairs, 1 off per card...), each as a sentence."""
    return widget_of(ex).mistakes(ex, answer, lang)


def verdict_message(ex: ExerciseModel, verdict: Verdict, answer: object, lang: str,
                    solution: bool = True) -> str:
    """What the learner reads first, starting from the answer they gave:

    - right: the authored "right" text (it says so itself: "Right: ..."), else "Right!";
    - a rule broken by the card or écart given: the engine's sentence about that answer;
    - a number a known mistake explains (a score, a count): the verdict alone, the mistake
      follows (the authored "wrong" text was written for one likely mistake, maybe not this);
    - otherwise the verdict with the authored "wrong" text;
    - and the kind's own words after it (a choice's "why" for the option chosen).

    Before the ``solution`` may be shown (a first wrong try), only the verdict: the authored
    texts explain the answer, so they wait for it.
    """
    feedback = ex.feedback
    if verdict.correct:  # (a legal écart that misses a principle says so: verdict_text)
        return localized(feedback.right, lang) if feedback is not None else (
            verdict_text(ex, verdict, answer, lang, solution))
    text = verdict_text(ex, verdict, answer, lang, solution)
    if not solution:
        return text
    if verdict.code in RULE_CODES or known_mistakes(ex, answer, lang):
        extra = ""
    else:
        extra = localized(feedback.wrong, lang) if feedback is not None else ""
    aside = widget_of(ex).aside(ex, answer, lang)
    if aside:
        extra = (extra + " " if extra else "") + aside
    return f"{text} {extra}".strip()


def show_verdict(ex: ExerciseModel, verdict: Verdict, key: str, lang: str, now: Stage) -> None:
    """The verdict, then what the kind shows after it; at the revealed stage the answer."""
    answer = exercise_state(key)["answer"]
    solution = shows_solution(now)
    message = verdict_message(ex, verdict, answer, lang, solution)
    if verdict.correct:
        st.success(message, icon=":material/check_circle:")
    else:
        st.error(message, icon=":material/cancel:")
    if now is Stage.REVEALED and not verdict.correct:
        st.info(t(lang, "exercise.answer_was", answer=ex.answer_text(lang, say_in(lang))),
                icon=":material/visibility:")
    widget_of(ex).after(ex, verdict, answer, solution, lang)
