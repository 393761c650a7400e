"""The card kinds on screen: play one card, choose the legal set, build the écart, find the best
card (every hand face up)."""

from __future__ import annotations

from functools import partial

import streamlit as st

from tutor.content.fields import TableView
from tutor.content.kinds import (
    BestCardExercise,
    EcartExercise,
    LegalSetExercise,
    OwnMistakeExercise,
    PlayExercise,
)
from tutor.content.kinds.ecart import LEGAL_TO_IMPROVE, EcartJudgement
from tutor.content.verdict import NOT_ACCEPTED, WRONG_SET, Verdict, read_card, read_cards
from tutor.engine import (
    Card,
    Suit,
    card_name,
    display_order,
    format_half,
    suit_name,
    suit_of,
)
from tutor.service import State
from tutor.ui import bestcard
from tutor.ui.exercises.common import Widget, exercise_state, set_sentence
from tutor.ui.hand_widget import card_picker
from tutor.ui.i18n import t
from tutor.ui.views import names, position_facts, show_cards, show_trick, suit_led_name

SUIT_RULES = ("must_follow_suit", "must_trump", "must_undertrump")  # sentences naming the suit


def _show_position(pos: TableView, lang: str, *, trick: bool = True) -> None:
    st.caption(" · ".join(position_facts(pos, lang)))
    if trick:
        show_trick(pos, lang)


def _hand_heading(lang: str) -> None:
    st.space("small")  # the players' names under the trick never touch the heading
    st.markdown(f"**{t(lang, 'exercise.your_hand')}**")


def _pick_one(pos: TableView, key: str, lang: str, highlight: set[Card] | None) -> Card | None:
    """The hand to click: the card clicked in this run."""
    _hand_heading(lang)
    st.caption(t(lang, "exercise.click_card"))
    return card_picker(
        list(display_order(pos.hand)), key=f"{key}-hand", playable=highlight, lang=lang
    )


def _toggle_card(key: str, card: Card) -> None:
    """on_pick: select or unselect a card before the page is drawn (one run per click)."""
    state = exercise_state(key)
    selected: list[Card] = state["selected"]
    if card in selected:
        selected.remove(card)
    else:
        selected.append(card)
    state["verdict"] = None


def _pick_set(pos: TableView, key: str, lang: str, highlight: set[Card] | None,
              needed: int | None = None) -> frozenset[Card] | None:
    """The hand to select cards from, with Check and Clear: the set checked in this run."""
    _hand_heading(lang)
    state = exercise_state(key)
    selected: list[Card] = state["selected"]
    card_picker(
        list(display_order(pos.hand)), key=f"{key}-hand", selected=set(selected),
        playable=highlight, lang=lang, on_pick=partial(_toggle_card, key), several=True,
    )
    count = f"{len(selected)}/{needed}" if needed else str(len(selected))
    st.caption(t(lang, "exercise.click_cards", n=count))
    if selected:
        st.markdown(f"{t(lang, 'exercise.selected')}: {names(selected, lang)}")
    left, right = st.columns([1, 1])
    checked = left.button(t(lang, "exercise.check"), key=f"{key}-check", type="primary")
    if right.button(t(lang, "exercise.clear"), key=f"{key}-clear"):
        state["selected"] = []
        state["verdict"] = None
        st.rerun()
    return frozenset(selected) if checked else None


def draw_play(ex: PlayExercise, key: str, lang: str, highlight: set[Card] | None) -> Card | None:
    _show_position(ex.position, lang)
    return _pick_one(ex.position, key, lang, highlight)


def draw_best_card(ex: BestCardExercise, key: str, lang: str,
                   highlight: set[Card] | None) -> Card | None:
    """The position at once; the hand to play once the workers' proof is in (the judge and
    the lines read it), till then the hand drawn and "proving…"."""
    pos = ex.position
    st.caption(" · ".join(position_facts(pos, lang)))
    bestcard.show_table(ex, lang)  # every hand face up: the solver judged with all of them
    show_trick(pos, lang)
    outcome = bestcard.ask_solution(ex)
    if outcome.state is not State.DONE:
        _hand_heading(lang)
        show_cards(pos.hand, lang)
        bestcard.show_not_proven(ex, outcome, key, lang)
        return None
    return _pick_one(pos, key, lang, highlight)


def draw_legal_set(ex: LegalSetExercise, key: str, lang: str,
                   highlight: set[Card] | None) -> frozenset[Card] | None:
    _show_position(ex.position, lang)
    return _pick_set(ex.position, key, lang, highlight)


def draw_ecart(ex: EcartExercise, key: str, lang: str,
               highlight: set[Card] | None) -> frozenset[Card] | None:
    _show_position(ex.position, lang, trick=False)  # the écart is made before any trick
    return _pick_set(ex.position, key, lang, highlight, needed=ex.size)


def card_sentence(ex: PlayExercise | LegalSetExercise | EcartExercise | BestCardExercise
                  | OwnMistakeExercise,
                  verdict: Verdict, answer: object, lang: str, solution: bool) -> str | None:
    """The rules that name the suit led, and a wrong set of cards."""
    code = verdict.code
    if code in SUIT_RULES:
        cards = names(verdict.cards, lang) if verdict.cards else ""
        text = t(lang, f"verdict.{code}", suit=suit_led_name(ex.position, lang), cards=cards)
        return text[:1].upper() + text[1:]  # "Spades were led...", a sentence
    if code == WRONG_SET:
        return set_sentence(verdict, answer, partial(names, lang=lang), wrong="verdict.wrong_set",
                            not_allowed="verdict.set_not_legal", lang=lang, solution=solution)
    return None


