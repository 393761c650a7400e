"""One exercise on screen — a lesson check or a puzzle: the position, the answer widget, and
the engine's verdict in the learner's language.

State lives in ``st.session_state`` under the exercise's key: the cards selected so far, the
last verdict, and how many attempts were made. Clicks are handled before anything is drawn so
the verdict and the selection show in the same run.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import partial
from typing import Any

import streamlit as st

from tutor.content.evaluate import Verdict, evaluate, expected_answer
from tutor.content.kinds.score import score_input
from tutor.engine.cards import Card, card_name, display_order, mask_of
from tutor.engine.ecart import CHIEN_SIZE
from tutor.engine.scoring import score
from tutor.engine.tarocchi import count_in_threes
from tutor.inputs import NUMBER_CHARS, InputRefused, parse_points, parse_whole
from tutor.scorequiz.mistakes import (
    Case,
    CountCase,
    count_breakdown,
    match_answer,
    match_count,
    match_italian_count,
)
from tutor.ui import bestcard
from tutor.ui.hand_widget import card_picker
from tutor.ui.i18n import localized, t
from tutor.ui.views import (
    format_number,
    names,
    position_facts,
    score_lines,
    show_cards,
    show_score_mistakes,
    show_trick,
    suit_led_name,
)

CARD_KINDS = ("play", "legal-set", "ecart", "best-card")


def _state(key: str) -> dict[str, Any]:
    state: dict[str, Any] = st.session_state.setdefault(
        f"ex:{key}", {"selected": [], "verdict": None, "attempts": 0, "answer": None}
    )
    return state


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
    st.session_state.pop(f"ex:{key}", None)


def last_verdict(key: str) -> Verdict | None:
    state = st.session_state.get(f"ex:{key}")
    return state["verdict"] if state else None


AnswerHook = Callable[[Verdict, bool], None]  # (verdict, first answer to this exercise?)


def _record(key: str, verdict: Verdict, answer: object) -> None:
    state = _state(key)
    state["verdict"] = verdict
    state["answer"] = answer
    state["attempts"] += 1
    hook = state.get("on_answer")
    if hook is not None:
        hook(verdict, state["attempts"] == 1)


def attempts(key: str) -> int:
    return int(_state(key)["attempts"])


def render_exercise(
    ex: Any,
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
    _state(key)["on_answer"] = on_answer
    input_hints_in_language(lang)
    st.markdown(f"**{localized(ex.question, lang)}**")
    kind = ex.kind
    if kind in CARD_KINDS:
        _card_exercise(ex, key, lang, highlight)
    elif kind == "count":
        _count_exercise(ex, key, lang)
    elif kind == "score":
        _score_exercise(ex, key, lang)
    elif kind == "bid":
        _bid_exercise(ex, key, lang)
    elif kind == "choice":
        _choice_exercise(ex, key, lang)
    verdict: Verdict | None = _state(key)["verdict"]
    if verdict is not None:
        show_verdict(ex, verdict, key, lang)
    if (
        show_hint
        and getattr(ex, "hint", None) is not None
        and (verdict is None or not verdict.correct)
    ):
        with st.expander(t(lang, "exercise.hint")):
            st.markdown(localized(ex.hint, lang))
    return verdict


# --- cards: play one, choose the legal set, build the écart ------------------------------
def _card_exercise(ex: Any, key: str, lang: str, highlight: set[Card] | None) -> None:
    position = ex.position
    facts = position_facts(position, lang)
    st.caption(" · ".join(facts))
    if ex.kind == "best-card":  # every hand face up: the solver judged with all of them
        bestcard.show_table(ex, lang)
    if ex.kind != "ecart":
        show_trick(position, lang)
    state = _state(key)
    hand = list(display_order(position.hand))
    st.space("small")  # the players' names under the trick never touch the heading
    st.markdown(f"**{t(lang, 'exercise.your_hand')}**")
    if ex.kind in ("play", "best-card"):
        st.caption(t(lang, "exercise.click_card"))
        clicked = card_picker(hand, key=f"{key}-hand", playable=highlight, lang=lang)
        if clicked is not None:
            _record(key, evaluate(ex, clicked), clicked)
        return
    selected: list[Card] = state["selected"]
    needed = CHIEN_SIZE[position.players] if ex.kind == "ecart" else None
    card_picker(
        hand, key=f"{key}-hand", selected=set(selected), playable=highlight, lang=lang,
        on_pick=partial(_toggle_card, key),
    )
    count = f"{len(selected)}/{needed}" if needed else str(len(selected))
    st.caption(t(lang, "exercise.click_cards", n=count))
    if selected:
        st.markdown(f"{t(lang, 'exercise.selected')}: {names(selected, lang)}")
    left, right = st.columns([1, 1])
    if left.button(t(lang, "exercise.check"), key=f"{key}-check", type="primary"):
        _record(key, evaluate(ex, frozenset(selected)), frozenset(selected))
    if right.button(t(lang, "exercise.clear"), key=f"{key}-clear"):
        state["selected"] = []
        state["verdict"] = None
        st.rerun()


def _toggle_card(key: str, card: Card) -> None:
    """on_pick: select or unselect a card before the page is drawn (one run per click)."""
    state = _state(key)
    selected: list[Card] = state["selected"]
    if card in selected:
        selected.remove(card)
    else:
        selected.append(card)
    state["verdict"] = None


# --- numbers ------------------------------------------------------------------------------
def _number_answer(ex: Any, key: str, lang: str, *, integer: bool) -> None:
    with st.form(key=f"{key}-form", border=False):
        text = st.text_input(
            t(lang, "exercise.number"),
            key=f"{key}-number",
            max_chars=NUMBER_CHARS,
            help=None if integer else t(lang, "exercise.points_hint"),
        )
        submitted = st.form_submit_button(t(lang, "exercise.check"), type="primary")
    if submitted:
        # Checked by its shape before any conversion: "1e100000000" is refused at once.
        value: Fraction | int
        try:
            value = parse_whole(text) if integer else parse_points(text)
        except InputRefused as refused:
            st.warning(t(lang, refused.key), icon=":material/edit_off:")
            return
        _record(key, evaluate(ex, value), value)


def _count_exercise(ex: Any, key: str, lang: str) -> None:
    st.markdown(f"**{t(lang, 'exercise.pile')}**")
    show_cards(ex.pile, lang)
    method = "exercise.italian_method" if ex.method == "italian" else "exercise.french_method"
    st.caption(t(lang, method))
    # An Italian count is whole, but a half point is taken as an answer (and recognised as
    # the French count it usually is), not refused as a malformed number.
    _number_answer(ex, key, lang, integer=False)


def _score_exercise(ex: Any, key: str, lang: str) -> None:
    deal = ex.deal
    st.markdown(f"**{t(lang, 'exercise.deal_summary')}**")
    facts = [
        t(lang, "exercise.contract", contract=t(lang, f"contracts.{deal.contract}")),
        t(lang, "puzzle.players", n=deal.players),
        t(lang, "score.points", points=format_number(deal.points), oudlers=deal.oudlers),
    ]
    if deal.petit_au_bout:
        facts.append(f"Petit au bout: {t(lang, f'score.{deal.petit_au_bout}')}")
    for level in deal.poignees:
        facts.append(f"Poignée {level}")
    if deal.alone:
        facts.append(t(lang, "exercise.alone"))
    if deal.chelem != "none":
        facts.append(f"Chelem: {deal.chelem}")
    st.markdown("\n".join(f"- {fact}" for fact in facts))
    _number_answer(ex, key, lang, integer=True)


def _bid_exercise(ex: Any, key: str, lang: str) -> None:
    if ex.ask == "needed":
        _number_answer(ex, key, lang, integer=True)
        return
    options = ["pass", "prise", "garde", "garde-sans", "garde-contre"]
    if ex.position is not None and ex.position.bids:
        spoken = ", ".join(t(lang, f"contracts.{b}") for b in ex.position.bids)
        st.caption(spoken)
    chosen = st.pills(
        t(lang, "exercise.choose_bids"),
        options,
        selection_mode="multi",
        format_func=lambda code: t(lang, f"contracts.{code}"),
        key=f"{key}-bids",
    )
    if st.button(t(lang, "exercise.check"), key=f"{key}-check", type="primary"):
        _record(key, evaluate(ex, frozenset(chosen or ())), frozenset(chosen or ()))


def _choice_exercise(ex: Any, key: str, lang: str) -> None:
    labels = [localized(option, lang) for option in ex.options]
    choice = st.radio(
        t(lang, "exercise.choose_one"),
        range(len(labels)),
        index=None,
        format_func=lambda i: labels[i],
        key=f"{key}-choice",
    )
    if st.button(
        t(lang, "exercise.check"), key=f"{key}-check", type="primary", disabled=choice is None
    ):
        _record(key, evaluate(ex, choice), choice)


# --- the verdict --------------------------------------------------------------------------
def verdict_text(ex: Any, verdict: Verdict, answer: object, lang: str) -> str:
    """The engine's verdict as a sentence: the rule broken, the cards that force it."""
    code = verdict.code
    cards = names(verdict.cards, lang) if verdict.cards else ""
    if code == "right":
        return t(lang, "verdict.right")
    if code in ("must_follow_suit", "must_trump", "must_undertrump"):
        text = t(lang, f"verdict.{code}", suit=suit_led_name(ex.position, lang), cards=cards)
        return text[:1].upper() + text[1:]  # "Spades were led...", a sentence
    if code == "wrong_ecart_size":
        return t(lang, "verdict.wrong_ecart_size", n=CHIEN_SIZE[ex.position.players])
    if code == "wrong_set":
        expected = (
            frozenset(verdict.expected) if isinstance(verdict.expected, frozenset) else frozenset()
        )
        given = frozenset(answer) if isinstance(answer, (set, frozenset)) else frozenset()
        listed = partial(_bid_names, lang=lang) if ex.kind == "bid" else partial(names, lang=lang)
        parts = [t(lang, "verdict.wrong_bids" if ex.kind == "bid" else "verdict.wrong_set")]
        if expected - given:
            parts.append(t(lang, "verdict.set_missing", items=listed(expected - given)))
        if given - expected:
            extra = "verdict.set_not_allowed" if ex.kind == "bid" else "verdict.set_not_legal"
            parts.append(t(lang, extra, items=listed(given - expected)))
        return " ".join(parts)
    if code in ("wrong_number",):
        return t(lang, "verdict.wrong_number")
    if code == "wrong_choice":
        return t(lang, "verdict.wrong_choice")
    return t(lang, f"verdict.{code}", cards=cards)


