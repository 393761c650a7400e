"""One exercise on screen — a lesson check or a puzzle: the position, the answer widget, and
the engine's verdict in the learner's language.

Each kind draws itself through its widget (``tutor.ui.exercises.WIDGETS``); this module
judges the answer a widget returns, in one place (``render_exercise``), and says the verdict.
State lives in ``st.session_state`` under the exercise's key: the cards selected so far, the
last verdict, and how many attempts were made. The answer is judged before the verdict is
drawn, so the verdict and the selection show in the same run.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from tutor.content.kinds import ExerciseModel
from tutor.content.verdict import RIGHT, WRONG_CHOICE, WRONG_NUMBER, Verdict
from tutor.engine import Card
from tutor.ui.exercises import widget_of
from tutor.ui.exercises.common import exercise_state, state_key
from tutor.ui.i18n import localized, t
from tutor.ui.views import names

# Streamlit writes its own hint under a text box in English ("Press Enter to submit form"):
# on a page in another language it is replaced by the catalog's words (CSS only, no script).
_INPUT_HINT_CSS = """<style>
[data-testid="InputInstructions"] {{ font-size: 0 !important; }}
[data-testid="InputInstructions"]::after {{ content: "{hint}"; font-size: 0.75rem; }}
</style>"""


def input_hints_in_language(lang: str) -> None:
    """Streamlit's English hint under text boxes, said in ``lang`` instead (not for en)."""
    if lang == "en":
        return
    hint = t(lang, "exercise.enter_hint").replace("\\", "").replace('"', "'")
    st.html(_INPUT_HINT_CSS.format(hint=hint))


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
    hook = state.get("on_answer")
    if hook is not None:
        hook(verdict, state["attempts"] == 1)


def attempts(key: str) -> int:
    return int(exercise_state(key)["attempts"])


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
    input_hints_in_language(lang)
    st.markdown(f"**{localized(ex.question, lang)}**")
    answer = widget_of(ex).draw(ex, key, lang, highlight)
    if answer is not None:  # the one place an answer is judged
        _record(key, ex.judge(answer), answer)
    verdict: Verdict | None = exercise_state(key)["verdict"]
    if verdict is not None:
        show_verdict(ex, verdict, key, lang)
    if show_hint and ex.hint is not None and (verdict is None or not verdict.correct):
        with st.expander(t(lang, "exercise.hint")):
            st.markdown(localized(ex.hint, lang))
    return verdict


# --- the verdict --------------------------------------------------------------------------
def verdict_text(ex: ExerciseModel, verdict: Verdict, answer: object, lang: str) -> str:
    """The engine's verdict as a sentence: the rule broken, the cards that force it."""
    code = verdict.code
    if code == RIGHT:
        return t(lang, "verdict.right")
    sentence = widget_of(ex).sentence(ex, verdict, answer, lang)
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


def verdict_message(ex: ExerciseModel, verdict: Verdict, answer: object, lang: str) -> str:
    """What the learner reads first, starting from the answer they gave:

    - right: the authored "right" text (it says so itself: "Right: ..."), else "Right!";
    - a rule broken by the card or écart given: the engine's sentence about that answer;
    - a number a known mistake explains (a score, a count): the verdict alone, the mistake
      follows (the authored "wrong" text was written for one likely mistake, maybe not this);
    - otherwise the verdict with the authored "wrong" text;
    - and the kind's own words after it (a choice's "why" for the option chosen).
    """
    feedback = ex.feedback
    if verdict.correct:  # (a legal écart that misses a principle says so: verdict_text)
        return localized(feedback.right, lang) if feedback is not None else (
            verdict_text(ex, verdict, answer, lang))
    text = verdict_text(ex, verdict, answer, lang)
    if verdict.code in RULE_CODES or known_mistakes(ex, answer, lang):
        extra = ""
    else:
        extra = localized(feedback.wrong, lang) if feedback is not None else ""
    aside = widget_of(ex).aside(ex, answer, lang)
    if aside:
        extra = (extra + " " if extra else "") + aside
    return f"{text} {extra}".strip()


def show_verdict(ex: ExerciseModel, verdict: Verdict, key: str, lang: str) -> None:
    state = exercise_state(key)
    answer = state["answer"]
    message = verdict_message(ex, verdict, answer, lang)
    if verdict.correct:
        st.success(message, icon=":material/check_circle:")
    else:
        st.error(message, icon=":material/cancel:")
    widget_of(ex).after(ex, verdict, answer, int(state["attempts"]), lang)