def ecart_sentence(ex: EcartExercise, verdict: Verdict, answer: object, lang: str,
                   solution: bool) -> str | None:
    if verdict.code == "wrong_ecart_size":
        return t(lang, "verdict.wrong_ecart_size", n=ex.size)
    if verdict.code == LEGAL_TO_IMPROVE:
        return t(lang, f"verdict.{LEGAL_TO_IMPROVE}")
    return card_sentence(ex, verdict, answer, lang, solution)


def _suits(suits: tuple[Suit, ...], lang: str) -> str:
    return ", ".join(suit_name(suit, lang) for suit in suits)


def ecart_principles(judged: EcartJudgement, lang: str) -> list[str]:
    """Each principle of lesson 6 the écart meets (✓) or misses (✗), then what it banks."""
    lines = []
    if judged.voids:
        lines.append("✓ " + t(lang, "ecart_judgement.voids_made", suits=_suits(judged.voids, lang)))
    if judged.void_missed:
        missing = tuple(suit for suit in judged.voids_possible if suit not in judged.voids)
        lines.append("✗ " + t(lang, "ecart_judgement.void_possible", suits=_suits(missing, lang)))
    elif not judged.voids:
        lines.append("✓ " + t(lang, "ecart_judgement.no_void_possible"))
    if judged.loose_avoidable:
        lines.append("✗ " + t(lang, "ecart_judgement.loose", cards=names(judged.loose, lang)))
    elif judged.saved:
        lines.append("✓ " + t(lang, "ecart_judgement.saved", cards=names(judged.saved, lang)))
    else:
        lines.append("✓ " + t(lang, "ecart_judgement.none_loose"))
    lines.append(t(lang, "ecart_judgement.points", points=format_half(judged.points)))
    if judged.trumps_shown:
        lines.append(t(lang, "ecart_judgement.trumps_shown",
                       cards=names(judged.trumps_shown, lang)))
    if judged.is_example:
        lines.append(t(lang, "ecart_judgement.example"))
    return lines


def ecart_after(ex: EcartExercise, verdict: Verdict, answer: object, solution: bool,
                lang: str) -> None:
    """A legal écart judged by the principles the lessons teach, computed from the hand."""
    if not verdict.correct:
        return
    judged = ex.judgement(read_cards(answer))
    st.markdown(f"**{t(lang, 'ecart_judgement.heading')}**")
    st.markdown("\n".join(f"- {line}" for line in ecart_principles(judged, lang)))


def best_card_after(ex: BestCardExercise, verdict: Verdict, answer: object, solution: bool,
                    lang: str) -> None:
    """The solver's line after the learner's card, and with the solution the best line."""
    bestcard.show_lines(ex, answer, verdict.correct, lang, solution=solution)


def draw_own_mistake(ex: OwnMistakeExercise, key: str, lang: str,
                     highlight: set[Card] | None) -> Card | None:
    """The learner's own position again: the card they played said, not the answer."""
    st.caption(t(lang, "own.origin", card=card_name(ex.played, lang),
                 verdict=t(lang, f"own.verdicts.{ex.label}")))
    _show_position(ex.position, lang)
    return _pick_one(ex.position, key, lang, highlight)


def own_sentence(ex: OwnMistakeExercise, verdict: Verdict, answer: object, lang: str,
                 solution: bool) -> str | None:
    """A legal card the review valued below the best: said by what the learner could know."""
    if verdict.code == NOT_ACCEPTED and solution:
        return t(lang, "own.not_best", cards=names(verdict.cards, lang))
    return card_sentence(ex, verdict, answer, lang, solution)


def own_after(ex: OwnMistakeExercise, verdict: Verdict, answer: object, solution: bool,
              lang: str) -> None:
    """With the solution: every legal card's value by what the learner could know."""
    if not solution:
        return
    st.markdown(f"**{t(lang, 'own.values_heading')}**")
    tried = read_card(answer) if isinstance(answer, int | str) else None
    rows = [
        {
            t(lang, "own.card"): ("▶ " if tried in o.cards else "") + names(o.cards, lang),
            t(lang, "own.value"): f"{float(o.value):+.1f}",
            t(lang, "own.as_good"): "✓" if ex.as_good_as_best(float(o.value)) else "",
        }
        for o in ex.options
    ]
    st.dataframe(rows, hide_index=True, width="stretch")


def narrowed(answer: set[Card], hand: set[Card]) -> set[Card]:
    """Every card of the suits (trumps, the Excuse) the answer is in: the family to look
    in. When that is exactly the answer, the cards of the next suit held are added, so the
    highlighted cards are never the answer itself (unless the whole hand is)."""
    suits = {suit_of(card) for card in answer}
    shown = {card for card in hand if suit_of(card) in suits}
    for card in display_order(hand - shown):
        if shown != answer:
            break
        shown |= {other for other in hand if suit_of(other) is suit_of(card)}
    return shown


def narrowed_cards(ex: PlayExercise | LegalSetExercise | OwnMistakeExercise) -> set[Card]:
    """A second hint: the suits the answer is in, never the answer alone."""
    return narrowed(set(ex.expected()), set(ex.position.hand))


PLAY = Widget(draw_play, card_sentence, hint_cards=narrowed_cards)
LEGAL_SET = Widget(draw_legal_set, card_sentence, hint_cards=narrowed_cards)
ECART = Widget(draw_ecart, ecart_sentence, after=ecart_after)
BEST_CARD = Widget(draw_best_card, card_sentence, after=best_card_after,
                   hint_cards=bestcard.candidate_cards)
OWN_MISTAKE = Widget(draw_own_mistake, own_sentence, after=own_after,
                     hint_cards=narrowed_cards)