# Codes of verdicts that name the rule the answer broke: the sentence is about the card given,
# so an authored "wrong" text (written for one likely mistake) is not added to it.
RULE_CODES = frozenset({
    "must_follow_suit", "must_trump", "must_overtrump", "must_undertrump", "must_play_trump",
    "must_play_higher_trump", "called_suit_first_trick", "king_in_ecart", "oudler_in_ecart",
    "trump_while_other_cards", "wrong_ecart_size",
})


def known_mistakes(ex: Any, answer: object, lang: str) -> list[str]:
    """The known mistakes that give this wrong number (the score quiz's catalogue): a score
    (forgot the ×3, multiplied the poignée...), a French count (forgot the écart, a low card
    as 1...) or an Italian one (counted in pairs, 1 off per card...), each as a sentence."""
    if not isinstance(answer, (int, Fraction)):
        return []
    if ex.kind == "score":
        if int(answer) != answer:
            return []
        wrongs = match_answer(Case(score_input(ex)), ex.ask, int(answer))
        return [t(lang, f"score_quiz.mistakes.{w.code}", players=ex.deal.players,
                  **dict(w.params)) for w in wrongs]
    if ex.kind == "count":
        value = Fraction(answer)
        if ex.method == "italian":
            codes = match_italian_count(list(ex.pile), value)
        elif (value * 2).denominator == 1:
            codes = [w.code for w in match_count(CountCase(mask_of(ex.pile), 0), int(value * 2))]
        else:
            codes = []
        return [t(lang, f"score_quiz.count_mistakes.{code}") for code in dict.fromkeys(codes)]
    return []


