"""The kinds answered with a number or with bids on screen: count a pile, score a deal, the
points needed or the bids allowed. A wrong number is matched against the score quiz's
catalogue of known mistakes; with the solution comes the why (the breakdown, the worked
score)."""

from __future__ import annotations

from fractions import Fraction
from functools import partial

import streamlit as st

from tutor.content.kinds import BidExercise, CountExercise, ScoreExercise
from tutor.content.kinds.bid import in_auction_order
from tutor.content.kinds.score import score_input
from tutor.content.verdict import WRONG_SET, Verdict
from tutor.engine import count_in_threes, mask_of
from tutor.scorequiz.mistakes import (
    Case,
    CountCase,
    count_breakdown,
    match_answer,
    match_count,
    match_italian_count,
)
from tutor.ui.exercises.common import Widget, number_answer, set_sentence
from tutor.ui.i18n import t
from tutor.ui.views import (
    format_number,
    names,
    score_lines,
    show_cards,
    show_score_mistakes,
)

BIDS = ("pass", "prise", "garde", "garde-sans", "garde-contre")  # the pills, in auction order


# --- count --------------------------------------------------------------------------------
def draw_count(ex: CountExercise, key: str, lang: str,
               highlight: object) -> Fraction | int | None:
    st.markdown(f"**{t(lang, 'exercise.pile')}**")
    show_cards(ex.pile, lang)
    method = "exercise.italian_method" if ex.italian else "exercise.french_method"
    st.caption(t(lang, method))
    # An Italian count is whole, but a half point is taken as an answer (and recognised as
    # the French count it usually is), not refused as a malformed number.
    return number_answer(key, lang, integer=False)


def count_mistakes(ex: CountExercise, answer: object, lang: str) -> list[str]:
    """A French count (forgot the écart, a low card as 1...) or an Italian one (counted in
    pairs, 1 off per card...) that gives this wrong number, each as a sentence."""
    if not isinstance(answer, (int, Fraction)):
        return []
    value = Fraction(answer)
    if ex.italian:
        codes = match_italian_count(list(ex.pile), value)
    elif (value * 2).denominator == 1:
        codes = [w.code for w in match_count(CountCase(mask_of(ex.pile), 0), int(value * 2))]
    else:
        codes = []
    return [t(lang, f"score_quiz.count_mistakes.{code}") for code in dict.fromkeys(codes)]


def _show_count_why(ex: CountExercise, lang: str) -> None:
    """How the pile counts: the French breakdown by kind of card, or the Italian groups."""
    if ex.italian:
        count = count_in_threes(list(ex.pile))
        for group in count.groups:
            st.markdown(t(lang, "exercise.italian_group", cards=names(group.cards, lang),
                          points=group.value))
        st.markdown(t(lang, "score_quiz.breakdown_total", points=count.total))
        return
    breakdown = count_breakdown(mask_of(ex.pile))
    for kind, cards, half in breakdown:
        if cards:
            st.markdown(t(lang, "score_quiz.breakdown_line", n=cards,
                          kind=t(lang, f"score_quiz.count_kinds.{kind}"),
                          points=format_number(Fraction(half, 2))))
    total = sum(half for _, _, half in breakdown)
    st.markdown(t(lang, "score_quiz.breakdown_total", points=format_number(Fraction(total, 2))))


def count_after(ex: CountExercise, verdict: Verdict, answer: object, solution: bool,
                lang: str) -> None:
    if verdict.correct:
        return
    heading = t(lang, "score_quiz.mistake_heading")
    for sentence in count_mistakes(ex, answer, lang):
        st.markdown(f"**{heading}** {sentence}")
    if solution:
        _show_count_why(ex, lang)  # every wrong number gets a why


# --- score --------------------------------------------------------------------------------
def draw_score(ex: ScoreExercise, key: str, lang: str, highlight: object) -> Fraction | int | None:
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
    return number_answer(key, lang, integer=True)


def score_mistakes(ex: ScoreExercise, answer: object, lang: str) -> list[str]:
    """A score that forgot the ×3, multiplied the poignée..., each as a sentence."""
    if not isinstance(answer, (int, Fraction)) or int(answer) != answer:
        return []
    wrongs = match_answer(Case(score_input(ex)), ex.ask, int(answer))
    return [t(lang, f"score_quiz.mistakes.{w.code}", players=ex.deal.players,
              **dict(w.params)) for w in wrongs]


def score_after(ex: ScoreExercise, verdict: Verdict, answer: object, solution: bool,
                lang: str) -> None:
    """A wrong score matched against the catalogue of known mistakes (multiplied the poignée,
    forgot the ×3, petit au bout to the wrong side...), each with the right step once the
    solution may be shown; then the worked score."""
    if not verdict.correct and isinstance(answer, (int, Fraction)) and int(answer) == answer:
        case = Case(score_input(ex))
        wrongs = match_answer(case, ex.ask, int(answer))
        show_score_mistakes(wrongs, case.right, ex.deal.players, lang, right_step=solution)
    if solution:
        st.markdown("\n".join(f"1. {line}" for line in score_lines(ex.result(), lang)))


# --- bid ----------------------------------------------------------------------------------
def draw_bid(ex: BidExercise, key: str, lang: str,
             highlight: object) -> Fraction | int | frozenset[str] | None:
    if ex.asks_a_number:
        return number_answer(key, lang, integer=True)
    if ex.position is not None and ex.position.bids:
        st.caption(", ".join(t(lang, f"contracts.{b}") for b in ex.position.bids))
    chosen = st.pills(
        t(lang, "exercise.choose_bids"),
        BIDS,
        selection_mode="multi",
        format_func=lambda code: t(lang, f"contracts.{code}"),
        key=f"{key}-bids",
    )
    if st.button(t(lang, "exercise.check"), key=f"{key}-check", type="primary"):
        return frozenset(chosen or ())
    return None


def _bid_names(codes: object, lang: str) -> str:
    """Bids by name, in the order of the auction."""
    listed = [str(code) for code in codes] if isinstance(codes, frozenset) else []
    return ", ".join(t(lang, f"contracts.{c}") for c in in_auction_order(listed))


def bid_sentence(ex: BidExercise, verdict: Verdict, answer: object, lang: str,
                 solution: bool) -> str | None:
    if verdict.code == WRONG_SET:
        return set_sentence(verdict, answer, partial(_bid_names, lang=lang),
                            wrong="verdict.wrong_bids", not_allowed="verdict.set_not_allowed",
                            lang=lang, solution=solution)
    return None


COUNT = Widget(draw_count, mistakes=count_mistakes, after=count_after)
SCORE = Widget(draw_score, mistakes=score_mistakes, after=score_after)
BID = Widget(draw_bid, bid_sentence)