def _show_score_mistakes(ex: Any, answer: object, lang: str) -> None:
    """A wrong score matched against the catalogue of known mistakes (multiplied the poignée,
    forgot the ×3, petit au bout to the wrong side...), each with the right step."""
    if not isinstance(answer, (int, Fraction)) or int(answer) != answer:
        return
    case = Case(score_input(ex))
    wrongs = match_answer(case, ex.ask, int(answer))
    show_score_mistakes(wrongs, case.right, ex.deal.players, lang)


def _show_count_why(ex: Any, lang: str) -> None:
    """How the pile counts: the French breakdown by kind of card, or the Italian groups."""
    if ex.method == "italian":
        count = count_in_threes(list(ex.pile))
        for group in count.groups:
            st.markdown(t(lang, "exercise.italian_group", cards=names(group.cards, lang),
                          points=group.value))
        st.markdown(t(lang, "score_quiz.breakdown_total", points=count.total))
        return
    for kind, cards, half in count_breakdown(mask_of(ex.pile)):
        if cards:
            st.markdown(t(lang, "score_quiz.breakdown_line", n=cards,
                          kind=t(lang, f"score_quiz.count_kinds.{kind}"),
                          points=format_number(Fraction(half, 2))))
    total = sum(half for _, _, half in count_breakdown(mask_of(ex.pile)))
    st.markdown(t(lang, "score_quiz.breakdown_total", points=format_number(Fraction(total, 2))))


def _bid_names(codes: frozenset[Any], lang: str) -> str:
    """Bids by name, in the order of the auction."""
    order = ["pass", "prise", "garde", "garde-sans", "garde-contre"]
    return ", ".join(t(lang, f"contracts.{c}") for c in sorted(codes, key=order.index))


def verdict_message(ex: Any, verdict: Verdict, answer: object, lang: str) -> str:
    """What the learner reads first, starting from the answer they gave:

    - right: the authored "right" text (it says so itself: "Right: ..."), else "Right!";
    - a rule broken by the card or écart given: the engine's sentence about that answer;
    - a number a known mistake explains (a score, a count): the verdict alone, the mistake
      follows (the authored "wrong" text was written for one likely mistake, maybe not this);
    - otherwise the verdict with the authored "wrong" text.
    """
    feedback = getattr(ex, "feedback", None)
    if verdict.correct:
        return localized(feedback.right, lang) if feedback is not None else t(lang, "verdict.right")
    text = verdict_text(ex, verdict, answer, lang)
    if verdict.code in RULE_CODES or known_mistakes(ex, answer, lang):
        extra = ""
    else:
        extra = localized(feedback.wrong, lang) if feedback is not None else ""
    why = getattr(ex, "why", None) if ex.kind == "choice" else None
    if why and isinstance(answer, int) and 0 <= answer < len(why):
        extra = (extra + " " if extra else "") + localized(why[answer], lang)
    return f"{text} {extra}".strip()


def show_verdict(ex: Any, verdict: Verdict, key: str, lang: str) -> None:
    answer = _state(key)["answer"]
    message = verdict_message(ex, verdict, answer, lang)
    if verdict.correct:
        st.success(message, icon=":material/check_circle:")
    else:
        st.error(message, icon=":material/cancel:")
        if ex.kind == "count":
            heading = t(lang, "score_quiz.mistake_heading")
            for sentence in known_mistakes(ex, answer, lang):
                st.markdown(f"**{heading}** {sentence}")
        if ex.kind in ("count", "score", "bid") and _state(key)["attempts"] >= 2:
            st.info(t(lang, "verdict.expected_number", answer=_answer_text(ex, lang)))
            if ex.kind == "count":  # every wrong number gets a why
                _show_count_why(ex, lang)
    if ex.kind == "score" and not verdict.correct:
        _show_score_mistakes(ex, answer, lang)
    if ex.kind == "best-card":  # the solver's line after the learner's card, and the best
        bestcard.show_lines(ex, answer, verdict.correct, lang)
    if ex.kind == "score" and (verdict.correct or _state(key)["attempts"] >= 2):
        result = score(score_input(ex))
        st.markdown("\n".join(f"1. {line}" for line in score_lines(result, lang)))


def _answer_text(ex: Any, lang: str) -> str:
    answer = expected_answer(ex)
    if isinstance(answer, (frozenset, set, tuple, list)):
        if ex.kind == "bid":
            return ", ".join(t(lang, f"contracts.{code}") for code in answer)
        return ", ".join(card_name(c, lang) for c in display_order(answer))
    return format_number(answer)
